import { listInboxChats } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/chats', async ({ query }) => listInboxChats(query));
