import { adminChatSummaryOf, setChatStatus } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /admin/companies/{companyId}/chats/{chatId}/status', async ({ params, body }) =>
  adminChatSummaryOf(await setChatStatus(params.companyId, params.chatId, body.status)),
);
