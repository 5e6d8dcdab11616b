import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { dayText, rigaDateOf } from '@shared/dates';
import { scheduleAttention, upcomingRuns } from '@shared/funding-schedules';
import { paths } from '@shared/routes';
import { formatPaymentReference } from '@shared/top-ups';
import { WarningNote } from '@frontend/components/alert/warning-note';
import { CopyableValue } from '@frontend/components/copy-button/copyable-value';
import { useAwaitingYouCount } from '@frontend/lib/awaiting-approvals';
import { formatIban, useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey, schedulesQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';

/**
 * What needs the company's attention (issue 21): the main account below the low-balance threshold, with where to top
 * it up; a scheduled funding refused for the balance; the next run of one that the available amount does not cover.
 * Each is a warning (amber), not an error. Nothing shows when all is well. They stand after the main account and the
 * top-up panel (dashboard-screen.tsx), so their arrival never moves the balance or where to top up. A manager or
 * owner also reads how many requests wait for their approval (issue 35), with the way to them.
 */
export function DashboardNotices({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['dashboard', 'schedules', 'common']);
  const format = useFormat();
  const account = useQuery({ queryKey: mainAccountQueryKey(companyId), queryFn: ({ signal }) => callApi(moneyRoutes.getMainAccount, { signal }), enabled: companyId !== '' });
  const schedules = useQuery({ queryKey: schedulesQueryKey(companyId), queryFn: ({ signal }) => callApi(scheduleRoutes.listFundingSchedules, { signal }), enabled: companyId !== '' });
  const { profile } = useSession();
  // The navigation's badge asks the same query: one request serves both.
  const awaitingYou = useAwaitingYouCount(companyId, profile?.role);
  const schedulesLink = { to: paths.fundingSchedules, text: t('notices.open') };
  const notices: { key: string; text: string; link?: { to: string; text: string }; details?: ReactNode }[] = [];
  const main = account.data;
  if (main?.lowBalanceSince && main.lowBalanceThresholdCents !== null) {
    notices.push({
      key: 'low-balance',
      text: t('notices.lowBalance', { available: format.money(main.availableCents), threshold: format.money(main.lowBalanceThresholdCents) }),
      details: (
        <dl className="dashboard-notice__details">
          <CopyableValue label={t('topUp.iban')} copyLabel={t('common:copy.iban')} copyText={t('common:copy.button')} value={main.iban} testId="notice-iban">
            {formatIban(main.iban)}
          </CopyableValue>
          <CopyableValue label={t('topUp.reference')} copyLabel={t('common:copy.reference')} copyText={t('common:copy.button')} value={main.paymentReference} testId="notice-reference">
            {formatPaymentReference(main.paymentReference)}
          </CopyableValue>
        </dl>
      ),
    });
  }
  for (const schedule of schedules.data?.items ?? []) {
    const asks = scheduleAttention(schedule);
    if (!asks) continue;
    const key = asks.kind === 'refused' ? 'notices.runRefused' : schedule.allowPartial ? 'notices.runPartlyCovered' : 'notices.runNotCovered';
    const values = { name: schedule.name, date: dayText(asks.runDate), total: format.money(asks.totalCents), available: format.money(asks.availableCents) };
    notices.push({ key: `${asks.kind}-${schedule.scheduleId}`, link: schedulesLink, text: t(key, values) });
  }
  // The runs due in the next 30 days against the available amount, in the schedules page's own words, when short.
  if (schedules.data) {
    const upcoming = upcomingRuns(schedules.data.items, schedules.data.availableCents, rigaDateOf(new Date()));
    if (upcoming.shortfallCents > 0) {
      const values = { count: upcoming.runCount, total: format.money(upcoming.totalCents), available: format.money(upcoming.availableCents) };
      notices.push({ key: 'upcoming', link: schedulesLink, text: `${t('schedules:upcoming.title')}: ${t('schedules:upcoming.text', values)} ${t('schedules:upcoming.short', { shortfall: format.money(upcoming.shortfallCents) })}.` });
    }
  }
  // Last, so its arrival (its own query, every minute) never moves the notices above.
  if (awaitingYou > 0) notices.push({ key: 'approvals', text: t('notices.approvals', { count: awaitingYou }), link: { to: paths.approvals, text: t('notices.openApprovals') } });
  if (notices.length === 0) return null;
  return (
    <section className="dashboard-notices" aria-label={t('notices.label')}>
      {notices.map((notice) => (
        <WarningNote key={notice.key} className="dashboard-notice">
          <p>{notice.text}</p>
          {notice.details}
          {notice.link && <Link to={notice.link.to}>{notice.link.text}</Link>}
        </WarningNote>
      ))}
    </section>
  );
}
