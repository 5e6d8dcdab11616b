import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The skeleton look is the loaders' one; imported here too, since a list may render before any loader has.
import '../loaders/loaders.css';
import './data-table.css';
import { EmptyState } from '../empty-state/empty-state';
import { headerCheckboxState, toggleAll, toggleRow } from './row-selection';

export interface DataTableColumn<Row> {
  id: string;
  /** Already translated. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** 'end' for amounts and counts, so their digits line up. */
  align?: 'start' | 'end' | 'center';
  /** Cells that must stay on one line, e.g. dates and periods ('end' cells already do). */
  nowrap?: boolean;
  className?: string;
  /** This column names the row (a person's name): its cells become row headers for screen readers. */
  rowHeader?: boolean;
  /** The header is read by screen readers but not shown, e.g. over a column of action buttons. */
  hideHeader?: boolean;
}

export interface DataTableSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** Names the row in its checkbox's label ("Select Anna Ozola"), already translated. */
  rowLabel: (row: Row) => string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers and its scrolling region for keyboard users. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading: boolean;
  /** How many skeleton rows stand in while loading: the page size, so the page does not jump when rows arrive. */
  skeletonRows: number;
  /** Shown instead of the table when a loaded page has no rows; a generic "nothing found" when not given. */
  empty?: ReactNode;
  selection?: DataTableSelection<Row>;
  /**
   * A row shown in grey (a blocked user, a cancelled payment) gives the reason, already translated; screen readers
   * hear it with the row, so the grey is not the only sign.
   */
  rowMuted?: (row: Row) => string | undefined;
}

/** The list table every list screen uses; it knows columns and rows, nothing about what they hold. */
export function DataTable<Row>({ caption, columns, rows, rowKey, loading, skeletonRows, empty, selection, rowMuted }: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  if (!loading && rows.length === 0) {
    return empty ?? <EmptyState title={t('table.noResults')}>{t('table.noResultsText')}</EmptyState>;
  }
  const columnCount = columns.length + (selection ? 1 : 0);
  return (
    // Wide tables scroll inside this region at 375 px; it takes focus so keyboard users can scroll it too.
    <div className="data-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table__table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="data-table__select">
                <HeaderCheckbox pageIds={loading ? [] : rows.map(rowKey)} selection={selection} />
              </th>
            )}
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows count={skeletonRows} columns={columnCount} />
          ) : (
            rows.map((row) => {
              const id = rowKey(row);
              const muted = rowMuted?.(row);
              return (
                <tr key={id} className={muted ? 'data-table__row--muted' : undefined}>
                  {selection && (
                    <td className="data-table__select">
                      <input
                        type="checkbox"
                        className="data-table__checkbox"
                        aria-label={t('table.selectRow', { label: selection.rowLabel(row) })}
                        checked={selection.selected.has(id)}
                        onChange={(event) => selection.onChange(toggleRow(selection.selected, id, event.target.checked))}
                      />
                    </td>
                  )}
                  {columns.map((column, index) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell key={column.id} scope={column.rowHeader ? 'row' : undefined} className={cellClass(column)}>
                        {column.cell(row)}
                        {muted && index === 0 && <span className="visually-hidden"> ({muted})</span>}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {loading && (
        <p role="status" className="visually-hidden">
          {t('loading')}
        </p>
      )}
    </div>
  );
}

function cellClass<Row>(column: DataTableColumn<Row>): string {
  return ['data-table__cell', `data-table__cell--${column.align ?? 'start'}`, column.nowrap && 'data-table__cell--nowrap', column.className].filter(Boolean).join(' ');
}

/**
 * SPEC section 2: checked when every row of the page is selected, a dash when some are; a click on the dash
 * clears, a click on an empty box selects the page.
 */
function HeaderCheckbox<Row>({ pageIds, selection }: { pageIds: readonly string[]; selection: DataTableSelection<Row> }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLInputElement>(null);
  const state = headerCheckboxState(pageIds, selection.selected);
  // `indeterminate` has no HTML attribute, only a DOM property; a click also resets it, hence every render.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  });
  return (
    <input
      ref={ref}
      type="checkbox"
      className="data-table__checkbox"
      aria-label={state === 'none' ? t('table.selectAll') : t('table.clearSelection')}
      checked={state === 'all'}
      disabled={pageIds.length === 0}
      onChange={() => selection.onChange(toggleAll(pageIds, selection.selected))}
    />
  );
}

function SkeletonRows({ count, columns }: { count: number; columns: number }) {
  return Array.from({ length: count }, (_, row) => (
    <tr key={row} aria-hidden="true" className="data-table__skeleton-row">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <div className="skeleton data-table__skeleton" />
        </td>
      ))}
    </tr>
  ));
}
