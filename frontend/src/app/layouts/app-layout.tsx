import { useTranslation } from 'react-i18next';
import { Footer } from './footer/footer';
import { ScreenOutlet } from './screen-outlet';
import { NavBar } from './nav-bar/nav-bar';
import './layouts.css';

/** Frame of the signed-in screens: navigation bar, the screen, the footer. */
export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className="layout-main">
        <ScreenOutlet />
      </main>
      <Footer />
    </>
  );
}
