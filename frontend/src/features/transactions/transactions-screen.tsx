import { useTranslation } from 'react-i18next';
import { merchantCategoryGroupNames } from '@shared/cards';
import type { TransactionRow } from '@shared/transactions';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { BackgroundDownloadButton } from '@frontend/components/background-download/background-download-button';
import { BackgroundDownloadDialog } from '@frontend/components/background-download/background-download-dialog';
import { useBackgroundDownload, useDownloadFromLink } from '@frontend/components/background-download/use-background-download';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { FilterPopover, type FilterField } from '@frontend/components/data-table/filter-popover';
import { PageSizeSelect } from '@frontend/components/data-table/page-size-select';
import { Pagination } from '@frontend/components/data-table/pagination';
import { PeriodSelect } from '@frontend/components/data-table/period-select';
import { SearchField } from '@frontend/components/data-table/search-field';
import { TableToolbar } from '@frontend/components/data-table/table-toolbar';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { FilterDateRange } from '@frontend/components/date-field/date-field';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { useFormat } from '@frontend/lib/format';
import { uiLanguage } from '@frontend/lib/i18n';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { emptyTransactionFilters, fetchTransactions, requestTransactionsFile, transactionsQueryKey, type TransactionFilterValues } from './transactions-api';
import './transactions.css';

/** SPEC section 2 "Transactions": the list with search, filters, period, the total sum and the CSV download. */
export function TransactionsScreen() {
  const { t, i18n } = useTranslation(['transactions', 'common']);
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const format = useFormat();
  const table = useTableQuery<TransactionRow, TransactionFilterValues>({
    queryKey: transactionsQueryKey(companyId),
    fetch: fetchTransactions,
    emptyFilters: emptyTransactionFilters,
    enabled: companyId !== '',
  });
  const download = useBackgroundDownload();

  useDownloadFromLink(download);

  const groupText = (row: TransactionRow) => t(`common:merchantGroups.${row.mccGroup}`);
  const filterFields: FilterField<TransactionFilterValues>[] = [
    { kind: 'text', id: 'personalCode', label: t('filters.personalCode'), maxLength: 20 },
    { kind: 'text', id: 'phone', label: t('filters.phone'), inputMode: 'tel', maxLength: 20 },
    { kind: 'checkboxes', id: 'mccGroups', label: t('filters.mccGroups'), options: merchantCategoryGroupNames.map((value) => ({ value, label: t(`common:merchantGroups.${value}`) })) },
  ];

  const columns: DataTableColumn<TransactionRow>[] = [
    { id: 'employee', header: t('columns.employee'), rowHeader: true, className: 'transactions-list__cut', truncate: (row) => row.employeeName, cell: (row) => row.employeeName },
    { id: 'amount', header: t('columns.amount'), align: 'end', cell: (row) => format.money(row.amountCents) },
    { id: 'status', header: t('columns.status'), cell: (row) => <StatusBadge tone={statusTone('transaction', row.status)}>{t(`status.${row.status}`)}</StatusBadge> },
    { id: 'executed', header: t('columns.executed'), cell: (row) => format.date(row.executedAt, { withTime: true }) },

    { id: 'description', header: t('columns.description'), className: 'transactions-list__cut', truncate: (row) => row.description, cell: (row) => row.description },
    { id: 'mcc', header: t('columns.mcc'), className: 'transactions-list__cut', truncate: groupText, cell: groupText },
    { id: 'processed', header: t('columns.processed'), detail: true, cell: (row) => (row.processedAt ? format.date(row.processedAt, { withTime: true }) : '—') },
    { id: 'mccCode', header: t('columns.mccCode'), detail: true, cell: (row) => row.merchantCategoryCode },
    { id: 'merchant', header: t('columns.merchant'), detail: true, cell: (row) => row.merchantId },
    { id: 'reference', header: t('columns.reference'), detail: true, cell: (row) => row.reference },
    { id: 'beneficiary', header: t('columns.beneficiary'), detail: true, cell: (row) => row.beneficiary || '—' },
    { id: 'remitter', header: t('columns.remitter'), detail: true, cell: (row) => row.remitter || '—' },
  ];

  const { filters } = table.params;
  const narrowed = table.params.search !== '' || Object.values(filters).some((value) => value.length > 0);
  return (
    <div className="page">
      <div className="page__heading-row">
        <PageHeader title={t('title')} lead={t('lead')} />
        <BackgroundDownloadButton download={download} request={() => requestTransactionsFile(table.params, uiLanguage(i18n))}>
          {t('download')}
        </BackgroundDownloadButton>
      </div>
      <TableToolbar>
        <SearchField value={table.params.search} onSearch={table.setSearch} label={t('search')} />
        <FilterPopover values={filters} emptyValues={table.emptyFilters} onApply={table.setFilters} fields={filterFields}>
          {(draft, change) => (
            <FilterDateRange draft={draft} onChange={change} legend={t('filters.dates')} fromLabel={t('filters.dateFrom')} toLabel={t('filters.dateTo')} />
          )}
        </FilterPopover>
        <PeriodSelect value={table.params.period} onChange={table.setPeriod} />
        <PageSizeSelect value={table.params.itemsPerPage} onChange={table.setItemsPerPage} />
      </TableToolbar>
      {table.isError ? (
        <LoadFailed onRetry={table.refetch}>{t('loadFailed')}</LoadFailed>
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => row.id}
          rowLabel={(row) => `${row.employeeName}, ${format.date(row.executedAt, { withTime: true })}`}
          loading={table.loading}
          skeletonRows={table.params.itemsPerPage}
          rowMuted={(row) => (row.status === 'reversed' ? t('status.reversed') : undefined)}
          empty={
            <EmptyState title={narrowed ? t('common:table.noResults') : t('empty.title')}>
              <p>{narrowed ? t('common:table.noResultsText') : t('empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      <p className="transactions-total" aria-live="polite">
        {table.totalSumCents === undefined ? null : (
          // Two parts that each keep to one line: a narrow screen breaks between them, never between "Total:" and its sum.
          <>
            <span className="transactions-total__part">{t('totalCount', { count: table.totalRecords })} ·</span>{' '}
            <span className="transactions-total__part">{t('totalSum', { sum: format.money(table.totalSumCents) })}</span>
          </>
        )}
      </p>
      <Pagination page={table.params.page} totalPages={table.totalPages} onPageChange={table.setPage} />
      <BackgroundDownloadDialog download={download} />
    </div>
  );
}
