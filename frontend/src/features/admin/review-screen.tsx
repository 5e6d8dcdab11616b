import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import * as reviewRoutes from '@shared/api/routes/review-routes';
import { formatDate } from '@shared/dates';
import { signupSteps, type SignupStep } from '@shared/kyc';
import { rejectApplicationSchema, returnApplicationSchema, type Review } from '@shared/onboarding/application';
import { stepDefinitions } from '@shared/onboarding/steps';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { CheckboxField } from '@frontend/components/checkbox-field/checkbox-field';
import { FieldError } from '@frontend/components/field-error/field-error';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { TextareaField } from '@frontend/components/textarea-field/textarea-field';
import { errorCodeText, fieldErrorText } from '@frontend/lib/error-text';
import { zodValidate } from '@frontend/lib/form-validation';
import { ApiError, callApi } from '@frontend/lib/http';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { AnswersView } from './answers-view';
import { queueQueryKey, reviewQueryKey, reviewQueryOptions } from './review-api';
import './admin.css';

/** /admin/applications/:companyId: every step and document of one application, its history, and the decision. */
export function ReviewScreen() {
  const { t } = useTranslation(['admin', 'signup', 'common']);
  const companyId = useParams().companyId ?? '';
  const review = useQuery(reviewQueryOptions(companyId));
  useDocumentTitle(review.data ? `${review.data.companyName} · ${t('review.title')}` : t('review.title'));
  if (review.isPending) return <ContentLoader />;
  if (review.isError) {
    return (
      <div className="page">
        <PageHeader title={t('review.title')} />
        <Alert>{errorCodeText(t, review.error instanceof ApiError ? review.error.code : 'INTERNAL')}</Alert>
        <Link to={paths.admin}>{t('review.backToQueue')}</Link>
      </div>
    );
  }
  const application = review.data;
  return (
    <div className="page">
      <p>
        <Link to={paths.admin}>{t('review.backToQueue')}</Link>
      </p>
      <PageHeader
        title={application.companyName}
        lead={
          <>
            {t('review.registrationNumber', { number: application.registrationNumber })} ·{' '}
            <StatusBadge tone={statusTone('company', application.status)}>{t(`status.${application.status}`)}</StatusBadge>
          </>
        }
      />
      <div className="review-layout">
        <div className="review-layout__answers">
          {signupSteps.map((step) => {
            const answers = application.steps[step];
            return (
              <section key={step} className="panel review-step" aria-labelledby={`step-${step}`}>
                <h2 id={`step-${step}`}>{t(`signup:steps.${step}`)}</h2>
                {application.returnedSteps[step] && <Alert tone="info">{t('review.returnedWith', { comment: application.returnedSteps[step] })}</Alert>}
                {answers ? (
                  <AnswersView companyId={application.companyId} fields={stepDefinitions[step].fields} values={answers} documents={application.documents} />
                ) : (
                  <p className="answers__empty">{t('review.notAnswered')}</p>
                )}
              </section>
            );
          })}
        </div>
        <aside className="review-layout__side">
          {application.status === 'pending_approval' ? <Decisions application={application} /> : <DecidedNote application={application} />}
          <History application={application} />
        </aside>
      </div>
    </div>
  );
}

function DecidedNote({ application }: { application: Review }) {
  const { t } = useTranslation('admin');
  return (
    <section className="panel" aria-labelledby="decision-heading">
      <h2 id="decision-heading">{t('decision.title')}</h2>
      <p>{t(`decision.state.${application.status}`)}</p>
      {application.rejectionReason && <p>{t('decision.reason', { reason: application.rejectionReason })}</p>}
    </section>
  );
}

type Pending = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'return'; steps: SignupStep[]; comment: string };

const validateReject = zodValidate<{ reason: string }>(rejectApplicationSchema);
const validateReturn = zodValidate<{ steps: SignupStep[]; comment: string }>(returnApplicationSchema);

/** Approve, reject with a reason, or return steps with a comment; each asks for confirmation first. */
function Decisions({ application }: { application: Review }) {
  const { t } = useTranslation(['admin', 'signup', 'errors', 'common']);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [steps, setSteps] = useState<SignupStep[]>([]);
  const [rejectTried, setRejectTried] = useState(false);
  const [returnTried, setReturnTried] = useState(false);
  const params = { companyId: application.companyId };

  const decide = useMutation({
    mutationFn: (decision: Pending) => {
      if (decision.kind === 'approve') return callApi(reviewRoutes.approveApplication, { params, body: {} });
      if (decision.kind === 'reject') return callApi(reviewRoutes.rejectApplication, { params, body: { reason: decision.reason } });
      return callApi(reviewRoutes.returnApplication, { params, body: { steps: decision.steps, comment: decision.comment } });
    },
    onSuccess: async () => {
      setPending(null);
      // The decided application shows its new state in place of these actions.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueryKey(application.companyId) }),
        queryClient.invalidateQueries({ queryKey: queueQueryKey }),
      ]);
    },
  });

  const rejectErrors = validateReject({ reason });
  const returnErrors = validateReturn({ steps, comment });
  const failure = decide.error instanceof ApiError ? decide.error.code : decide.error ? 'INTERNAL' : null;

  return (
    <section className="panel decisions" aria-labelledby="decision-heading">
      <h2 id="decision-heading">{t('decision.title')}</h2>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}

      <div className="decisions__group">
        <h3>{t('decision.approve.title')}</h3>
        <p>{t('decision.approve.text')}</p>
        <button type="button" className="button" onClick={() => setPending({ kind: 'approve' })}>
          {t('decision.approve.action')}
        </button>
      </div>

      <form
        className="decisions__group"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setReturnTried(true);
          if (Object.keys(returnErrors).length === 0) setPending({ kind: 'return', steps, comment });
        }}
      >
        <h3>{t('decision.return.title')}</h3>
        <fieldset className="decisions__steps" aria-describedby={returnTried && returnErrors.steps ? 'return-steps-error' : undefined}>
          <legend className="field__label">{t('decision.return.steps')}</legend>
          {signupSteps.map((step) => (
            <CheckboxField
              key={step}
              name={`return-${step}`}
              label={t(`signup:steps.${step}`)}
              checked={steps.includes(step)}
              onChange={(event) => setSteps((current) => (event.target.checked ? [...current, step] : current.filter((each) => each !== step)))}
            />
          ))}
          <FieldError id="return-steps-error" message={returnTried && typeof returnErrors.steps === 'string' ? fieldErrorText(t, returnErrors.steps) : undefined} />
        </fieldset>
        <TextareaField
          name="comment"
          label={t('decision.return.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={returnTried ? fieldErrorText(t, returnErrors.comment as string | undefined) : undefined}
        />
        <button type="submit" className="button button--secondary">
          {t('decision.return.action')}
        </button>
      </form>

      <form
        className="decisions__group"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setRejectTried(true);
          if (Object.keys(rejectErrors).length === 0) setPending({ kind: 'reject', reason });
        }}
      >
        <h3>{t('decision.reject.title')}</h3>
        <TextareaField
          name="reason"
          label={t('decision.reject.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={rejectTried ? fieldErrorText(t, rejectErrors.reason) : undefined}
        />
        <button type="submit" className="button button--danger">
          {t('decision.reject.action')}
        </button>
      </form>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`decision.${pending.kind}.confirmTitle`, { company: application.companyName }) : ''}
        confirmLabel={pending ? t(`decision.${pending.kind}.action`) : ''}
        cancelLabel={t('common:cancel')}
        destructive={pending?.kind === 'reject'}
        busy={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) decide.mutate(pending);
        }}
      >
        <p>{pending ? t(`decision.${pending.kind}.confirmText`) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}

function History({ application }: { application: Review }) {
  const { t } = useTranslation(['admin', 'signup']);
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history.title')}</h2>
      {application.history.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <ol className="history">
          {[...application.history].reverse().map((entry) => (
            <li key={`${entry.at}-${entry.action}`} className="history__entry">
              <strong>{t(`history.actions.${entry.action}`)}</strong>
              <span className="history__meta">
                {formatDate(entry.at, { withTime: true })} · {entry.actorName} ({entry.actorEmail})
              </span>
              {entry.steps.length > 0 && <span>{entry.steps.map((step) => t(`signup:steps.${step}`)).join(', ')}</span>}
              {entry.comment && <q className="history__comment">{entry.comment}</q>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
