import { readConfirmationToken } from '@shared/account';
import { recordsInEachCompany } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { activateProfile, findProfileByEmail, membershipsOfUser } from '../users';
import { confirmAccount } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * The e-mailed link confirms its address. A link anyone could craft (an address and a guessed code) must not tell
 * whether the address has an account, or a confirmed one: an unknown address, a confirmed one and a wrong or
 * replaced code all answer 410 CONFIRMATION_LINK_EXPIRED alike (issue 30). Only an unreadable link says so. Cognito
 * confirms first; the profile's activation right after carries the confirmation's audit record in each of the
 * user's companies, in one transaction (the SDK retries a failing write; one that still fails fails the request).
 */
export const handler = useCase(accountRoutes.confirmEmail, async ({ body }) => {
  const link = readConfirmationToken(body.token);
  if (!link) throw new DomainError(400, 'CONFIRMATION_LINK_INVALID');
  const profile = await findProfileByEmail(link.email);
  if (!profile || profile.status !== 'created') throw new DomainError(410, 'CONFIRMATION_LINK_EXPIRED');
  await confirmAccount(link.email, link.code);
  const memberships = await membershipsOfUser(profile.userId);
  await activateProfile(profile.userId, recordsInEachCompany(profile, memberships, { action: 'user.email_confirmed', after: { email: link.email }, at: new Date().toISOString() }));
  return { email: link.email };
});
