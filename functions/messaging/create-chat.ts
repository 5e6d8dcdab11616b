import { chatSummaryOf, companyAuthor, createChat } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.createChat, async ({ caller, body }) => {
  const created = await createChat(caller.companyId, companyAuthor(caller), body);
  return { ...created, chat: chatSummaryOf(created.chat, 'company') };
});
