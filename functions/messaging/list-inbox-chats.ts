import { listInboxChats } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.listInboxChats, async ({ query }) => listInboxChats(query));
