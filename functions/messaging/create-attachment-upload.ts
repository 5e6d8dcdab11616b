import { companyAuthor, createAttachmentUpload } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.createAttachmentUpload, async ({ caller, body }) => createAttachmentUpload(caller.companyId, companyAuthor(caller), body));
