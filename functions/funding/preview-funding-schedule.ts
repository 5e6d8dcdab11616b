import { useCase } from '../platform/use-case';
import { previewDraft } from './funding-schedules';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';

/** What a rule being written would pay on its first run; the same checks as saving it, and nothing is saved. */
export const handler = useCase(scheduleRoutes.previewFundingSchedule, async ({ caller, body }) => previewDraft(caller.companyId, body));
