import { recordsInEachCompany } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { endEverySession } from './sessions';
import * as sessionRoutes from '@shared/api/routes/session-routes';

/** "Sign out on all devices": every session of the account ends, on every browser and device, this one included. */
export const handler = useCase(sessionRoutes.logOutEverywhere, async ({ caller }) => {
  const now = new Date();
  const records = recordsInEachCompany(caller.profile, caller.memberships, { action: 'user.sign_out_all', at: now.toISOString() });
  await endEverySession({ userId: caller.userId, email: caller.profile.email }, now, records);
  return { ok: true as const };
});
