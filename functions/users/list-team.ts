import { useCase } from '../platform/use-case';
import { listMembers } from './team-store';
import * as teamRoutes from '@shared/api/routes/team-routes';

export const handler = useCase(teamRoutes.listTeam, async ({ caller }) => ({ members: await listMembers(caller.companyId) }));
