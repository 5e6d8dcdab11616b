import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './not-found-page.css';

/** /404 and every unmatched path (SPEC section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <Link className="button" to={paths.root}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
