import { companyAuthor, createAttachmentUpload } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /chats/attachments', async ({ caller, body }) => createAttachmentUpload(caller.companyId, companyAuthor(caller), body));
