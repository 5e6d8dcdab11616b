import { listCompanyChats } from './chats';
import { useCase } from '../platform/use-case';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';

export const handler = useCase(messagingRoutes.listChats, async ({ caller, query }) => listCompanyChats(caller.companyId, query));
