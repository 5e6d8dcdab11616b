import * as z from 'zod/mini';
import { overdueWorkMetric } from '../../infra/definitions';
import { failOverdueFundingFiles } from '../funding';
import { putCountMetric } from '../platform/metrics';
import { failOverdueBackgroundFiles } from './export-jobs';

export interface OverdueSummary {
  fundingFiles: number;
  backgroundFiles: number;
}

/** EventBridge's scheduled event: only its time is read. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/**
 * The deadline job (every 5 minutes; locally every minute): marks failed what a worker should long have finished (a
 * funding file queued or applying, an export or report generating past its queue's workDeadlineSeconds), so nothing
 * shows in work forever, and counts them in a metric whose alarm fires at one.
 */
export async function handler(event: unknown): Promise<OverdueSummary> {
  const summary = await failOverdueWork(new Date(scheduledEventSchema.parse(event).time));
  putCountMetric(overdueWorkMetric, summary.fundingFiles + summary.backgroundFiles, { job: 'fail-overdue-work', ...summary });
  return summary;
}

/** Each kind is failed under its own condition: a worker that finishes at the same moment keeps what it finished. */
export async function failOverdueWork(now: Date): Promise<OverdueSummary> {
  const [fundingFiles, backgroundFiles] = await Promise.all([failOverdueFundingFiles(now), failOverdueBackgroundFiles(now)]);
  return { fundingFiles, backgroundFiles };
}
