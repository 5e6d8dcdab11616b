import { readConfirmationToken } from '@shared/account';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { activateProfile, findProfileByEmail } from '../users';
import { confirmAccount } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * The e-mailed link confirms its address. A link anyone could craft (an address and a guessed code) must not tell
 * whether the address has an account, or a confirmed one: an unknown address, a confirmed one and a wrong or
 * replaced code all answer 410 CONFIRMATION_LINK_EXPIRED alike (issue 30). Only an unreadable link says so.
 */
export const handler = useCase(accountRoutes.confirmEmail, async ({ body }) => {
  const link = readConfirmationToken(body.token);
  if (!link) throw new DomainError(400, 'CONFIRMATION_LINK_INVALID');
  const profile = await findProfileByEmail(link.email);
  if (!profile || profile.status !== 'created') throw new DomainError(410, 'CONFIRMATION_LINK_EXPIRED');
  await confirmAccount(link.email, link.code);
  await activateProfile(profile.userId);
  return { email: link.email };
});
