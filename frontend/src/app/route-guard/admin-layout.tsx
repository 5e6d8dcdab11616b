import { useId, useState } from 'react';
import { Link, Navigate, matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths, protectedRoutes } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { Logo } from '@frontend/components/logo/logo';
import { useSession } from '@frontend/lib/session/session-context';
import { UnreadBadge, unreadBadgeProps, useInboxUnread } from '../layouts/nav-bar/unread-badge';
import { SiteFrame } from '../layouts/site-frame';
import { decideGuard, guardStateOf, protectedRouteFor } from './decide-guard';

const consoleRoute = protectedRoutes.find((route) => route.providerAdmin);

/** Layout route of the provider's console (/admin): the guard decides (provider admins only), then its frame. */
export function AdminLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const route = protectedRouteFor(pathname) ?? consoleRoute;
  if (!route) throw new Error('the provider console is missing from shared/routes.ts');
  const decision = decideGuard(guardStateOf(session), route);
  if ('wait' in decision) return <FullPageLoader />;
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  return <SiteFrame header={<AdminHeader />} />;
}

function AdminHeader() {
  const { t } = useTranslation('common');
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="public-header admin-header">
      <div className="public-header__inner">
        <Link to={paths.admin} className="public-header__home">
          <Logo />
          <span className="admin-header__title">{t('admin.console')}</span>
        </Link>
        <div className="admin-header__actions">
          <ConsoleNav />
          {session.profile?.currentClient && <Link to={paths.dashboard}>{t('admin.portal')}</Link>}
          <LanguageSwitcher compactOnNarrow />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void session.logout();
            }}
          >
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </header>
  );
}

/** The console's sections; reviewing one application is part of Applications. */
function ConsoleNav() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const onPrices = matchPath(paths.adminPrices, pathname) !== null;
  const onTopUps = matchPath(paths.adminTopUps, pathname) !== null;
  const onMessaging = matchPath(paths.adminMessaging, pathname) !== null;
  const unread = useInboxUnread();
  const unreadId = useId();
  return (
    <nav className="admin-header__nav" aria-label={t('admin.sections')}>
      <Link to={paths.admin} aria-current={onPrices || onTopUps || onMessaging ? undefined : pathname === paths.admin ? 'page' : 'true'}>
        {t('admin.applications')}
      </Link>
      <Link to={paths.adminPrices} aria-current={onPrices ? 'page' : undefined}>
        {t('admin.prices')}
      </Link>
      <Link to={paths.adminTopUps} aria-current={onTopUps ? 'page' : undefined}>
        {t('admin.topUps')}
      </Link>
      <Link to={paths.adminMessaging} aria-current={onMessaging ? 'page' : undefined} {...unreadBadgeProps(unreadId, unread)}>
        {t('admin.messages')}
        <UnreadBadge id={unreadId} count={unread} />
      </Link>
    </nav>
  );
}
