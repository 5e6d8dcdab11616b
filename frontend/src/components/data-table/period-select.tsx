import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { periods, type Period } from '@shared/lists';
import './period-select.css';
import { RadioGroupField } from '../radio-group-field/radio-group-field';

interface PeriodSelectProps {
  value: Period;
  onChange: (period: Period) => void;
}

/** SPEC section 2: the last 12 months (the default), 6, 3 or 1; radio buttons drawn as one segmented control. */
export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const { t } = useTranslation('common');
  // Radios group by name: two lists on one screen must not share one.
  const name = `period-${useId()}`;
  return (
    <div className="period-select">
      <RadioGroupField
        name={name}
        label={t('table.period')}
        value={value}
        options={periods.map((period) => ({ value: period, label: t(`table.periods.${period}`) }))}
        onChange={(chosen) => {
          const period = periods.find((each) => each === chosen);
          if (period) onChange(period);
        }}
      />
    </div>
  );
}
