import { companyAuthor, postMessage } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.postMessage, async ({ caller, params, body }) => postMessage(caller.companyId, params.chatId, companyAuthor(caller), body));
