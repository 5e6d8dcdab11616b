import { useTranslation } from 'react-i18next';
import { dayText } from '@shared/dates';
import type { ScheduleView } from '@shared/funding-schedules';
import { useFormat } from '@frontend/lib/format';

/** How a rule's cadence and recipients read, in the UI language (the list and the runs dialog say them alike). */
export function useScheduleTexts() {
  const { t } = useTranslation('schedules');
  const format = useFormat();
  return {
    cadence: (cadence: ScheduleView['cadence']) =>
      cadence.kind === 'once' ? t('cadence.once', { date: dayText(cadence.date) }) : t(`cadence.${cadence.kind}`, { day: cadence.dayOfMonth }),
    recipients: (recipients: ScheduleView['recipients']) => {
      switch (recipients.kind) {
        case 'all_active':
          return t('recipients.all_active', { amount: format.money(recipients.amountCents) });
        case 'chosen':
          return t('recipients.chosen', { count: recipients.employeeIds.length, amount: format.money(recipients.amountCents) });
        case 'csv':
          return t('recipients.csv', { fileName: recipients.fileName, count: recipients.employeeCount, amount: format.money(recipients.totalCents) });
      }
    },
  };
}
