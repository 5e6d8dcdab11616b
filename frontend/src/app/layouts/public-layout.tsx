import { Link } from 'react-router-dom';
import { paths } from '@shared/routes';
import { Logo } from '@frontend/components/logo/logo';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { SiteFrame } from './site-frame';

/** Frame of the public screens: brand and language switcher on top, the screen, the footer. */
export function PublicLayout() {
  return (
    <SiteFrame
      header={
        <header className="public-header">
          <div className="public-header__inner">
            <Link to={paths.root} className="public-header__home">
              <Logo />
            </Link>
            <LanguageSwitcher compactOnNarrow />
          </div>
        </header>
      }
    />
  );
}
