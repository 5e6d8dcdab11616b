import { attachmentLink } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/companies/{companyId}/chats/{chatId}/attachments/{attachmentId}', async ({ params }) =>
  attachmentLink(params.companyId, params.chatId, params.attachmentId),
);
