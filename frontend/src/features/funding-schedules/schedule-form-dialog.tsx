import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PaidUsersTable, UnpaidUsersTable } from './paid-users-table';
import * as employeeRoutes from '@shared/api/routes/employee-routes';
import { dayText } from '@shared/dates';
import { maxFundingFileChars } from '@shared/funding';
import {
  scheduleCadenceKinds,
  scheduleRecipientKinds,
  scheduleUpdateBodySchema,
  type DraftPreview,
  runSums,
  type ScheduleCadenceKind,
  type ScheduleRecipientKind,
  type ScheduleUpdateBody,
  type ScheduleView,
} from '@shared/funding-schedules';
import { parseEurToCents } from '@shared/money';
import { centsToEurText } from '@shared/money-text';
import { Alert } from '@frontend/components/alert/alert';
import { WarningNote } from '@frontend/components/alert/warning-note';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { DateField } from '@frontend/components/date-field/date-field';
import { FileDropZone } from '@frontend/components/file-drop-zone/file-drop-zone';
import { Dialog } from '@frontend/components/dialog/dialog';
import { RadioGroupField } from '@frontend/components/radio-group-field/radio-group-field';
import { TextField } from '@frontend/components/text-field/text-field';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { callApi } from '@frontend/lib/http';
import { employeesQueryKey } from '@frontend/lib/query-keys';
import { useSession } from '@frontend/lib/session/session-context';
import { downloadFundingTemplate } from '@frontend/lib/funding-template';
import { createSchedule, previewSchedule, updateSchedule } from './funding-schedules-api';

const formFields = ['name', 'recipients.amountCents', 'recipients.employeeIds', 'recipients.content', 'cadence.dayOfMonth', 'cadence.date'] as const;
type FormField = (typeof formFields)[number];
type FieldErrors = Partial<Record<FormField, string>>;

/** Up to this many active users are listed to choose from at once; a search narrows them. */
const choosableUsers = 100;

function numberOrNothing(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * A new rule or an edit of one: its name, whom it pays (all active users, chosen ones, or the amounts of a funding
 * CSV), how much, when, and whether a run the balance does not cover pays the users that fit. It is checked and its
 * next run previewed (date, users, total, whether the available amount covers it) before it can be saved.
 */
export function ScheduleFormDialog({ schedule, onClose, onSaved }: { schedule: ScheduleView | null; onClose: () => void; onSaved: (saved: ScheduleView, created: boolean) => Promise<void> }) {
  const { t } = useTranslation(['schedules', 'errors', 'common']);
  const format = useFormat();
  const [name, setName] = useState(schedule?.name ?? '');
  const [kind, setKind] = useState<ScheduleRecipientKind>(schedule?.recipients.kind ?? 'all_active');
  const [amount, setAmount] = useState(schedule && schedule.recipients.kind !== 'csv' ? centsToEurText(schedule.recipients.amountCents) : '');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(schedule?.recipients.kind === 'chosen' ? schedule.recipients.employeeIds : []));
  const [search, setSearch] = useState('');
  const [csv, setCsv] = useState<{ fileName: string; content: string } | null>(null);
  const [cadenceKind, setCadenceKind] = useState<ScheduleCadenceKind>(schedule?.cadence.kind ?? 'monthly');
  const [day, setDay] = useState(schedule && schedule.cadence.kind !== 'once' ? String(schedule.cadence.dayOfMonth) : '1');
  const [date, setDate] = useState(schedule?.cadence.kind === 'once' ? schedule.cadence.date : '');
  const [allowPartial, setAllowPartial] = useState(schedule?.allowPartial ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rowErrors, setRowErrors] = useState<[string, string][]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<DraftPreview | null>(null);
  const keepsCsv = schedule?.recipients.kind === 'csv' && kind === 'csv' && csv === null;

  const { profile } = useSession();
  const users = useQuery({
    // Under the company's employees key: a client switch or a change to the employees never shows a stale list.
    queryKey: [...employeesQueryKey(profile?.currentClient?.companyId ?? ''), 'schedule-choice', search],
    queryFn: ({ signal }) => callApi(employeeRoutes.listEmployees, { signal, query: { page: 1, itemsPerPage: choosableUsers, search: search || undefined, status: 'active' } }),
    enabled: kind === 'chosen',
  });

  // Any change voids the preview (what is saved is what was previewed) and the changed field's message.
  const changed = <T,>(set: (value: T) => void, field?: FormField) => (value: T) => {
    set(value);
    setPreview(null);
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const body = (): ScheduleUpdateBody => {
    const amountCents = amount.trim() === '' ? undefined : (parseEurToCents(amount.trim()) ?? Number.NaN);
    const recipients =
      kind === 'all_active'
        ? { kind, amountCents }
        : kind === 'chosen'
          ? { kind, amountCents, employeeIds: [...chosen] }
          : keepsCsv
            ? undefined
            : { kind, fileName: csv?.fileName, content: csv?.content };
    const cadence = cadenceKind === 'once' ? { kind: cadenceKind, date } : { kind: cadenceKind, dayOfMonth: numberOrNothing(day) };
    return { name, recipients, cadence, allowPartial } as ScheduleUpdateBody;
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError) {
      const fields: FieldErrors = {};
      const rows: [string, string][] = [];
      for (const [field, code] of Object.entries(error.fields)) {
        if (field.startsWith('row.')) rows.push([field.slice(4), code]);
        else if ((formFields as readonly string[]).includes(field)) fields[field as FormField] = code;
      }
      setErrors(fields);
      setRowErrors(rows);
      setFailure(Object.keys(fields).length > 0 && error.code === 'VALIDATION_FAILED' ? null : error.code);
    } else setFailure(errorCodeOf(error));
  };

  const check = useMutation({
    mutationFn: () => previewSchedule({ ...body(), scheduleId: keepsCsv ? schedule?.scheduleId : undefined }),
    onMutate: () => setFailure(null),
    onSuccess: setPreview,
    onError: showFailure,
  });
  const save = useMutation({
    mutationFn: async () => (schedule ? updateSchedule(schedule.scheduleId, body()) : createSchedule(body() as Parameters<typeof createSchedule>[0])),
    onMutate: () => setFailure(null),
    onSuccess: (saved) => onSaved(saved, schedule === null),
    onError: (error) => {
      setPreview(null);
      showFailure(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRowErrors([]);
    const draft = body();
    const parsed = scheduleUpdateBodySchema.safeParse(draft);
    const fields: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        if ((formFields as readonly string[]).includes(field)) fields[field as FormField] ??= issue.message;
      }
    }
    if (!schedule && draft.recipients === undefined) fields['recipients.content'] = 'FILE_REQUIRED';
    setErrors(fields);
    if (Object.keys(fields).length > 0) return;
    if (preview) save.mutate();
    else check.mutate();
  };

  const chooseFile = async (file: File | undefined) => {
    setPreview(null);
    setErrors((current) => ({ ...current, 'recipients.content': undefined }));
    if (!file) return setCsv(null);
    const content = await file.text();
    if (content.length > maxFundingFileChars) {
      setCsv(null);
      return setErrors((current) => ({ ...current, 'recipients.content': 'FILE_TOO_LARGE' }));
    }
    setCsv({ fileName: file.name, content });
  };

  const busy = check.isPending || save.isPending;
  const error = (field: FormField) => (errors[field] ? fieldErrorText(t, errors[field]) : undefined);
  const nextRun = preview?.nextRun;
  const shortfall = nextRun ? runSums(nextRun.totalCents, nextRun.availableCents).shortfallCents : 0;
  const rows = users.data?.rows ?? [];

  return (
    <Dialog open title={schedule ? t('form.editTitle', { name: schedule.name }) : t('form.newTitle')} busy={busy} onClose={onClose} size="big">
      <form onSubmit={submit} noValidate>
        <div className="dialog__body schedule-form">
          <TextField label={t('form.name')} name="name" value={name} placeholder={t('form.namePlaceholder')} onChange={(event) => changed(setName, 'name')(event.target.value)} error={error('name')} maxLength={80} required />
          <RadioGroupField
            label={t('form.who')}
            name="recipients"
            value={kind}
            options={scheduleRecipientKinds.map((value) => ({ value, label: t(`form.kinds.${value}`) }))}
            onChange={(value) => changed(setKind)(value as ScheduleRecipientKind)}
          />
          {kind !== 'csv' && (
            <TextField label={t('form.amount')} name="amount" inputMode="decimal" value={amount} onChange={(event) => changed(setAmount, 'recipients.amountCents')(event.target.value)} error={error('recipients.amountCents')} required />
          )}
          {kind === 'chosen' && (
            <fieldset className="schedule-form__users" aria-describedby={errors['recipients.employeeIds'] ? 'chosen-users-error' : undefined}>
              <legend>
                {t('form.kinds.chosen')} <span className="schedules-muted">({t('form.chosenCount', { count: chosen.size })})</span>
              </legend>
              <TextField label={t('form.search')} name="user-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
              <ul className="schedule-form__user-list">
                {rows.map((user) => (
                  <li key={user.employeeId}>
                    <CheckboxField
                      name={`user-${user.employeeId}`}
                      label={`${user.name} ${user.surname}`}
                      checked={chosen.has(user.employeeId)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(user.employeeId);
                        else next.delete(user.employeeId);
                        changed(setChosen, 'recipients.employeeIds')(next);
                      }}
                    />
                  </li>
                ))}
              </ul>
              {users.isSuccess && rows.length === 0 && <p className="schedules-muted">{t('form.noUsers')}</p>}
              {users.data && users.data.totalRecords > rows.length && <p className="schedules-muted">{t('form.moreUsers', { count: rows.length })}</p>}
              {errors['recipients.employeeIds'] && (
                <p id="chosen-users-error" className="field__error">
                  {fieldErrorText(t, errors['recipients.employeeIds'])}
                </p>
              )}
            </fieldset>
          )}
          {kind === 'csv' && (
            <div className="field">
              <label className="field__label" htmlFor="schedule-file">
                {t('form.file')}
              </label>
              <p className="field__hint" id="schedule-file-hint">
                {t('form.fileHint')}{' '}
                <button type="button" className="link-button" onClick={() => void downloadFundingTemplate()}>
                  {t('form.template')}
                </button>
              </p>
              {schedule?.recipients.kind === 'csv' && <p className="schedules-muted">{t('form.fileKept', { fileName: schedule.recipients.fileName })}</p>}
              <FileDropZone
                id="schedule-file"
                accept=".csv,text/csv"
                chosen={csv !== null && csv !== undefined}
                hint={csv ? t('common:fileDrop.chosen', { fileName: csv.fileName }) : undefined}
                describedBy={errors['recipients.content'] ? 'schedule-file-hint schedule-file-error' : 'schedule-file-hint'}
                invalid={Boolean(errors['recipients.content'])}
                onFiles={(files) => void chooseFile(files[0])}
              />
              {errors['recipients.content'] && (
                <p id="schedule-file-error" className="field__error">
                  {fieldErrorText(t, errors['recipients.content'])}
                </p>
              )}
              {rowErrors.length > 0 && (
                <div className="alert alert--error" role="alert">
                  <p>{t('form.rowErrors')}</p>
                  <ul>
                    {rowErrors.map(([row, code]) => (
                      <li key={row}>
                        {t('form.row', { row })}: {fieldErrorText(t, code)}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
          <RadioGroupField
            label={t('form.when')}
            name="cadence"
            value={cadenceKind}
            options={scheduleCadenceKinds.map((value) => ({ value, label: t(`form.cadences.${value}`) }))}
            onChange={(value) => changed(setCadenceKind)(value as ScheduleCadenceKind)}
          />
          {cadenceKind === 'once' ? (
            <DateField label={t('form.date')} name="date" value={date} onChange={changed(setDate, 'cadence.date')} max="2099-12-31" error={error('cadence.date')} required />
          ) : (
            <TextField
              label={t('form.day')}
              name="day"
              inputMode="numeric"
              value={day}
              hint={t('cadence.shortMonth')}
              onChange={(event) => changed(setDay, 'cadence.dayOfMonth')(event.target.value)}
              error={error('cadence.dayOfMonth')}
              required
            />
          )}
          <CheckboxField name="allow-partial" label={t('form.allowPartial')} checked={allowPartial} onChange={(event) => changed(setAllowPartial)(event.target.checked)} />
          {preview && (
            <section className="schedule-form__preview" aria-labelledby="schedule-preview-title">
              <h3 id="schedule-preview-title">{t('form.previewTitle')}</h3>
              {nextRun ? (
                <>
                  <dl className="schedule-form__preview-facts">
                    <dt>{t('form.previewRows.date')}</dt>
                    <dd>{dayText(nextRun.runDate)}</dd>
                    <dt>{t('form.previewRows.users')}</dt>
                    <dd>{nextRun.employeeCount}</dd>
                    <dt>{t('form.previewRows.total')}</dt>
                    <dd>
                      <strong>{format.money(nextRun.totalCents)}</strong>
                    </dd>
                    <dt>{t('form.previewRows.available')}</dt>
                    <dd>{format.money(nextRun.availableCents)}</dd>
                    {shortfall > 0 ? (
                      <>
                        <dt>{t('confirm.sums.shortfall')}</dt>
                        <dd>{format.money(shortfall)}</dd>
                      </>
                    ) : (
                      <>
                        <dt>{t('form.previewRows.after')}</dt>
                        <dd>{format.money(nextRun.availableCents - nextRun.totalCents)}</dd>
                      </>
                    )}
                  </dl>
                  {preview.skipped.length > 0 && (
                    <UnpaidUsersTable
                      caption={t('form.skippedList', { count: Math.max(nextRun.skippedCount, preview.skipped.length) })}
                      rows={preview.skipped.map((row) => ({ key: row.employeeId, name: row.name ?? t('form.unknownUser'), reason: t(`form.skipReasons.${row.reason}`) }))}
                    />
                  )}
                  {preview.paid.length > 0 && (
                    <PaidUsersTable
                      summary={t('form.paidList', { count: nextRun.employeeCount })}
                      rows={preview.paid.map((row) => ({ key: row.employeeId, name: row.name, amountCents: row.amountCents }))}
                    />
                  )}
                  {nextRun.totalCents === 0 ? (
                    <p>{t('confirm.sums.nothing')}</p>
                  ) : nextRun.covered ? (
                    <Alert tone="success">{t('form.covered')}</Alert>
                  ) : (
                    <WarningNote className="schedules-attention">
                      <p>{allowPartial ? t('form.notCoveredPartial') : t('form.notCovered', { date: dayText(nextRun.runDate) })}</p>
                    </WarningNote>
                  )}
                </>
              ) : (
                <p>{t('form.noRun')}</p>
              )}
            </section>
          )}
          {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {preview ? (schedule ? t('form.save') : t('form.create')) : t('form.preview')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
