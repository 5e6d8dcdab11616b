import { useTranslation } from 'react-i18next';
import './general-error.css';

/**
 * SPEC section 2: a rendering failure shows a general error placeholder with a link to /.
 * A plain link (not the router's) reloads the app, which is the point after a crash.
 */
export function GeneralError() {
  const { t } = useTranslation('common');
  return (
    <div className="general-error">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <a className="button" href="/">
        {t('error.home')}
      </a>
    </div>
  );
}

/** The same placeholder as a whole page, for failures outside any layout. */
export function GeneralErrorPage() {
  return (
    <main id="main" className="general-error-page">
      <GeneralError />
    </main>
  );
}
