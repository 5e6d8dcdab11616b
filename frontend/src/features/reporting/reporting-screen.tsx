import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Report } from '@shared/reports';
import { Alert } from '@frontend/components/alert/alert';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { BulkActionBar } from '@frontend/components/data-table/bulk-action-bar';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { PageSizeSelect } from '@frontend/components/data-table/page-size-select';
import { Pagination } from '@frontend/components/data-table/pagination';
import { PeriodSelect } from '@frontend/components/data-table/period-select';
import { TableToolbar } from '@frontend/components/data-table/table-toolbar';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { GenerateReportDialog } from './generate-report-dialog';
import { refreshWhileGenerating } from './report-refresh';
import { ReportingTabs } from './reporting-tabs';
import { deleteReports, downloadReport, fetchReports, noReportFilters, reportsQueryKey, type ReportFilters } from './reporting-api';

type Notice = { tone: 'success' | 'error'; text: string };

/** SPEC section 2 "Reporting": the company's reports with generate, download and delete selected. */
export function ReportingScreen() {
  const { t } = useTranslation(['reporting', 'errors', 'common']);
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const format = useFormat();
  const queryClient = useQueryClient();
  const table = useTableQuery<Report, ReportFilters>({
    queryKey: reportsQueryKey(companyId),
    fetch: fetchReports,
    emptyFilters: noReportFilters,
    enabled: companyId !== '',
    // A generating report turns Available or failed without a reload.
    refetchInterval: refreshWhileGenerating,
  });
  const [generating, setGenerating] = useState(false);
  // The reports the confirmation names, fixed when it opens: what was confirmed is what is deleted.
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsQueryKey(companyId) });

  const typeText = (report: Report) => t(`types.${report.type}`);
  const periodText = (report: Report) => `${format.date(report.dateFrom)} – ${format.date(report.dateTo)}`;
  const reportName = (report: Report) => `${typeText(report)}, ${periodText(report)}`;

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteReports(ids),
    onMutate: () => setNotice(null),
    onSuccess: ({ deleted }) => {
      table.clearSelection();
      setNotice({ tone: 'success', text: t('delete.done', { count: deleted }) });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorCodeText(t, errorCodeOf(error)) }),
    onSettled: async () => {
      setToDelete(null);
      await refresh();
    },
  });

  const download = async (report: Report) => {
    setNotice(null);
    setDownloading(report.id);
    try {
      const fileName = await downloadReport(report.id);
      setNotice({ tone: 'success', text: t('download.started', { fileName }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorCodeText(t, errorCodeOf(error)) });
      // Refused as not found or not ready: the list on screen is out of date.
      void refresh();
    } finally {
      setDownloading(null);
    }
  };

  const columns: DataTableColumn<Report>[] = [
    { id: 'type', header: t('columns.type'), rowHeader: true, cell: typeText },
    { id: 'period', header: t('columns.period'), cell: periodText },
    { id: 'created', header: t('columns.created'), cell: (report) => format.date(report.created, { withTime: true }) },
    { id: 'status', header: t('columns.status'), cell: (report) => <ReportStatus report={report} /> },
    {
      id: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      cell: (report) =>
        report.status === 'active' && (
          <button
            type="button"
            className="button button--secondary button--small"
            // The visible label first (WCAG 2.5.3, label in name), then which report.
            aria-label={`${t('download.action')}, ${reportName(report)}`}
            disabled={downloading !== null}
            aria-busy={downloading === report.id || undefined}
            onClick={() => void download(report)}
          >
            {t('download.action')}
          </button>
        ),
    },
  ];

  // An empty shorter period says so; an empty year means nothing was generated yet.
  const narrowed = table.params.period !== '1y';
  return (
    <div className="page">
      <ReportingTabs />
      <div className="page__heading-row">
        <PageHeader title={t('title')} lead={t('lead')} />
        <button
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            setGenerating(true);
          }}
        >
          {t('generate.open')}
        </button>
      </div>
      <TableToolbar>
        <PeriodSelect value={table.params.period} onChange={table.setPeriod} />
        <PageSizeSelect value={table.params.itemsPerPage} onChange={table.setItemsPerPage} />
      </TableToolbar>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <BulkActionBar count={table.selected.size} onClear={table.clearSelection}>
        <button type="button" className="button button--secondary button--small" onClick={() => setToDelete([...table.selected])}>
          {t('delete.action')}
        </button>
      </BulkActionBar>
      {table.isError ? (
        <LoadFailed onRetry={table.refetch}>{t('loadFailed')}</LoadFailed>
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={table.rows}
          rowKey={(report) => report.id}
          loading={table.loading}
          skeletonRows={table.params.itemsPerPage}
          selection={{ selected: table.selected, onChange: table.setSelected }}
          rowLabel={reportName}
          empty={
            <EmptyState title={narrowed ? t('emptyPeriod.title') : t('empty.title')}>
              <p>{narrowed ? t('emptyPeriod.text') : t('empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      <Pagination page={table.params.page} totalPages={table.totalPages} onPageChange={table.setPage} />

      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title', { count: toDelete?.length ?? 0 })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:cancel')}
        busy={remove.isPending}
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      >
        <p>{t('delete.text', { count: toDelete?.length ?? 0 })}</p>
      </ConfirmDialog>

      {generating && (
        <GenerateReportDialog
          onClose={() => setGenerating(false)}
          onGenerated={(report) => {
            setGenerating(false);
            setNotice({ tone: 'success', text: t('generate.done', { type: typeText(report) }) });
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/** SPEC section 4 "Report status", in words (not by colour alone); a generating report also shows a spinner. */
function ReportStatus({ report }: { report: Report }) {
  const { t } = useTranslation(['reporting', 'errors']);
  const tone = statusTone('report', report.status);
  if (report.status === 'generating') {
    return (
      <StatusBadge tone={tone} busy>
        {t('status.generating')}
      </StatusBadge>
    );
  }
  return <StatusBadge tone={tone}>{report.status === 'active' ? t('status.active') : t('errors:codes.REPORT_GENERATION_FAILED')}</StatusBadge>;
}
