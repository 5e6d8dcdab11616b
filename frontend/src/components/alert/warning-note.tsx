import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './alert.css';

/**
 * A warning (amber, with its sign and a spoken "Warning"): asks the reader to act before something goes wrong. A note,
 * read in its place, not announced as an error is.
 */
export function WarningNote({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={`alert alert--warning${className ? ` ${className}` : ''}`} role="note">
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
