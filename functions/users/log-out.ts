import { endSessions } from '../platform/sessions';
import { useCase } from '../platform/use-case';

export const handler = useCase('POST /logout', async ({ caller }) => {
  await endSessions(caller.userId, new Date());
  return { ok: true as const };
});
