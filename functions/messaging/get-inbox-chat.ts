import { adminChatSummaryOf, chatWithMessages } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.getInboxChat, async ({ params, query }) => {
  const found = await chatWithMessages(params.companyId, params.chatId, query.before);
  return { ...found, chat: adminChatSummaryOf(found.chat) };
});
