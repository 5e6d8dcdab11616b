import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasReporting } from '@shared/api/schemas';
import { readsInvoices } from '@shared/roles';
import { paths } from '@shared/routes';
import { LinkTabs } from '@frontend/components/link-tabs/link-tabs';
import { useSession } from '@frontend/lib/session/session-context';
import './reporting.css';

/**
 * Reporting's two parts, Reports and Invoices (issue 34), as links: each shows only to whom it is open (reports with
 * the reporting feature, invoices to owners and accountants), and the bar only when both are.
 */
export function ReportingTabs() {
  const { t } = useTranslation('reporting');
  const { profile } = useSession();
  const { pathname } = useLocation();
  if (!profile) return null;
  const tabs = [
    ...(hasReporting(profile.availableFeatures) ? [{ to: paths.reporting, label: t('tabs.reports') }] : []),
    ...(readsInvoices(profile.role) ? [{ to: paths.reportingInvoices, label: t('tabs.invoices') }] : []),
  ];
  if (tabs.length < 2) return null;
  return <LinkTabs label={t('tabs.label')} tabs={tabs.map((tab) => ({ ...tab, current: pathname === tab.to }))} />;
}
