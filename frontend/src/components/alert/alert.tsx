import type { ReactNode } from 'react';
import './alert.css';

/**
 * A message about the whole form or page: errors are announced at once, other notices politely. A warning, which asks
 * the reader to act before something goes wrong, is a WarningNote (warning-note.tsx): this module stays free of i18next,
 * as the /card and sign-in pages use it too.
 */
export function Alert({ tone = 'error', className, children }: { tone?: 'error' | 'success' | 'info'; className?: string; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}${className ? ` ${className}` : ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
