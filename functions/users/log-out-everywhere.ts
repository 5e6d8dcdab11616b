import { useCase } from '../platform/use-case';
import { endEverySession } from './sessions';
import * as sessionRoutes from '@shared/api/routes/session-routes';

/** "Sign out on all devices": every session of the account ends, on every browser and device, this one included. */
export const handler = useCase(sessionRoutes.logOutEverywhere, async ({ caller }) => {
  await endEverySession({ userId: caller.userId, email: caller.profile.email }, new Date());
  return { ok: true as const };
});
