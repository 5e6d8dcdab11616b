import { chatSummaryOf, chatWithMessages } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /chats/{chatId}', async ({ caller, params, query }) => {
  const found = await chatWithMessages(caller.companyId, params.chatId, query.before);
  return { ...found, chat: chatSummaryOf(found.chat, 'company') };
});
