import { attachmentLink } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /chats/{chatId}/attachments/{attachmentId}', async ({ caller, params }) => attachmentLink(caller.companyId, params.chatId, params.attachmentId));
