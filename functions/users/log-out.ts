import { recordsInEachCompany } from '../platform/audit';
import { unauthorized } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { endSession } from './sessions';
import * as sessionRoutes from '@shared/api/routes/session-routes';

/** This browser's session ends; the browser revokes its refresh token with Cognito (Amplify's signOut). */
export const handler = useCase(sessionRoutes.logOut, async ({ caller }) => {
  if (!caller.session) throw unauthorized();
  const now = new Date();
  await endSession({ userId: caller.userId, ...caller.session }, now, recordsInEachCompany(caller.profile, caller.memberships, { action: 'user.sign_out', at: now.toISOString() }));
  return { ok: true as const };
});
