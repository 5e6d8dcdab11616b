import { useTranslation } from 'react-i18next';
import { GeneralErrorContent } from './general-error-content';

/** The portal's general error placeholder (GeneralErrorContent), translated by i18next. */
export function GeneralError() {
  const { t } = useTranslation('common');
  return <GeneralErrorContent t={t} />;
}

/** The same placeholder as a whole page, for failures outside any layout. */
export function GeneralErrorPage() {
  return (
    <main id="main" className="general-error-page">
      <GeneralError />
    </main>
  );
}
