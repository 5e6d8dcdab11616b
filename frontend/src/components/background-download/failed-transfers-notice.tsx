import { useTranslation } from 'react-i18next';
import './background-download.css';

/**
 * SPEC section 4 (background export): under a funding result with refused rows, where to find them later. The
 * reports worker lists a file's refused rows in the funding report (Reporting, type "funding").
 */
export function FailedTransfersNotice() {
  const { t } = useTranslation('common');
  return <p className="background-download__notice">{t('download.failedTransfers')}</p>;
}
