import type { ReactNode } from 'react';
import './table-toolbar.css';

/** The row of controls above a list (search, filters, period, page size); they stack on narrow screens. */
export function TableToolbar({ children }: { children: ReactNode }) {
  return <div className="table-toolbar">{children}</div>;
}
