import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './bulk-action-bar.css';

interface BulkActionBarProps {
  /** How many rows are selected; the bar shows only when some are. */
  count: number;
  /** The actions for the selected rows, as buttons (`button button--secondary button--small`). */
  children: ReactNode;
  /** When given, the bar also offers to clear the selection. */
  onClear?: () => void;
}

/**
 * What can be done with the selected rows. The count sits in a status region that is always in the page, so
 * a screen reader hears "Selected: 3" as rows are ticked, including the first one.
 */
export function BulkActionBar({ count, children, onClear }: BulkActionBarProps) {
  const { t } = useTranslation('common');
  const active = count > 0;
  return (
    <div className={active ? 'bulk-action-bar' : 'bulk-action-bar bulk-action-bar--idle'}>
      <p role="status" className="bulk-action-bar__count">
        {active ? t('table.selected', { count }) : ''}
      </p>
      {active && (
        <div className="bulk-action-bar__actions" role="group" aria-label={t('table.bulkActions')}>
          {children}
          {onClear && (
            <button type="button" className="button button--secondary button--small" onClick={onClear}>
              {t('table.clearSelection')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
