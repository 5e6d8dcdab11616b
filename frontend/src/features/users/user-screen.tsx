import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';

/** /users/:userId — one user with card and device status, once the users issue lands. */
export function UserScreen() {
  const { t } = useTranslation('users');
  useDocumentTitle(t('detail.title'));
  const { userId = '' } = useParams();
  return (
    <div className="page">
      <p>
        <Link to={paths.users}>{t('detail.back')}</Link>
      </p>
      <PageHeader title={t('detail.title')} lead={t('detail.lead', { id: userId })} />
      <EmptyState title={t('detail.empty.title')}>
        <p>{t('detail.empty.text')}</p>
      </EmptyState>
    </div>
  );
}
