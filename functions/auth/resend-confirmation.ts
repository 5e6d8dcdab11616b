import { useCase } from '../platform/use-case';
import { resendConfirmation } from './cognito-accounts';

export const handler = useCase('POST /users/email/resend', async ({ body }) => {
  await resendConfirmation(body.email.toLowerCase());
  return { ok: true as const };
});
