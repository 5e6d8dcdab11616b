import { postMessage, providerAuthor } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /admin/companies/{companyId}/chats/{chatId}/messages', async ({ caller, params, body }) =>
  postMessage(params.companyId, params.chatId, providerAuthor(caller), body),
);
