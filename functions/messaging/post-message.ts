import { companyAuthor, postMessage } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /chats/{chatId}/messages', async ({ caller, params, body }) => postMessage(caller.companyId, params.chatId, companyAuthor(caller), body));
