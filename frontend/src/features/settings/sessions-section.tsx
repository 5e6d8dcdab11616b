import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { errorCodeText } from '@frontend/lib/error-text';
import { failureCode } from '@frontend/lib/failure-code';
import { useSession } from '@frontend/lib/session/session-context';

/**
 * "Sign out on all devices" (DESIGN section 6): the bar's "Log out" ends this browser's session only; this ends every
 * session of the account, on every device, this one included, after a confirmation.
 */
export function SessionsSection() {
  const { t } = useTranslation(['settings', 'errors']);
  const titleId = useId();
  const { logoutEverywhere } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const endAll = () => {
    setEnding(true);
    setFailure(null);
    logoutEverywhere('all-devices').catch((error: unknown) => {
      setEnding(false);
      setConfirming(false);
      setFailure(failureCode(error));
    });
  };

  return (
    <section className="panel settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings:sessions.title')}</h2>
      <p className="settings-text">{t('settings:sessions.text')}</p>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {t('settings:sessions.endAll')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('settings:sessions.confirmTitle')}
        confirmLabel={t('settings:sessions.endAll')}
        cancelLabel={t('settings:sessions.cancel')}
        busy={ending}
        destructive
        onConfirm={endAll}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('settings:sessions.confirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}
