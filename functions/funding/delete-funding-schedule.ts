import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { deleteSchedule } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** Its runs stay in the history, the funding report and the activity log. */
export const handler = useCase(scheduleRoutes.deleteFundingSchedule, async ({ caller, params }) => {
  await deleteSchedule(caller.companyId, params.scheduleId, actorOfCaller(caller, 'company_user'));
  return { ok: true as const };
});
