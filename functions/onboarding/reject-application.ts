import { useCase } from '../platform/use-case';
import { decide } from './decide';

export const handler = useCase('POST /admin/applications/{companyId}/reject', async ({ caller, params, body }) =>
  decide(caller, params.companyId, { action: 'rejected', reason: body.reason }),
);
