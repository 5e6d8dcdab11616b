import { useTranslation } from 'react-i18next';
import './loaders.css';

/**
 * Skeleton for a screen that is still loading inside a layout (which already has the landmarks): a status
 * named "Loading…" that goes away when the screen is there. It has no heading on purpose: the first h1 on
 * the page is the screen's own, so whoever waits for a heading waits for the screen.
 */
export function ContentLoader() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-label={t('loading')} className="page content-loader">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="skeleton skeleton--title" aria-hidden="true" />
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      <div className="skeleton skeleton--block" aria-hidden="true" />
    </div>
  );
}
