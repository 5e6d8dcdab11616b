import * as z from 'zod/mini';
import { listQuerySchema, tableAnswerSchema } from './lists';
import { createUploadSchema, documentContentTypeSchema, documentLinkSchema } from './onboarding/documents';

/**
 * SPEC section 2 "Messaging": support chats between a company's users and the provider's admins. A chat belongs to
 * one company; `side` says who wrote a message (any of the company's users, or the provider). Unread counts are per
 * side: what the other side wrote since this side last opened the chat.
 */
export const chatStatuses = ['open', 'closed'] as const;
export type ChatStatus = (typeof chatStatuses)[number];
export const chatStatusSchema = /* @__PURE__ */ z.enum(chatStatuses);

export const chatSides = ['company', 'provider'] as const;
export type ChatSide = (typeof chatSides)[number];

/** How often an open messaging screen asks for new messages and unread counts. */
export const chatPollIntervalMs = 3_000;
/** A side that has not read a reply within this many minutes gets an e-mail about it. */
export const unseenReplyMailMinutes = 5;
export const maxAttachmentsPerMessage = 5;
export const messageTextMaxLength = 4_000;
export const chatSubjectMaxLength = 100;
/** How many of a chat's newest messages one read returns; older ones come with `before`. */
export const chatMessagesPageSize = 50;

export const chatSubjectSchema = /* @__PURE__ */ z.string({ error: 'REQUIRED' }).check(
  z.trim(),
  z.minLength(2, { error: 'TEXT_TOO_SHORT' }),
  z.maxLength(chatSubjectMaxLength, { error: 'TEXT_TOO_LONG' }),
);
export const messageTextSchema = /* @__PURE__ */ z.string().check(z.trim(), z.maxLength(messageTextMaxLength, { error: 'MESSAGE_TOO_LONG' }));
const attachmentIdsSchema = /* @__PURE__ */ z._default(z.array(z.uuid()).check(z.maxLength(maxAttachmentsPerMessage, { error: 'TOO_MANY_ATTACHMENTS' })), []);

function textOrAttachment(value: { text: string; attachmentIds: string[] }, context: z.core.$RefinementCtx): void {
  if (value.text.length === 0 && value.attachmentIds.length === 0) context.addIssue({ code: 'custom', path: ['text'], message: 'REQUIRED' });
}

/** A message: text, attachments (uploaded first, see createAttachmentUploadSchema), or both. */
export const postMessageSchema = /* @__PURE__ */ z.object({ text: z._default(messageTextSchema, ''), attachmentIds: attachmentIdsSchema }).check(z.superRefine(textOrAttachment));
export type PostMessage = z.infer<typeof postMessageSchema>;

/** New chat: a subject and its first message. */
export const createChatSchema = /* @__PURE__ */ z.object({ subject: chatSubjectSchema, text: z._default(messageTextSchema, ''), attachmentIds: attachmentIdsSchema }).check(z.superRefine(textOrAttachment));
export type CreateChat = z.infer<typeof createChatSchema>;

/** Attachments follow the onboarding documents' upload rules: images and PDF, 1 byte to 10,000,000 bytes, presigned POST. */
export const createAttachmentUploadSchema = /* @__PURE__ */ z.omit(createUploadSchema, { kind: true });
export type CreateAttachmentUpload = z.infer<typeof createAttachmentUploadSchema>;
export const attachmentUploadAnswerSchema = /* @__PURE__ */ z.object({ attachmentId: z.uuid(), url: z.string(), fields: z.record(z.string(), z.string()) });

export const attachmentSchema = /* @__PURE__ */ z.object({ attachmentId: z.string(), fileName: z.string(), contentType: documentContentTypeSchema, size: z.int() });
export type Attachment = z.infer<typeof attachmentSchema>;
/** A short-lived link to an attachment's bytes, as to an onboarding document's. */
export const attachmentLinkSchema = documentLinkSchema;

export const chatMessageSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  side: z.enum(chatSides),
  /** The writer's name as the other side sees it: a company user's name, or the provider's name for its admins. */
  authorName: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSummarySchema = /* @__PURE__ */ z.object({
  id: z.string(),
  subject: z.string(),
  status: chatStatusSchema,
  /** The last message's text, shortened; its attachments' names when it had no text. */
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  lastMessageSide: z.enum(chatSides),
  /** Messages of the other side this side has not read. */
  unread: z.int().check(z.nonnegative()),
  createdAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const adminChatSummarySchema = /* @__PURE__ */ z.extend(chatSummarySchema, { companyId: z.string(), companyName: z.string() });
export type AdminChatSummary = z.infer<typeof adminChatSummarySchema>;

/** Newest last message first; the admin inbox lists open chats first, then closed ones. */
export const chatsQuerySchema = /* @__PURE__ */ z.pick(listQuerySchema, { page: true, itemsPerPage: true });
export const chatsAnswerSchema = /* @__PURE__ */ tableAnswerSchema(chatSummarySchema);
export type ChatsAnswer = z.infer<typeof chatsAnswerSchema>;
export const adminChatsAnswerSchema = /* @__PURE__ */ tableAnswerSchema(adminChatSummarySchema);
export type AdminChatsAnswer = z.infer<typeof adminChatsAnswerSchema>;

/** One chat: its summary and its newest messages, oldest first; `before` (a message id) pages back. */
export const chatMessagesQuerySchema = /* @__PURE__ */ z.object({ before: z.optional(z.string().check(z.maxLength(80))) });
export const chatAnswerSchema = /* @__PURE__ */ z.object({ chat: chatSummarySchema, messages: z.array(chatMessageSchema), hasOlder: z.boolean() });
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;
export const adminChatAnswerSchema = /* @__PURE__ */ z.object({ chat: adminChatSummarySchema, messages: z.array(chatMessageSchema), hasOlder: z.boolean() });
export type AdminChatAnswer = z.infer<typeof adminChatAnswerSchema>;

/** The navigation's badge: unread messages over all of this side's chats. */
export const unreadAnswerSchema = /* @__PURE__ */ z.object({ unread: z.int().check(z.nonnegative()) });
export type UnreadAnswer = z.infer<typeof unreadAnswerSchema>;

export const chatParamsSchema = /* @__PURE__ */ z.object({ chatId: z.uuid() });
export const attachmentParamsSchema = /* @__PURE__ */ z.object({ chatId: z.uuid(), attachmentId: z.uuid() });
const companyIdSchema = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(64));
export const adminCompanyParamsSchema = /* @__PURE__ */ z.object({ companyId: companyIdSchema });
export const adminChatParamsSchema = /* @__PURE__ */ z.object({ companyId: companyIdSchema, chatId: z.uuid() });
export const adminAttachmentParamsSchema = /* @__PURE__ */ z.extend(adminChatParamsSchema, { attachmentId: z.uuid() });
export const chatStatusBodySchema = /* @__PURE__ */ z.object({ status: chatStatusSchema });
