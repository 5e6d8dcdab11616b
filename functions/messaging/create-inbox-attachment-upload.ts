import { notFound } from '../platform/errors';
import { createAttachmentUpload, providerAuthor } from './chats';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.createInboxAttachmentUpload, async ({ caller, params, body }) => {
  if (!(await getItem(keys.company(params.companyId)))) throw notFound('COMPANY_NOT_FOUND');
  return createAttachmentUpload(params.companyId, providerAuthor(caller), body);
});
