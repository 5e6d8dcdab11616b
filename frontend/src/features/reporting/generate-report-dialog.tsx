import { useTranslation } from 'react-i18next';
import { rigaDateOf } from '@shared/dates';
import { earliestReportDay, generateReportSchema, reportTypes, type Report, type ReportType } from '@shared/reports';
import { Alert } from '@frontend/components/alert/alert';
import { DateRangeField } from '@frontend/components/date-field/date-field';
import { Dialog } from '@frontend/components/dialog/dialog';
import { SelectField } from '@frontend/components/select-field/select-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { zodValidate } from '@frontend/lib/form-validation';
import { uiLanguage } from '@frontend/lib/i18n';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { generateReport } from './reporting-api';

const fields = ['type', 'dateFrom', 'dateTo'] as const;
type Field = (typeof fields)[number];
interface Values {
  type: ReportType;
  dateFrom: string;
  dateTo: string;
}
// The same schema the API checks, so the dialog and the server refuse the same periods with the same codes.
const validate = zodValidate<Values>(generateReportSchema);

/**
 * Generate a report (SPEC section 2 "Reporting"): a type and a period of whole Riga days, none after today. The
 * report is made in the background; the list shows it as Generating at once.
 */
export function GenerateReportDialog({ onClose, onGenerated }: { onClose: () => void; onGenerated: (report: Report) => void }) {
  const { t, i18n } = useTranslation(['reporting', 'errors', 'common']);
  const today = rigaDateOf(new Date());
  const { formik, formRef, submit, blur, errorCode, formCode, invalidSubmit } = useCheckedForm<Values, Field>({
    fields,
    // This month so far: the period asked for most, and one a user can widen.
    initialValues: { type: 'transactions', dateFrom: `${today.slice(0, 8)}01`, dateTo: today },
    validate,
    onSubmit: async (values) => {
      onGenerated(await generateReport(generateReportSchema.parse({ ...values, lang: uiLanguage(i18n) })));
    },
  });
  const busy = formik.isSubmitting;
  const dayField = (name: 'dateFrom' | 'dateTo') => ({
    name,
    label: t(`generate.${name}`),
    value: formik.values[name],
    onChange: (day: string) => void formik.setFieldValue(name, day),
    onBlur: blur,
    error: fieldErrorText(t, errorCode(name)),
  });
  return (
    <Dialog open title={t('generate.title')} busy={busy} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="dialog__body">
          <SelectField
            name="type"
            label={t('generate.type')}
            options={reportTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            value={formik.values.type}
            onChange={(event) => void formik.setFieldValue('type', event.target.value)}
            error={fieldErrorText(t, errorCode('type'))}
          />
          <DateRangeField
            legend={t('generate.period')}
            min={earliestReportDay}
            max={today}
            required
            from={dayField('dateFrom')}
            to={dayField('dateTo')}
          />
          {invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
          {formCode && !invalidSubmit && <Alert>{errorCodeText(t, formCode)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {t('generate.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
