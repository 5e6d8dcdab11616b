import * as z from 'zod/mini';
import { overdueWorkMetric, workNotEndedCleanlyMetric } from '../platform/metrics';
import { failOverdueFundingFiles } from '../funding';
import { failOverdueEmployeeImports } from '../employees';
import { putCountMetric } from '../platform/metrics';
import { failOverdueBackgroundFiles } from './export-jobs';

export interface OverdueSummary {
  fundingFiles: number;
  employeeImports: number;
  backgroundFiles: number;
  /** Overdue work that could not be marked failed this time (logged; the next run tries it again). */
  notEnded: number;
}

/** EventBridge's scheduled event: only its time is read. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/**
 * The deadline job (every 5 minutes; locally every minute): marks failed what a worker should long have finished (a
 * funding file or an employee import queued or applying, an export or report generating past its queue's
 * workDeadlineSeconds), so nothing
 * shows in work forever, and counts them in a metric whose alarm fires at one. What it could not end is counted in a
 * second metric with its own alarm, and is tried again at the next run.
 */
export async function handler(event: unknown): Promise<OverdueSummary> {
  const summary = await failOverdueWork(new Date(scheduledEventSchema.parse(event).time));
  const { notEnded, ...failed } = summary;
  putCountMetric(overdueWorkMetric, failed.fundingFiles + failed.employeeImports + failed.backgroundFiles, { job: 'fail-overdue-work', ...failed });
  if (notEnded > 0) putCountMetric(workNotEndedCleanlyMetric, notEnded, { job: 'fail-overdue-work' });
  return summary;
}

/** Each kind, and each item, is failed under its own condition: a worker that finishes at the same moment keeps what it finished. */
export async function failOverdueWork(now: Date): Promise<OverdueSummary> {
  const [funding, imports, background] = await Promise.all([failOverdueFundingFiles(now), failOverdueEmployeeImports(now), failOverdueBackgroundFiles(now)]);
  return { fundingFiles: funding.failed, employeeImports: imports.failed, backgroundFiles: background.failed, notEnded: funding.notEnded + imports.notEnded + background.notEnded };
}
