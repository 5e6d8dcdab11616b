import { chatSummaryOf, chatWithMessages } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.getChat, async ({ caller, params, query }) => {
  const found = await chatWithMessages(caller.companyId, params.chatId, query.before);
  return { ...found, chat: chatSummaryOf(found.chat, 'company') };
});
