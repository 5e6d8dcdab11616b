import { useCase } from '../platform/use-case';
import { findProfileByEmail } from '../users';
import { requestPasswordReset, resendConfirmation } from './cognito-accounts';
import * as accountRoutes from '@shared/api/routes/account-routes';

/**
 * Every address gets the same answer, so the form tells nobody which addresses have an account or which are
 * confirmed (issue 30). What arrives by e-mail is what the address's owner needs: a reset link; for an address not
 * confirmed yet, which Cognito cannot reset, the confirmation link again; for an unknown address, nothing.
 */
export const handler = useCase(accountRoutes.requestPasswordReset, async ({ body }) => {
  const email = body.email.toLowerCase();
  const profile = await findProfileByEmail(email);
  if (profile?.status === 'created') await resendConfirmation(email);
  else await requestPasswordReset(email);
  return { ok: true as const };
});
