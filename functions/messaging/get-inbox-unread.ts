import { unreadOf } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/chats/unread', async () => ({ unread: await unreadOf('provider', '') }));
