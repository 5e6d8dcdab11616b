import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { employeeImportColumns, maxEmployeeImportChars, type EmployeeImport, type ImportFileRow } from '@shared/employee-imports';
import { monthText } from '@shared/dates';
import { pollIntervalMs } from '@shared/lists';
import { Alert } from '@frontend/components/alert/alert';
import { CsvFileField } from '@frontend/components/csv-file-field/csv-file-field';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { Pagination } from '@frontend/components/data-table/pagination';
import { SearchField } from '@frontend/components/data-table/search-field';
import { Dialog } from '@frontend/components/dialog/dialog';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { newActionKey } from '@frontend/lib/http';
import {
  applyEmployeeImport,
  downloadEmployeeImportTemplate,
  employeeImportQueryKey,
  employeeImportRowsQueryKey,
  fetchEmployeeImport,
  fetchEmployeeImportRows,
  uploadEmployeeImport,
} from './employee-import-api';

/**
 * Import users (issue 34): upload the filled-in template, see every row with its problem, the counts and the cards'
 * fee before anything is created; rows without a phone need the same confirmation as Add user's; then confirm, watch
 * the import worker's progress and read each row's result.
 */
export function EmployeeImportDialog({ companyId, onClose, onApplied }: { companyId: string; onClose: () => void; onApplied: () => void }) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<EmployeeImport | null>(null);
  const [withoutPhoneConfirmed, setWithoutPhoneConfirmed] = useState(false);
  const [withoutPhoneError, setWithoutPhoneError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  // One key per chosen file's upload and per apply, kept while that call is retried after a failure (a lost answer
  // sent again gets the first answer); a new one once the call was answered.
  const [uploadKey, setUploadKey] = useState(newActionKey);
  const [applyKey, setApplyKey] = useState(newActionKey);
  const progress = useQuery({
    queryKey: employeeImportQueryKey(companyId, preview?.importId ?? ''),
    queryFn: ({ signal }) => fetchEmployeeImport(preview?.importId ?? '', signal),
    enabled: applying && preview !== null,
    refetchInterval: (query) => (query.state.data?.status === 'applied' || query.state.data?.status === 'failed' ? false : pollIntervalMs),
  });
  const current = progress.data ?? preview;
  const done = current?.status === 'applied';
  const failed = current?.status === 'failed';
  // Applied again after it failed, an import creates only the rows it has not worked yet: the confirmation names those.
  const toCreate = !current ? 0 : failed ? Math.max(current.progress.totalRows - current.progress.doneRows, 0) : current.validCount;
  // The list shows the new users once the worker made them; a failed import made those it created.
  useEffect(() => {
    if (done || failed) onApplied();
  }, [done, failed, onApplied]);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) return setFileError('FILE_REQUIRED');
    const content = await file.text();
    if (content.length > maxEmployeeImportChars) return setFileError('FILE_TOO_LARGE');
    setBusy(true);
    try {
      setPreview(await uploadEmployeeImport(file.name, content, uploadKey));
      setApplyKey(newActionKey());
      setWithoutPhoneConfirmed(false);
      setWithoutPhoneError(undefined);
    } catch (error) {
      if (error instanceof ApiError && error.fields?.content) setFileError(error.fields.content);
      else setFailure(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const askToApply = () => {
    if (!current) return;
    // Add user's rule: a user without a phone is created only after it is confirmed (SPEC section 4).
    if (current.withoutPhoneCount > 0 && !withoutPhoneConfirmed) return setWithoutPhoneError('PHONE_CONFIRMATION_REQUIRED');
    setConfirming(true);
  };

  const apply = async () => {
    if (!current) return;
    setBusy(true);
    setFailure(null);
    try {
      setPreview(await applyEmployeeImport(current.importId, withoutPhoneConfirmed, applyKey));
      setApplyKey(newActionKey());
      setConfirming(false);
      setApplying(true);
      // A failed import applied again: the query stopped polling at failed; it polls again until this run ends.
      if (failed) await progress.refetch();
    } catch (error) {
      setConfirming(false);
      setFailure(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  // The worker goes on when the dialog is closed: the users made so far show at once.
  const close = () => {
    if (applying && !done && !failed) onApplied();
    onClose();
  };

  return (
    <>
      <Dialog open={!confirming} title={t('import.title')} busy={busy} onClose={close} size="big">
        {!current ? (
          <form onSubmit={(event) => void upload(event)} noValidate>
            <div className="dialog__body">
              <p>{t('import.lead')}</p>
              <p>
                <button type="button" className="button button--secondary button--small" onClick={() => void downloadEmployeeImportTemplate().catch((error: unknown) => setFailure(errorCodeOf(error)))}>
                  {t('import.template')}
                </button>
              </p>
              <CsvFileField
                label={t('import.file')}
                hint={t('import.columns', { columns: Object.values(employeeImportColumns).join(', ') })}
                error={fileError ? fieldErrorText(t, fileError) : undefined}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setUploadKey(newActionKey());
                  setFileError(undefined);
                }}
              />
              {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
            </div>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
                {t('common:cancel')}
              </button>
              <button type="submit" className="button" disabled={busy} aria-busy={busy}>
                {t('import.check')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <div className="dialog__body">
              {current.status === 'previewed' && (
                <>
                  <dl className="users-details">
                    <dt>{t('import.rowCount')}</dt>
                    <dd>{current.rowCount}</dd>
                    <dt>{t('import.validCount')}</dt>
                    <dd>{current.validCount}</dd>
                    <dt>{t('import.problemCount')}</dt>
                    <dd>{current.problemCount}</dd>
                    <dt>{t('import.withoutPhoneCount')}</dt>
                    <dd>{current.withoutPhoneCount}</dd>
                  </dl>
                  <FeeNotice fees={current.fees} money={format.money} />
                  {current.problemCount > 0 && <Alert>{t('import.problemsSkipped', { count: current.problemCount })}</Alert>}
                  <ImportRowsTable companyId={companyId} importFile={current} />
                  {current.withoutPhoneCount > 0 && (
                    <CheckboxField
                      name="confirmWithoutPhone"
                      checked={withoutPhoneConfirmed}
                      onChange={(event) => {
                        setWithoutPhoneConfirmed(event.target.checked);
                        setWithoutPhoneError(undefined);
                      }}
                      label={t('import.withoutPhoneConfirm', { count: current.withoutPhoneCount })}
                      error={withoutPhoneError ? fieldErrorText(t, withoutPhoneError) : undefined}
                    />
                  )}
                </>
              )}
              {(current.status === 'queued' || current.status === 'applying') && (
                <div role="status">
                  <p>{t('import.progress', { done: current.progress.doneRows, total: current.progress.totalRows })}</p>
                  <p>{t('import.progressCounts', { created: current.progress.createdRows, refused: current.progress.refusedRows })}</p>
                  <progress max={Math.max(current.progress.totalRows, 1)} value={current.progress.doneRows} aria-label={t('import.progressLabel')} />
                </div>
              )}
              {(done || failed) && current.result && (
                <>
                  {/* The outcome is announced; the rows below are read at the user's pace, not announced whole. */}
                  <div role="status">
                    {failed ? (
                      <Alert>{t('import.failed', { count: current.result.createdCount, left: Math.max(current.progress.totalRows - current.progress.doneRows, 0) })}</Alert>
                    ) : (
                      <p>{t('import.result', { count: current.result.createdCount })}</p>
                    )}
                    {current.result.refusedCount > 0 && <Alert>{t('import.refused', { count: current.result.refusedCount })}</Alert>}
                  </div>
                  <ImportRowsTable companyId={companyId} importFile={current} />
                </>
              )}
              {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
            </div>
            <div className="dialog__actions">
              {current.status === 'previewed' ? (
                <>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      // The file input is new and empty again: the file checked before is not chosen any more.
                      setFile(null);
                      setPreview(null);
                    }}
                    disabled={busy}
                  >
                    {t('import.another')}
                  </button>
                  {current.validCount > 0 && (
                    <button type="button" className="button" onClick={askToApply} disabled={busy}>
                      {t('import.apply', { count: current.validCount })}
                    </button>
                  )}
                </>
              ) : failed ? (
                <>
                  <button type="button" className="button button--secondary" onClick={close} disabled={busy}>
                    {t('import.close')}
                  </button>
                  <button type="button" className="button" onClick={() => setConfirming(true)} disabled={busy}>
                    {t('import.retry')}
                  </button>
                </>
              ) : (
                <button type="button" className="button" onClick={close} disabled={busy}>
                  {t('import.close')}
                </button>
              )}
            </div>
          </>
        )}
      </Dialog>
      {current && (
        <ConfirmDialog
          open={confirming}
          title={t('import.confirmTitle', { count: toCreate })}
          confirmLabel={t('import.confirm', { count: toCreate })}
          cancelLabel={t('import.back')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void apply()}
        >
          <p>{t('import.confirmText', { count: toCreate })}</p>
          <FeeNotice fees={{ ...current.fees, cardCount: toCreate, monthlyTotalCents: current.fees.monthlyFeeCents * toCreate }} money={format.money} />
        </ConfirmDialog>
      )}
    </>
  );
}

/** What the cards cost: the price list has no issue fee, so issuing is free; the monthly fee starts the next month. */
function FeeNotice({ fees, money }: { fees: EmployeeImport['fees']; money: (cents: number) => string }) {
  const { t } = useTranslation('users');
  return (
    <p className="employee-import__fee">
      {t('import.fee', {
        count: fees.cardCount,
        issue: money(fees.issueFeeCents),
        monthly: money(fees.monthlyFeeCents),
        total: money(fees.monthlyTotalCents),
        month: monthText(fees.firstChargedMonth),
      })}
    </p>
  );
}

/** Rows of the file shown a page at a time in the dialog: few enough to read, the pages reach every row. */
const rowsPerPage = 25;

interface RowLine {
  rowNumber: number;
  name: string;
  text: string;
}

/**
 * Every row of the file, a page at a time, those needing attention first: while previewed, each row's problems (or
 * that it will be created); once applied or failed, each row's result. A search finds a row among thousands.
 */
function ImportRowsTable({ companyId, importFile }: { companyId: string; importFile: EmployeeImport }) {
  const { t } = useTranslation(['users', 'errors']);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const ended = importFile.status === 'applied' || importFile.status === 'failed';
  const rows = useQuery({
    queryKey: employeeImportRowsQueryKey(companyId, importFile.importId, importFile.status, page, search),
    queryFn: ({ signal }) => fetchEmployeeImportRows(importFile.importId, { page, itemsPerPage: rowsPerPage, search }, signal),
    placeholderData: keepPreviousData,
  });
  const problemsText = (row: ImportFileRow) => row.problems.map((problem) => `${t(`import.columnNames.${problem.column}`)}: ${fieldErrorText(t, problem.code)}`).join('; ');
  const textOf = (row: ImportFileRow): string => {
    switch (row.state) {
      case 'problem':
        return ended ? `${t('import.outcome.skipped')}: ${problemsText(row)}` : problemsText(row);
      case 'refused':
        return `${t('import.outcome.refused')}: ${row.reason ? errorCodeText(t, row.reason) : ''}`;
      case 'card_ordered':
        return t('import.outcome.card_ordered');
      default:
        return t(`import.state.${row.state}`);
    }
  };
  const lines = (rows.data?.rows ?? []).map((row): RowLine => ({ rowNumber: row.rowNumber, name: `${row.name} ${row.surname}`.trim() || '—', text: textOf(row) }));
  const caption = ended ? t('import.resultCaption', { total: importFile.rowCount }) : t('import.rowsCaption', { total: importFile.rowCount });
  const columns: DataTableColumn<RowLine>[] = [
    { id: 'row', header: t('import.row'), align: 'end', cell: (line) => line.rowNumber },
    { id: 'user', header: t('import.user'), rowHeader: true, truncate: (line) => line.name, cell: (line) => line.name },
    { id: 'reason', header: ended ? t('import.outcomeHeader') : t('import.reason'), cell: (line) => line.text },
  ];
  return (
    <div className="funding-rows">
      <p className="funding-rows__title" aria-hidden="true">
        {caption}
      </p>
      {importFile.rowCount > rowsPerPage && (
        <SearchField
          value={search}
          label={t('import.searchRows')}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      )}
      {rows.isError ? (
        <Alert>{errorCodeText(t, errorCodeOf(rows.error))}</Alert>
      ) : (
        <DataTable caption={caption} columns={columns} rows={lines} rowKey={(line) => String(line.rowNumber)} loading={rows.isPending} skeletonRows={Math.min(importFile.rowCount, rowsPerPage)} />
      )}
      <Pagination page={page} totalPages={rows.data?.totalPages ?? 0} onPageChange={setPage} />
    </div>
  );
}
