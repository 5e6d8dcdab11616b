import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creditedLines, invoiceTotals, issueCreditNoteSchema, type AdminInvoice, type IssueCreditNote } from '@shared/invoices';
import { Alert } from '@frontend/components/alert/alert';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { Dialog } from '@frontend/components/dialog/dialog';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { TextField } from '@frontend/components/text-field/text-field';
import { TextareaField } from '@frontend/components/textarea-field/textarea-field';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { newActionKey } from '@frontend/lib/http';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { adminInvoicesQueryKey, downloadAdminInvoice, fetchAdminInvoices, issueCreditNote } from './invoices-api';
import './admin.css';

const pageSize = 25;

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * /admin/invoices (issue 34): every company's invoices and credit notes, newest number first. An invoice is corrected
 * only by a credit note of chosen lines with a reason, numbered in the same series; never edited.
 */
export function AdminInvoicesScreen() {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  useDocumentTitle(t('invoices.title'));
  const format = useFormat();
  const pages = useInfiniteQuery({
    queryKey: adminInvoicesQueryKey,
    queryFn: ({ pageParam, signal }) => fetchAdminInvoices(pageSize, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const [crediting, setCrediting] = useState<AdminInvoice | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const kindText = (row: AdminInvoice) => t(`invoices.kinds.${row.kind}`);

  const download = async (row: AdminInvoice) => {
    setNotice(null);
    try {
      const fileName = await downloadAdminInvoice(row.id);
      setNotice({ tone: 'success', text: t('invoices.downloadStarted', { fileName }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorCodeText(t, errorCodeOf(error)) });
    }
  };

  const columns: DataTableColumn<AdminInvoice>[] = [
    { id: 'number', header: t('invoices.columns.number'), rowHeader: true, cell: (row) => row.number },
    { id: 'company', header: t('invoices.columns.company'), cell: (row) => row.companyName },
    {
      id: 'type',
      header: t('invoices.columns.type'),
      cell: (row) => (row.creditsInvoiceNumber ? t('invoices.creditFor', { number: row.creditsInvoiceNumber }) : kindText(row)),
    },
    // Less needed at a glance than the number, company and amount: in the row's detail, so the actions fit at 1024 px.
    { id: 'date', header: t('invoices.columns.date'), detail: true, cell: (row) => format.date(`${row.issueDate}T12:00:00Z`) },
    { id: 'total', header: t('invoices.columns.total'), align: 'end', cell: (row) => format.money(row.totalCents) },
    { id: 'credited', header: t('invoices.columns.credited'), detail: true, cell: (row) => (row.kind === 'invoice' && row.creditedCents > 0 ? format.money(-row.creditedCents) : '—') },
    {
      id: 'actions',
      header: t('invoices.columns.actions'),
      hideHeader: true,
      cell: (row) => (
        <div className="admin-invoices__actions">
          {row.fileReady && (
            <button type="button" className="button button--secondary button--small" aria-label={`${t('invoices.download')}, ${kindText(row)} ${row.number}`} onClick={() => void download(row)}>
              {t('invoices.download')}
            </button>
          )}
          {row.kind === 'invoice' && row.creditedCents < row.totalCents && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`${t('invoices.credit.open')}, ${row.number}`}
              onClick={() => {
                setNotice(null);
                setCrediting(row);
              }}
            >
              {t('invoices.credit.open')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader title={t('invoices.title')} lead={t('invoices.lead')} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {pages.isError ? (
        <LoadFailed onRetry={() => void pages.refetch()}>{t('invoices.loadFailed')}</LoadFailed>
      ) : (
        <DataTable
          caption={t('invoices.caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={pages.isPending}
          skeletonRows={5}
          empty={
            <EmptyState title={t('invoices.empty.title')}>
              <p>{t('invoices.empty.text')}</p>
            </EmptyState>
          }
        />
      )}
      {pages.hasNextPage && (
        <button type="button" className="button button--secondary" aria-busy={pages.isFetchingNextPage || undefined} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('invoices.older')}
        </button>
      )}
      {crediting && (
        <CreditNoteDialog
          invoice={crediting}
          onClose={() => setCrediting(null)}
          onIssued={(invoice) => {
            setCrediting(null);
            setNotice({ tone: 'success', text: t('invoices.credit.done', { number: invoice.number, company: invoice.companyName }) });
          }}
        />
      )}
    </div>
  );
}

/**
 * The credit note of an invoice: which lines and how many of their units it gives back, and why; its amount, VAT
 * included, is shown before it is issued, and it cannot give back more than the invoice has left.
 */
function CreditNoteDialog({ invoice, onClose, onIssued }: { invoice: AdminInvoice; onClose: () => void; onIssued: (invoice: AdminInvoice) => void }) {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const format = useFormat();
  const queryClient = useQueryClient();
  // One key for this dialog's action, kept while it is retried: a second click issues no second credit note.
  const [key] = useState(newActionKey);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const body: IssueCreditNote = {
    lines: Object.entries(chosen).map(([index, quantity]) => ({ index: Number(index), quantity: Number(quantity) })),
    reason,
  };
  const lines = creditedLines(invoice.lines, body.lines.filter((line) => Number.isInteger(line.quantity) && line.quantity > 0));
  const totals = invoiceTotals(lines ?? [], invoice.vatRateBasisPoints);
  const remaining = invoice.totalCents - invoice.creditedCents;
  const issue = useMutation({
    mutationFn: issueCreditNote,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: adminInvoicesQueryKey });
      onIssued(answer);
    },
    onError: (error) => setFailure(errorCodeText(t, errorCodeOf(error))),
  });
  const submit = () => {
    setFailure(null);
    const parsed = issueCreditNoteSchema.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message])));
      return;
    }
    setFieldErrors({});
    if (totals.totalCents > remaining) {
      setFailure(errorCodeText(t, 'CREDIT_NOTE_EXCEEDS_INVOICE'));
      return;
    }
    issue.mutate({ invoiceId: invoice.id, body: parsed.data, key });
  };
  return (
    <Dialog open title={t('invoices.credit.title', { number: invoice.number })} onClose={onClose} busy={issue.isPending}>
      <form
        className="admin-invoices__credit"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('invoices.credit.lead', { company: invoice.companyName, remaining: format.money(remaining) })}</p>
        <fieldset className="admin-invoices__lines">
          <legend>{t('invoices.credit.lines')}</legend>
          {invoice.lines.map((line, index) => {
            const picked = chosen[index] !== undefined;
            const lineText = `${t(`invoices.lineKinds.${line.kind}`)}: ${line.quantity} × ${format.money(line.unitPriceCents)}`;
            return (
              <div key={index} className="admin-invoices__line">
                <CheckboxField
                  name={`line-${index}`}
                  label={lineText}
                  checked={picked}
                  onChange={(event) =>
                    setChosen((current) => {
                      const next = { ...current };
                      if (event.target.checked) next[index] = String(line.quantity);
                      else delete next[index];
                      return next;
                    })
                  }
                />
                {picked && (
                  <TextField
                    label={t('invoices.credit.quantity', { most: line.quantity })}
                    name={`quantity-${index}`}
                    inputMode="numeric"
                    value={chosen[index] ?? ''}
                    onChange={(event) => setChosen((current) => ({ ...current, [index]: event.target.value.replace(/\D/g, '') }))}
                  />
                )}
              </div>
            );
          })}
          {fieldErrors.lines && <p className="field__error">{fieldErrorText(t, fieldErrors.lines)}</p>}
        </fieldset>
        <TextareaField label={t('invoices.credit.reason')} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={fieldErrors.reason ? fieldErrorText(t, fieldErrors.reason) : undefined} />
        <dl className="admin-invoices__totals">
          <dt>{t('invoices.credit.net')}</dt>
          <dd>{format.money(-totals.netCents)}</dd>
          <dt>{t('invoices.credit.vat')}</dt>
          <dd>{format.money(-totals.vatCents)}</dd>
          <dt>{t('invoices.credit.total')}</dt>
          <dd>{format.money(-totals.totalCents)}</dd>
        </dl>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={issue.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button" aria-busy={issue.isPending || undefined} disabled={issue.isPending}>
            {t('invoices.credit.submit', { amount: format.money(totals.totalCents) })}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
