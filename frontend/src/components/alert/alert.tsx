import type { ReactNode } from 'react';
import './alert.css';

/** A message about the whole form or page; errors are announced at once, notices politely. */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
