import { useCase } from '../platform/use-case';
import { decide } from './decide';
import * as reviewRoutes from '@shared/api/routes/review-routes';

export const handler = useCase(reviewRoutes.rejectApplication, async ({ caller, params, body }) =>
  decide(caller, params.companyId, { action: 'rejected', reason: body.reason }),
);
