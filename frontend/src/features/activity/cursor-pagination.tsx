import { useTranslation } from 'react-i18next';
import { ArrowButton } from '@frontend/components/data-table/pagination';
import '@frontend/components/data-table/pagination.css';

interface CursorPaginationProps {
  page: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
}

/**
 * The shared pagination's look for a list read by cursor (the activity log): first, previous, the page it is on and
 * next. Hidden while everything fits on one page (SPEC section 2). No last page and no numbered pages further on: the
 * log keeps no count, and reaching page N means reading the N - 1 pages before it (docs/decisions.md).
 */
export function CursorPagination({ page, hasNext, onPageChange }: CursorPaginationProps) {
  const { t } = useTranslation(['activity', 'common']);
  if (page <= 1 && !hasNext) return null;
  const atStart = page <= 1;
  return (
    <nav className="pagination" aria-label={t('common:table.pagination')}>
      <ul className="pagination__list">
        <li>
          <ArrowButton direction="first" label={t('common:table.first')} disabled={atStart} onClick={() => onPageChange(1)} />
        </li>
        <li>
          <ArrowButton direction="previous" label={t('common:table.previous')} disabled={atStart} onClick={() => onPageChange(page - 1)} />
        </li>
        <li>
          <span className="pagination__button pagination__current" aria-current="page">
            {t('page', { page })}
          </span>
        </li>
        <li>
          <ArrowButton direction="next" label={t('common:table.next')} disabled={!hasNext} onClick={() => onPageChange(page + 1)} />
        </li>
      </ul>
    </nav>
  );
}
