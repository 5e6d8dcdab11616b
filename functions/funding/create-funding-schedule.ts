import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { createSchedule, scheduleViewOf } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

export const handler = useCase(scheduleRoutes.createFundingSchedule, async ({ caller, body }) =>
  scheduleViewOf(await createSchedule(caller.companyId, body, actorOfCaller(caller, 'company_user'))),
);
