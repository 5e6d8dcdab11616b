import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';

/** SPEC section 2 "Reporting": heading and empty state until the screen's issue fills it. */
export function ReportingScreen() {
  const { t } = useTranslation('reporting');
  useDocumentTitle(t('title'));
  return (
    <div className="page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <EmptyState title={t('empty.title')}>
        <p>{t('empty.text')}</p>
      </EmptyState>
    </div>
  );
}
