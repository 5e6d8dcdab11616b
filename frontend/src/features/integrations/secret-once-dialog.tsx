import { useTranslation } from 'react-i18next';
import { Alert } from '@frontend/components/alert/alert';
import { Dialog } from '@frontend/components/dialog/dialog';
import { CopyButton } from '@frontend/components/copy-button/copy-button';

interface SecretOnceDialogProps {
  title: string;
  /** Why it must be copied now: it is never shown again. */
  notice: string;
  label: string;
  copyLabel: string;
  secret: string;
  onClose: () => void;
}

/**
 * A secret the portal shows this once (an API key, a webhook signing secret), with Copy as the main action. The secret
 * wraps in a read-only text area rather than scrolling inside an input, so all of it is visible at any width.
 */
export function SecretOnceDialog({ title, notice, label, copyLabel, secret, onClose }: SecretOnceDialogProps) {
  const { t } = useTranslation('integrations');
  return (
    <Dialog open title={title} onClose={onClose}>
      <div className="dialog__body">
        <Alert tone="info">{notice}</Alert>
        <label className="field">
          <span className="field__label">{label}</span>
          <textarea className="field__input integrations-secret" readOnly rows={2} spellCheck={false} value={secret} onFocus={(event) => event.currentTarget.select()} />
        </label>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('keys.done')}
        </button>
        <CopyButton value={secret} label={copyLabel} className="button" statusClassName="copy-button__status integrations-secret__status" failedText={t('keys.copyFailed')} />
      </div>
    </Dialog>
  );
}
