import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';
import {
  chatPollIntervalMs,
  type AdminChatSummary,
  type Attachment,
  type ChatMessage,
  type ChatSide,
  type ChatStatus,
  type ChatSummary,
  type CreateAttachmentUpload,
  type CreateChat,
  type PostMessage,
} from '@shared/messaging';
import { callApi } from '@frontend/lib/http';
import { chatsQueryKey, chatUnreadQueryKey, inboxQueryKey, inboxUnreadQueryKey } from '@frontend/lib/query-keys';

/** Which chat: the provider's side names the company in the path, the company's side has its own from the session. */
export interface ChatRef {
  companyId: string;
  chatId: string;
}

export interface ChatPage<Summary extends ChatSummary> {
  chat: Summary;
  messages: ChatMessage[];
  hasOlder: boolean;
}

/**
 * One side's view of the chats (a company's users, or the provider's admins in their inbox): the same screens talk
 * to either through this, so the two sides differ only in their routes and query keys.
 */
export interface ChatDesk<Summary extends ChatSummary> {
  side: ChatSide;
  /** The prefix of every query of this desk: invalidating it refreshes the list, the open chat and the badge. */
  rootKey: QueryKey;
  unreadKey: QueryKey;
  listQuery(page: number, itemsPerPage: number): ReturnType<typeof listQueryOf<Summary>>;
  chatQuery(ref: ChatRef): ReturnType<typeof chatQueryOf<Summary>>;
  chatKey(ref: ChatRef): QueryKey;
  refOf(summary: Summary): ChatRef;
  olderMessages(ref: ChatRef, before: string): Promise<ChatPage<Summary>>;
  postMessage(ref: ChatRef, body: PostMessage): Promise<ChatMessage>;
  markRead(ref: ChatRef): Promise<Summary>;
  createUpload(companyId: string, body: CreateAttachmentUpload): Promise<{ attachmentId: string; url: string; fields: Record<string, string> }>;
  attachmentLink(ref: ChatRef, attachment: Attachment): Promise<{ url: string }>;
}

function listQueryOf<Summary extends ChatSummary>(
  key: QueryKey,
  read: (query: { page: number; itemsPerPage: number }, signal: AbortSignal) => Promise<{ rows: Summary[]; totalPages: number; totalRecords: number }>,
  page: number,
  itemsPerPage: number,
) {
  return queryOptions({
    queryKey: [...key, 'list', page, itemsPerPage],
    queryFn: ({ signal }) => read({ page, itemsPerPage }, signal),
    // New messages show without a reload; TanStack pauses the interval while the tab is hidden.
    refetchInterval: chatPollIntervalMs,
    placeholderData: keepPreviousData,
  });
}

function chatQueryOf<Summary extends ChatSummary>(key: QueryKey, read: (signal: AbortSignal) => Promise<ChatPage<Summary>>) {
  return queryOptions({ queryKey: key, queryFn: ({ signal }) => read(signal), refetchInterval: chatPollIntervalMs });
}

/** The company side: the caller's current company, from the session (never from a path). */
export function companyDesk(companyId: string): ChatDesk<ChatSummary> {
  const rootKey = chatsQueryKey(companyId);
  const chatKey = (ref: ChatRef) => [...rootKey, 'chat', ref.chatId];
  return {
    side: 'company',
    rootKey,
    unreadKey: chatUnreadQueryKey(companyId),
    listQuery: (page, itemsPerPage) => listQueryOf(rootKey, (query, signal) => callApi(messagingRoutes.listChats, { query, signal }), page, itemsPerPage),
    chatQuery: (ref) => chatQueryOf(chatKey(ref), (signal) => callApi(messagingRoutes.getChat, { params: { chatId: ref.chatId }, signal })),
    chatKey,
    refOf: (summary) => ({ companyId, chatId: summary.id }),
    olderMessages: (ref, before) => callApi(messagingRoutes.getChat, { params: { chatId: ref.chatId }, query: { before } }),
    postMessage: (ref, body) => callApi(messagingRoutes.postMessage, { params: { chatId: ref.chatId }, body }),
    markRead: (ref) => callApi(messagingRoutes.markChatRead, { params: { chatId: ref.chatId } }),
    createUpload: (_companyId, body) => callApi(messagingRoutes.createAttachmentUpload, { body }),
    attachmentLink: (ref, attachment) =>
      callApi(messagingRoutes.getAttachmentLink, { params: { chatId: ref.chatId, attachmentId: attachment.attachmentId } }),
  };
}

export function createChat(body: CreateChat) {
  return callApi(messagingRoutes.createChat, { body });
}

/** The provider's inbox: every company's chats; the company comes from the chat's row. */
export function inboxDesk(): ChatDesk<AdminChatSummary> {
  const chatKey = (ref: ChatRef) => [...inboxQueryKey, 'chat', ref.companyId, ref.chatId];
  const params = (ref: ChatRef) => ({ companyId: ref.companyId, chatId: ref.chatId });
  return {
    side: 'provider',
    rootKey: inboxQueryKey,
    unreadKey: inboxUnreadQueryKey,
    listQuery: (page, itemsPerPage) => listQueryOf(inboxQueryKey, (query, signal) => callApi(messagingRoutes.listInboxChats, { query, signal }), page, itemsPerPage),
    chatQuery: (ref) => chatQueryOf(chatKey(ref), (signal) => callApi(messagingRoutes.getInboxChat, { params: params(ref), signal })),
    chatKey,
    refOf: (summary) => ({ companyId: summary.companyId, chatId: summary.id }),
    olderMessages: (ref, before) => callApi(messagingRoutes.getInboxChat, { params: params(ref), query: { before } }),
    postMessage: (ref, body) => callApi(messagingRoutes.postInboxMessage, { params: params(ref), body }),
    markRead: (ref) => callApi(messagingRoutes.markInboxChatRead, { params: params(ref) }),
    createUpload: (companyId, body) => callApi(messagingRoutes.createInboxAttachmentUpload, { params: { companyId }, body }),
    attachmentLink: (ref, attachment) =>
      callApi(messagingRoutes.getInboxAttachmentLink, { params: { ...params(ref), attachmentId: attachment.attachmentId } }),
  };
}

export function setInboxChatStatus(ref: ChatRef, status: ChatStatus) {
  return callApi(messagingRoutes.setInboxChatStatus, { params: { companyId: ref.companyId, chatId: ref.chatId }, body: { status } });
}
