import {
  adminAttachmentParamsSchema,
  adminChatAnswerSchema,
  adminChatParamsSchema,
  adminChatSummarySchema,
  adminChatsAnswerSchema,
  adminCompanyParamsSchema,
  attachmentLinkSchema,
  attachmentParamsSchema,
  attachmentUploadAnswerSchema,
  chatAnswerSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatParamsSchema,
  chatsAnswerSchema,
  chatsQuerySchema,
  chatStatusBodySchema,
  chatSummarySchema,
  createAttachmentUploadSchema,
  createChatSchema,
  postMessageSchema,
  unreadAnswerSchema,
} from '../../messaging';
import type { RouteDefinition } from '../route-definition';

const member = { kind: 'member', minRole: 'accountant' } as const;
const providerAdmin = { kind: 'provider-admin' } as const;

/**
 * SPEC section 2 "Messaging": a company's users chat with the provider (every role may, a company in onboarding too);
 * the provider's admins answer every company's chats from their inbox. The company always comes from the caller's
 * membership on the company side, and from the path only on the provider's side.
 */
export const listChats = { method: 'GET', path: '/chats', handler: 'messaging/list-chats', access: member, query: chatsQuerySchema, answer: chatsAnswerSchema } as const satisfies RouteDefinition;

export const createChat = { method: 'POST', path: '/chats', handler: 'messaging/create-chat', access: member, body: createChatSchema, answer: chatAnswerSchema } as const satisfies RouteDefinition;

export const getUnreadMessages = { method: 'GET', path: '/chats/unread', handler: 'messaging/get-unread-messages', access: member, answer: unreadAnswerSchema } as const satisfies RouteDefinition;

export const createAttachmentUpload = {
  method: 'POST',
  path: '/chats/attachments',
  handler: 'messaging/create-attachment-upload',
  access: member,
  body: createAttachmentUploadSchema,
  answer: attachmentUploadAnswerSchema,
} as const satisfies RouteDefinition;

export const getChat = { method: 'GET', path: '/chats/{chatId}', handler: 'messaging/get-chat', access: member, params: chatParamsSchema, query: chatMessagesQuerySchema, answer: chatAnswerSchema } as const satisfies RouteDefinition;

export const postMessage = {
  method: 'POST',
  path: '/chats/{chatId}/messages',
  handler: 'messaging/post-message',
  access: member,
  params: chatParamsSchema,
  body: postMessageSchema,
  answer: chatMessageSchema,
} as const satisfies RouteDefinition;

export const markChatRead = { method: 'POST', path: '/chats/{chatId}/read', handler: 'messaging/mark-chat-read', access: member, params: chatParamsSchema, answer: chatSummarySchema } as const satisfies RouteDefinition;

export const getAttachmentLink = {
  method: 'GET',
  path: '/chats/{chatId}/attachments/{attachmentId}',
  handler: 'messaging/get-attachment-link',
  access: member,
  params: attachmentParamsSchema,
  answer: attachmentLinkSchema,
} as const satisfies RouteDefinition;

export const listInboxChats = { method: 'GET', path: '/admin/chats', handler: 'messaging/list-inbox-chats', access: providerAdmin, query: chatsQuerySchema, answer: adminChatsAnswerSchema } as const satisfies RouteDefinition;

export const getInboxUnread = { method: 'GET', path: '/admin/chats/unread', handler: 'messaging/get-inbox-unread', access: providerAdmin, answer: unreadAnswerSchema } as const satisfies RouteDefinition;

export const createInboxAttachmentUpload = {
  method: 'POST',
  path: '/admin/companies/{companyId}/chats/attachments',
  handler: 'messaging/create-inbox-attachment-upload',
  access: providerAdmin,
  params: adminCompanyParamsSchema,
  body: createAttachmentUploadSchema,
  answer: attachmentUploadAnswerSchema,
} as const satisfies RouteDefinition;

export const getInboxChat = {
  method: 'GET',
  path: '/admin/companies/{companyId}/chats/{chatId}',
  handler: 'messaging/get-inbox-chat',
  access: providerAdmin,
  params: adminChatParamsSchema,
  query: chatMessagesQuerySchema,
  answer: adminChatAnswerSchema,
} as const satisfies RouteDefinition;

export const postInboxMessage = {
  method: 'POST',
  path: '/admin/companies/{companyId}/chats/{chatId}/messages',
  handler: 'messaging/post-inbox-message',
  access: providerAdmin,
  params: adminChatParamsSchema,
  body: postMessageSchema,
  answer: chatMessageSchema,
} as const satisfies RouteDefinition;

export const markInboxChatRead = {
  method: 'POST',
  path: '/admin/companies/{companyId}/chats/{chatId}/read',
  handler: 'messaging/mark-inbox-chat-read',
  access: providerAdmin,
  params: adminChatParamsSchema,
  answer: adminChatSummarySchema,
} as const satisfies RouteDefinition;

export const setInboxChatStatus = {
  method: 'POST',
  path: '/admin/companies/{companyId}/chats/{chatId}/status',
  handler: 'messaging/set-inbox-chat-status',
  access: providerAdmin,
  params: adminChatParamsSchema,
  body: chatStatusBodySchema,
  answer: adminChatSummarySchema,
} as const satisfies RouteDefinition;

export const getInboxAttachmentLink = {
  method: 'GET',
  path: '/admin/companies/{companyId}/chats/{chatId}/attachments/{attachmentId}',
  handler: 'messaging/get-inbox-attachment-link',
  access: providerAdmin,
  params: adminAttachmentParamsSchema,
  answer: attachmentLinkSchema,
} as const satisfies RouteDefinition;
