import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fundingNeedsApproval } from '@shared/approvals';
import { maxFundingFileChars, type FundingFile } from '@shared/funding';
import { paths } from '@shared/routes';
import { pollIntervalMs } from '@shared/lists';
import { Alert } from '@frontend/components/alert/alert';
import { CsvFileField } from '@frontend/components/csv-file-field/csv-file-field';
import { FailedTransfersNotice } from '@frontend/components/background-download/failed-transfers-notice';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { Dialog } from '@frontend/components/dialog/dialog';
import { ApiError, errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { newActionKey } from '@frontend/lib/http';
import { applyFundingFile, approvalRulesQueryKey, fetchApprovalRules, fetchFundingFile, fundingFileQueryKey, retryFundingFile, uploadFundingFile } from './funding-api';

/** A file in one of these moves no more by itself: its screen stops asking. */
const settledStatuses: readonly FundingFile['status'][] = ['applied', 'failed', 'awaiting_approval', 'declined'];

/**
 * Add funds by CSV: upload the filled-in template, see every bad row and the total before anything moves, confirm
 * with the balance after, watch the progress of a large file, and read the result row by row. A file whose transfer
 * failed says what moved and what did not, and can be retried (after a confirmation: it moves money).
 */
export function FundingFileDialog({ companyId, onClose, onApplied }: { companyId: string; onClose: () => void; onApplied: () => void }) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<FundingFile | null>(null);
  const [applying, setApplying] = useState(false);
  const [confirmingRetry, setConfirmingRetry] = useState(false);
  // One key per apply or retry of the file, kept while that click is retried after a failure (a lost answer sent
  // again gets the first answer); a new one once the call was answered.
  const [actionKey, setActionKey] = useState(newActionKey);
  const progress = useQuery({
    queryKey: fundingFileQueryKey(companyId, preview?.fileId ?? ''),
    queryFn: ({ signal }) => fetchFundingFile(preview?.fileId ?? '', signal),
    enabled: applying && preview !== null,
    refetchInterval: (query) => (query.state.data && settledStatuses.includes(query.state.data.status) ? false : pollIntervalMs),
  });
  // Issue 35: a file above the company's approval amount waits whole for a second person; the preview says so first.
  const rules = useQuery({ queryKey: approvalRulesQueryKey(companyId), queryFn: ({ signal }) => fetchApprovalRules(signal) });
  const current = progress.data ?? preview;
  const done = current?.status === 'applied';
  const failed = current?.status === 'failed';
  const waiting = current?.status === 'awaiting_approval' || current?.status === 'declined';
  const waits = current?.status === 'previewed' && rules.data ? fundingNeedsApproval(rules.data, current.totalCents) : false;
  // Balances change when the rows are applied: at once for a small file, after the queue's work for a large one; a
  // failed file changed those of the rows it applied.
  useEffect(() => {
    if (done || failed) onApplied();
  }, [done, failed, onApplied]);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) return setFileError('FILE_REQUIRED');
    const content = await file.text();
    if (content.length > maxFundingFileChars) return setFileError('FILE_TOO_LARGE');
    setBusy(true);
    try {
      setPreview(await uploadFundingFile(file.name, content));
      setActionKey(newActionKey());
    } catch (error) {
      if (error instanceof ApiError && error.fields?.content) setFileError(error.fields.content);
      else setFailure(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    setFailure(null);
    try {
      setPreview(await applyFundingFile(preview.fileId, actionKey));
      setActionKey(newActionKey());
      setApplying(true);
    } catch (error) {
      setFailure(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const retry = async () => {
    if (!current) return;
    setBusy(true);
    setFailure(null);
    try {
      setPreview(await retryFundingFile(current.fileId, actionKey));
      setActionKey(newActionKey());
      setConfirmingRetry(false);
      setApplying(true);
      // The query stopped polling at failed: it reads the queued file and polls again until the retry ends.
      await progress.refetch();
    } catch (error) {
      setFailure(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  // A large file goes on in the worker when the dialog is closed: what it applied so far shows at once.
  const close = () => {
    if (applying && !done && !failed) onApplied();
    onClose();
  };

  return (
    <Dialog open title={t('funds.csv.title')} busy={busy} onClose={close} size="big">
      {!current ? (
        <form onSubmit={(event) => void upload(event)} noValidate>
          <div className="dialog__body">
            <p>{t('funds.csv.lead')}</p>
            <CsvFileField
              label={t('funds.csv.file')}
              error={fileError ? fieldErrorText(t, fileError) : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
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
              {t('funds.csv.check')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="dialog__body">
            {current.status === 'previewed' && (
              <>
                <dl className="users-details">
                  <dt>{t('funds.csv.rows')}</dt>
                  <dd>{t('funds.csv.rowsValue', { funded: current.fundedRowCount, total: current.rowCount })}</dd>
                  <dt>{t('funds.csv.total')}</dt>
                  <dd>{format.money(current.totalCents)}</dd>
                  <dt>{t('funds.balanceAfter')}</dt>
                  <dd>{format.money(current.availableCents - current.totalCents)}</dd>
                </dl>
                {current.blocking && <Alert>{errorCodeText(t, current.blocking)}</Alert>}
                {current.problems.length > 0 && (
                  <RowTable caption={t('funds.csv.badRows', { count: current.problemCount })} rows={current.problems.map((row) => ({ ...row, text: errorCodeText(t, row.reason) }))} />
                )}
                {!current.blocking && <p>{t(waits ? 'funds.csv.waits' : 'funds.csv.confirmText', { amount: format.money(current.totalCents), count: current.fundedRowCount })}</p>}
              </>
            )}
            {current.status === 'awaiting_approval' && (
              <div>
                <Alert tone="success">{t('funds.csv.sentText', { amount: format.money(current.totalCents), count: current.fundedRowCount })}</Alert>
                <p>
                  <Link to={paths.approvals}>{t('funds.approval.open')}</Link>
                </p>
              </div>
            )}
            {current.status === 'declined' && <Alert>{t('funds.csv.declined')}</Alert>}
            {(current.status === 'queued' || current.status === 'applying') && (
              <div role="status">
                <p>{t('funds.csv.progress', { done: current.progress.doneRows, total: current.progress.totalRows })}</p>
                <progress max={Math.max(current.progress.totalRows, 1)} value={current.progress.doneRows} aria-label={t('funds.csv.progressLabel')} />
              </div>
            )}
            {done && current.result && (
              <div role="status">
                <p>{t('funds.csv.result', { count: current.result.appliedCount, amount: format.money(current.result.appliedCents) })}</p>
                {current.result.code && <Alert>{errorCodeText(t, current.result.code)}</Alert>}
                {current.result.failed.length > 0 && (
                  <RowTable caption={t('funds.csv.failedRows', { count: current.result.failedCount })} rows={current.result.failed.map((row) => ({ ...row, text: errorCodeText(t, row.reason) }))} />
                )}
                {current.result.failedCount > 0 && <FailedTransfersNotice />}
              </div>
            )}
            {failed && current.result && (
              <div>
                <Alert>
                  {t('funds.csv.failed', {
                    count: current.result.appliedCount,
                    amount: format.money(current.result.appliedCents),
                    left: Math.max(current.progress.totalRows - current.progress.doneRows, 0),
                  })}
                </Alert>
                {current.result.failed.length > 0 && (
                  <RowTable caption={t('funds.csv.failedRows', { count: current.result.failedCount })} rows={current.result.failed.map((row) => ({ ...row, text: errorCodeText(t, row.reason) }))} />
                )}
                {confirmingRetry && <p>{t('funds.csv.retryConfirm', { left: Math.max(current.progress.totalRows - current.progress.doneRows, 0) })}</p>}
              </div>
            )}
            {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
          </div>
          <div className="dialog__actions">
            {failed ? (
              <>
                <button type="button" className="button button--secondary" onClick={close} disabled={busy}>
                  {t('funds.csv.close')}
                </button>
                {confirmingRetry ? (
                  <button type="button" className="button" onClick={() => void retry()} disabled={busy} aria-busy={busy}>
                    {t('funds.csv.retryConfirmButton')}
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirmingRetry(true)} disabled={busy}>
                    {t('funds.csv.retry')}
                  </button>
                )}
              </>
            ) : current.status === 'previewed' ? (
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
                  {t('funds.csv.another')}
                </button>
                {!current.blocking && (
                  <button type="button" className="button" onClick={() => void apply()} disabled={busy} aria-busy={busy}>
                    {waits ? t('funds.approval.send') : t('funds.csv.apply')}
                  </button>
                )}
              </>
            ) : (
              <button type="button" className="button" onClick={onClose} disabled={!done && !waiting}>
                {t('funds.csv.close')}
              </button>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}

interface FileRow {
  rowNumber: number;
  name: string | null;
  employeeId: string | null;
  text: string;
}

/** The refused or failed rows of a file: the shared data table, with the count as its visible title. */
function RowTable({ caption, rows }: { caption: string; rows: FileRow[] }) {
  const { t } = useTranslation('users');
  const columns: DataTableColumn<FileRow>[] = [
    { id: 'row', header: t('funds.csv.row'), align: 'end', cell: (row) => row.rowNumber },
    { id: 'user', header: t('funds.csv.user'), rowHeader: true, truncate: userOf, cell: userOf },
    { id: 'reason', header: t('funds.csv.reason'), cell: (row) => row.text },
  ];
  return (
    <div className="funding-rows">
      <p className="funding-rows__title" aria-hidden="true">
        {caption}
      </p>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => String(row.rowNumber)} loading={false} skeletonRows={0} />
    </div>
  );
}

const userOf = (row: FileRow) => row.name ?? row.employeeId ?? '—';
