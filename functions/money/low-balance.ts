import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lowBalanceRecipientsOf, type LowBalanceAlertBody, type MainAccount } from '@shared/accounts';
import { messageCodeOf } from '@shared/validation';
import { auditItem, type Actor } from '../platform/audit';
import { dynamo } from '../platform/aws/dynamo';
import { notFound, validationFailed } from '../platform/errors';
import { keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { emailsPut } from '../platform/outbox';
import { conditionFailed, tableName, transact, transactThroughConflicts } from '../platform/table';
import { companyMembers, type CompanyMember } from '../users';
import { lowBalanceEmails } from './low-balance-mail';
import { mainAccountView, readAccount } from './main-account-view';

/**
 * The low-balance alert (issue 21), after any write that changed the main account's available amount: when it is
 * below the owners' threshold and was not before, `lowBalanceSince` is set under a condition that it was unset and
 * the amount is still below, and only the call that set it e-mails the owners, so one crossing is one e-mail however
 * many transfers and workers see it; when the amount is back at or above the threshold, the mark goes, so the next
 * fall is a new crossing. A failure here never undoes the money movement that came before it: it is logged.
 */
export async function alertOnLowBalance(companyId: string): Promise<void> {
  try {
    const account = await readAccount(companyId);
    const threshold = account?.lowBalanceThresholdCents ?? null;
    if (!account || threshold === null) return;
    const below = account.availableCents < threshold;
    if (below === (account.lowBalanceSince !== null)) return;
    if (!below) {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.mainAccount(companyId),
          UpdateExpression: 'REMOVE lowBalanceSince',
          ConditionExpression: 'attribute_exists(lowBalanceSince) AND availableCents >= lowBalanceThresholdCents',
        }),
      );
      return;
    }
    const since = new Date().toISOString();
    const emails = await lowBalanceEmails(companyId, { ...account, lowBalanceSince: since });
    // The mark and its e-mails are one transaction (the outbox): the crossing is told exactly when it is marked.
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.mainAccount(companyId),
          UpdateExpression: 'SET lowBalanceSince = :since',
          ConditionExpression: 'attribute_not_exists(lowBalanceSince) AND lowBalanceThresholdCents = :threshold AND availableCents < :threshold',
          ExpressionAttributeValues: { ':since': since, ':threshold': threshold },
        },
      },
      ...emailsPut(emails),
    ]);
    logger.info('main account below its low-balance threshold', { companyId, availableCents: account.availableCents, thresholdCents: threshold });
  } catch (error) {
    // Another write moved it first (the other side of the condition): that write's own check tells the owners.
    if (conditionFailed(error)) return;
    logger.error('low-balance alert not checked', { companyId, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * An owner sets the threshold or turns the alert off, and chooses whom it e-mails (any member, every role; none: the
 * owners); the account's state is checked against the new threshold at once (a threshold set above the balance is a
 * crossing). The change is audited in the same write. A recipient who is not a member now refuses the whole change.
 */
export async function setLowBalanceAlert(companyId: string, { thresholdCents, recipientIds }: LowBalanceAlertBody, actor: Actor): Promise<MainAccount> {
  const account = await readAccount(companyId);
  if (!account) throw notFound();
  const members = recipientIds.length > 0 || account.lowBalanceRecipientIds.length > 0 ? await companyMembers(companyId) : [];
  const checked = lowBalanceRecipientsOf(new Set(members.map(({ membership }) => membership.userId))).safeParse(recipientIds);
  if (!checked.success) throw validationFailed({ recipientIds: messageCodeOf(checked.error.issues[0]!) });
  const at = new Date().toISOString();
  await transactThroughConflicts(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.mainAccount(companyId),
          // A new threshold starts without a crossing: the check below marks it when the amount is under it.
          UpdateExpression: 'SET lowBalanceThresholdCents = :threshold, lowBalanceRecipientIds = :recipients REMOVE lowBalanceSince',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':threshold': thresholdCents, ':recipients': recipientIds },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: auditItem({
            companyId,
            actor,
            action: 'lowBalance.threshold',
            target: { type: 'company', id: companyId },
            before: { thresholdCents: account.lowBalanceThresholdCents, alertRecipients: recipientsText(account.lowBalanceRecipientIds, members) },
            after: { thresholdCents, alertRecipients: recipientsText(recipientIds, members) },
            at,
          }),
        },
      },
    ],
    {},
    8,
  );
  await alertOnLowBalance(companyId);
  return mainAccountView(companyId);
}

/** The recipients as the activity log shows them: their e-mails (an id when they have left); empty for the owners. */
function recipientsText(ids: readonly string[], members: readonly CompanyMember[]): string {
  const emailOf = new Map(members.map(({ membership, profile }) => [membership.userId, profile.email]));
  return ids.map((id) => emailOf.get(id) ?? id).join(', ');
}
