import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@frontend/lib/format';
import { useCopyToClipboard } from '@frontend/lib/use-copy-to-clipboard';

/** The top-up account IBAN with a copy button; the result is announced next to the button. */
export function IbanCopy({ iban }: { iban: string }) {
  const { t } = useTranslation('common');
  const { state, copy } = useCopyToClipboard();
  const labelId = useId();

  return (
    <div className="iban-copy">
      <span id={labelId} className="iban-copy__label">
        {t('topUp.ibanLabel')}
      </span>
      <span className="iban-copy__value" aria-labelledby={labelId} data-testid="top-up-iban">
        {formatIban(iban)}
      </span>
      <button type="button" className="iban-copy__button" onClick={() => void copy(iban)}>
        {t('topUp.copy')}
      </button>
      <span className="iban-copy__status" role="status">
        {state === 'copied' ? t('topUp.copied') : state === 'failed' ? t('topUp.copyFailed') : ''}
      </span>
    </div>
  );
}
