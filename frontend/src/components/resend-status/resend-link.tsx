import { Alert } from '@frontend/components/alert/alert';
import { errorCodeText } from '@frontend/lib/error-text';
import type { Translate } from '@frontend/lib/lite-i18n';
import type { ResendState } from '@frontend/lib/use-resend-link';
import './resend-status.css';

/**
 * The outcome of asking for a new confirmation link, translated by the page's `t` (i18next's in the portal, the
 * sign-in page's own). The status region is there before the answer, so a screen reader announces 'We sent a new
 * link.' when it appears; a failure is an alert.
 */
export function ResendOutcome({ state, t }: { state: ResendState; t: Translate }) {
  return (
    <>
      <p role="status" className="resend-status">
        {state.status === 'sent' ? t('common:confirmationLink.sent') : ''}
      </p>
      {state.status === 'failed' && <Alert>{errorCodeText(t, state.code)}</Alert>}
    </>
  );
}

export interface ResendLinkProps {
  label: string;
  email: string;
  resend: { state: ResendState; send: (email: string) => Promise<void> };
  t: Translate;
}

/** A "send a new confirmation link" button with its outcome, for a screen that already holds the hook's state. */
export function ResendLink({ label, email, resend, t }: ResendLinkProps) {
  const sending = resend.state.status === 'sending';
  return (
    <div className="resend-link">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={sending}
        aria-busy={sending}
        onClick={() => void resend.send(email)}
      >
        {label}
      </button>
      <ResendOutcome state={resend.state} t={t} />
    </div>
  );
}
