import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { scheduleViewOf, updateSchedule } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** Takes effect from the next run; a run already started pays what it was started with. */
export const handler = useCase(scheduleRoutes.updateFundingSchedule, async ({ caller, params, body }) =>
  scheduleViewOf(await updateSchedule(caller.companyId, params.scheduleId, body, actorOfCaller(caller, 'company_user'))),
);
