import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feeRoutes } from '@shared/api/routes/fee-routes';
import { moneyRoutes } from '@shared/api/routes/money-routes';
import { formatDate } from '@shared/dates';
import type { AccountEntry } from '@shared/ledger';
import { formatEur } from '@shared/money';
import { Alert } from '@frontend/components/alert/alert';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { errorCodeText } from '@frontend/lib/error-text';
import { ApiError, callApi } from '@frontend/lib/http';
import { uiLanguage } from '@frontend/lib/i18n';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { TopUpPanel } from './top-up-panel';
import './dashboard-screen.css';

/** SPEC section 2 "Dashboard"; balances, turnover and last transactions arrive with their API. */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        lead={profile ? t('welcome', { name: `${profile.name} ${profile.surname}`.trim() }) : undefined}
      />
      <div className="dashboard-grid">
        <TopUpPanel />
        <Balances />
        <AccountActivity />
        <EmptyState title={t('empty.title')}>
          <p>{t('empty.text')}</p>
        </EmptyState>
      </div>
    </div>
  );
}

/** Total available and total reserved of the company's main account (integer cents, formatted here). */
function Balances() {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const account = useQuery({ queryKey: ['accounts', 'main'], queryFn: ({ signal }) => callApi(moneyRoutes.getMainAccount, { signal }) });
  const language = uiLanguage(i18n);
  return (
    <section className="panel dashboard-balances" aria-labelledby="dashboard-balances" aria-busy={account.isPending}>
      <h2 id="dashboard-balances">{t('balances.title')}</h2>
      {account.isPending ? (
        <div className="skeleton skeleton--line" aria-hidden="true" />
      ) : account.isError ? (
        <Alert>{errorCodeText(t, account.error instanceof ApiError ? account.error.code : 'INTERNAL')}</Alert>
      ) : (
        <dl className="dashboard-balances__list">
          <div>
            <dt>{t('balances.available')}</dt>
            <dd>{formatEur(account.data.availableCents, language)}</dd>
          </div>
          <div>
            <dt>{t('balances.reserved')}</dt>
            <dd>{formatEur(account.data.reservedCents, language)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

const latestEntries = 10;

/** The main account's latest ledger lines: fees charged to it and card balances that came back to it. */
function AccountActivity() {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const language = uiLanguage(i18n);
  const entries = useQuery({
    queryKey: ['accounts', 'main', 'entries', latestEntries],
    queryFn: ({ signal }) => callApi(feeRoutes.listAccountEntries, { query: { itemsPerPage: latestEntries }, signal }),
  });
  const columns: DataTableColumn<AccountEntry>[] = [
    { id: 'at', header: t('activity.date'), cell: (entry) => formatDate(entry.at) },
    { id: 'kind', header: t('activity.kind'), cell: (entry) => t(`activity.kinds.${entry.kind}`) },
    { id: 'description', header: t('activity.description'), cell: (entry) => entry.description },
    { id: 'amount', header: t('activity.amount'), align: 'end', cell: (entry) => formatEur(entry.amountCents, language) },
  ];
  return (
    <section className="panel dashboard-activity" aria-labelledby="dashboard-activity">
      <h2 id="dashboard-activity">{t('activity.title')}</h2>
      {entries.isError ? (
        <Alert>{errorCodeText(t, entries.error instanceof ApiError ? entries.error.code : 'INTERNAL')}</Alert>
      ) : (
        <DataTable
          caption={t('activity.caption')}
          columns={columns}
          rows={entries.data?.rows ?? []}
          rowKey={(entry) => entry.id}
          loading={entries.isPending}
          skeletonRows={3}
          empty={<p className="dashboard-activity__empty">{t('activity.empty')}</p>}
        />
      )}
    </section>
  );
}
