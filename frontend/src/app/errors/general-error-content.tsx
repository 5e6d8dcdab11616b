import type { Translate } from '@frontend/lib/lite-i18n';
import './general-error.css';

/**
 * SPEC section 2: a rendering failure shows a general error placeholder with a link to /, in the page's own `t`
 * (i18next's in the portal, the lite one on the small pages). A plain link reloads the page, which is the point after
 * a crash; `home` is the page's own start (/card for the employees' page).
 */
export function GeneralErrorContent({ t, home = '/' }: { t: Translate; home?: string }) {
  return (
    <div className="general-error">
      <h1>{t('common:error.title')}</h1>
      <p>{t('common:error.text')}</p>
      <a className="button" href={home}>
        {t('common:error.home')}
      </a>
    </div>
  );
}
