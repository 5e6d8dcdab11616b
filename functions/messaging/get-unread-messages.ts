import { unreadOf } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /chats/unread', async ({ caller }) => ({ unread: await unreadOf('company', caller.companyId) }));
