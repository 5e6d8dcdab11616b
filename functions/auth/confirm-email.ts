import { readConfirmationToken } from '@shared/account';
import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { activateProfile, findProfileByEmail } from '../users';
import { confirmAccount } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

export const handler = useCase(accountRoutes.confirmEmail, async ({ body }) => {
  const link = readConfirmationToken(body.token);
  if (!link) throw new DomainError(400, 'CONFIRMATION_LINK_INVALID');
  const profile = await findProfileByEmail(link.email);
  if (!profile) throw new DomainError(400, 'CONFIRMATION_LINK_INVALID');
  if (profile.status !== 'created') throw new DomainError(409, 'ALREADY_CONFIRMED');
  await confirmAccount(link.email, link.code);
  await activateProfile(profile.userId);
  return { email: link.email };
});
