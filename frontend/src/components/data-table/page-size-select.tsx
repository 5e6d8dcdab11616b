import { useTranslation } from 'react-i18next';
import { pageSizes, type PageSize } from '@shared/lists';
import { SelectField } from '../select-field/select-field';

interface PageSizeSelectProps {
  value: PageSize;
  onChange: (itemsPerPage: PageSize) => void;
}

const options = pageSizes.map((size) => ({ value: String(size), label: String(size) }));

/** SPEC section 2: 10, 25, 50 or 100 rows per page. */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation('common');
  return (
    <div className="page-size-select">
      <SelectField
        name="itemsPerPage"
        label={t('table.pageSize')}
        options={options}
        value={String(value)}
        onChange={(event) => {
          const size = pageSizes.find((each) => String(each) === event.target.value);
          if (size) onChange(size);
        }}
      />
    </div>
  );
}
