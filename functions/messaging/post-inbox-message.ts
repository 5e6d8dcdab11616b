import { postMessage, providerAuthor } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.postInboxMessage, async ({ caller, params, body }) =>
  postMessage(params.companyId, params.chatId, providerAuthor(caller), body),
);
