import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasReporting } from '@shared/api/schemas';
import { hasRole, readsInvoices } from '@shared/roles';
import { navigationLinks, paths } from '@shared/routes';
import { LanguageSwitcher } from '@frontend/components/language-switcher/language-switcher';
import { useAwaitingApprovals } from '@frontend/lib/awaiting-approvals';
import { useSession } from '@frontend/lib/session/session-context';
import { isActiveLink } from './active-link';
import { ClientSwitcher } from './client-switcher';
import { IbanCopy } from './iban-copy';
import { LogoutButton } from './logout-button';
import { NavFrame } from './nav-frame';
import { useCompanyUnread } from './unread-badge';

/** Navigation bar of the signed-in app; rendered only behind the guard, so the session is synchronised. */
export function NavBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { profile } = useSession();
  const unread = useCompanyUnread(profile?.currentClient?.companyId);
  const { awaitingYou, inUse: approvalsInUse } = useAwaitingApprovals(profile?.currentClient?.companyId, profile?.role);
  if (!profile) return null;

  // Messaging counts unread messages; Approvals the requests this person may decide (issue 35).
  const badgeOf = (path: string): { unread?: number; badgeText?: string } => {
    if (path === paths.messaging) return { unread };
    if (path === paths.approvals) return { unread: awaitingYou, badgeText: t('nav.awaitingYou', { count: awaitingYou }) };
    return {};
  };

  const links = navigationLinks
    .filter((link) => !('minRole' in link) || hasRole(profile.role, link.minRole))
    // Approvals once the company uses them (a rule set, or requests), or while it is open.
    .filter((link) => link.path !== paths.approvals || approvalsInUse || isActiveLink(link.path, pathname))
    .flatMap((link): { path: string; labelKey: (typeof link)['labelKey'] }[] => {
      if (!('feature' in link) || hasReporting(profile.availableFeatures)) return [link];
      // Without the reporting feature Reporting still holds the company's invoices, for those who read them.
      return link.path === paths.reporting && readsInvoices(profile.role) ? [{ labelKey: link.labelKey, path: paths.reportingInvoices }] : [];
    })
    .map((link) => ({
      to: link.path,
      label: t(link.labelKey),
      current: isActiveLink(link.path, pathname) ? ('page' as const) : undefined,
      ...badgeOf(link.path),
    }));

  return (
    <NavFrame
      homePath={paths.dashboard}
      navLabel={t('nav.label')}
      links={links}
      aside={profile.topUpAccountIBAN && <IbanCopy iban={profile.topUpAccountIBAN} />}
      tools={
        <>
          {/* SPEC section 2: the provider's name in upper case, named as the provider's; the brand is the logo's. */}
          {profile.provider && (
            <p className="nav-bar__provider">
              <span className="nav-bar__label">{t('nav.provider')}</span> <span className="nav-bar__provider-name">{profile.provider.toUpperCase()}</span>
            </p>
          )}
          <ClientSwitcher profile={profile} />
          <LanguageSwitcher tone="dark" />
          <LogoutButton />
        </>
      }
    />
  );
}
