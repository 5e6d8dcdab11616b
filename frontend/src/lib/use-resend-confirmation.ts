import { useCallback, useRef, useState } from 'react';
import { callApi } from './http';
import { failureCode } from './failure-code';

export type ResendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; code: string };

/**
 * Asks for a new e-mail confirmation link (POST /users/email/resend). The API answers the same whether or not
 * the address has an unconfirmed account, so 'sent' says only that the request went through.
 */
export function useResendConfirmation() {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const running = useRef(false);

  const send = useCallback(async (email: string) => {
    if (running.current) return;
    running.current = true;
    setState({ status: 'sending' });
    try {
      // The account routes (and their sign-up schemas) load only when someone asks for a link: not with /login.
      const accountRoutes = await import('@shared/api/routes/account-routes');
      await callApi(accountRoutes.resendConfirmation, { body: { email: email.trim() } });
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', code: failureCode(error, 'email') });
    } finally {
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, send, reset };
}
