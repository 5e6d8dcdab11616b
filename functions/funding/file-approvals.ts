import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { auditPut } from '../platform/audit';
import { sqs } from '../platform/aws/sqs';
import { fundingQueueUrl } from '../platform/env';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { runningValues } from '../platform/running-work';
import { tableName, type TransactItem } from '../platform/table';
import { mainAccountHold } from '../money';
import { checkAgainstEmployees, readFundingFile, readText } from './funding-files';

/**
 * What approving a waiting file writes, in the approval's transaction: the file queued (moved from awaiting approval
 * under a condition) with its whole total set aside on the main account (the hold every chunk pays from, as a scheduled
 * run's), and `fundingFile.apply` in the requester's name. Refused before anything is written when a user it pays can
 * no longer receive money: what was approved would not be what happens. `holdIndex` is the hold's place among the
 * items (its condition fails when the available amount no longer covers the total).
 */
export async function approvedFileItems(companyId: string, fileId: string, at: string): Promise<{ items: TransactItem[]; holdIndex: number }> {
  const file = await readFundingFile(companyId, fileId);
  if (file.status !== 'awaiting_approval') throw new DomainError(409, 'APPROVAL_NOT_PENDING');
  const checked = await checkAgainstEmployees(companyId, await readText(companyId, fileId));
  if (!checked.valid) throw new Error(`funding file ${fileId} no longer reads`);
  // A scheduled run's rows whose users could not receive money when it started were never part of what it asked.
  const unheld = new Set(file.unheldRows);
  if (checked.problems.some((problem) => !unheld.has(problem.rowNumber))) throw new DomainError(409, 'FUNDING_USER_NOT_ACTIVE');
  const hold = file.totalCents;
  const actor = file.appliedBy;
  if (!actor) throw new Error(`funding file ${fileId} awaits approval with no requester`);
  return {
    items: [
      {
        Update: {
          TableName: tableName(),
          Key: keys.fundingFile(companyId, fileId),
          UpdateExpression: 'SET #status = :queued, holdsFunds = :true, heldCents = :hold, holdLeftCents = :hold, gsi2pk = :runningPk, gsi2sk = :runningSk',
          ConditionExpression: '#status = :awaiting',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':queued': 'queued', ':awaiting': 'awaiting_approval', ':true': true, ':hold': hold, ...runningValues(keys.runningFundingFile, 'funding', companyId, fileId) },
        },
      },
      mainAccountHold(companyId, hold),
      auditPut({ companyId, actor, action: 'fundingFile.apply', target: { type: 'company', id: companyId }, before: {}, after: { fileId, fileName: file.fileName, rows: file.fundedRowCount, totalCents: file.totalCents }, at }),
    ],
    holdIndex: 1,
  };
}

/**
 * A waiting file rejected or expired: declined, under the condition that it still waits, in the decision's
 * transaction. Nothing of it moved; an uploaded one can be uploaded and asked for again.
 */
export function declinedFileItem(companyId: string, fileId: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.fundingFile(companyId, fileId),
      UpdateExpression: 'SET #status = :declined, declinedAt = :at',
      ConditionExpression: '#status = :awaiting',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':declined': 'declined', ':awaiting': 'awaiting_approval', ':at': at },
    },
  };
}

/** Hands an approved file to the funding queue's worker, which applies it from its hold. */
export async function queueApprovedFile(companyId: string, fileId: string): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: fundingQueueUrl(), MessageBody: JSON.stringify({ companyId, fileId }) }));
}
