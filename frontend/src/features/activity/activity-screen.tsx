import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activityActorText, activityActors, activityChangeLines, activityConcerns, activityTypes, cardPaymentsChoices, isActivityValueKind, isKnownAction, type ActivityRow, type ActivityValueTexts } from '@shared/activity';
import { paths } from '@shared/routes';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { BreakableText } from '@frontend/components/breakable-text/breakable-text';
import { BackgroundDownloadButton } from '@frontend/components/background-download/background-download-button';
import { BackgroundDownloadDialog } from '@frontend/components/background-download/background-download-dialog';
import { useBackgroundDownload, useDownloadFromLink } from '@frontend/components/background-download/use-background-download';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { FilterPopover, type FilterField } from '@frontend/components/data-table/filter-popover';
import { PageSizeSelect } from '@frontend/components/data-table/page-size-select';
import { PeriodSelect } from '@frontend/components/data-table/period-select';
import { TableToolbar } from '@frontend/components/data-table/table-toolbar';
import { useTableQuery } from '@frontend/components/data-table/use-table-query';
import { FilterDateRange } from '@frontend/components/date-field/date-field';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useFormat } from '@frontend/lib/format';
import { uiLanguage } from '@frontend/lib/i18n';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { activityQueryKey, emptyActivityFilters, fetchActivity, listOf, requestActivityFile, type ActivityFilterValues } from './activity-api';
import { CursorBook } from './cursor-book';
import { ActivityVerification } from './activity-verification';
import { MovementSource } from '@frontend/components/movement-source/movement-source';
import { ActivityChangeTable } from './activity-change-table';
import { CursorPagination } from './cursor-pagination';
import { EmployeeFilter } from './employee-filter';
import './activity.css';

/**
 * Issue 21 "Activity log": the company's audit trail, newest first, for every role from accountant up. It offers
 * nothing to change (records are never edited or deleted), so accountants see what owners see (docs/decisions.md).
 */
export function ActivityScreen() {
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  // Another company's log starts afresh on its first page: its cursors are not this one's.
  return <ActivityLog key={companyId} companyId={companyId} />;
}

function ActivityLog({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation(['activity', 'users', 'common']);
  useDocumentTitle(t('title'));
  const format = useFormat();
  // One book a visit: the list starts on page 1 and learns each next page's cursor from the page before.
  const [book] = useState(() => new CursorBook());
  const table = useTableQuery<ActivityRow, ActivityFilterValues>({
    queryKey: activityQueryKey(companyId),
    fetch: (params, signal) => fetchActivity(book, params, signal),
    emptyFilters: emptyActivityFilters,
    enabled: companyId !== '',
  });
  const download = useBackgroundDownload();
  useDownloadFromLink(download);
  const [employeeNames, setEmployeeNames] = useState<ReadonlyMap<string, string>>(new Map());

  const filterFields: FilterField<ActivityFilterValues>[] = [
    { kind: 'select', id: 'actor', label: t('filters.actor'), options: activityActors.map((actor) => ({ value: actor, label: t(`actors.${actor}`) })) },
    { kind: 'select', id: 'type', label: t('filters.type'), options: activityTypes.map((type) => ({ value: type, label: t(`types.${type}`) })) },
    { kind: 'checkboxes', id: 'cardPayments', label: t('filters.cardPayments'), options: cardPaymentsChoices.map((value) => ({ value, label: t('filters.includeCardPayments') })) },
  ];

  const language = uiLanguage(i18n);
  const countries = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const who = (row: ActivityRow) => activityActorText(row.actor, (kind, alone) => (alone ? t(`actors.${kind}`) : t(`users:changedBy.${kind}`)));
  const what = (row: ActivityRow) => (isKnownAction(row.action) ? t(`actions.${row.action}`) : t('unknownAction', { code: row.action }));
  const concernsText = (row: ActivityRow) => {
    const about = activityConcerns(row);
    if ('employee' in about) return about.employee.name ?? t('removedEmployee', { id: about.employee.employeeId });
    return about.name ? `${t(`targets.${about.target}`)} ‘${about.name}’` : t(`targets.${about.target}`);
  };
  // The log's own value names are looked up in their object, not by a key built from the value: a value that is no
  // code (a rejection's reason as the provider wrote it) may hold dots or colons, which i18next reads as a path.
  const valueNames = t('values', { returnObjects: true }) as Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  const texts: ActivityValueTexts = {
    field: (field) => t(`fields.${field}`, { defaultValue: field }),
    label: (kind, value) => {
      if (kind === 'merchantGroup') return t(`common:merchantGroups.${value}`, { defaultValue: value });
      if (kind === 'country') return countries.of(value) ?? value;
      if (isActivityValueKind(kind)) return valueNames[kind]?.[value] ?? value;
      return t(`users:${kind}.${value}`, { defaultValue: value });
    },
    money: format.money,
    dateTime: (iso) => format.date(iso, { withTime: true }),
  };
  const changeLines = (row: ActivityRow) => activityChangeLines(row.before, row.after, texts);

  // Nothing is cut (issue 31): long names, actions and changes wrap, and the row's detail lays the change out as
  // field | before | after, so every entry reads in full on a phone and without a mouse.
  const columns: DataTableColumn<ActivityRow>[] = [
    { id: 'at', header: t('columns.at'), rowHeader: true, cell: (row) => format.date(row.at, { withTime: true }) },
    { id: 'actor', header: t('columns.actor'), className: 'activity-log__text', cell: who },
    { id: 'action', header: t('columns.action'), className: 'activity-log__text', cell: what },
    {
      id: 'concerns',
      header: t('columns.concerns'),
      className: 'activity-log__text',
      cell: (row) =>
        row.employee ? (
          <Link to={paths.user.replace(':userId', encodeURIComponent(row.employee.employeeId))}>{concernsText(row)}</Link>
        ) : (
          <BreakableText text={concernsText(row)} />
        ),
    },
    {
      id: 'change',
      header: t('columns.change'),
      className: 'activity-log__text activity-log__change',
      cell: (row) => {
        const lines = changeLines(row);
        return lines.length === 0 ? '—' : (
          <span className="activity-log__lines">
            {lines.map((line, index) => (
              <span key={index} className="activity-log__line">
                <BreakableText text={line} />
              </span>
            ))}
          </span>
        );
      },
    },
    { id: 'detail', header: t('detail.changes'), detail: true, cell: (row) => (
        <>
          <ActivityChangeTable row={row} texts={texts} />
          <MovementSource record={row} />
        </>
      ),
    },
  ];

  const { filters } = table.params;
  const narrowed = Object.values(filters).some((value) => value.length > 0);
  const list = listOf(table.params);
  const searchedUntil = table.loading ? undefined : book.searchedUntil(list, table.params.page);
  return (
    <div className="page activity-log">
      <div className="page__heading-row">
        <PageHeader title={t('title')} lead={t('lead')} />
        <BackgroundDownloadButton download={download} request={() => requestActivityFile(table.params, language)}>
          {t('download')}
        </BackgroundDownloadButton>
      </div>
      <ActivityVerification companyId={companyId} />
      <TableToolbar>
        <FilterPopover values={filters} emptyValues={table.emptyFilters} onApply={table.setFilters} fields={filterFields}>
          {(draft, changeDraft) => (
            <>
              <EmployeeFilter
                companyId={companyId}
                value={draft.employeeId}
                names={employeeNames}
                onChange={(employeeId, name) => {
                  if (name !== null && employeeId !== '') setEmployeeNames(new Map(employeeNames).set(employeeId, name));
                  changeDraft({ ...draft, employeeId });
                }}
              />
              <FilterDateRange draft={draft} onChange={changeDraft} legend={t('filters.dates')} fromLabel={t('filters.dateFrom')} toLabel={t('filters.dateTo')} />
            </>
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
          rowLabel={(row) => `${what(row)}, ${format.date(row.at, { withTime: true })}`}
          loading={table.loading}
          skeletonRows={table.params.itemsPerPage}
          empty={
            <EmptyState title={narrowed ? t('common:table.noResults') : t('empty.title')}>
              <p>{narrowed ? t('common:table.noResultsText') : t('empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      {searchedUntil && (
        <p className="activity-note" role="status">
          {t('searchedUntil', { date: format.date(searchedUntil, { withTime: true }) })}
        </p>
      )}
      <CursorPagination page={table.params.page} hasNext={table.totalPages > table.params.page} onPageChange={table.setPage} />
      <BackgroundDownloadDialog download={download} />
    </div>
  );
}
