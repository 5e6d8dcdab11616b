import { useTranslation } from 'react-i18next';
import './loaders.css';

/** Shown until the user state is synchronised: a page-shaped skeleton that screen readers announce. */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  return (
    <main className="page-loader" aria-busy="true">
      <h1 className="visually-hidden">{t('loading')}</h1>
      <div role="status" aria-label={t('loading')} className="page-loader__frame">
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
