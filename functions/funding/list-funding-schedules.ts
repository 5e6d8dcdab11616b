import { useCase } from '../platform/use-case';
import { listSchedules } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** The company's rules, each with its next run's preview and its last run (the dashboard's notices read it too). */
export const handler = useCase(scheduleRoutes.listFundingSchedules, async ({ caller }) => listSchedules(caller.companyId));
