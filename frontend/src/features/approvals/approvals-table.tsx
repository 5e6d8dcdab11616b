import { useTranslation } from 'react-i18next';
import { mayApprove, mayDecide, type ApprovalRequest } from '@shared/approvals';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { Pagination } from '@frontend/components/data-table/pagination';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { useFormat } from '@frontend/lib/format';
import { approvalListQueryKey, fetchApprovals, noApprovalFilters, type ApprovalFilters, type ApprovalState } from './approvals-api';
import { useApprovalTexts } from './approval-texts';
import { UserChangeDetails } from './user-change-details';

export type Decision = { kind: 'approve' | 'reject'; request: ApprovalRequest };

interface ApprovalsTableProps {
  companyId: string;
  state: ApprovalState;
  /** The reader's user id: their own requests wait for someone else. */
  userId: string;
  /** Managers and owners decide; false shows every request without actions. */
  decides: boolean;
  onDecide: (decision: Decision) => void;
}

/** One part of the queue, ten a page, newest first: what each request asks, its total, and its decision. */
export function ApprovalsTable({ companyId, state, userId, decides, onDecide }: ApprovalsTableProps) {
  const { t } = useTranslation(['approvals', 'common']);
  const format = useFormat();
  const texts = useApprovalTexts();
  const table = useTableQuery<ApprovalRequest, ApprovalFilters>({
    queryKey: approvalListQueryKey(companyId, state),
    fetch: (params, signal) => fetchApprovals(state, params, signal),
    emptyFilters: noApprovalFilters,
    enabled: companyId !== '',
  });
  const when = (at: string) => format.date(at, { withTime: true });
  // An expired request was decided by nobody: its date is in the row's detail with the others'.
  const decidedByText = (row: ApprovalRequest) => (row.decidedBy ? texts.person(row.decidedBy) : t('status.expired'));

  // A row is one line (the table's rule): long names are cut with the whole on hover and focus; a comment is in the row's detail.
  const requested: DataTableColumn<ApprovalRequest> = { id: 'requested', header: t('columns.requested'), cell: (row) => when(row.requestedAt) };
  const requestedBy: DataTableColumn<ApprovalRequest> = { id: 'requestedBy', header: t('columns.requestedBy'), truncate: (row) => texts.person(row.requestedBy), cell: (row) => texts.person(row.requestedBy) };
  const what: DataTableColumn<ApprovalRequest> = { id: 'what', header: t('columns.what'), rowHeader: true, truncate: texts.what, cell: texts.what };
  const total: DataTableColumn<ApprovalRequest> = { id: 'total', header: t('columns.total'), align: 'end', cell: (row) => <strong>{texts.total(row)}</strong> };
  // A request for several users lists them in the row's detail (a file's first ones); one user is named in the row itself.
  const credits: DataTableColumn<ApprovalRequest> = {
    id: 'credits',
    header: t('columns.credits'),
    detail: true,
    cell: (row) =>
      row.funding && row.funding.employeeCount > 1 ? (
        <ul className="approvals-credits">
          {row.funding.credits.map((credit) => (
            <li key={credit.employeeId}>
              {credit.name}: {format.money(credit.amountCents)}
            </li>
          ))}
          {texts.unlisted(row) > 0 && <li>{t('moreUsers', { count: texts.unlisted(row) })}</li>}
        </ul>
      ) : (
        '—'
      ),
  };
  const several = table.rows.some((row) => (row.funding?.employeeCount ?? 0) > 1);
  // A change of a user says what it changes in the row's detail.
  const change: DataTableColumn<ApprovalRequest> = { id: 'change', header: t('columns.change'), detail: true, cell: (row) => (row.userChange ? <UserChangeDetails request={row} /> : '—') };
  const changes = table.rows.some((row) => row.userChange !== null);

  const pendingColumns: DataTableColumn<ApprovalRequest>[] = [
    requested,
    requestedBy,
    what,
    total,
    { id: 'expires', header: t('columns.expires'), cell: (row) => when(row.expiresAt) },
    {
      id: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      cell: (row) => {
        // A request made under rules changed since can only be rejected: the row says so instead of offering Approve.
        const staleNote = row.rulesChanged ? <span className="approvals-sub approvals-stale">{t('rulesChanged')}</span> : null;
        if (row.requestedBy.userId === userId) return staleNote ?? <span className="approvals-sub">{t('ownRequest')}</span>;
        if (!decides || !mayDecide(row, userId)) return staleNote;
        const name = texts.rowName(row);
        return (
          <div className="approvals-actions">
            {staleNote}
            {/* The visible label first (WCAG 2.5.3, label in name), then which request. */}
            {mayApprove(row, userId) && (
              <button type="button" className="button button--small" aria-label={`${t('actions.approve')}, ${name}`} onClick={() => onDecide({ kind: 'approve', request: row })}>
                {t('actions.approve')}
              </button>
            )}
            <button type="button" className="button button--secondary button--small" aria-label={`${t('actions.reject')}, ${name}`} onClick={() => onDecide({ kind: 'reject', request: row })}>
              {t('actions.reject')}
            </button>
          </div>
        );
      },
    },
  ];
  const decidedColumns: DataTableColumn<ApprovalRequest>[] = [
    requested,
    requestedBy,
    what,
    total,
    { id: 'status', header: t('columns.status'), cell: (row) => <StatusBadge tone={statusTone('approval', row.status)}>{t(`status.${row.status}`)}</StatusBadge> },
    { id: 'decidedBy', header: t('columns.decidedBy'), truncate: (row) => decidedByText(row), cell: (row) => decidedByText(row) },
    { id: 'decidedAt', header: t('columns.decidedAt'), detail: true, cell: (row) => when(row.decidedAt ?? row.expiresAt) },
    { id: 'comment', header: t('columns.comment'), detail: true, cell: (row) => row.comment ?? '—' },
  ];
  const columns = [...(state === 'pending' ? pendingColumns : decidedColumns), ...(several ? [credits] : []), ...(changes ? [change] : [])];

  if (table.isError) return <LoadFailed onRetry={table.refetch}>{t('loadFailed')}</LoadFailed>;
  return (
    <div className="approvals-table">
      <DataTable
        caption={t(`caption.${state}`)}
        columns={columns}
        rows={table.rows}
        rowKey={(row) => row.approvalId}
        loading={table.loading}
        skeletonRows={table.params.itemsPerPage}
        rowLabel={texts.rowName}
        empty={
          <EmptyState title={t(`empty.${state}.title`)}>
            <p>{t(`empty.${state}.text`)}</p>
          </EmptyState>
        }
      />
      <Pagination page={table.params.page} totalPages={table.totalPages} onPageChange={table.setPage} />
    </div>
  );
}
