import { printedByPrinter } from './logger';

/**
 * Writes one count as a CloudWatch metric in Embedded Metric Format: a JSON log line CloudWatch turns into a data
 * point, with no SDK call and no permission. Written to stdout as it is: the Lambda runtime's console prefixes its
 * text lines with a time and request id, which CloudWatch would not read as EMF. The local cloud keeps it with the
 * functions' log lines, off its console (logger.ts printLogLinesWith).
 */
export function putCountMetric(metric: { namespace: string; name: string }, value: number, properties: Record<string, string | number> = {}): void {
  const line = {
    _aws: { Timestamp: Date.now(), CloudWatchMetrics: [{ Namespace: metric.namespace, Dimensions: [[]], Metrics: [{ Name: metric.name, Unit: 'Count' }] }] },
    [metric.name]: value,
    ...properties,
  };
  if (!printedByPrinter(line)) process.stdout.write(`${JSON.stringify(line)}\n`);
}

/**
 * The metric the deadline job (functions/exports/fail-overdue-work.ts) writes in its log line (Embedded Metric Format:
 * no SDK call), and its alarm reads: how many funding files, exports and reports it failed in one run. Any is a worker
 * that died or a message that was lost, so the alarm fires at one.
 */
export const overdueWorkMetric = { namespace: 'BonusCardPortal', name: 'OverdueWorkFailed' } as const;

/**
 * Work that could not be ended as it should: a running file or report the deadline job could not mark failed (it is
 * tried again at the next run), or a scheduled funding run whose hold the account no longer held whole when it ended
 * (given back as far as it was there; the rest needs an operator's reconciliation). Its alarm fires at one.
 */
export const workNotEndedCleanlyMetric = { namespace: 'BonusCardPortal', name: 'WorkNotEndedCleanly' } as const;

/**
 * What the digest job (functions/activity/digest-audit-trail.ts) found wrong in one run: records changed, added or
 * removed since their day was digested, digests missing or out of chain. Any one is worth a look, so its alarm fires at
 * one; `npm run audit:verify` names them all.
 */
export const auditTrailMismatchMetric = { namespace: 'BonusCardPortal', name: 'AuditTrailMismatch' } as const;
