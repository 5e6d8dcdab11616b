import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasReporting } from '@shared/api/schemas';
import { navigationLinks, paths } from '@shared/routes';
import { Logo } from '@frontend/components/logo/logo';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { useSession } from '@frontend/lib/session/session-context';
import { isActiveLink } from './active-link';
import { ClientSwitcher } from './client-switcher';
import { IbanCopy } from './iban-copy';
import { UnreadBadge, unreadBadgeProps, useCompanyUnread } from './unread-badge';
import './nav-bar.css';

/** Navigation bar of the signed-in app; rendered only behind the guard, so the session is synchronised. */
export function NavBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { profile, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const unread = useCompanyUnread(profile?.currentClient?.companyId);
  const unreadId = useId();
  if (!profile) return null;

  const links = navigationLinks.filter(
    (link) => !('feature' in link) || (link.feature === 'reporting' && hasReporting(profile.availableFeatures)),
  );
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="nav-bar">
      <div className="nav-bar__inner">
        <div className="nav-bar__brand">
          <Link to={paths.dashboard} className="nav-bar__home" onClick={closeMenu}>
            <Logo inverted />
          </Link>
          {profile.provider && (
            <span className="nav-bar__provider">
              <span className="visually-hidden">{t('nav.provider')}: </span>
              {profile.provider.toUpperCase()}
            </span>
          )}
        </div>
        <button
          type="button"
          className="nav-bar__menu-button"
          aria-expanded={menuOpen}
          aria-controls="nav-bar-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span>{t('nav.menu')}</span>
        </button>
        <div id="nav-bar-menu" className={`nav-bar__menu${menuOpen ? ' nav-bar__menu--open' : ''}`}>
          <div className="nav-bar__row">
            <nav className="nav-bar__nav" aria-label={t('nav.label')}>
              <ul className="nav-bar__links">
                {links.map((link) => {
                  const active = isActiveLink(link.path, pathname);
                  return (
                    <li key={link.path}>
                      <Link
                        to={link.path}
                        className={`nav-bar__link${active ? ' nav-bar__link--active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                        onClick={closeMenu}
                        {...(link.path === paths.messaging ? unreadBadgeProps(unreadId, unread) : {})}
                      >
                        {t(link.labelKey)}
                        {link.path === paths.messaging && <UnreadBadge id={unreadId} count={unread} />}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {profile.topUpAccountIBAN && (
              <div className="nav-bar__iban">
                <IbanCopy iban={profile.topUpAccountIBAN} />
              </div>
            )}
          </div>
          <div className="nav-bar__tools">
            <ClientSwitcher profile={profile} />
            <LanguageSwitcher tone="dark" />
            <button
              type="button"
              className="nav-bar__logout"
              disabled={loggingOut}
              onClick={() => {
                setLoggingOut(true);
                void logout().finally(() => setLoggingOut(false));
              }}
            >
              {t('nav.logout')}
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
