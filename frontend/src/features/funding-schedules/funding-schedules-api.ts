import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';
import type { ScheduleBody, SchedulePreviewBody, ScheduleUpdateBody } from '@shared/funding-schedules';
import { callApi } from '@frontend/lib/http';
import { schedulesQueryKey } from '@frontend/lib/query-keys';

export { schedulesQueryKey };
/** Under the list's key, so a change to the rules refreshes both. */
export const scheduleQueryKey = (companyId: string, scheduleId: string) => [...schedulesQueryKey(companyId), scheduleId] as const;

export const fetchSchedules = (signal?: AbortSignal) => callApi(scheduleRoutes.listFundingSchedules, { signal });
export const fetchSchedule = (scheduleId: string, signal?: AbortSignal) => callApi(scheduleRoutes.getFundingSchedule, { params: { scheduleId }, signal });
export const previewSchedule = (body: SchedulePreviewBody) => callApi(scheduleRoutes.previewFundingSchedule, { body });
export const createSchedule = (body: ScheduleBody) => callApi(scheduleRoutes.createFundingSchedule, { body });
export const updateSchedule = (scheduleId: string, body: ScheduleUpdateBody) => callApi(scheduleRoutes.updateFundingSchedule, { params: { scheduleId }, body });
export const setScheduleState = (scheduleId: string, state: 'active' | 'paused') => callApi(scheduleRoutes.setFundingScheduleState, { params: { scheduleId }, body: { state } });
export const deleteSchedule = (scheduleId: string) => callApi(scheduleRoutes.deleteFundingSchedule, { params: { scheduleId } });
/** "Run now" or "try again": a money POST, one click one key. */
export const startScheduleRun = (scheduleId: string, runDate: string) => callApi(scheduleRoutes.startFundingScheduleRun, { params: { scheduleId, runDate }, body: {} });
