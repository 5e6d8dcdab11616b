import { declinedFileItem, declinedScheduleItems } from '../funding';
import type { MemberCaller } from '../platform/caller';
import { DomainError } from '../platform/errors';
import type { TransactItem } from '../platform/table';
import { effectiveStatus, readApprovalRequest, type ApprovalRequestRecord } from './approval-store';

/**
 * The request, if this caller may decide it now: it waits (409 APPROVAL_NOT_PENDING; one whose days passed 409
 * APPROVAL_EXPIRED) and is not theirs (403 APPROVAL_OWN_REQUEST). An API key never reaches here: the approval routes
 * are not on the public API.
 */
export async function decidable(caller: MemberCaller, approvalId: string, now: Date): Promise<ApprovalRequestRecord> {
  if (caller.apiKey) throw new DomainError(403, 'ROLE_TOO_LOW');
  const record = await readApprovalRequest(caller.companyId, approvalId);
  const status = effectiveStatus(record, now);
  if (status === 'expired') throw new DomainError(409, 'APPROVAL_EXPIRED');
  if (status !== 'pending') throw new DomainError(409, 'APPROVAL_NOT_PENDING');
  if (record.requestedBy.userId === caller.userId) throw new DomainError(403, 'APPROVAL_OWN_REQUEST');
  return record;
}

/** A decision whose condition failed: another person decided first, or the request's days passed meanwhile. */
export async function refusedDecision(companyId: string, approvalId: string): Promise<DomainError> {
  const now = await readApprovalRequest(companyId, approvalId);
  return new DomainError(409, effectiveStatus(now, new Date()) === 'expired' ? 'APPROVAL_EXPIRED' : 'APPROVAL_NOT_PENDING');
}

/**
 * What a rejection or an expiry does besides: a waiting file is declined (nothing of it moved); a waiting rule is paused
 * (if it still waits for this request: one edited since waits on its own).
 */
export async function declineEffects(record: ApprovalRequestRecord, at: Date): Promise<TransactItem[]> {
  if (record.file) return [declinedFileItem(record.companyId, record.file.fileId, at.toISOString())];
  if (record.schedule) return declinedScheduleItems(record.companyId, record.schedule.scheduleId, record.approvalId, at.toISOString());
  return [];
}
