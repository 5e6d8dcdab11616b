import { attachmentLink } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.getAttachmentLink, async ({ caller, params }) => attachmentLink(caller.companyId, params.chatId, params.attachmentId));
