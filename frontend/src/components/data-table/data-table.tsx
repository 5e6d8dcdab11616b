import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The skeleton look is the loaders' one; imported here too, since a list may render before any loader has.
import '../loaders/loaders.css';
import './data-table.css';
import { EmptyState } from '../empty-state/empty-state';
import { RowActionsMenu, type RowAction } from './row-actions-menu';
import { headerCheckboxState, toggleAll, toggleRow } from './row-selection';

export interface DataTableColumn<Row> {
  id: string;
  /** Already translated. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** 'end' for amounts and counts, so their digits line up. */
  align?: 'start' | 'end' | 'center';
  className?: string;
  /** This column names the row (a person's name): its cells become row headers for screen readers. */
  rowHeader?: boolean;
  /** The header is read by screen readers but not shown, e.g. over a column of action buttons. */
  hideHeader?: boolean;
  /** A less important value (a merchant id, a reference): no column of its own, shown in the row's detail. */
  detail?: boolean;
  /**
   * Long text kept to one line: cut with an ellipsis, the full value (which this gives) on hover and, for keyboard
   * users, on focus.
   */
  truncate?: (row: Row) => string;
}

export interface DataTableSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
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
  selection?: DataTableSelection;
  /**
   * Names a row in its checkbox, its details button and its actions menu ("Select Anna Ozola"), already
   * translated; the row's key when not given.
   */
  rowLabel?: (row: Row) => string;
  /** The row's actions, in one compact menu at the row's end; an empty list shows no menu for that row. */
  rowActions?: (row: Row) => readonly RowAction[];
  /**
   * A row shown in grey (a blocked user, a cancelled payment) gives the reason, already translated; screen readers
   * hear it with the row, so the grey is not the only sign.
   */
  rowMuted?: (row: Row) => string | undefined;
}

/**
 * The list table every list screen uses; it knows columns and rows, nothing about what they hold. From 800 px of its
 * own width it is a table whose rows keep to one line (less important values in a row detail, long text cut, actions
 * in one menu); narrower, each row is a stacked card (data-table.css), so a phone never scrolls sideways.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, loading, skeletonRows, empty, selection, rowLabel, rowActions, rowMuted }: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const detailPrefix = useId();
  if (!loading && rows.length === 0) {
    return empty ?? <EmptyState title={t('table.noResults')}>{t('table.noResultsText')}</EmptyState>;
  }
  const shown = columns.filter((column) => !column.detail);
  const details = columns.filter((column) => column.detail);
  const hasEndCell = details.length > 0 || rowActions !== undefined;
  const columnCount = shown.length + (selection ? 1 : 0) + (hasEndCell ? 1 : 0);
  const labelOf = (row: Row) => rowLabel?.(row) ?? rowKey(row);
  const toggleDetail = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };
  return (
    // Between 800 px and the columns' full width the table may still scroll inside this region; it takes focus so
    // keyboard users can scroll it too.
    <div className="data-table" role="region" aria-label={caption} tabIndex={0}>
      {/* Explicit roles: the stacked cards change the table's display, and some browsers then stop reading a table. */}
      <table className="data-table__table" role="table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {selection && (
              <th scope="col" role="columnheader" className="data-table__select">
                <HeaderCheckbox pageIds={loading ? [] : rows.map(rowKey)} selection={selection} />
              </th>
            )}
            {shown.map((column) => (
              <th key={column.id} scope="col" role="columnheader" className={cellClass(column)}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
            {hasEndCell && (
              <th scope="col" role="columnheader" className="data-table__end">
                <span className="visually-hidden">{t('table.rowActionsHeader')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {loading ? (
            <SkeletonRows count={skeletonRows} columns={columnCount} />
          ) : (
            rows.map((row) => {
              const id = rowKey(row);
              const muted = rowMuted?.(row);
              const open = expanded.has(id);
              const detailId = `${detailPrefix}-${id}`;
              return (
                <Fragment key={id}>
                  <tr role="row" className={['data-table__row', muted && 'data-table__row--muted', open && 'data-table__row--open'].filter(Boolean).join(' ')}>
                    {selection && (
                      <td role="cell" className="data-table__select">
                        <input
                          type="checkbox"
                          className="data-table__checkbox"
                          aria-label={t('table.selectRow', { label: labelOf(row) })}
                          checked={selection.selected.has(id)}
                          onChange={(event) => selection.onChange(toggleRow(selection.selected, id, event.target.checked))}
                        />
                      </td>
                    )}
                    {shown.map((column, index) => {
                      const Cell = column.rowHeader ? 'th' : 'td';
                      return (
                        <Cell
                          key={column.id}
                          scope={column.rowHeader ? 'row' : undefined}
                          role={column.rowHeader ? 'rowheader' : 'cell'}
                          className={cellClass(column)}
                          data-label={column.hideHeader ? undefined : column.header}
                        >
                          <CellContent column={column} row={row} />
                          {muted && index === 0 && <span className="visually-hidden"> ({muted})</span>}
                        </Cell>
                      );
                    })}
                    {hasEndCell && (
                      <td role="cell" className="data-table__end">
                        <div className="data-table__end-actions">
                          {details.length > 0 && (
                            <button
                              type="button"
                              className="icon-button data-table__detail-toggle"
                              aria-expanded={open}
                              aria-controls={open ? detailId : undefined}
                              aria-label={t('table.rowDetails', { label: labelOf(row) })}
                              onClick={() => toggleDetail(id)}
                            >
                              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
                                <path d="M4 6l4 4 4-4" />
                              </svg>
                            </button>
                          )}
                          {rowActions && <RowActionsCell actions={rowActions(row)} rowLabel={labelOf(row)} />}
                        </div>
                      </td>
                    )}
                  </tr>
                  {open && (
                    <tr id={detailId} role="row" className="data-table__detail-row">
                      <td role="cell" colSpan={columnCount}>
                        <dl className="data-table__detail">
                          {details.map((column) => (
                            <div key={column.id} className="data-table__detail-item">
                              <dt>{column.header}</dt>
                              <dd>{column.cell(row)}</dd>
                            </div>
                          ))}
                        </dl>
                      </td>
                    </tr>
                  )}
                </Fragment>
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

/** A row without actions keeps the menu's place, so the details buttons of all rows stay in one column. */
function RowActionsCell({ actions, rowLabel }: { actions: readonly RowAction[]; rowLabel: string }) {
  return actions.length > 0 ? <RowActionsMenu actions={actions} rowLabel={rowLabel} /> : <span className="data-table__end-spacer" aria-hidden="true" />;
}

function CellContent<Row>({ column, row }: { column: DataTableColumn<Row>; row: Row }) {
  const content = column.cell(row);
  if (!column.truncate) return content;
  return <TruncatedText full={column.truncate(row)}>{content}</TruncatedText>;
}

/**
 * Text cut to one line: the full value in its title for the mouse; while it is cut it also takes keyboard focus,
 * which unfolds it (data-table.css), and only then, so a page of rows is not a page of extra tab stops.
 */
export function TruncatedText({ full, children }: { full: string; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const span = ref.current;
    if (!span) return;
    const check = () => {
      if (span.matches(':focus')) return;
      const cut = span.scrollWidth > span.clientWidth;
      if (cut) span.setAttribute('tabindex', '0');
      else span.removeAttribute('tabindex');
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(span);
    return () => observer.disconnect();
  }, [full]);
  return (
    <span ref={ref} className="data-table__truncate" title={full}>
      {children}
    </span>
  );
}

function cellClass<Row>(column: DataTableColumn<Row>): string {
  return [
    'data-table__cell',
    `data-table__cell--${column.align ?? 'start'}`,
    column.rowHeader && 'data-table__cell--title',
    column.className,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * SPEC section 2: checked when every row of the page is selected, a dash when some are; a click on the dash
 * clears, a click on an empty box selects the page.
 */
function HeaderCheckbox({ pageIds, selection }: { pageIds: readonly string[]; selection: DataTableSelection }) {
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
