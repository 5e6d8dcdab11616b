import { useCallback, useRef, useState } from 'react';
import { failureCode } from './failure-code';

export type ResendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; code: string };

/**
 * The state of asking for a new e-mail confirmation link, around the page's own request (POST /users/email/resend,
 * through the portal's client or the sign-in page's calls). The API answers the same whether or not the address has
 * an unconfirmed account, so 'sent' says only that the request went through.
 */
export function useResendLink(request: (email: string) => Promise<void>) {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const running = useRef(false);

  const send = useCallback(
    async (email: string) => {
      if (running.current) return;
      running.current = true;
      setState({ status: 'sending' });
      try {
        await request(email.trim());
        setState({ status: 'sent' });
      } catch (error) {
        setState({ status: 'failed', code: failureCode(error, 'email') });
      } finally {
        running.current = false;
      }
    },
    [request],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, send, reset };
}
