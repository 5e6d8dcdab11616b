import * as z from 'zod/mini';
import { keys } from '../platform/keys';
import { logger, scheduledRun } from '../platform/logger';
import { readableError } from '../platform/readable-error';
import { queryAll } from '../platform/table';
import { expireApprovalRequest } from './approval-store';
import { declineEffects } from './decide-request';

/** EventBridge's scheduled event: only its time is read. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });
const dueEntry = /* @__PURE__ */ z.object({ companyId: z.string(), approvalId: z.string() });

/**
 * The scheduled job (every 15 minutes, issue 35): every request still waiting past its expiry becomes expired, with
 * its audit record and `approval.decided`, so the requester and the company's systems learn it was not approved. One
 * that is decided meanwhile keeps its decision. A failure leaves the rest to the next run and fails this one.
 */
export const handler = scheduledRun(async (event): Promise<{ expired: number }> => {
  const now = new Date(scheduledEventSchema.parse(event).time);
  const summary = await expireApprovals(now);
  logger.info('expired approval requests', { ...summary });
  return summary;
});

export async function expireApprovals(now: Date): Promise<{ expired: number }> {
  const { gsi2pk } = keys.pendingApproval('', '', '');
  const due = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pending AND gsi2sk < :now',
    ExpressionAttributeValues: { ':pending': gsi2pk, ':now': now.toISOString() },
    ProjectionExpression: 'companyId, approvalId',
  });
  let expired = 0;
  const failures: unknown[] = [];
  for (const item of due) {
    const { companyId, approvalId } = dueEntry.parse(item);
    try {
      if (await expireApprovalRequest(companyId, approvalId, now, (record) => declineEffects(record, now))) expired += 1;
    } catch (error) {
      failures.push(error);
      logger.error('approval request not expired', { companyId, approvalId, error: await readableError(error) });
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} approval requests were not expired`);
  return { expired };
}
