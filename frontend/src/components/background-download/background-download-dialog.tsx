import { useTranslation } from 'react-i18next';
import { Dialog } from '@frontend/components/dialog/dialog';
import type { BackgroundDownload } from './use-background-download';
import './background-download.css';

/**
 * The modal of a background download (SPEC section 4): the seconds left while the file is made, 'Download started'
 * when the browser has it, or the e-mail notice. Reusable by any list with a CSV download.
 */
export function BackgroundDownloadDialog({ download }: { download: BackgroundDownload }) {
  const { t } = useTranslation('common');
  const { state, close } = download;
  return (
    <Dialog open={state.step !== 'idle'} title={t('download.title')} onClose={close}>
      <div className="dialog__body background-download">
        {(state.step === 'requesting' || state.step === 'fetching') && (
          <p role="status">
            {t(state.step === 'requesting' ? 'download.requesting' : 'download.fetching')}
          </p>
        )}
        {state.step === 'counting' && (
          <>
            <p>{t('download.preparing')}</p>
            <p className="background-download__seconds" aria-live="polite" aria-atomic="true">
              {t('download.secondsLeft', { count: state.secondsLeft })}
            </p>
          </>
        )}
        {state.step === 'started' && (
          <p role="status" className="background-download__done">
            {t('download.started', { fileName: state.fileName })}
          </p>
        )}
        {state.step === 'emailed' && (
          <div role="status">
            <p>{state.email ? t('download.emailedTo', { email: state.email }) : t('download.emailed')}</p>
            <p>{t('download.reports')}</p>
          </div>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
