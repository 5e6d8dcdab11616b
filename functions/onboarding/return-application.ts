import { afterReturning } from '@shared/onboarding/progress';
import { useCase } from '../platform/use-case';
import { decide } from './decide';

export const handler = useCase('POST /admin/applications/{companyId}/return', async ({ caller, params, body }) =>
  decide(caller, params.companyId, { action: 'returned', steps: body.steps, comment: body.comment, ...afterReturning(body.steps, body.comment) }),
);
