import { actorOfCaller } from '../platform/audit';
import { adminChatSummaryOf, setChatStatus } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.setInboxChatStatus, async ({ caller, params, body }) =>
  adminChatSummaryOf(await setChatStatus(params.companyId, params.chatId, body.status, actorOfCaller(caller, 'admin'))),
);
