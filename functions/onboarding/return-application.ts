import { afterReturning } from '@shared/onboarding/progress';
import { useCase } from '../platform/use-case';
import { decide } from './decide';
import * as reviewRoutes from '@shared/api/routes/review-routes';

export const handler = useCase(reviewRoutes.returnApplication, async ({ caller, params, body }) =>
  decide(caller, params.companyId, { action: 'returned', steps: body.steps, comment: body.comment, ...afterReturning(body.steps, body.comment) }),
);
