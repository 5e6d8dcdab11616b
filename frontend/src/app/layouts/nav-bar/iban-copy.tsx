import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@frontend/components/copy-button/copy-button';
import { formatIban } from '@frontend/lib/format';

/** The top-up account IBAN with a copy button; the result is announced next to the button. */
export function IbanCopy({ iban }: { iban: string }) {
  const { t } = useTranslation('common');
  const labelId = useId();

  return (
    <div className="iban-copy">
      <span id={labelId} className="iban-copy__label">
        {t('topUp.ibanLabel')}
      </span>
      <span className="iban-copy__value" aria-labelledby={labelId} data-testid="top-up-iban">
        {formatIban(iban)}
      </span>
      <CopyButton value={iban} label={t('topUp.copy')} className="iban-copy__button" statusClassName="iban-copy__status" />
    </div>
  );
}
