import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';

/** A list or page that could not be loaded: why, and a button to try again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert>
      <p>{children}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('retry')}
      </button>
    </Alert>
  );
}
