import { unreadOf } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.getInboxUnread, async () => ({ unread: await unreadOf('provider', '') }));
