import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@shared/invoices';
import { Alert } from '@frontend/components/alert/alert';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { PageSizeSelect } from '@frontend/components/data-table/page-size-select';
import { Pagination } from '@frontend/components/data-table/pagination';
import { TableToolbar } from '@frontend/components/data-table/table-toolbar';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { downloadInvoice, fetchInvoices, invoicesQueryKey, noInvoiceFilters, type InvoiceFilters } from './invoices-api';
import { ReportingTabs } from './reporting-tabs';

type Notice = { tone: 'success' | 'error'; text: string };

/** How long the list keeps asking for PDFs still being made. */
const preparingPollMs = 3 * 60_000;

/** A month "2026-10" by its name in the reader's language: "October 2026", "2026. gada oktobris". */
function monthName(month: string, language: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, monthNumber - 1, 1));
}

/**
 * Reporting > Invoices (issue 34): the company's invoices, one for each month's fees, and the credit notes that correct
 * them, newest first, each downloadable as its PDF. Owners and accountants only.
 */
export function InvoicesScreen() {
  const { t, i18n } = useTranslation(['reporting', 'errors', 'common']);
  useDocumentTitle(t('invoices.title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const format = useFormat();
  const queryClient = useQueryClient();
  const [openedAt] = useState(() => Date.now());
  const table = useTableQuery<InvoiceRow, InvoiceFilters>({
    queryKey: invoicesQueryKey(companyId),
    fetch: fetchInvoices,
    emptyFilters: noInvoiceFilters,
    enabled: companyId !== '',
    // A document just numbered has its PDF within seconds: the list asks again until every row can be downloaded, for
    // a few minutes at most (a PDF the worker could not make waits in its dead-letter queue, which alarms).
    refetchInterval: (answer) => (answer?.rows.some((row) => !row.fileReady) && Date.now() - openedAt < preparingPollMs ? 3_000 : false),
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const kindText = (row: InvoiceRow) => t(`invoices.kinds.${row.kind}`);
  const rowName = (row: InvoiceRow) => `${kindText(row)} ${row.number}`;

  const download = async (row: InvoiceRow) => {
    setNotice(null);
    setDownloading(row.id);
    try {
      const fileName = await downloadInvoice(row.id);
      setNotice({ tone: 'success', text: t('download.started', { fileName }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorCodeText(t, errorCodeOf(error)) });
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey(companyId) });
    } finally {
      setDownloading(null);
    }
  };

  const columns: DataTableColumn<InvoiceRow>[] = [
    { id: 'number', header: t('invoices.columns.number'), rowHeader: true, cell: (row) => row.number },
    {
      id: 'type',
      header: t('invoices.columns.type'),
      cell: (row) => (
        <>
          <span className="invoices__kind">{kindText(row)}</span>
          {row.creditsInvoiceNumber && <span className="invoices__refers">{t('invoices.refers', { number: row.creditsInvoiceNumber })}</span>}
        </>
      ),
    },
    { id: 'date', header: t('invoices.columns.date'), cell: (row) => format.date(`${row.issueDate}T12:00:00Z`) },
    { id: 'period', header: t('invoices.columns.period'), cell: (row) => monthName(row.period, i18n.language) },
    { id: 'total', header: t('invoices.columns.total'), align: 'end', cell: (row) => format.money(row.totalCents) },
    {
      id: 'actions',
      header: t('invoices.columns.actions'),
      hideHeader: true,
      cell: (row) =>
        row.fileReady ? (
          <button
            type="button"
            className="button button--secondary button--small"
            // The visible label first (WCAG 2.5.3, label in name), then which document.
            aria-label={`${t('invoices.download')}, ${rowName(row)}`}
            disabled={downloading !== null}
            aria-busy={downloading === row.id || undefined}
            onClick={() => void download(row)}
          >
            {t('invoices.download')}
          </button>
        ) : (
          <span className="invoices__refers">{t('invoices.preparing')}</span>
        ),
    },
  ];

  return (
    <div className="page">
      <ReportingTabs />
      <PageHeader title={t('invoices.title')} lead={t('invoices.lead')} />
      <TableToolbar>
        <PageSizeSelect value={table.params.itemsPerPage} onChange={table.setItemsPerPage} />
      </TableToolbar>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {table.isError ? (
        <LoadFailed onRetry={table.refetch}>{t('invoices.loadFailed')}</LoadFailed>
      ) : (
        <DataTable
          caption={t('invoices.caption')}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => row.id}
          loading={table.loading}
          skeletonRows={table.params.itemsPerPage}
          rowLabel={rowName}
          empty={
            <EmptyState title={t('invoices.empty.title')}>
              <p>{t('invoices.empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      <Pagination page={table.params.page} totalPages={table.totalPages} onPageChange={table.setPage} />
    </div>
  );
}
