import { readConfirmationToken } from '@shared/account';
import { recordsInEachCompany } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { endEverySession, findProfileByEmail, membershipsOfUser } from '../users';
import { useCase } from '../platform/use-case';
import { resetPassword } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

export const handler = useCase(accountRoutes.resetPassword, async ({ body }) => {
  const link = readConfirmationToken(body.token);
  if (!link) throw new DomainError(400, 'RESET_LINK_INVALID');
  await resetPassword(link.email, link.code, body.password);
  // Whoever knew the old password is signed out everywhere, a stolen refresh token included (Cognito keeps those
  // alive through a reset unless told). The reset is Cognito's; its audit record in each of the person's companies is
  // written right after, in the same transaction as the end of their sessions.
  const profile = await findProfileByEmail(link.email);
  if (profile) {
    const now = new Date();
    const memberships = await membershipsOfUser(profile.userId);
    await endEverySession(profile, now, recordsInEachCompany(profile, memberships, { action: 'user.password_reset', at: now.toISOString() }));
  }
  return { email: link.email };
});
