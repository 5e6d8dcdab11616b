import { adminChatSummaryOf, markChatRead } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.markInboxChatRead, async ({ params }) =>
  adminChatSummaryOf(await markChatRead(params.companyId, params.chatId, 'provider')),
);
