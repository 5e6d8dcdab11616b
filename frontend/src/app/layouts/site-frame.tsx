import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer/footer';
import { ScreenOutlet } from './screen-outlet';
import '@frontend/styles/site-frame.css';

/** What every layout shares: the skip link, its own header, the screen, the footer. */
export function SiteFrame({ header }: { header: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {header}
      <main id="main" tabIndex={-1} className="layout-main">
        <ScreenOutlet />
      </main>
      <Footer />
    </>
  );
}
