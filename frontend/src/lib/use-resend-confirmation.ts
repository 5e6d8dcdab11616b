import { callApi } from './http';
import { useResendLink } from './use-resend-link';

export type { ResendState } from './use-resend-link';

async function requestLink(email: string): Promise<void> {
  // The account routes (and their sign-up schemas) load only when someone asks for a link.
  const accountRoutes = await import('@shared/api/routes/account-routes');
  await callApi(accountRoutes.resendConfirmation, { body: { email } });
}

/** Asks for a new e-mail confirmation link (POST /users/email/resend) with the portal's API client. */
export function useResendConfirmation() {
  return useResendLink(requestLink);
}
