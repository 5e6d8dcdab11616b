import { chatSummaryOf, markChatRead } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /chats/{chatId}/read', async ({ caller, params }) => chatSummaryOf(await markChatRead(caller.companyId, params.chatId, 'company'), 'company'));
