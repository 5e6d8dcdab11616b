import { useCase } from '../platform/use-case';
import { listMembers } from './team-store';

export const handler = useCase('GET /team', async ({ caller }) => ({ members: await listMembers(caller.companyId) }));
