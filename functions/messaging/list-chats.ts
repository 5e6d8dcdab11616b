import { listCompanyChats } from '../platform/chats';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /chats', async ({ caller, query }) => listCompanyChats(caller.companyId, query));
