import { adminChatSummaryOf, markChatRead } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /admin/companies/{companyId}/chats/{chatId}/read', async ({ params }) =>
  adminChatSummaryOf(await markChatRead(params.companyId, params.chatId, 'provider')),
);
