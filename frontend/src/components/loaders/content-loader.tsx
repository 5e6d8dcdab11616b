import { useTranslation } from 'react-i18next';
import { ContentSkeleton } from './content-skeleton';

/** The portal's loading skeleton (ContentSkeleton), named in the UI language. */
export function ContentLoader() {
  const { t } = useTranslation('common');
  return <ContentSkeleton label={t('loading')} />;
}
