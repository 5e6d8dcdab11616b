import * as z from 'zod/mini';
import { auditTrailMismatchMetric } from '../platform/metrics';
import { providerAuditId } from '../fees';
import { dynamo, dynamoClient } from '../platform/aws/dynamo';
import { s3 } from '../platform/aws/s3';
import { auditDigestsBucket } from '../platform/env';
import { logger, scheduledRun } from '../platform/logger';
import { putCountMetric } from '../platform/metrics';
import { readableError } from '../platform/readable-error';
import { tableName } from '../platform/table';
import type { AuditDigestStore } from './audit-digest-store';
import { digestCompany } from './audit-digests';
import { activeCompanyIds } from '../companies';

export interface DigestSummary {
  companies: number;
  written: number;
  /** Companies whose records or digests the run found wrong, and how many findings in all. */
  mismatched: number;
  findings: number;
}

/** EventBridge's scheduled event: only its time is read, the moment the schedule fired. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/**
 * The daily digest job (issue 31; shortly after Riga midnight, and on `npm start`'s job tick): every company's days
 * that are over get their digest, and the check of each company's records against its digests goes on. Any finding is
 * logged as an error and counted in a metric whose alarm fires at one.
 */
export const handler = scheduledRun(async (event): Promise<DigestSummary> => {
  const summary = await digestAuditTrails(new Date(scheduledEventSchema.parse(event).time));
  logger.info('audit trails digested', { ...summary });
  return summary;
});

export function platformDigestStore(): AuditDigestStore {
  return { dynamodb: dynamoClient, documents: dynamo, s3, tableName: tableName(), bucket: auditDigestsBucket() };
}

/**
 * Companies are independent (each has its own log and chain), so several run side by side, each reading a few days at
 * once. A run that outgrows the function's 15 minutes (estimated at a thousand or more companies with years of history
 * each, not measured) fails and alarms; it then needs a message per company on a queue (docs/decisions.md "The
 * screen's check is the job's").
 */
const companiesAtOnce = 8;
/** A company's findings are logged up to this many; the verify command lists them all. */
const findingsLogged = 20;

/**
 * Digests the logs of every active company and the provider's own (the price list's changes). A company that fails is
 * logged and the run fails after the others, so the scheduler retries it; what was written stays written, and a
 * retried run writes nothing twice.
 */
export async function digestAuditTrails(now: Date, store: AuditDigestStore = platformDigestStore()): Promise<DigestSummary> {
  const companyIds = [...(await activeCompanyIds()), providerAuditId];
  const summary: DigestSummary = { companies: companyIds.length, written: 0, mismatched: 0, findings: 0 };
  const failures: unknown[] = [];
  const queue = [...companyIds];
  const worker = async () => {
    for (let companyId = queue.shift(); companyId !== undefined; companyId = queue.shift()) {
      try {
        const outcome = await digestCompany(store, companyId, now);
        summary.written += outcome.written;
        if (outcome.findings.length === 0) continue;
        summary.mismatched += 1;
        summary.findings += outcome.findings.length;
        logger.error('audit trail does not match its digests', { companyId, count: outcome.findings.length, findings: outcome.findings.slice(0, findingsLogged) });
      } catch (error) {
        failures.push(error);
        logger.error('audit trail not digested', { companyId, error: await readableError(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(companiesAtOnce, companyIds.length) }, worker));
  putCountMetric(auditTrailMismatchMetric, summary.findings, { job: 'digest-audit-trail', companies: summary.mismatched });
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} companies' audit trails were not digested`);
  return summary;
}
