import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { Logo } from '@frontend/components/logo/logo';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { Footer } from './footer/footer';
import { ScreenOutlet } from './screen-outlet';
import './layouts.css';

/** Frame of the public screens: brand and language switcher on top, the screen, the footer. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="public-header">
        <div className="public-header__inner">
          <Link to={paths.root} className="public-header__home">
            <Logo />
          </Link>
          <LanguageSwitcher compactOnNarrow />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <ScreenOutlet />
      </main>
      <Footer />
    </>
  );
}
