import { useTranslation } from 'react-i18next';
import './loaders.css';

/**
 * Shown until the user state is synchronised: a page-shaped skeleton in a status named "Loading…". Like the
 * content loader it has no heading, so the first h1 on the page is the screen's own.
 */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  return (
    <main className="page-loader">
      <div role="status" aria-label={t('loading')} className="page-loader__frame">
        <span className="visually-hidden">{t('loading')}</span>
        <div className="skeleton skeleton--bar" aria-hidden="true" />
        <div className="page-loader__body" aria-hidden="true">
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--block" />
        </div>
      </div>
    </main>
  );
}
