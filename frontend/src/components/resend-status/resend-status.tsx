import { useTranslation } from 'react-i18next';
import { Alert } from '@frontend/components/alert/alert';
import { errorCodeText } from '@frontend/lib/error-text';
import type { ResendState } from '@frontend/lib/use-resend-confirmation';
import './resend-status.css';

/**
 * The outcome of asking for a new confirmation link. The status region is there before the answer, so a
 * screen reader announces 'We sent a new link.' when it appears; a failure is an alert.
 */
export function ResendStatus({ state }: { state: ResendState }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <>
      <p role="status" className="resend-status">
        {state.status === 'sent' ? t('common:confirmationLink.sent') : ''}
      </p>
      {state.status === 'failed' && <Alert>{errorCodeText(t, state.code)}</Alert>}
    </>
  );
}

/** A "send a new confirmation link" button with its outcome, for a screen that already holds the hook's state. */
export function ResendLinkButton({
  label,
  email,
  resend,
}: {
  label: string;
  email: string;
  resend: { state: ResendState; send: (email: string) => Promise<void> };
}) {
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
      <ResendStatus state={resend.state} />
    </div>
  );
}
