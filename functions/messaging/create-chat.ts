import { chatSummaryOf, companyAuthor, createChat } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /chats', async ({ caller, body }) => {
  const created = await createChat(caller.companyId, companyAuthor(caller), body);
  return { ...created, chat: chatSummaryOf(created.chat, 'company') };
});
