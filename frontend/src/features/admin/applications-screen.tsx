import { useQuery } from '@tanstack/react-query';
import { Link, generatePath } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { uiLanguage } from '@frontend/lib/i18n';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { queueQueryOptions } from './review-api';
import { waitingFor } from './waiting-for';
import './admin.css';

/** /admin: the applications, waiting ones first and the oldest of them on top. */
export function ApplicationsScreen() {
  const { t, i18n } = useTranslation('admin');
  useDocumentTitle(t('queue.title'));
  const queue = useQuery(queueQueryOptions());
  const language = uiLanguage(i18n);
  return (
    <div className="page">
      <PageHeader title={t('queue.title')} lead={t('queue.lead')} />
      {queue.isPending ? (
        <ContentLoader />
      ) : queue.isError ? (
        <Alert>
          {t('queue.failed')}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => void queue.refetch()}>
            {t('common:retry')}
          </button>
        </Alert>
      ) : queue.data.rows.length === 0 ? (
        <EmptyState title={t('queue.empty')}>
          <p>{t('queue.emptyText')}</p>
        </EmptyState>
      ) : (
        <div className="panel admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('queue.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.company')}</th>
                <th scope="col">{t('queue.registrationNumber')}</th>
                <th scope="col">{t('queue.status')}</th>
                <th scope="col">{t('queue.submitted')}</th>
                <th scope="col">{t('queue.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.rows.map((row) => (
                <tr key={row.companyId}>
                  <td>
                    <Link to={generatePath(paths.adminApplication, { companyId: row.companyId })}>{row.companyName}</Link>
                  </td>
                  <td>{row.registrationNumber}</td>
                  <td>
                    <StatusBadge tone={statusTone('company', row.status)}>{t(`status.${row.status}`)}</StatusBadge>
                  </td>
                  <td>{row.submittedAt ? formatDate(row.submittedAt, { withTime: true }) : '—'}</td>
                  <td>{row.status === 'pending_approval' && row.submittedAt ? waitingFor(row.submittedAt, language) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
