import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { merchantCategoryGroupNames, type MerchantCategoryGroup } from '@shared/cards';
import { paths } from '@shared/routes';
import type { TransactionRow } from '@shared/transactions';
import { Alert } from '@frontend/components/alert/alert';
import { BackgroundDownloadDialog } from '@frontend/components/background-download/background-download-dialog';
import { useBackgroundDownload } from '@frontend/components/background-download/use-background-download';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { SelectField } from '@frontend/components/select-field/select-field';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { errorCodeOf } from '@frontend/lib/api-error';
import { uiLanguage } from '@frontend/lib/i18n';
import { lastTransactionsQuery, requestLastTransactionsFile } from './dashboard-api';

/**
 * SPEC section 2 "Dashboard": the last transactions with a filter and a download. The newest card payments of the
 * period, narrowed to one merchant group if chosen; the download is the same list's CSV through the background-file
 * protocol, and the full list with every filter is one link away.
 */
export function LastTransactions({ companyId }: { companyId: string }) {
  // Statuses are the transactions list's own texts and group names common's (users' limits show them too): one
  // translation of each, wherever shown.
  const { t, i18n } = useTranslation(['dashboard', 'transactions', 'errors']);
  const format = useFormat();
  const [group, setGroup] = useState<MerchantCategoryGroup | ''>('');
  const transactions = useQuery({ ...lastTransactionsQuery(companyId, group), enabled: companyId !== '', placeholderData: keepPreviousData });
  const download = useBackgroundDownload();

  const columns: DataTableColumn<TransactionRow>[] = [
    { id: 'employee', header: t('transactions:columns.employee'), rowHeader: true, truncate: (row) => row.employeeName, cell: (row) => row.employeeName },
    { id: 'executed', header: t('transactions:columns.executed'), cell: (row) => format.date(row.executedAt, { withTime: true }) },
    { id: 'group', header: t('lastTransactions.group'), cell: (row) => t(`common:merchantGroups.${row.mccGroup}`) },
    {
      id: 'status',
      header: t('transactions:columns.status'),
      cell: (row) => <StatusBadge tone={statusTone('transaction', row.status)}>{t(`transactions:status.${row.status}`)}</StatusBadge>,
    },
    { id: 'amount', header: t('transactions:columns.amount'), align: 'end', cell: (row) => format.money(row.amountCents) },
  ];
  const groupOptions = [
    { value: '', label: t('lastTransactions.allGroups') },
    ...merchantCategoryGroupNames.map((value) => ({ value, label: t(`common:merchantGroups.${value}`) })),
  ];

  return (
    <section className="panel dashboard-transactions" aria-labelledby="dashboard-transactions" aria-busy={transactions.isFetching}>
      <div className="dashboard-transactions__head">
        <h2 id="dashboard-transactions">{t('lastTransactions.title')}</h2>
        <div className="dashboard-transactions__tools">
          <SelectField
            name="lastTransactionsGroup"
            label={t('lastTransactions.filter')}
            options={groupOptions}
            value={group}
            onChange={(event) => setGroup(merchantCategoryGroupNames.find((name) => name === event.target.value) ?? '')}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={download.state.step !== 'idle'}
            onClick={() => download.start(() => requestLastTransactionsFile(group, uiLanguage(i18n)))}
          >
            {t('transactions:download')}
          </button>
        </div>
      </div>
      {transactions.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(transactions.error))}</Alert>
      ) : (
        <DataTable
          caption={t('lastTransactions.caption')}
          columns={columns}
          rows={transactions.data?.rows ?? []}
          rowKey={(row) => row.id}
          loading={transactions.isPending}
          skeletonRows={3}
          rowMuted={(row) => (row.status === 'reversed' ? t('transactions:status.reversed') : undefined)}
          empty={
            <EmptyState title={group ? t('lastTransactions.noneInGroup') : t('lastTransactions.emptyTitle')}>
              <p>{t('lastTransactions.emptyText')}</p>
            </EmptyState>
          }
        />
      )}
      <p className="dashboard-transactions__more">
        <Link to={paths.transactions}>{t('lastTransactions.all')}</Link>
      </p>
      <BackgroundDownloadDialog download={download} />
    </section>
  );
}
