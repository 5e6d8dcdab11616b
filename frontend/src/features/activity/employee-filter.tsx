import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@frontend/components/data-table/search-field';
import { RadioGroupField } from '@frontend/components/radio-group-field/radio-group-field';
import { activityQueryKey, findEmployees } from './activity-api';

interface EmployeeFilterProps {
  companyId: string;
  /** The chosen employee's id, '' for any. */
  value: string;
  /** Names of employees chosen before (the search that found them may be gone). */
  names: ReadonlyMap<string, string>;
  onChange: (employeeId: string, name: string | null) => void;
}

/**
 * The activity log's employee filter, inside the filter panel: a company may have thousands of employees, so they are
 * found by a search (the Users list's own, ten at a time) and one is chosen from what it found.
 */
export function EmployeeFilter({ companyId, value, names, onChange }: EmployeeFilterProps) {
  const { t } = useTranslation('activity');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: [...activityQueryKey(companyId), 'employees', search],
    queryFn: ({ signal }) => findEmployees(search, signal),
    enabled: search.length >= 2,
  });
  const results = search.length >= 2 ? (found.data ?? []) : [];
  const chosenElsewhere = value !== '' && !results.some((employee) => employee.employeeId === value);
  const options = [
    { value: '', label: t('filters.anyEmployee') },
    ...(chosenElsewhere ? [{ value, label: names.get(value) ?? t('removedEmployee', { id: value }) }] : []),
    ...results.map((employee) => ({ value: employee.employeeId, label: employee.name })),
  ];
  const status = search.length < 2 ? '' : found.isFetching ? t('filters.searching') : results.length === 0 ? t('filters.noEmployees') : '';
  return (
    <div className="activity-employee-filter">
      <SearchField value={search} onSearch={setSearch} label={t('filters.employeeSearch')} />
      <p className="activity-employee-filter__status" aria-live="polite">
        {status}
      </p>
      <RadioGroupField
        name="employeeId"
        label={t('filters.employee')}
        value={value}
        options={options}
        onChange={(employeeId) => onChange(employeeId, options.find((option) => option.value === employeeId)?.label ?? null)}
      />
    </div>
  );
}
