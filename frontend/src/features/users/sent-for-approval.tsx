import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { Dialog } from '@frontend/components/dialog/dialog';

/**
 * What an action that waits for a second person's approval (issue 35) shows instead of its result: that it was sent,
 * what has not happened yet, and where the request is followed.
 */
export function SentForApproval({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  return (
    <Dialog open title={t('funds.approval.sentTitle')} onClose={onClose}>
      <div className="dialog__body">
        <Alert tone="success">{text}</Alert>
        <p>
          <Link to={paths.approvals}>{t('funds.approval.open')}</Link>
        </p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common:close')}
        </button>
      </div>
    </Dialog>
  );
}
