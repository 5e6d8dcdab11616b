import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  bankStatementColumns,
  bankStatementMaxBytes,
  bankTransferFormSchema,
  bankTransferOf,
  type BankStatementColumn,
  type BankTransferFormValues,
  type BankTransferInput,
  type CompanyChoice,
  type StatementImportAnswer,
  type TransferResult,
  type UnmatchedTransfer,
} from '@shared/top-ups';
import { Alert } from '@frontend/components/alert/alert';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { CsvFileField } from '@frontend/components/csv-file-field/csv-file-field';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { SearchField } from '@frontend/components/data-table/search-field';
import { Dialog } from '@frontend/components/dialog/dialog';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { TextField } from '@frontend/components/text-field/text-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { formatIban, useFormat } from '@frontend/lib/format';
import { zodValidate } from '@frontend/lib/form-validation';
import { errorCodeOf } from '@frontend/lib/api-error';
import { newActionKey } from '@frontend/lib/http';
import { readSubmitFailure } from '@frontend/lib/submit-failure';
import { useCheckedForm } from '@frontend/lib/use-checked-form';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import {
  assignBankTransfer,
  companyChoicesQueryOptions,
  importBankStatement,
  recordBankTransfer,
  unmatchedTransfersQueryKey,
  unmatchedTransfersQueryOptions,
} from './top-ups-api';
import './admin.css';

/** /admin/top-ups: incoming bank transfers credited to companies' main accounts (issue 6). */
export function TopUpsScreen() {
  const { t } = useTranslation(['admin']);
  useDocumentTitle(t('topUps.title'));
  return (
    <div className="page top-ups">
      <PageHeader title={t('topUps.title')} lead={t('topUps.lead')} />
      <StatementImport />
      <UnmatchedTransfers />
      <RecordTransfer />
    </div>
  );
}

function outcomeText(t: TFunction, result: TransferResult): string {
  if (result.outcome === 'credited' && result.company) return t('admin:topUps.outcome.credited', { company: result.company.name, by: t(`admin:topUps.matchedBy.${result.matchedBy ?? 'manual'}`) });
  return t(`admin:topUps.outcome.${result.outcome}`);
}

type FormField = keyof BankTransferFormValues;
const formFields: readonly FormField[] = ['bankTransactionId', 'bookingDate', 'amount', 'payerName', 'payerIban', 'beneficiaryIban', 'reference'];
const emptyTransfer: BankTransferFormValues = { bankTransactionId: '', bookingDate: '', amount: '', payerName: '', payerIban: '', beneficiaryIban: '', reference: '' };
const validateTransfer = zodValidate<BankTransferFormValues>(bankTransferFormSchema);
/** The API names the amount in cents; the form's field is the euro text. */
const formFieldOfApi: Record<string, FormField> = { amountCents: 'amount' };

/** (a) One transfer typed in from the bank's screen, credited after a confirmation. */
function RecordTransfer() {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const format = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  // The transfer awaiting confirmation and its action's Idempotency-Key.
  const [pending, setPending] = useState<{ body: BankTransferInput; key: string } | null>(null);
  const [result, setResult] = useState<TransferResult | null>(null);

  const record = useMutation({
    mutationFn: recordBankTransfer,
    onSuccess: (answer) => {
      setResult(answer);
      formik.resetForm({ values: emptyTransfer });
      void queryClient.invalidateQueries({ queryKey: unmatchedTransfersQueryKey });
    },
    onSettled: () => setPending(null),
  });

  const { formik, formRef, submit, change, blur, errorCode, invalidSubmit } = useCheckedForm<BankTransferFormValues, FormField>({
    fields: formFields,
    initialValues: emptyTransfer,
    validate: validateTransfer,
    onSubmit: async (values) => {
      setPending({ body: bankTransferOf(bankTransferFormSchema.parse(values)), key: newActionKey() });
    },
  });

  const send = (event: FormEvent<HTMLFormElement>) => {
    setResult(null);
    record.reset();
    submit(event);
  };

  const failure = record.error ? readSubmitFailure(record.error, []) : null;
  const serverFieldError = (field: FormField) => {
    const entry = Object.entries(failure?.fields ?? {}).find(([name]) => (formFieldOfApi[name] ?? name) === field);
    return typeof entry?.[1] === 'string' ? entry[1] : undefined;
  };

  return (
    <section className="panel top-ups__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('topUps.record.title')}</h2>
      <p>{t('topUps.record.lead')}</p>
      <form ref={formRef} className="top-ups__form" noValidate aria-labelledby={titleId} onSubmit={send}>
        {formFields.map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`topUps.fields.${field}`)}
            hint={field === 'bookingDate' ? t('topUps.fields.dateHint') : field === 'amount' ? t('topUps.fields.amountHint') : undefined}
            inputMode={field === 'amount' ? 'decimal' : undefined}
            autoComplete="off"
            required={field !== 'payerIban' && field !== 'reference'}
            value={formik.values[field]}
            onChange={change}
            onBlur={blur}
            error={fieldErrorText(t, errorCode(field) ?? serverFieldError(field))}
          />
        ))}
        {failure?.code ? <Alert>{errorCodeText(t, failure.code)}</Alert> : invalidSubmit && <Alert>{t('errors:codes.VALIDATION_FAILED')}</Alert>}
        <div role="status" className={result ? `alert ${result.outcome === 'credited' ? 'alert--success' : 'alert--info'}` : undefined}>
          {result ? `${result.bankTransactionId ?? ''}: ${outcomeText(t, result)}` : null}
        </div>
        <button type="submit" className="button" disabled={formik.isSubmitting || record.isPending}>
          {t('topUps.record.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('topUps.record.confirmTitle')}
        confirmLabel={t('topUps.record.confirmAction')}
        cancelLabel={t('common:cancel')}
        busy={record.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) record.mutate(pending);
        }}
      >
        {pending && (
          <p>
            {t('topUps.record.confirmText', {
              amount: format.money(pending.body.amountCents),
              payer: pending.body.payerName,
              id: pending.body.bankTransactionId,
            })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** (b) A bank statement CSV: every line credited, left unmatched, or reported as already recorded or invalid. */
function StatementImport() {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The import awaiting confirmation: its action's Idempotency-Key.
  const [confirming, setConfirming] = useState<string | null>(null);
  const statement = useMutation({
    mutationFn: importBankStatement,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: unmatchedTransfersQueryKey }),
    onSettled: () => setConfirming(null),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    statement.reset();
    const chosen = event.target.files?.[0];
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > bankStatementMaxBytes) {
      setFileError(t('errors:codes.PAYLOAD_TOO_LARGE'));
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) setFileError(t('errors:fields.FILE_REQUIRED'));
    else setConfirming(newActionKey());
  };

  const failure = statement.error ? errorCodeOf(statement.error) : null;

  return (
    <section className="panel top-ups__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('topUps.statement.title')}</h2>
      <form className="top-ups__statement" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <CsvFileField
          label={t('topUps.statement.file')}
          hint={t('topUps.statement.columns', { columns: Object.values(bankStatementColumns).join(', ') })}
          error={fileError ?? undefined}
          onChange={(event) => void choose(event)}
        />
        {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
        <button type="submit" className="button" disabled={statement.isPending}>
          {t('topUps.statement.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('topUps.statement.confirmTitle')}
        confirmLabel={t('topUps.statement.confirmAction')}
        cancelLabel={t('common:cancel')}
        busy={statement.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (file && confirming) statement.mutate({ body: { fileName: file.name, text: file.text }, key: confirming });
        }}
      >
        <p>{t('topUps.statement.confirmText', { file: file?.name ?? '' })}</p>
      </ConfirmDialog>
      {statement.data && <StatementResults answer={statement.data} />}
    </section>
  );
}

function StatementResults({ answer }: { answer: StatementImportAnswer }) {
  const { t } = useTranslation(['admin', 'errors']);
  const format = useFormat();
  const count = (outcome: TransferResult['outcome']) => answer.lines.filter((line) => line.outcome === outcome).length;
  const reasons = (result: TransferResult) =>
    Object.entries(result.fields ?? {})
      .map(([field, code]) => `${field in bankStatementColumns ? bankStatementColumns[field as BankStatementColumn] : field}: ${fieldErrorText(t, code) ?? code}`)
      .join('; ');
  const columns: DataTableColumn<TransferResult>[] = [
    { id: 'line', header: t('topUps.results.line'), cell: (row) => row.line ?? '', rowHeader: true },
    { id: 'id', header: t('topUps.fields.bankTransactionId'), cell: (row) => row.bankTransactionId ?? '' },
    { id: 'amount', header: t('topUps.fields.amount'), align: 'end', cell: (row) => (row.amountCents === null ? '' : format.money(row.amountCents)) },
    {
      id: 'outcome',
      header: t('topUps.results.outcome'),
      cell: (row) => (row.outcome === 'invalid' ? `${outcomeText(t, row)}: ${reasons(row)}` : outcomeText(t, row)),
    },
  ];
  return (
    <div className="top-ups__results">
      <p role="status">
        {t('topUps.results.summary', {
          credited: count('credited'),
          amount: format.money(answer.creditedCents),
          unmatched: count('unmatched'),
          recorded: count('already_recorded'),
          invalid: count('invalid'),
        })}
      </p>
      <DataTable
        caption={t('topUps.results.caption', { file: answer.fileName })}
        columns={columns}
        rows={answer.lines}
        rowKey={(row) => String(row.line)}
        loading={false}
        skeletonRows={0}
        empty={<p>{t('topUps.results.empty')}</p>}
      />
    </div>
  );
}

/** Transfers that matched no company, each assigned by an admin who found the company. */
function UnmatchedTransfers() {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const format = useFormat();
  const titleId = useId();
  const unmatched = useQuery(unmatchedTransfersQueryOptions());
  const [assigning, setAssigning] = useState<UnmatchedTransfer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns: DataTableColumn<UnmatchedTransfer>[] = [
    { id: 'date', header: t('topUps.fields.bookingDate'), cell: (row) => format.date(row.bookingDate) },
    { id: 'payer', header: t('topUps.fields.payerName'), cell: (row) => row.payerName, rowHeader: true },
    { id: 'amount', header: t('topUps.fields.amount'), align: 'end', cell: (row) => format.money(row.amountCents) },
    { id: 'reference', header: t('topUps.fields.reference'), cell: (row) => row.reference },
    { id: 'iban', header: t('topUps.fields.beneficiaryIban'), cell: (row) => formatIban(row.beneficiaryIban) },
    { id: 'id', header: t('topUps.fields.bankTransactionId'), cell: (row) => row.bankTransactionId },
    {
      id: 'assign',
      header: t('topUps.unmatched.action'),
      hideHeader: true,
      cell: (row) => (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t('topUps.unmatched.assignRow', { payer: row.payerName, amount: format.money(row.amountCents) })}
          onClick={() => {
            setNotice(null);
            setAssigning(row);
          }}
        >
          {t('topUps.unmatched.assign')}
        </button>
      ),
    },
  ];
  return (
    <section className="panel top-ups__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('topUps.unmatched.title')}</h2>
      <div role="status" className={notice ? 'alert alert--success' : undefined}>
        {notice}
      </div>
      {unmatched.isError ? (
        <LoadFailed onRetry={() => void unmatched.refetch()}>{errorCodeText(t, errorCodeOf(unmatched.error))}</LoadFailed>
      ) : (
        <>
          <DataTable
            caption={t('topUps.unmatched.caption', { count: unmatched.data?.totalRecords ?? 0 })}
            columns={columns}
            rows={unmatched.data?.rows ?? []}
            rowKey={(row) => row.bankTransactionId}
            loading={unmatched.isPending}
            skeletonRows={3}
            empty={<p>{t('topUps.unmatched.empty')}</p>}
          />
          {(unmatched.data?.totalRecords ?? 0) > (unmatched.data?.rows.length ?? 0) && <p>{t('topUps.unmatched.more')}</p>}
        </>
      )}
      {assigning && (
        <AssignDialog
          transfer={assigning}
          onClose={() => setAssigning(null)}
          onAssigned={(result) => {
            setAssigning(null);
            setNotice(`${result.bankTransactionId ?? ''}: ${outcomeText(t, result)}`);
          }}
        />
      )}
    </section>
  );
}

function AssignDialog({ transfer, onClose, onAssigned }: { transfer: UnmatchedTransfer; onClose: () => void; onAssigned: (result: TransferResult) => void }) {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // The company chosen and the Idempotency-Key of crediting it: choosing another company is another action.
  const [chosen, setChosenCompany] = useState<{ company: CompanyChoice; key: string } | null>(null);
  const setChosen = (company: CompanyChoice | null) => setChosenCompany(company ? { company, key: newActionKey() } : null);
  const companies = useQuery({ ...companyChoicesQueryOptions(search), enabled: search.length >= 2 });
  const assign = useMutation({
    mutationFn: assignBankTransfer,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: unmatchedTransfersQueryKey });
      onAssigned(result);
    },
  });
  const legendId = useId();
  return (
    <Dialog open title={t('topUps.assign.title')} onClose={onClose} busy={assign.isPending}>
      <p>{t('topUps.assign.transfer', { amount: format.money(transfer.amountCents), payer: transfer.payerName, reference: transfer.reference || '—' })}</p>
      <SearchField
        value={search}
        label={t('topUps.assign.search')}
        onSearch={(value) => {
          setChosen(null);
          setSearch(value.trim());
        }}
      />
      {search.length < 2 ? (
        <p>{t('topUps.assign.searchHint')}</p>
      ) : companies.isPending ? (
        <div className="skeleton skeleton--line" aria-hidden="true" />
      ) : companies.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(companies.error))}</Alert>
      ) : companies.data.companies.length === 0 ? (
        <p>{t('topUps.assign.noCompanies')}</p>
      ) : (
        <fieldset className="top-ups__choices" aria-labelledby={legendId}>
          <legend id={legendId}>{t('topUps.assign.company')}</legend>
          {companies.data.companies.map((company) => (
            <label key={company.companyId} className="top-ups__choice">
              <input type="radio" name="company" checked={chosen?.company.companyId === company.companyId} onChange={() => setChosen(company)} />{' '}
              {company.name} ({company.registrationNumber})
            </label>
          ))}
        </fieldset>
      )}
      {chosen && <p className="alert alert--info">{t('topUps.assign.confirmText', { amount: format.money(transfer.amountCents), company: chosen.company.name })}</p>}
      {assign.error && <Alert>{errorCodeText(t, errorCodeOf(assign.error))}</Alert>}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" disabled={assign.isPending} onClick={onClose}>
          {t('common:cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!chosen || assign.isPending}
          aria-busy={assign.isPending || undefined}
          onClick={() => {
            if (chosen) assign.mutate({ body: { bankTransactionId: transfer.bankTransactionId, companyId: chosen.company.companyId }, key: chosen.key });
          }}
        >
          {t('topUps.assign.confirmAction')}
        </button>
      </div>
    </Dialog>
  );
}
