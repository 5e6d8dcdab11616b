import { chatSummaryOf, markChatRead } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.markChatRead, async ({ caller, params }) => chatSummaryOf(await markChatRead(caller.companyId, params.chatId, 'company'), 'company'));
