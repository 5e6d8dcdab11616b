import { readConfirmationToken } from '@shared/account';
import { DomainError } from '../platform/errors';
import { endEverySession, findProfileByEmail } from '../users';
import { useCase } from '../platform/use-case';
import { resetPassword } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

export const handler = useCase(accountRoutes.resetPassword, async ({ body }) => {
  const link = readConfirmationToken(body.token);
  if (!link) throw new DomainError(400, 'RESET_LINK_INVALID');
  await resetPassword(link.email, link.code, body.password);
  // Whoever knew the old password is signed out everywhere, a stolen refresh token included (Cognito keeps those
  // alive through a reset unless told).
  const profile = await findProfileByEmail(link.email);
  if (profile) await endEverySession(profile, new Date());
  return { email: link.email };
});
