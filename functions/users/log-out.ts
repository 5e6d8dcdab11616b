import { endSessions } from './sessions';
import { useCase } from '../platform/use-case';
import * as sessionRoutes from '@shared/api/routes/session-routes';

export const handler = useCase(sessionRoutes.logOut, async ({ caller }) => {
  await endSessions(caller.userId, new Date());
  return { ok: true as const };
});
