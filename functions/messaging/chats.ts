import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { totalPagesOf } from '@shared/lists';
import {
  attachmentSchema,
  chatMessagesPageSize,
  chatSides,
  chatStatusSchema,
  unseenReplyMailMinutes,
  type AdminChatSummary,
  type ChatMessage,
  type ChatSide,
  type ChatStatus,
  type ChatSummary,
  type CreateAttachmentUpload,
  type CreateChat,
  type PostMessage,
} from '@shared/messaging';
import { documentContentTypes } from '@shared/onboarding/documents';
import { actorOfCaller, auditPut, type Actor } from '../platform/audit';
import type { Caller } from '../platform/caller';
import { dynamo } from '../platform/aws/dynamo';
import { providerName } from '../platform/env';
import { DomainError, notFound, validationFailed } from '../platform/errors';
import { chatAttachmentObjectKey, entities, keys, stagedUploadObjectKey, stagedUploadSeconds } from '../platform/keys';
import { companyRecord } from '../platform/identity-records';
import { conditionFailed, getItem, queryNewestOf, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { deleteUpload, downloadSeconds, keepUpload, presignDownload, presignUpload, type Inspection } from '../platform/uploads';

/**
 * Support chats (SPEC section 2 "Messaging"). Every change of a chat is one TransactWriteItems conditioned on the
 * chat's `version` as read: a message, a read and a status change racing each other are applied one after the other,
 * never mixed, so unread counts and their counters cannot drift (a read twice at once takes the unread off once).
 */

/** `noticeFor<Side>`: the due time of the pending unseen-reply e-mail, `mailed` once sent, null when read. */
export const noticeMailed = 'mailed';

export const chatRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  companyName: z.string(),
  chatId: z.string(),
  subject: z.string(),
  status: chatStatusSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastMessage: z.string(),
  lastMessageSide: z.enum(chatSides),
  unreadForCompany: z.int().check(z.nonnegative()),
  unreadForProvider: z.int().check(z.nonnegative()),
  noticeForCompany: z._default(z.nullable(z.string()), null),
  noticeForProvider: z._default(z.nullable(z.string()), null),
  /** Company users who wrote in the chat (its creator first): who the company side's e-mail goes to. */
  participantUserIds: z._default(z.array(z.string()), []),
  version: z.int(),
});
export type ChatRecord = z.infer<typeof chatRecord>;

export const chatMessageRecord = /* @__PURE__ */ z.object({
  chatId: z.string(),
  messageId: z.string(),
  side: z.enum(chatSides),
  authorUserId: z.string(),
  authorName: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});

export const chatAttachmentRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  attachmentId: z.string(),
  side: z.enum(chatSides),
  uploadedBy: z.string(),
  fileName: z.string(),
  contentType: attachmentSchema.shape.contentType,
  size: z.int(),
  status: z.enum(['uploaded', 'attached']),
  chatId: z._default(z.nullable(z.string()), null),
});
type ChatAttachmentRecord = z.infer<typeof chatAttachmentRecord>;

export const chatNoticeRecord = /* @__PURE__ */ z.object({ companyId: z.string(), chatId: z.string(), side: z.enum(chatSides), dueAt: z.string() });
export type ChatNoticeRecord = z.infer<typeof chatNoticeRecord>;

const counterRecord = /* @__PURE__ */ z.object({
  unread: z._default(z.int(), 0),
  chats: z._default(z.int(), 0),
  openChats: z._default(z.int(), 0),
  closedChats: z._default(z.int(), 0),
});

/** The chat's fields of each side: its unread count and its pending notice's due time. */
export const chatSideFields = {
  company: { unread: 'unreadForCompany', notice: 'noticeForCompany' },
  provider: { unread: 'unreadForProvider', notice: 'noticeForProvider' },
} as const;

const otherSide = (side: ChatSide): ChatSide => (side === 'company' ? 'provider' : 'company');
const counterScope = (side: ChatSide, companyId: string) => (side === 'company' ? `COMPANY#${companyId}` : 'PROVIDER');
const counterKey = (side: ChatSide, companyId: string) => keys.chatUnreadCounter(counterScope(side, companyId));

/** How a chat's change is retried when another change of the same chat landed between its read and its write. */
const chatRaceRetries = 5;
const conflictRetries = 3;
const previewLength = 140;

/**
 * Who writes: a company user as their name, the provider's admins as the provider's support. `actor` is who the
 * company's audit log names for what the message opens or reopens.
 */
export interface Author {
  side: ChatSide;
  userId: string;
  name: string;
  actor: Actor;
}

export function companyAuthor(caller: Caller): Author {
  return { side: 'company', userId: caller.userId, name: `${caller.profile.name} ${caller.profile.surname}`.trim(), actor: actorOfCaller(caller, 'company_user') };
}

export function providerAuthor(caller: Caller): Author {
  return { side: 'provider', userId: caller.userId, name: providerSupportName(), actor: actorOfCaller(caller, 'admin') };
}

/** A chat's opening, closing or reopening in the company's audit log, named by its subject. */
function chatRecordItem(chat: Pick<ChatRecord, 'companyId' | 'chatId' | 'subject'>, action: 'chat.open' | 'chat.close' | 'chat.reopen', actor: Actor, at: string): TransactItem {
  return auditPut({ companyId: chat.companyId, actor, action, target: { type: 'company', id: chat.companyId }, before: {}, after: { chatId: chat.chatId, subject: chat.subject }, at });
}

export function providerSupportName(): string {
  return supportNameOf(providerName());
}

/** The name the provider's messages are signed with. */
export const supportNameOf = (providerName: string): string => `${providerName} support`;

/** A chat's summary as one side sees it: its own unread count. */
export function chatSummaryOf(chat: ChatRecord, side: ChatSide): ChatSummary {
  return {
    id: chat.chatId,
    subject: chat.subject,
    status: chat.status,
    lastMessage: chat.lastMessage,
    lastMessageAt: chat.lastMessageAt,
    lastMessageSide: chat.lastMessageSide,
    unread: chat[chatSideFields[side].unread],
    createdAt: chat.createdAt,
  };
}

export function adminChatSummaryOf(chat: ChatRecord): AdminChatSummary {
  return { ...chatSummaryOf(chat, 'provider'), companyId: chat.companyId, companyName: chat.companyName };
}

function messageOf(record: z.infer<typeof chatMessageRecord>): ChatMessage {
  return { id: record.messageId, side: record.side, authorName: record.authorName, text: record.text, attachments: record.attachments, createdAt: record.createdAt };
}

/** The chat of that company, or 404: the key names the company, so another company's chat id finds nothing. */
export async function findChat(companyId: string, chatId: string): Promise<ChatRecord> {
  const item = await getItem(keys.chat(companyId, chatId));
  if (!item) throw notFound('CHAT_NOT_FOUND');
  return chatRecord.parse(item);
}

async function counterOf(side: ChatSide, companyId: string): Promise<z.infer<typeof counterRecord>> {
  return counterRecord.parse((await getItem(counterKey(side, companyId))) ?? {});
}

export async function unreadOf(side: ChatSide, companyId: string): Promise<number> {
  return Math.max(0, (await counterOf(side, companyId)).unread);
}

/** The first `limit` chats of one index partition, newest last message first. */
async function newestOf(index: 'gsi1' | 'gsi2', partition: string, limit: number): Promise<ChatRecord[]> {
  return (await queryNewestOf(index, partition, limit)).map((item) => chatRecord.parse(item));
}

/** A company's chats, newest last message first; the total from the company's counter (one read). */
export async function listCompanyChats(companyId: string, query: { page: number; itemsPerPage: number }) {
  const start = (query.page - 1) * query.itemsPerPage;
  const [counter, chats] = await Promise.all([
    counterOf('company', companyId),
    newestOf('gsi1', keys.chatsOfCompany(companyId).gsi1pk, start + query.itemsPerPage),
  ]);
  const total = Math.max(0, counter.chats);
  return { rows: chats.slice(start).map((chat) => chatSummaryOf(chat, 'company')), totalRecords: total, totalPages: totalPagesOf(total, query.itemsPerPage) };
}

/** The provider's inbox: open chats first, then closed ones, each newest last message first. */
export async function listInboxChats(query: { page: number; itemsPerPage: number }) {
  const counter = await counterOf('provider', '');
  const open = Math.max(0, counter.openChats);
  const total = open + Math.max(0, counter.closedChats);
  const start = (query.page - 1) * query.itemsPerPage;
  const rows: ChatRecord[] = [];
  if (start < open) rows.push(...(await newestOf('gsi2', keys.chatsInInbox('open').gsi2pk, Math.min(open, start + query.itemsPerPage))).slice(start));
  const missing = query.itemsPerPage - rows.length;
  if (missing > 0 && total > open) {
    const closedStart = Math.max(0, start - open);
    rows.push(...(await newestOf('gsi2', keys.chatsInInbox('closed').gsi2pk, closedStart + missing)).slice(closedStart));
  }
  return { rows: rows.slice(0, query.itemsPerPage).map(adminChatSummaryOf), totalRecords: total, totalPages: totalPagesOf(total, query.itemsPerPage) };
}

/** The newest page of a chat's messages, oldest first; `before` (a message id) reads the page before it. */
export async function chatMessagesOf(chatId: string, before: string | undefined): Promise<{ messages: ChatMessage[]; hasOlder: boolean }> {
  const { pk, skPrefix } = keys.chatMessages(chatId);
  const answer = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: before ? 'pk = :pk AND sk BETWEEN :first AND :before' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: before ? { ':pk': pk, ':first': skPrefix, ':before': `${skPrefix}${before}` } : { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: chatMessagesPageSize + 2,
    }),
  );
  const items = (answer.Items ?? []).map((item) => chatMessageRecord.parse(item)).filter((message) => message.messageId !== before);
  return { messages: items.slice(0, chatMessagesPageSize).reverse().map(messageOf), hasOlder: items.length > chatMessagesPageSize };
}

/** The last message as the list shows it: its text shortened, or its attachments' names when it has none. */
export function previewOf(text: string, attachments: readonly { fileName: string }[]): string {
  const preview = text.length > 0 ? text.replace(/\s+/g, ' ') : attachments.map((attachment) => attachment.fileName).join(', ');
  return preview.length > previewLength ? `${preview.slice(0, previewLength - 1)}…` : preview;
}

/** A new message id: its time first, so a chat's partition reads in the order written. */
function newMessageId(at: string): string {
  return `${at}#${randomBytes(4).toString('hex')}`;
}

/** An UpdateExpression of SETs, ADDs and REMOVEs, every name and value by placeholder. */
function updateOf(set: Record<string, unknown>, add: Record<string, number> = {}, remove: readonly string[] = []) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  const setNames = Object.keys(set);
  for (const name of [...setNames, ...Object.keys(add), ...remove]) names[`#${name}`] = name;
  if (setNames.length > 0) parts.push(`SET ${setNames.map((name) => `#${name} = :s_${name}`).join(', ')}`);
  for (const name of setNames) values[`:s_${name}`] = set[name];
  const addNames = Object.keys(add);
  if (addNames.length > 0) parts.push(`ADD ${addNames.map((name) => `#${name} :a_${name}`).join(', ')}`);
  for (const name of addNames) values[`:a_${name}`] = add[name];
  if (remove.length > 0) parts.push(`REMOVE ${remove.map((name) => `#${name}`).join(', ')}`);
  return { UpdateExpression: parts.join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

function counterUpdate(side: ChatSide, companyId: string, add: Record<string, number>): TransactItem {
  return { Update: { TableName: tableName(), Key: counterKey(side, companyId), ...updateOf({ entity: entities.chatUnreadCounter }, add) } };
}

/** The chat's update, applied only to the version read (else another change came first and this one is redone). */
function chatUpdate(chat: ChatRecord, set: Record<string, unknown>, add: Record<string, number> = {}): TransactItem {
  const update = updateOf({ ...set, version: chat.version + 1 }, add);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.chat(chat.companyId, chat.chatId),
      ...update,
      ConditionExpression: '#version = :read_version',
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':read_version': chat.version },
    },
  };
}

/** A chat changed between our read and our write: read it again and redo the change, a few times. */
async function withChatRetries<T>(companyId: string, chatId: string, change: (chat: ChatRecord) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const chat = await findChat(companyId, chatId);
    try {
      return await change(chat);
    } catch (error) {
      if (!(error instanceof ChatChanged) || attempt >= chatRaceRetries) throw error;
    }
  }
}

class ChatChanged extends Error {}

const attachmentRefused = () => new DomainError(400, 'ATTACHMENT_NOT_FOUND', { attachmentIds: 'ATTACHMENT_NOT_FOUND' });

/**
 * The attachments a message names, checked before anything is written: each must be this company's, uploaded by
 * this writer and not yet in a message, and its bytes an image or PDF of an allowed size (the bytes decide its type
 * and size, not what the browser declared). Each is checked in staging and copied to its kept key (keepUpload); when
 * one is refused the message is refused: the refused file is deleted at once with its record, and the others' copies
 * go while their staged originals wait for another message.
 */
async function attachmentsToClaim(companyId: string, author: Author, attachmentIds: readonly string[]): Promise<ChatAttachmentRecord[]> {
  const unique = [...new Set(attachmentIds)];
  const records = await Promise.all(unique.map((id) => getItem(keys.chatAttachment(companyId, id))));
  const attachments = records.map((item) => {
    const record = item ? chatAttachmentRecord.parse(item) : null;
    if (record?.status !== 'uploaded' || record.side !== author.side || record.uploadedBy !== author.userId) throw attachmentRefused();
    return record;
  });
  const inspections = await Promise.all(
    attachments.map((attachment) => keepUpload(stagedUploadObjectKey(companyId, attachment.attachmentId), chatAttachmentObjectKey(companyId, attachment.attachmentId), documentContentTypes)),
  );
  const refusal = inspections.find((inspection) => 'problem' in inspection);
  if (refusal && 'problem' in refusal) {
    await Promise.all(attachments.map((attachment, index) => forgetRefused(attachment, inspections[index])));
    throw validationFailed({ attachmentIds: refusal.problem });
  }
  return attachments.map((attachment, index) => {
    const inspection = inspections[index];
    if (!inspection || 'problem' in inspection) throw validationFailed({ attachmentIds: 'UPLOAD_MISSING' });
    return { ...attachment, contentType: inspection.contentType, size: inspection.size };
  });
}

/** One attachment of a refused message: see attachmentsToClaim. */
async function forgetRefused(attachment: ChatAttachmentRecord, inspection: Inspection | undefined): Promise<void> {
  if (!inspection || !('problem' in inspection)) return deleteUpload(chatAttachmentObjectKey(attachment.companyId, attachment.attachmentId));
  if (inspection.problem === 'UPLOAD_MISSING') return;
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.chatAttachment(attachment.companyId, attachment.attachmentId),
        ConditionExpression: '#status = :uploaded',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':uploaded': 'uploaded' },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/** A sent message's attachments are kept at their kept keys: the staged originals go (else the bucket's rule takes them). */
async function forgetStaged(attachments: readonly ChatAttachmentRecord[]): Promise<void> {
  await Promise.all(attachments.map((attachment) => deleteUpload(stagedUploadObjectKey(attachment.companyId, attachment.attachmentId))));
}

function attachmentClaim(attachment: ChatAttachmentRecord, chatId: string, messageId: string): TransactItem {
  const update = updateOf({ status: 'attached', chatId, messageId, contentType: attachment.contentType, size: attachment.size }, {}, ['expiresAt']);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.chatAttachment(attachment.companyId, attachment.attachmentId),
      ...update,
      ConditionExpression: '#status = :uploaded',
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#status': 'status' },
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':uploaded': 'uploaded' },
    },
  };
}

function messageItem(companyId: string, chatId: string, messageId: string, at: string, author: Author, text: string, attachments: readonly ChatAttachmentRecord[]) {
  const record = chatMessageRecord.parse({
    chatId,
    messageId,
    side: author.side,
    authorUserId: author.userId,
    authorName: author.name,
    text,
    attachments: attachments.map(({ attachmentId, fileName, contentType, size }) => ({ attachmentId, fileName, contentType, size })),
    createdAt: at,
  });
  return { item: { ...keys.chatMessage(chatId, messageId), entity: entities.chatMessage, companyId, ...record }, message: messageOf(record) };
}

function noticePut(companyId: string, chatId: string, side: ChatSide, dueAt: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.chatNotice(dueAt, chatId, side), entity: entities.chatNotice, ...chatNoticeRecord.parse({ companyId, chatId, side, dueAt }) },
    },
  };
}

function noticeDueAt(now: Date): string {
  return new Date(now.getTime() + unseenReplyMailMinutes * 60_000).toISOString();
}

/** Runs a transaction whose item at `chatIndex` is the chat's versioned update; attachments from `attachmentsFrom` on. */
async function writeChatChange(items: TransactItem[], chatIndex: number, attachmentsFrom: number): Promise<void> {
  try {
    await transactThroughConflicts(items, {}, conflictRetries);
  } catch (error) {
    if (conditionFailed(error, chatIndex)) throw new ChatChanged();
    for (let index = attachmentsFrom; index < items.length; index += 1) if (conditionFailed(error, index)) throw attachmentRefused();
    throw error;
  }
}

/**
 * A new chat: the chat, its first message, both sides' counters, the provider's pending notice and the attachments'
 * claims in one TransactWriteItems; nothing is written when any part is refused.
 */
export async function createChat(companyId: string, author: Author, body: CreateChat, now = new Date()) {
  const attachments = await attachmentsToClaim(companyId, author, body.attachmentIds);
  const company = companyRecord.parse(await getItem(keys.company(companyId)));
  const chatId = randomUUID();
  const at = now.toISOString();
  const messageId = newMessageId(at);
  const dueAt = noticeDueAt(now);
  const chat: ChatRecord = {
    companyId,
    companyName: company.name,
    chatId,
    subject: body.subject,
    status: 'open',
    createdBy: author.userId,
    createdAt: at,
    lastMessageAt: at,
    lastMessage: previewOf(body.text, attachments),
    lastMessageSide: 'company',
    unreadForCompany: 0,
    unreadForProvider: 1,
    noticeForCompany: null,
    noticeForProvider: dueAt,
    participantUserIds: [author.userId],
    version: 1,
  };
  const { item, message } = messageItem(companyId, chatId, messageId, at, author, body.text, attachments);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.chat(companyId, chatId), ...keys.chatOfCompany(companyId, at, chatId), ...keys.chatInInbox('open', at, chatId), entity: entities.chat, ...chat },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    counterUpdate('company', companyId, { chats: 1 }),
    counterUpdate('provider', companyId, { unread: 1, openChats: 1 }),
    noticePut(companyId, chatId, 'provider', dueAt),
    chatRecordItem(chat, 'chat.open', author.actor, at),
  ];
  const attachmentsFrom = items.length;
  items.push(...attachments.map((attachment) => attachmentClaim(attachment, chatId, messageId)));
  // No versioned chat update: the chat is new (its put cannot be refused by another change of it).
  await writeChatChange(items, -1, attachmentsFrom);
  await forgetStaged(attachments);
  return { chat, messages: [message], hasOlder: false };
}

/**
 * One message: the message, the chat (last message, the other side's unread +1, its index keys moved to the new
 * time; a closed chat reopens when the company writes), the other side's counter, a notice for the other side when
 * none is pending, and the attachments' claims, in one TransactWriteItems.
 */
export async function postMessage(companyId: string, chatId: string, author: Author, body: PostMessage, now = new Date()): Promise<ChatMessage> {
  // Claimed once the chat is found (a message to no chat copies nothing), and once however often the write is redone.
  let claimed: Promise<ChatAttachmentRecord[]> | undefined;
  return withChatRetries(companyId, chatId, async (chat) => {
    const attachments = await (claimed ??= attachmentsToClaim(companyId, author, body.attachmentIds));
    const other = otherSide(author.side);
    // Strictly after the last message, so a chat's messages and its place in the lists always follow the order written.
    const at = new Date(Math.max(now.getTime(), Date.parse(chat.lastMessageAt) + 1)).toISOString();
    const messageId = newMessageId(at);
    const status: ChatStatus = author.side === 'company' ? 'open' : chat.status;
    const reopens = status !== chat.status;
    const needsNotice = chat[chatSideFields[other].notice] === null;
    const dueAt = noticeDueAt(now);
    const participants = author.side === 'company' && !chat.participantUserIds.includes(author.userId) ? [...chat.participantUserIds, author.userId] : chat.participantUserIds;
    const { item, message } = messageItem(companyId, chatId, messageId, at, author, body.text, attachments);
    const items: TransactItem[] = [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      chatUpdate(
        chat,
        {
          ...keys.chatOfCompany(companyId, at, chatId),
          ...keys.chatInInbox(status, at, chatId),
          status,
          lastMessageAt: at,
          lastMessage: previewOf(body.text, attachments),
          lastMessageSide: author.side,
          participantUserIds: participants,
          ...(needsNotice ? { [chatSideFields[other].notice]: dueAt } : {}),
        },
        { [chatSideFields[other].unread]: 1 },
      ),
      counterUpdate(other, companyId, { unread: 1, ...(reopens ? { openChats: 1, closedChats: -1 } : {}) }),
      ...(needsNotice ? [noticePut(companyId, chatId, other, dueAt)] : []),
      ...(reopens ? [chatRecordItem(chat, 'chat.reopen', author.actor, at)] : []),
    ];
    const attachmentsFrom = items.length;
    items.push(...attachments.map((attachment) => attachmentClaim(attachment, chatId, messageId)));
    await writeChatChange(items, 1, attachmentsFrom);
    await forgetStaged(attachments);
    return message;
  });
}

/**
 * One side has read the chat: its unread goes to 0, its counter down by what it was, its pending notice goes. Two
 * reads at once: the second finds the version changed, reads again and finds nothing left to take off.
 */
export async function markChatRead(companyId: string, chatId: string, side: ChatSide): Promise<ChatRecord> {
  return withChatRetries(companyId, chatId, async (chat) => {
    const unread = chat[chatSideFields[side].unread];
    const notice = chat[chatSideFields[side].notice];
    if (unread === 0 && notice === null) return chat;
    const items: TransactItem[] = [chatUpdate(chat, { [chatSideFields[side].unread]: 0, [chatSideFields[side].notice]: null })];
    if (unread > 0) items.push(counterUpdate(side, companyId, { unread: -unread }));
    if (notice !== null && notice !== noticeMailed) items.push({ Delete: { TableName: tableName(), Key: keys.chatNotice(notice, chatId, side) } });
    await writeChatChange(items, 0, items.length);
    return { ...chat, [chatSideFields[side].unread]: 0, [chatSideFields[side].notice]: null, version: chat.version + 1 };
  });
}

/**
 * The provider opens or closes a chat: it moves between the inbox's partitions, the counts follow, and the company's
 * audit log records it.
 */
export async function setChatStatus(companyId: string, chatId: string, status: ChatStatus, actor: Actor): Promise<ChatRecord> {
  return withChatRetries(companyId, chatId, async (chat) => {
    if (chat.status === status) return chat;
    const opening = status === 'open';
    await writeChatChange(
      [
        chatUpdate(chat, { status, ...keys.chatInInbox(status, chat.lastMessageAt, chatId) }),
        counterUpdate('provider', companyId, { openChats: opening ? 1 : -1, closedChats: opening ? -1 : 1 }),
        chatRecordItem(chat, opening ? 'chat.reopen' : 'chat.close', actor, new Date().toISOString()),
      ],
      0,
      3,
    );
    return { ...chat, status, version: chat.version + 1 };
  });
}

/** An attachment's record and a presigned POST for its bytes; a message claims it later. */
export async function createAttachmentUpload(companyId: string, author: Author, body: CreateAttachmentUpload) {
  const attachmentId = randomUUID();
  await dynamo.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.chatAttachment(companyId, attachmentId),
        entity: entities.chatAttachment,
        ...chatAttachmentRecord.parse({
          companyId,
          attachmentId,
          side: author.side,
          uploadedBy: author.userId,
          fileName: body.fileName,
          contentType: body.contentType,
          size: body.size,
          status: 'uploaded',
        }),
        createdAt: new Date().toISOString(),
        // Never attached: the record goes by the table's TTL, its staged bytes by the bucket's rule.
        expiresAt: Math.floor(Date.now() / 1000) + stagedUploadSeconds,
      },
    }),
  );
  return { attachmentId, ...(await presignUpload(stagedUploadObjectKey(companyId, attachmentId), body.contentType)) };
}

/** A short-lived link to an attachment of a message of this chat of this company; anything else is not found. */
export async function attachmentLink(companyId: string, chatId: string, attachmentId: string) {
  await findChat(companyId, chatId);
  const item = await getItem(keys.chatAttachment(companyId, attachmentId));
  const attachment = item ? chatAttachmentRecord.parse(item) : null;
  if (attachment?.status !== 'attached' || attachment.chatId !== chatId) throw notFound('ATTACHMENT_NOT_FOUND');
  const url = await presignDownload(chatAttachmentObjectKey(companyId, attachmentId), attachment.fileName, attachment.contentType);
  return { url, expiresInSeconds: downloadSeconds };
}

/** A company's chat and its newest messages, for either side. */
export async function chatWithMessages(companyId: string, chatId: string, before: string | undefined) {
  const [chat, page] = await Promise.all([findChat(companyId, chatId), chatMessagesOf(chatId, before)]);
  return { chat, ...page };
}
