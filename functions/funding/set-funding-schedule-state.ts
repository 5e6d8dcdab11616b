import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { scheduleViewOf, setScheduleState } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** Pauses a rule (its dates pass without a run) or resumes it from its next date after today. */
export const handler = useCase(scheduleRoutes.setFundingScheduleState, async ({ caller, params, body }) =>
  scheduleViewOf(await setScheduleState(caller.companyId, params.scheduleId, body.state, actorOfCaller(caller, 'company_user'))),
);
