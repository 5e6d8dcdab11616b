import { adminChatSummaryOf, chatWithMessages } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/companies/{companyId}/chats/{chatId}', async ({ params, query }) => {
  const found = await chatWithMessages(params.companyId, params.chatId, query.before);
  return { ...found, chat: adminChatSummaryOf(found.chat) };
});
