import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './alert.css';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

/**
 * A message about the whole form or page. Errors (red) are announced at once; a warning (amber, with its sign and a
 * spoken "Warning") asks the reader to act before something goes wrong and is a note, read in its place; other
 * notices are announced politely.
 */
export function Alert({ tone = 'error', className, children }: { tone?: AlertTone; className?: string; children: ReactNode }) {
  const classes = `alert alert--${tone}${className ? ` ${className}` : ''}`;
  if (tone === 'warning') return <WarningAlert className={classes}>{children}</WarningAlert>;
  return (
    <div className={classes} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

function WarningAlert({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="note">
      <svg className="alert__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M10 2.5 18.5 17.5h-17L10 2.5Z" fill="currentColor" />
        <path d="M10 8v4.5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="10" cy="14.9" r="1" fill="#fff" />
      </svg>
      <div className="alert__body">
        <span className="visually-hidden">{t('warning')}: </span>
        {children}
      </div>
    </div>
  );
}
