import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as scheduleRoutes from '@shared/api/routes/funding-schedule-routes';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import { dayText } from '@shared/dates';
import { paths } from '@shared/routes';
import { formatPaymentReference } from '@shared/top-ups';
import { formatIban, useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { mainAccountQueryKey, schedulesQueryKey } from '@frontend/lib/query-keys';

/**
 * What needs the company's attention before anything else (issue 21): the main account below the owners' low-balance
 * threshold, with where to top it up; a scheduled funding refused for the balance; the next run of one that the
 * available amount does not cover. Nothing shows when all is well.
 */
export function DashboardNotices({ companyId }: { companyId: string }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const account = useQuery({ queryKey: mainAccountQueryKey(companyId), queryFn: ({ signal }) => callApi(moneyRoutes.getMainAccount, { signal }), enabled: companyId !== '' });
  const schedules = useQuery({ queryKey: schedulesQueryKey(companyId), queryFn: ({ signal }) => callApi(scheduleRoutes.listFundingSchedules, { signal }), enabled: companyId !== '' });
  const notices: { key: string; text: string; link: boolean }[] = [];
  const main = account.data;
  if (main?.lowBalanceSince && main.lowBalanceThresholdCents !== null) {
    notices.push({
      key: 'low-balance',
      link: false,
      text: t('notices.lowBalance', {
        available: format.money(main.availableCents),
        threshold: format.money(main.lowBalanceThresholdCents),
        iban: formatIban(main.iban),
        reference: formatPaymentReference(main.paymentReference),
      }),
    });
  }
  for (const schedule of schedules.data?.items ?? []) {
    const last = schedule.lastRun;
    if (last?.status === 'refused') {
      notices.push({ key: `refused-${schedule.scheduleId}`, link: true, text: t('notices.runRefused', { name: schedule.name, date: dayText(last.runDate), total: format.money(last.totalCents), available: format.money(last.availableCents) }) });
    } else if (schedule.nextRun && !schedule.nextRun.covered) {
      const next = schedule.nextRun;
      notices.push({ key: `uncovered-${schedule.scheduleId}`, link: true, text: t(schedule.allowPartial ? 'notices.runPartlyCovered' : 'notices.runNotCovered', { name: schedule.name, date: dayText(next.runDate), total: format.money(next.totalCents), available: format.money(next.availableCents) }) });
    }
  }
  if (notices.length === 0) return null;
  return (
    <section className="dashboard-notices" aria-label={t('notices.label')}>
      {notices.map((notice) => (
        <div key={notice.key} className="attention-note dashboard-notice" role="note">
          <p>{notice.text}</p>
          {notice.link && <Link to={paths.fundingSchedules}>{t('notices.open')}</Link>}
        </div>
      ))}
    </section>
  );
}
