import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Logo } from '@frontend/components/logo/logo';
import { UnreadBadge, unreadBadgeProps } from './unread-badge';
import './nav-bar.css';

export interface NavFrameLink {
  to: string;
  label: string;
  /** 'page' on the screen itself; 'true' on a screen inside its section (one application of Applications). */
  current?: 'page' | 'true';
  /** Unread messages (or requests waiting for the reader) shown as a badge beside the label. */
  unread?: number;
  /** What screen readers hear for the badge, already translated; "N unread" when not given. */
  badgeText?: string;
}

interface NavFrameProps {
  homePath: string;
  /** What stands beside the logo: the console's name. The brand itself shows once, in the logo. */
  title?: string;
  navLabel: string;
  links: readonly NavFrameLink[];
  /** Beside the links on wide screens (the top-up IBAN). */
  aside?: ReactNode;
  /** Top right on wide screens: the provider, the switchers and log out. */
  tools: ReactNode;
}

/**
 * The header of the signed-in portal and of the provider console: the logo, the links with the current one
 * underlined, and the tools; at 960 px and below everything but the logo folds into a menu behind one button.
 */
export function NavFrame({ homePath, title, navLabel, links, aside, tools }: NavFrameProps) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  return (
    <header className="nav-bar">
      <div className="nav-bar__inner">
        <div className={`nav-bar__brand${title ? ' nav-bar__brand--titled' : ''}`}>
          <Link to={homePath} className="nav-bar__home" onClick={closeMenu}>
            <Logo inverted />
          </Link>
          {title && <span className="nav-bar__title">{title}</span>}
        </div>
        <button type="button" className="nav-bar__menu-button" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((open) => !open)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span>{t('nav.menu')}</span>
        </button>
        <div id={menuId} className={`nav-bar__menu${menuOpen ? ' nav-bar__menu--open' : ''}`}>
          <div className="nav-bar__row">
            <nav className="nav-bar__nav" aria-label={navLabel}>
              <ul className="nav-bar__links">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavFrameItem link={link} onNavigate={closeMenu} />
                  </li>
                ))}
              </ul>
            </nav>
            {aside && <div className="nav-bar__aside">{aside}</div>}
          </div>
          <div className="nav-bar__tools">{tools}</div>
        </div>
      </div>
    </header>
  );
}

function NavFrameItem({ link, onNavigate }: { link: NavFrameLink; onNavigate: () => void }) {
  const unreadId = useId();
  const unread = link.unread ?? 0;
  return (
    <Link
      to={link.to}
      className={`nav-bar__link${link.current ? ' nav-bar__link--active' : ''}`}
      aria-current={link.current}
      onClick={onNavigate}
      {...unreadBadgeProps(unreadId, unread)}
    >
      {link.label}
      <UnreadBadge id={unreadId} count={unread} text={link.badgeText} />
    </Link>
  );
}
