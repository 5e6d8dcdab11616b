import { useQuery } from '@tanstack/react-query';
import { Link, generatePath } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import type { QueueEntry } from '@shared/onboarding/application';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
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
  const columns: DataTableColumn<QueueEntry>[] = [
    {
      id: 'company',
      header: t('queue.company'),
      rowHeader: true,
      truncate: (row) => row.companyName,
      cell: (row) => <Link to={generatePath(paths.adminApplication, { companyId: row.companyId })}>{row.companyName}</Link>,
    },
    { id: 'registrationNumber', header: t('queue.registrationNumber'), cell: (row) => row.registrationNumber },
    { id: 'status', header: t('queue.status'), cell: (row) => <StatusBadge tone={statusTone('company', row.status)}>{t(`status.${row.status}`)}</StatusBadge> },
    { id: 'submitted', header: t('queue.submitted'), cell: (row) => (row.submittedAt ? formatDate(row.submittedAt, { withTime: true }) : '—') },
    {
      id: 'waiting',
      header: t('queue.waiting'),
      cell: (row) => (row.status === 'pending_approval' && row.submittedAt ? waitingFor(row.submittedAt, language) : '—'),
    },
  ];
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
        <DataTable
          caption={t('queue.title')}
          columns={columns}
          rows={queue.data.rows}
          rowKey={(row) => row.companyId}
          loading={false}
          skeletonRows={0}
        />
      )}
    </div>
  );
}
