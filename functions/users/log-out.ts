import { useCase } from '../platform/use-case';
import { revokeSessions } from './user-repository';

export const handler = useCase('POST /logout', async ({ caller }) => {
  await revokeSessions(caller.userId, new Date());
  return { ok: true as const };
});
