import { Link, matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths, protectedRoutes } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { useSession } from '@frontend/lib/session/session-context';
import { LogoutButton } from '../layouts/nav-bar/logout-button';
import { NavFrame } from '../layouts/nav-bar/nav-frame';
import { useInboxUnread } from '../layouts/nav-bar/unread-badge';
import { SiteFrame } from '../layouts/site-frame';
import { decideGuard, guardStateOf, protectedRouteFor } from './decide-guard';
import { Redirect } from '../page-redirect';

const consoleRoute = protectedRoutes.find((route) => route.providerAdmin);

/** Layout route of the provider's console (/admin): the guard decides (provider admins only), then its frame. */
export function AdminLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const route = protectedRouteFor(pathname) ?? consoleRoute;
  if (!route) throw new Error('the provider console is missing from shared/routes.ts');
  const decision = decideGuard(guardStateOf(session), route);
  if ('wait' in decision) return <FullPageLoader />;
  if ('redirect' in decision) return <Redirect to={decision.redirect} />;
  return <SiteFrame header={<AdminHeader />} />;
}

/** The console's header: the portal's navigation bar and mobile menu, with the console's sections for links. */
function AdminHeader() {
  const { t } = useTranslation('common');
  const session = useSession();
  const { pathname } = useLocation();
  const unread = useInboxUnread();
  const onPrices = matchPath(paths.adminPrices, pathname) !== null;
  const onTopUps = matchPath(paths.adminTopUps, pathname) !== null;
  const onInvoices = matchPath(paths.adminInvoices, pathname) !== null;
  const onMessaging = matchPath(paths.adminMessaging, pathname) !== null;
  // Reviewing one application is part of Applications: the link is current there too, as its section.
  const onApplications = !onPrices && !onTopUps && !onInvoices && !onMessaging;
  return (
    <NavFrame
      homePath={paths.admin}
      title={t('admin.console')}
      navLabel={t('admin.sections')}
      links={[
        { to: paths.admin, label: t('admin.applications'), current: onApplications ? (pathname === paths.admin ? 'page' : 'true') : undefined },
        { to: paths.adminPrices, label: t('admin.prices'), current: onPrices ? 'page' : undefined },
        { to: paths.adminTopUps, label: t('admin.topUps'), current: onTopUps ? 'page' : undefined },
        { to: paths.adminInvoices, label: t('admin.invoices'), current: onInvoices ? 'page' : undefined },
        { to: paths.adminMessaging, label: t('admin.messages'), current: onMessaging ? 'page' : undefined, unread },
      ]}
      tools={
        <>
          {session.profile?.currentClient && (
            <Link to={paths.dashboard} className="nav-bar__tool-link">
              {t('admin.portal')}
            </Link>
          )}
          <LanguageSwitcher tone="dark" />
          <LogoutButton />
        </>
      }
    />
  );
}
