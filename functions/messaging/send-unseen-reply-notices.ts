import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { paths } from '@shared/routes';
import type { ChatSide } from '@shared/messaging';
import { chatNoticeRecord, chatRecord, chatSideFields, noticeMailed, providerSupportName, type ChatNoticeRecord, type ChatRecord } from './chats';
import { dynamo } from '../platform/aws/dynamo';
import { companyMembers } from '../users';
import { portalUrl, supportEmail } from '../platform/env';
import { keys } from '../platform/keys';
import { logger } from '../platform/logger';
import { emailsPut } from '../platform/outbox';
import { conditionFailed, getItem, queryAll, tableName, transact } from '../platform/table';
import { readableError } from '../platform/readable-error';
import { unseenReplyEmails, type NoticeRecipient } from './unseen-reply-mail';

export interface NoticeSummary {
  mailed: number;
  skipped: number;
}

/** EventBridge's scheduled event: only its time is read. */
const scheduledEventSchema = /* @__PURE__ */ z.object({ time: z.iso.datetime() });

/** The scheduled job (every 5 minutes; locally every 60 seconds, 5 in tests): e-mails the replies left unread past their notice time. */
export async function handler(event: unknown): Promise<NoticeSummary> {
  const summary = await sendUnseenReplyNotices(new Date(scheduledEventSchema.parse(event).time));
  logger.info('unseen-reply notices sent', { ...summary });
  return summary;
}

const noticesAtOnce = 4;

/**
 * How long a run holds a notice it claimed: longer than mailing one notice takes, shorter than the schedule (5 minutes),
 * so a notice whose run died after claiming it is taken by the next run.
 */
const claimSeconds = 4 * 60;

/**
 * Every notice due by `now` (one partition, oldest first): when its side still has unread messages in the chat and
 * the notice is still the chat's pending one, the side is e-mailed and the chat remembers it was (one e-mail per
 * unread streak: the next one is scheduled after that side reads). The notice is deleted either way. Each notice is
 * claimed first (a conditional write), so of two runs that overlap (a retried run, a slow one) exactly one mails it.
 * The e-mails are outbox items of the transaction that marks the chat mailed and deletes the notice, so they go
 * exactly when it commits; a transaction that fails gives the claim back, so the next run tries again.
 */
export async function sendUnseenReplyNotices(now: Date = new Date()): Promise<NoticeSummary> {
  const { pk } = keys.chatNotice('', '', '');
  const notices = (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND sk <= :due',
      // '~' sorts after every character of a chat id and side, so a notice due exactly now is included.
      ExpressionAttributeValues: { ':pk': pk, ':due': `${now.toISOString()}#~` },
    })
  ).map((item) => chatNoticeRecord.parse(item));

  const summary: NoticeSummary = { mailed: 0, skipped: 0 };
  const failures: unknown[] = [];
  const worker = async () => {
    for (let notice = notices.shift(); notice !== undefined; notice = notices.shift()) {
      try {
        if (await sendNotice(notice)) summary.mailed += 1;
        else summary.skipped += 1;
      } catch (error) {
        failures.push(error);
        logger.error('unseen-reply notice not sent', { chatId: notice.chatId, side: notice.side, error: await readableError(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: noticesAtOnce }, worker));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} unseen-reply notices failed`);
  return summary;
}

async function sendNotice(notice: ChatNoticeRecord): Promise<boolean> {
  const noticeKey = keys.chatNotice(notice.dueAt, notice.chatId, notice.side);
  const claim = await claimNotice(noticeKey);
  // Another run holds it (or took it off already): it mails it, not this one.
  if (!claim) return false;
  const item = await getItem(keys.chat(notice.companyId, notice.chatId));
  const chat = item ? chatRecord.parse(item) : null;
  const fields = chatSideFields[notice.side];
  const unread = chat?.[fields.unread] ?? 0;
  if (!chat || chat[fields.notice] !== notice.dueAt || unread === 0) {
    await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: noticeKey }));
    return false;
  }
  const emails = unseenReplyEmails(await recipientsOf(chat, notice.side), { subject: chat.subject, unread }, linkOf(notice.side));
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.chat(chat.companyId, chat.chatId),
          UpdateExpression: 'SET #notice = :mailed',
          ConditionExpression: '#notice = :due',
          ExpressionAttributeNames: { '#notice': fields.notice },
          ExpressionAttributeValues: { ':mailed': noticeMailed, ':due': notice.dueAt },
        },
      },
      { Delete: { TableName: tableName(), Key: noticeKey } },
      ...emailsPut(emails),
    ]);
  } catch (error) {
    // Read meanwhile: the read took the chat's notice off (and this item with it); nothing to mail.
    if (conditionFailed(error, 0)) {
      await dynamo.send(new DeleteCommand({ TableName: tableName(), Key: noticeKey }));
      return false;
    }
    await releaseNotice(noticeKey, claim);
    throw error;
  }
  return true;
}

/**
 * Claims a notice for this run for `claimSeconds` of the clock (not the run's scheduled time: a retried run carries
 * an old one), unless another run holds it: answers the claim's id, or null when the notice is held or gone.
 */
async function claimNotice(noticeKey: { pk: string; sk: string }): Promise<string | null> {
  const claimId = randomUUID();
  const now = Date.now();
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey,
        UpdateExpression: 'SET claimedUntil = :until, claimedBy = :claim',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': new Date(now + claimSeconds * 1000).toISOString(), ':now': new Date(now).toISOString(), ':claim': claimId },
      }),
    );
    return claimId;
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

/** Gives this run's claim back, so the next run mails the notice; when that fails too, the claim runs out by itself. */
async function releaseNotice(noticeKey: { pk: string; sk: string }, claimId: string): Promise<void> {
  await dynamo
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey,
        UpdateExpression: 'REMOVE claimedUntil, claimedBy',
        ConditionExpression: 'claimedBy = :claim',
        ExpressionAttributeValues: { ':claim': claimId },
      }),
    )
    .catch(() => undefined);
}

function linkOf(side: ChatSide): string {
  return `${portalUrl()}${side === 'company' ? paths.messaging : paths.adminMessaging}`;
}

/**
 * The provider's side: its support address. The company's side: the users who wrote in the chat and still belong to
 * the company; when none of them does any more, every member, so a reply is never mailed to nobody.
 */
async function recipientsOf(chat: ChatRecord, side: ChatSide): Promise<NoticeRecipient[]> {
  if (side === 'provider') {
    return [{ email: supportEmail(), name: providerSupportName(), language: 'en' }];
  }
  const members = (await companyMembers(chat.companyId)).filter(({ profile }) => profile.status !== 'blocked');
  const writers = members.filter(({ profile }) => chat.participantUserIds.includes(profile.userId));
  return (writers.length > 0 ? writers : members).map(({ profile }) => ({ email: profile.email, name: profile.name, language: profile.language }));
}
