import { useTranslation } from 'react-i18next';
import './pagination.css';
import { useMediaQuery } from '@frontend/lib/use-media-query';
import { narrowPageButtons, pageWindow, widePageButtons } from './page-window';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/**
 * SPEC section 2: hidden under two pages; first, previous, a window of page buttons with ellipses, next, last.
 * Six page buttons on wide screens, three below 640 px, where six would not fit beside the arrows.
 */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const narrow = useMediaQuery('(max-width: 639px)');
  if (totalPages < 2) return null;
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  const items = pageWindow(page, totalPages, narrow ? narrowPageButtons : widePageButtons);
  return (
    <nav className="pagination" aria-label={t('table.pagination')}>
      <ul className="pagination__list">
        <li>
          <ArrowButton direction="first" label={t('table.first')} disabled={atStart} onClick={() => onPageChange(1)} />
        </li>
        <li>
          <ArrowButton direction="previous" label={t('table.previous')} disabled={atStart} onClick={() => onPageChange(page - 1)} />
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={index === 0 ? 'ellipsis-before' : 'ellipsis-after'} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__button"
                aria-label={t('table.pageOf', { page: item, total: totalPages })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <ArrowButton direction="next" label={t('table.next')} disabled={atEnd} onClick={() => onPageChange(page + 1)} />
        </li>
        <li>
          <ArrowButton direction="last" label={t('table.last')} disabled={atEnd} onClick={() => onPageChange(totalPages)} />
        </li>
      </ul>
    </nav>
  );
}

const arrows = {
  first: 'M12.5 4 8.5 8l4 4M7.5 4 3.5 8l4 4',
  previous: 'M10 4 6 8l4 4',
  next: 'm6 4 4 4-4 4',
  last: 'm3.5 4 4 4-4 4M8.5 4l4 4-4 4',
} as const;

/**
 * At either end the arrows say they are unavailable with aria-disabled rather than `disabled`: a disabled button
 * drops the keyboard focus to the page body just as the user reaches the last page.
 */
export function ArrowButton({ direction, label, disabled, onClick }: { direction: keyof typeof arrows; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="pagination__button"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onClick()}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
        <path d={arrows[direction]} />
      </svg>
    </button>
  );
}
