import { useCase } from '../platform/use-case';
import { scheduleDetail } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** One rule with its recent runs, each with its paid and failed rows. */
export const handler = useCase(scheduleRoutes.getFundingSchedule, async ({ caller, params }) => scheduleDetail(caller.companyId, params.scheduleId));
