import { unreadOf } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.getUnreadMessages, async ({ caller }) => ({ unread: await unreadOf('company', caller.companyId) }));
