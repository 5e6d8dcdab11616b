import { DomainError } from '../platform/errors';
import { useCase } from '../platform/use-case';
import { findProfileByEmail } from '../users';
import { requestPasswordReset } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

export const handler = useCase(accountRoutes.requestPasswordReset, async ({ body }) => {
  const email = body.email.toLowerCase();
  // A user who never confirmed the e-mail is told so (SPEC section 8); Cognito would refuse the reset anyway.
  const profile = await findProfileByEmail(email);
  if (profile?.status === 'created') throw new DomainError(409, 'EMAIL_NOT_CONFIRMED');
  await requestPasswordReset(email);
  return { ok: true as const };
});
