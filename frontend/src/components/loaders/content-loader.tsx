import { useTranslation } from 'react-i18next';
import './loaders.css';

/**
 * Skeleton for a screen that is still loading inside a layout (which already has the landmarks). It carries
 * the page's h1 meanwhile, so the page outline stays whole at every moment.
 */
export function ContentLoader() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-label={t('loading')} className="page content-loader">
      <h1 className="visually-hidden">{t('loading')}</h1>
      <div className="skeleton skeleton--title" aria-hidden="true" />
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      <div className="skeleton skeleton--block" aria-hidden="true" />
    </div>
  );
}
