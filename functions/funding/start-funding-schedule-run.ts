import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { startRunByHand } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/**
 * "Run now" (the rule's next run, early) or "try again" (a refused run). The run's own item starts it once whatever
 * the key; the Idempotency-Key makes a retried click answer what the first one did.
 */
export const handler = useCase(scheduleRoutes.startFundingScheduleRun, async ({ caller, params }) =>
  startRunByHand(caller.companyId, params.scheduleId, params.runDate, actorOfCaller(caller, 'company_user')),
);
