import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { BulkCardAction, BulkResult, EmployeeRow } from '@shared/employees';
import { bulkCardActions } from '@shared/employees';
import { can } from '@shared/roles';
import { paths } from '@shared/routes';
import { cardStatuses, employeeStatuses } from '@shared/statuses';
import { Alert } from '@frontend/components/alert/alert';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { BulkActionBar } from '@frontend/components/data-table/bulk-action-bar';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import type { RowAction } from '@frontend/components/data-table/row-actions-menu';
import { FilterPopover, type FilterField } from '@frontend/components/data-table/filter-popover';
import { PageSizeSelect } from '@frontend/components/data-table/page-size-select';
import { Pagination } from '@frontend/components/data-table/pagination';
import { SearchField } from '@frontend/components/data-table/search-field';
import { TableToolbar } from '@frontend/components/data-table/table-toolbar';
import { downloadFundingTemplate } from '@frontend/lib/funding-template';
import { FundingFileDialog } from './funding-file-dialog';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { Dialog } from '@frontend/components/dialog/dialog';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { AddFundsDialog } from './add-funds-dialog';
import { AddUserDialog } from './add-user-dialog';
import { EmployeeImportDialog } from './employee-import-dialog';
import { afterFunding } from '@frontend/lib/after-funding';
import { canAddFunds, offeredActions } from './offered-actions';
import { StatusBadge } from './status-badge';
import { emptyUserFilters, employeesQueryKey, fetchEmployees, runBulkCardAction, type UserFilters } from './users-api';
import './users.css';

const userPath = (employeeId: string) => paths.user.replace(':userId', encodeURIComponent(employeeId));

/** SPEC section 2 "Users": the list with status filter, search, selection, bulk actions and the activation-status modal. */
export function UsersScreen() {
  const { t } = useTranslation(['users', 'errors', 'common']);
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const role = profile?.role ?? 'guest';
  const companyId = profile?.currentClient?.companyId ?? '';
  const canAct = can(role, 'manageEmployees');
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const table = useTableQuery<EmployeeRow, UserFilters>({
    queryKey: employeesQueryKey(companyId),
    fetch: fetchEmployees,
    emptyFilters: emptyUserFilters,
    enabled: companyId !== '',
  });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const imported = useCallback(() => void queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId) }), [queryClient, companyId]);
  const [fundingByFile, setFundingByFile] = useState(false);
  const canFund = can(role, 'transferFunds');
  const [funding, setFunding] = useState<EmployeeRow | null>(null);
  const [notice, setNotice] = useState('');
  const funded = useCallback(() => void afterFunding(queryClient, companyId), [queryClient, companyId]);
  const [pendingBulk, setPendingBulk] = useState<BulkCardAction | null>(null);
  const [bulkResult, setBulkResult] = useState<{ action: BulkCardAction; result: BulkResult } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkCardAction; ids: string[] }) => runBulkCardAction(action, ids),
    onMutate: () => setFailure(null),
    onSuccess: (result, { action }) => {
      setBulkResult({ action, result });
      table.clearSelection();
    },
    onError: (error) => setFailure(errorCodeOf(error)),
    onSettled: async () => {
      setPendingBulk(null);
      await queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId) });
    },
  });

  const filterFields: FilterField<UserFilters>[] = [
    { kind: 'select', id: 'status', label: t('filters.status'), options: employeeStatuses.map((value) => ({ value, label: t(`employeeStatus.${value}`) })) },
    { kind: 'select', id: 'cardStatus', label: t('filters.cardStatus'), options: cardStatuses.map((value) => ({ value, label: t(`cardStatus.${value}`) })) },
  ];

  const columns: DataTableColumn<EmployeeRow>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      rowHeader: true,
      // Names run to 50 characters each: cut, they leave the statuses in the row (the whole name in its title).
      truncate: (row) => row.name,
      className: 'users-list__name',
      cell: (row) => <Link to={userPath(row.employeeId)}>{row.name}</Link>,
    },
    { id: 'surname', header: t('columns.surname'), truncate: (row) => row.surname, className: 'users-list__name', cell: (row) => row.surname },
    { id: 'phone', header: t('columns.phone'), cell: (row) => row.phone ?? '—' },
    { id: 'personalCode', header: t('columns.personalCode'), detail: true, cell: (row) => row.personalCode ?? '—' },
    { id: 'lastCardDigits', header: t('columns.lastCardDigits'), detail: true, cell: (row) => (row.lastCardDigits ? `•••• ${row.lastCardDigits}` : '—') },
    { id: 'balance', header: t('columns.balance'), align: 'end', cell: (row) => format.money(row.balanceCents) },
    { id: 'limit', header: t('columns.limit'), detail: true, cell: (row) => format.money(row.limitCents) },
    { id: 'status', header: t('columns.status'), cell: (row) => <StatusBadge kind="employee" value={row.status} /> },
    { id: 'cardStatus', header: t('columns.cardStatus'), cell: (row) => <StatusBadge kind="card" value={row.cardStatus} /> },
    { id: 'deviceStatus', header: t('columns.deviceStatus'), cell: (row) => <StatusBadge kind="device" value={row.deviceStatus} /> },
  ];

  const rowActions = (row: EmployeeRow): RowAction[] => {
    const offered = offeredActions(role, row).card.filter((action): action is BulkCardAction => (bulkCardActions as readonly string[]).includes(action));
    return [
      ...(canAddFunds(role, row.cardStatus)
        ? [
            {
              id: 'funds',
              label: t('funds.open'),
              onSelect: () => {
                setNotice('');
                setFunding(row);
              },
            },
          ]
        : []),
      ...offered.map((action) => ({
        id: action,
        label: t(`actions.${action}`),
        onSelect: () => {
          table.setSelected(new Set([row.employeeId]));
          setPendingBulk(action);
        },
      })),
    ];
  };

  const selectedIds = [...table.selected];
  // An empty page after a search or filter means "nothing found", not "no users yet".
  const narrowed = table.params.search !== '' || table.params.filters.status !== '' || table.params.filters.cardStatus !== '';
  return (
    <div className="page">
      <div className="users-header">
        <PageHeader title={t('title')} lead={canAct ? t('lead') : t('leadReadOnly')} />
        <div className="users-actions">
          {canFund && (
            <>
              <button type="button" className="button button--secondary" onClick={() => void downloadFundingTemplate().catch(() => setFailure('FUNDS_TRANSFER_FAILED'))}>
                {t('funds.csv.template')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setFundingByFile(true)}>
                {t('funds.csv.open')}
              </button>
            </>
          )}
          {canAct && (
            <>
              <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
                {t('import.open')}
              </button>
              <button type="button" className="button" onClick={() => setAdding(true)}>
                {t('add.open')}
              </button>
            </>
          )}
        </div>
      </div>
      <TableToolbar>
        <SearchField value={table.params.search} onSearch={table.setSearch} label={t('search')} />
        <FilterPopover values={table.params.filters} emptyValues={table.emptyFilters} onApply={table.setFilters} fields={filterFields} />
        <PageSizeSelect value={table.params.itemsPerPage} onChange={table.setItemsPerPage} />
      </TableToolbar>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {canAct && (
        <BulkActionBar count={table.selected.size} onClear={table.clearSelection}>
          {bulkCardActions.map((action) => (
            <button key={action} type="button" className="button button--secondary button--small" onClick={() => setPendingBulk(action)}>
              {t(`bulk.${action}`)}
            </button>
          ))}
        </BulkActionBar>
      )}
      {table.isError ? (
        <LoadFailed onRetry={table.refetch}>{t('loadFailed')}</LoadFailed>
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => row.employeeId}
          loading={table.loading}
          skeletonRows={table.params.itemsPerPage}
          selection={canAct ? { selected: table.selected, onChange: table.setSelected } : undefined}
          rowLabel={(row) => `${row.name} ${row.surname}`}
          rowActions={canAct ? rowActions : undefined}
          rowMuted={(row) => (row.status === 'closed_card' || row.status === 'non_active' ? t(`muted.${row.status}`) : undefined)}
          empty={
            <EmptyState title={narrowed ? t('common:table.noResults') : t('empty.title')}>
              <p>{narrowed ? t('common:table.noResultsText') : t('empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      <p className="users-total">{t('total', { count: table.totalRecords })}</p>
      <Pagination page={table.params.page} totalPages={table.totalPages} onPageChange={table.setPage} />

      <ConfirmDialog
        open={pendingBulk !== null}
        title={pendingBulk ? t(`bulk.confirm.${pendingBulk}.title`, { count: table.selected.size }) : ''}
        confirmLabel={pendingBulk ? t(`bulk.${pendingBulk}`) : ''}
        cancelLabel={t('common:cancel')}
        busy={bulk.isPending}
        onCancel={() => setPendingBulk(null)}
        onConfirm={() => pendingBulk && bulk.mutate({ action: pendingBulk, ids: selectedIds })}
      >
        <p>{pendingBulk ? t(`bulk.confirm.${pendingBulk}.text`, { count: table.selected.size }) : ''}</p>
      </ConfirmDialog>

      <Dialog open={bulkResult !== null} title={bulkResult ? t(`bulk.result.${bulkResult.action}`) : ''} onClose={() => setBulkResult(null)}>
        {bulkResult && (
          <div className="dialog__body">
            <p role="status">
              {t('bulk.result.summary', { ok: bulkResult.result.results.filter((r) => r.ok).length, failed: bulkResult.result.results.filter((r) => !r.ok).length })}
            </p>
            <ul className="users-bulk-result">
              {bulkResult.result.results.map((entry) => (
                <li key={entry.employeeId} className={entry.ok ? 'users-bulk-result__ok' : 'users-bulk-result__failed'}>
                  <span>{entry.name ?? entry.employeeId}</span>
                  <span>{entry.ok && entry.cardStatus ? t(`cardStatus.${entry.cardStatus}`) : errorCodeText(t, entry.code ?? 'INTERNAL')}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setBulkResult(null)}>
            {t('common:close')}
          </button>
        </div>
      </Dialog>

      {fundingByFile && (
        <FundingFileDialog companyId={companyId} onClose={() => setFundingByFile(false)} onApplied={funded} />
      )}
      {funding && (
        <AddFundsDialog
          companyId={companyId}
          employee={funding}
          onClose={() => setFunding(null)}
          onDone={() => {
            setNotice(t('funds.doneFor', { name: `${funding.name} ${funding.surname}` }));
            setFunding(null);
            funded();
          }}
        />
      )}
      {importing && <EmployeeImportDialog companyId={companyId} onClose={() => setImporting(false)} onApplied={imported} />}
      {adding && (
        <AddUserDialog
          onClose={() => setAdding(false)}
          onAdded={async (employee) => {
            setAdding(false);
            await queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId) });
            void navigate(userPath(employee.employeeId), { state: { added: true } });
          }}
        />
      )}
    </div>
  );
}

export { userPath };
