import { useCase } from '../platform/use-case';
import { requireCompany } from './current-company';
import { listMembers } from './team-store';

export const handler = useCase('GET /team', async ({ caller }) => ({ members: await listMembers(requireCompany(caller)) }));
