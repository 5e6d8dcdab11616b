import { useTranslation } from 'react-i18next';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';

/**
 * A screen that SPEC section 2 names and a later issue fills: its heading, lead and empty state, read from the
 * namespace's `title`, `lead` and `empty.*` texts.
 */
export function PlaceholderPage({ namespace }: { namespace: string }) {
  const { t } = useTranslation(namespace);
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
