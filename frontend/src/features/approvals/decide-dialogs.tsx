import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalCommentMaxLength, rejectBodySchema, type ApprovalRequest } from '@shared/approvals';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { Dialog } from '@frontend/components/dialog/dialog';
import { TextareaField } from '@frontend/components/textarea-field/textarea-field';
import { ApiError } from '@frontend/lib/api-error';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { failureCode } from '@frontend/lib/failure-code';
import { useFormat } from '@frontend/lib/format';
import { zodValidate } from '@frontend/lib/form-validation';
import { newActionKey } from '@frontend/lib/http';
import { approveRequest, rejectRequest } from './approvals-api';
import { useApprovalTexts } from './approval-texts';
import { UserChangeDetails } from './user-change-details';

/** Someone else decided first, or the request's days passed: the dialog has nothing left to ask. */
const goneCodes: readonly string[] = ['APPROVAL_NOT_PENDING', 'APPROVAL_EXPIRED'];

interface DecideDialogProps {
  request: ApprovalRequest;
  onCancel: () => void;
  /** The decision was made; `message` says what happened. */
  onDone: (message: string) => void;
  /** The request can no longer be decided: the screen closes the dialog, reloads the list and says why. */
  onGone: (code: string) => void;
}

/**
 * One decision's call with its Idempotency-Key. The key stays while an answer may have been lost (a retry is the same
 * decision); a refusal means nothing happened, so the next attempt is a new action with a new key.
 */
function useDecision(call: (key: string) => Promise<unknown>, { onDone, onGone }: Pick<DecideDialogProps, 'onDone' | 'onGone'>) {
  const [key, setKey] = useState(newActionKey);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const run = async (message: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await call(key);
      onDone(message);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, 'INTERNAL', 'Failed');
      if (goneCodes.includes(apiError.code)) return onGone(apiError.code);
      if (apiError.status >= 400 && apiError.status < 500) setKey(newActionKey());
      setFailure(apiError);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/** Who receives what: each listed user and amount, and how many more the file or rule pays. */
function CreditList({ request }: { request: ApprovalRequest }) {
  const { t } = useTranslation('approvals');
  const format = useFormat();
  const texts = useApprovalTexts();
  if (!request.funding) return null;
  return (
    <>
      <dl className="approvals-credit-list">
        {request.funding.credits.map((credit) => (
          <Fragment key={credit.employeeId}>
            <dt>{credit.name}</dt>
            <dd>{format.money(credit.amountCents)}</dd>
          </Fragment>
        ))}
      </dl>
      {texts.unlisted(request) > 0 && <p>{t('moreUsers', { count: texts.unlisted(request) })}</p>}
    </>
  );
}

/** What approving this request does, in the dialog's words: its title, what happens, the button and the outcome. */
function useApproveTexts(request: ApprovalRequest) {
  const { t } = useTranslation('approvals');
  const format = useFormat();
  const texts = useApprovalTexts();
  const total = request.funding ? format.money(request.funding.totalCents) : '';
  const count = request.funding?.employeeCount ?? 0;
  const name = request.userChange?.name ?? request.schedule?.name ?? request.file?.scheduleName ?? request.file?.fileName ?? texts.what(request);
  switch (request.kind) {
    case 'fundingFile':
      return { title: t('approve.fileTitle'), lead: t('approve.file', { total, count, name }), confirm: t('approve.confirm'), done: t('approve.doneFile', { total }) };
    case 'fundingSchedule':
      return { title: t('approve.scheduleTitle'), lead: t('approve.schedule', { total, count, name }), confirm: t('approve.confirmPlain'), done: t('approve.doneSchedule', { name }) };
    case 'addUser':
    case 'changePhone':
    case 'raiseLimit':
      return { title: t('approve.changeTitle'), lead: t(`approve.${request.kind}`, { name }), confirm: t('approve.confirmPlain'), done: t('approve.doneChange') };
    case 'funding': {
      const [only, ...others] = request.funding?.credits ?? [];
      const lead = only && others.length === 0 ? t('approve.one', { amount: format.money(only.amountCents), name: only.name }) : t('approve.many', { count, total });
      return { title: t('approve.title'), lead, confirm: t('approve.confirm'), done: t('approve.done', { total }) };
    }
  }
}

/** Approve: says exactly what happens, from where, to whom, now; a comment is optional. */
export function ApproveDialog({ request, onCancel, onDone, onGone }: DecideDialogProps) {
  const { t } = useTranslation(['approvals', 'errors', 'common']);
  const format = useFormat();
  const texts = useApprovalTexts();
  const [comment, setComment] = useState('');
  const decision = useDecision((key) => approveRequest(request.approvalId, comment, key), { onDone, onGone });
  const said = useApproveTexts(request);
  const listed = (request.funding?.employeeCount ?? 0) > 1;
  return (
    <ConfirmDialog open title={said.title} confirmLabel={said.confirm} cancelLabel={t('common:cancel')} busy={decision.busy} onConfirm={() => void decision.run(said.done)} onCancel={onCancel}>
      <p>{said.lead}</p>
      {listed && <CreditList request={request} />}
      {request.userChange && <UserChangeDetails request={request} />}
      <p>{t('approve.requested', { name: texts.person(request.requestedBy), date: format.date(request.requestedAt, { withTime: true }) })}</p>
      <TextareaField label={t('approve.comment')} name="comment" maxLength={approvalCommentMaxLength} value={comment} onChange={(event) => setComment(event.target.value)} />
      {decision.failure && <Alert>{errorCodeText(t, failureCode(decision.failure))}</Alert>}
    </ConfirmDialog>
  );
}

type RejectValues = { comment: string };
const validateReject = zodValidate<RejectValues>(rejectBodySchema);

/** Reject: nothing moves; the requester reads why, so the comment is required. */
export function RejectDialog({ request, onCancel, onDone, onGone }: DecideDialogProps) {
  const { t } = useTranslation(['approvals', 'errors', 'common']);
  const texts = useApprovalTexts();
  const [comment, setComment] = useState('');
  const [checked, setChecked] = useState(false);
  const decision = useDecision((key) => rejectRequest(request.approvalId, comment, key), { onDone, onGone });
  // The form's own message once it was submitted, else what the API refused on the field.
  const fieldCode = (checked ? validateReject({ comment }).comment : undefined) ?? decision.failure?.fields.comment;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    // The field's message is read with the field it moves the focus to.
    if (validateReject({ comment }).comment) return event.currentTarget.querySelector('textarea')?.focus();
    void decision.run(t(request.funding ? 'reject.done' : 'reject.doneChange'));
  };
  const formFailure = decision.failure && !decision.failure.fields.comment ? errorCodeText(t, failureCode(decision.failure)) : null;
  return (
    <Dialog open title={t('reject.title')} busy={decision.busy} onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <div className="dialog__body">
          <p>{t(request.funding ? 'reject.text' : 'reject.textChange', { name: texts.person(request.requestedBy) })}</p>
          <TextareaField
            label={t('reject.comment')}
            name="comment"
            required
            maxLength={approvalCommentMaxLength}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={fieldErrorText(t, fieldCode)}
          />
          {formFailure && <Alert>{formFailure}</Alert>}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={decision.busy}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={decision.busy} aria-busy={decision.busy}>
            {t('reject.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
