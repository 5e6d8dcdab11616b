import type { ReportStatus } from '@shared/statuses';
import { workDeadlineSeconds } from '../platform/queue-work';

/**
 * Longer than a report can still be in work: every receipt of the reports queue with its backoff (workDeadlineSeconds).
 * A report still generating after this was lost by a worker that died on its last receipt (out of memory, when it
 * cannot mark itself failed); the deadline job marks it failed within minutes, and the list shows it so meanwhile.
 */
export const reportGiveUpMs = workDeadlineSeconds('reports') * 1000;

/** The status a report shows: a report generating past reportGiveUpMs will never be made, so it shows failed. */
export function shownReportStatus(status: ReportStatus, created: string, now: Date): ReportStatus {
  return status === 'generating' && now.getTime() - Date.parse(created) > reportGiveUpMs ? 'generation_failed' : status;
}
