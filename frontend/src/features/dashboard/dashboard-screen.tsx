import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as feeRoutes from '@shared/api/routes/fee-routes';
import type { AccountEntry } from '@shared/ledger';
import { defaultPeriod, type Period } from '@shared/lists';
import { Alert } from '@frontend/components/alert/alert';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { PeriodSelect } from '@frontend/components/data-table/period-select';
import { errorCodeText } from '@frontend/lib/error-text';
import { errorCodeOf } from '@frontend/lib/api-error';
import { callApi } from '@frontend/lib/http';
import { useFormat } from '@frontend/lib/format';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { ValueSkeleton } from '@frontend/components/loaders/value-skeleton';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { dashboardQueryKey, summaryQuery, turnoverQuery } from './dashboard-api';
import { DashboardNotices } from './dashboard-notices';
import { LastTransactions } from './last-transactions';
import { TopUpPanel } from './top-up-panel';
import { TurnoverChart } from './turnover-chart';
import './dashboard-screen.css';

/**
 * SPEC section 2 "Dashboard": balances, the monthly turnover, the last transactions, account activity and top-up by
 * bank transfer.
 */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        lead={profile ? t('welcome', { name: `${profile.name} ${profile.surname}`.trim() }) : undefined}
      />
      {/* The main account first at every width (it answers "how much do we have"); the top-up panel beside it and the
          turnover from 1024 px, below it on narrower screens. The notices come after both, over the turnover: they
          arrive with their queries, and arriving there they move neither the balance nor where to top up. */}
      <div className="dashboard-grid">
        <Balances companyId={companyId} />
        <TopUpPanel />
        <div className="dashboard-stack">
          <DashboardNotices companyId={companyId} />
          <Turnover companyId={companyId} />
        </div>
        <LastTransactions companyId={companyId} />
        <AccountActivity companyId={companyId} />
      </div>
    </div>
  );
}

/**
 * Total available (the main account) and total reserved (pending card authorizations), and when they were read: said
 * under the numbers and again by the heading's "i" tooltip (SPEC section 2's sub-total balance tooltip).
 */
function Balances({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const format = useFormat();
  const summary = useQuery({ ...summaryQuery(companyId), enabled: companyId !== '' });
  const lastUpdated = summary.isSuccess ? t('balances.lastUpdated', { date: format.date(summary.data.asOf, { withTime: true }) }) : '';
  return (
    <section className="panel dashboard-balances" aria-labelledby="dashboard-balances" aria-busy={summary.isPending}>
      <div className="dashboard-balances__head">
        <h2 id="dashboard-balances">{t('balances.title')}</h2>
        {summary.isSuccess && <InfoTip label={t('balances.subtotalInfo')} text={lastUpdated} />}
      </div>
      {summary.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(summary.error))}</Alert>
      ) : (
        // The same lines loading as loaded, the amounts standing in as skeletons: nothing below moves when they come.
        <>
          <dl className="dashboard-balances__list">
            <div className="dashboard-balances__available">
              <dt>{t('balances.available')}</dt>
              <dd>{summary.isSuccess ? format.money(summary.data.availableCents) : <ValueSkeleton sample={format.money(1_234_567)} />}</dd>
            </div>
            <div className="dashboard-balances__reserved">
              <dt>{t('balances.reserved')}</dt>
              <dd>{summary.isSuccess ? format.money(summary.data.reservedCents) : <ValueSkeleton sample={format.money(8_950)} />}</dd>
            </div>
          </dl>
          <p className="dashboard-balances__as-of">
            {summary.isSuccess ? <time dateTime={summary.data.asOf}>{lastUpdated}</time> : <ValueSkeleton sample={t('balances.lastUpdated', { date: format.date(new Date().toISOString(), { withTime: true }) })} />}
          </p>
        </>
      )}
    </section>
  );
}

/**
 * A tooltip a keyboard reaches: the button describes itself with the text (screen readers hear it on focus), and the
 * text shows on hover and focus and hides again with Escape.
 */
function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  return (
    <span className="info-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={tipId} role="tooltip" className={open ? 'info-tip__text info-tip__text--open' : 'info-tip__text'}>
        {text}
      </span>
    </span>
  );
}

/** Card spending per month over the chosen period (12 months unless another is chosen). */
function Turnover({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const turnover = useQuery({ ...turnoverQuery(companyId, period), enabled: companyId !== '', placeholderData: keepPreviousData });
  const nothingSpent = turnover.isSuccess && turnover.data.months.every((month) => month.count === 0);
  return (
    <section className="panel dashboard-turnover" aria-labelledby="dashboard-turnover" aria-busy={turnover.isFetching}>
      <div className="dashboard-turnover__head">
        <h2 id="dashboard-turnover">{t('turnover.title')}</h2>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      {turnover.isPending ? (
        <div className="skeleton dashboard-turnover__skeleton" aria-hidden="true" />
      ) : turnover.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(turnover.error))}</Alert>
      ) : nothingSpent ? (
        <EmptyState title={t('turnover.emptyTitle')}>
          <p>{t('turnover.emptyText')}</p>
        </EmptyState>
      ) : (
        <TurnoverChart months={turnover.data.months} />
      )}
    </section>
  );
}

const latestEntries = 10;

/** The main account's latest ledger lines: fees charged to it and card balances that came back to it. */
function AccountActivity({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const format = useFormat();
  const entries = useQuery({
    // Under the dashboard's key: a funding or a client switch refreshes these lines with the balances.
    queryKey: [...dashboardQueryKey(companyId), 'entries', latestEntries],
    enabled: companyId !== '',
    queryFn: ({ signal }) => callApi(feeRoutes.listAccountEntries, { query: { itemsPerPage: latestEntries }, signal }),
  });
  const columns: DataTableColumn<AccountEntry>[] = [
    { id: 'at', header: t('activity.date'), cell: (entry) => format.date(entry.at) },
    { id: 'kind', header: t('activity.kind'), cell: (entry) => t(`activity.kinds.${entry.kind}`) },
    { id: 'description', header: t('activity.description'), cell: (entry) => entry.description },
    { id: 'amount', header: t('activity.amount'), align: 'end', cell: (entry) => format.money(entry.amountCents) },
  ];
  return (
    <section className="panel dashboard-activity" aria-labelledby="dashboard-activity">
      <h2 id="dashboard-activity">{t('activity.title')}</h2>
      {entries.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(entries.error))}</Alert>
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
