import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CompanyCardAction, DeviceAction } from '@shared/cards';
import type { EmployeeDetail, StatusChange } from '@shared/employees';
import { monthText } from '@shared/dates';
import { paths } from '@shared/routes';
import { Alert } from '@frontend/components/alert/alert';
import { BreakableText } from '@frontend/components/breakable-text/breakable-text';
import { StatusBadge as Badge } from '@frontend/components/status-badge/status-badge';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { MovementSource } from '@frontend/components/movement-source/movement-source';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '@frontend/components/data-table/data-table';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ChangePhoneDialog, LimitsDialog, ReplaceCardDialog } from './employee-dialogs';
import { AddFundsDialog } from './add-funds-dialog';
import { afterFunding } from '@frontend/lib/after-funding';
import { canAddFunds, offeredActions } from './offered-actions';
import { StatusBadge } from './status-badge';
import { employeeQueryKey, employeesQueryKey, fetchEmployee, liftSignInLock, runCardAction, runDeviceAction } from './users-api';
import './users.css';
import './user-screen.css';

type PendingAction = { kind: 'card'; action: Exclude<CompanyCardAction, 'replace'> } | { kind: 'device'; action: DeviceAction } | { kind: 'lock'; action: 'lift' };

/** The button's (and its confirmation's) label of an action. */
const actionLabelKey = (request: PendingAction) =>
  request.kind === 'card' ? `actions.${request.action}` : request.kind === 'device' ? `deviceActions.${request.action}` : 'signInLock.lift';
type OpenDialog = 'phone' | 'limits' | 'replace' | 'funds' | null;

/**
 * Card actions that end something for good: not among the everyday actions but apart, at the foot of the page, as
 * quiet outlined buttons whose consequence is written beside them, and confirmed as such.
 */
const irreversible = ['close', 'terminate'] as const;
type IrreversibleAction = (typeof irreversible)[number];
const isIrreversibleAction = (action: string): action is IrreversibleAction => (irreversible as readonly string[]).includes(action);
const isIrreversible = (request: PendingAction) => request.kind === 'card' && isIrreversibleAction(request.action);

/** /users/{userId}: one employee with their card, device and card account, the history of changes, and the actions. */
export function UserScreen() {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const { userId = '' } = useParams();
  const location = useLocation();
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const role = profile?.role ?? 'guest';
  const format = useFormat();
  const queryClient = useQueryClient();
  const employee = useQuery({
    queryKey: employeeQueryKey(companyId, userId),
    queryFn: ({ signal }) => fetchEmployee(userId, signal),
    enabled: companyId !== '' && userId !== '',
  });
  const name = employee.data ? `${employee.data.name} ${employee.data.surname}` : t('detail.title');
  useDocumentTitle(name);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const navigate = useNavigate();
  const justAdded = (location.state as { added?: boolean } | null)?.added === true;
  const [notice, setNotice] = useState<string>(justAdded ? t('add.done') : '');
  // "The user was added" belongs to the visit that added them: the history entry forgets it, so a reload does not repeat it.
  useEffect(() => {
    if (justAdded) void navigate(location.pathname, { replace: true, state: null });
  }, [justAdded, location.pathname, navigate]);
  const [failure, setFailure] = useState<string | null>(null);

  const applied = async (next: EmployeeDetail, message: string) => {
    queryClient.setQueryData(employeeQueryKey(companyId, userId), next);
    setNotice(message);
    setDialog(null);
    await queryClient.invalidateQueries({ queryKey: employeesQueryKey(companyId), exact: false, refetchType: 'none' });
  };
  const act = useMutation({
    mutationFn: (request: PendingAction) =>
      request.kind === 'card' ? runCardAction(userId, request.action) : request.kind === 'device' ? runDeviceAction(userId, request.action) : liftSignInLock(userId),
    onMutate: () => {
      setFailure(null);
      setNotice('');
    },
    onSuccess: (next, request) => applied(next, t(`done.${request.kind}.${request.action}`)),
    onError: async (error) => {
      setFailure(errorCodeOf(error));
      await employee.refetch();
    },
    onSettled: () => setPending(null),
  });

  if (employee.isPending) {
    return (
      <div className="page" aria-busy="true">
        <p>
          <Link to={paths.users}>{t('detail.back')}</Link>
        </p>
        <div className="skeleton skeleton--title" aria-hidden="true" />
        <div className="users-detail-grid">
          {[0, 1, 2].map((index) => (
            <div key={index} className="panel skeleton skeleton--block" aria-hidden="true" />
          ))}
        </div>
        <p className="visually-hidden" role="status">
          {t('common:loading')}
        </p>
      </div>
    );
  }
  if (employee.isError) {
    const code = errorCodeOf(employee.error);
    return (
      <div className="page">
        <p>
          <Link to={paths.users}>{t('detail.back')}</Link>
        </p>
        <PageHeader title={t('detail.title')} />
        {code === 'EMPLOYEE_NOT_FOUND' || code === 'NOT_FOUND' ? (
          <EmptyState title={t('detail.notFound.title')}>
            <p>{t('detail.notFound.text')}</p>
          </EmptyState>
        ) : (
          <LoadFailed onRetry={() => void employee.refetch()}>{errorCodeText(t, code === 'INTERNAL' ? 'CARD_STATUS_FETCH_FAILED' : code)}</LoadFailed>
        )}
      </div>
    );
  }

  const data = employee.data;
  const offered = offeredActions(role, data);
  const everydayCardActions = offered.card.filter((action) => !isIrreversibleAction(action));
  const irreversibleActions = offered.card.filter(isIrreversibleAction);
  const busy = act.isPending;
  const historyColumns: DataTableColumn<StatusChange>[] = [
    { id: 'when', header: t('history.when'), rowHeader: true, cell: (entry) => format.date(entry.at, { withTime: true }) },
    { id: 'what', header: t('history.what'), cell: (entry) => t(`history.actions.${entry.action}`, { defaultValue: entry.action }) },
    {
      id: 'who',
      header: t('history.who'),
      cell: (entry) => (entry.actorName ? `${entry.actorName} (${t(`changedBy.${entry.changedBy}`)})` : t(`changedBy.${entry.changedBy}`)),
    },
    {
      id: 'change',
      header: t('history.change'),
      cell: (entry) => (
        <>
          {describeChange(entry.before, entry.after, t, format.money)}
          <MovementSource record={entry} />
        </>
      ),
    },
  ];
  const actionButton = (request: PendingAction) => (
    <button key={`${request.kind}-${request.action}`} type="button" className="button button--secondary button--small" onClick={() => setPending(request)} disabled={busy}>
      {t(actionLabelKey(request))}
    </button>
  );

  return (
    <div className="page">
      <p>
        <Link to={paths.users}>{t('detail.back')}</Link>
      </p>
      <PageHeader title={name} lead={<StatusBadge kind="employee" value={data.status} />} />
      {offered.card.length === 0 && offered.device.length === 0 && !offered.editDetails && role === 'accountant' && <p className="users-note">{t('detail.readOnly')}</p>}
      <p role="status" className="users-notice">
        {notice}
      </p>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}

      <div className="users-detail-grid">
        <section className="panel" aria-labelledby="user-card">
          <h2 id="user-card">{t('detail.card')}</h2>
          <dl className="users-details">
            <dt>{t('columns.lastCardDigits')}</dt>
            <dd>{data.lastCardDigits ? `•••• ${data.lastCardDigits}` : '—'}</dd>
            <dt>{t('columns.cardStatus')}</dt>
            <dd>
              <StatusBadge kind="card" value={data.cardStatus} />
              <span className="users-changed-by">
                {t('detail.changedBy', { who: t(`changedBy.${data.cardStatusChangedBy}`), date: format.date(data.cardStatusChangedAt, { withTime: true }) })}
              </span>
            </dd>
            <dt>{t('columns.deviceStatus')}</dt>
            <dd>
              <StatusBadge kind="device" value={data.deviceStatus} />
            </dd>
            {data.signInLockedUntil && (
              <>
                <dt>{t('signInLock.label')}</dt>
                <dd>
                  <Badge tone="negative">{t('signInLock.locked')}</Badge>
                  <span className="users-changed-by">{t('signInLock.until', { time: format.date(data.signInLockedUntil, { withTime: true }) })}</span>
                </dd>
              </>
            )}
            <dt>{t('detail.cardAccountStatus')}</dt>
            <dd>
              <StatusBadge kind="cardAccount" value={data.cardAccountStatus} />
            </dd>
          </dl>
          {(everydayCardActions.length > 0 || offered.device.length > 0) && (
            <div className="users-actions" role="group" aria-label={t('detail.cardActions')}>
              {everydayCardActions.map((action) =>
                action === 'replace' ? (
                  <button key="replace" type="button" className="button button--secondary button--small" onClick={() => setDialog('replace')} disabled={busy}>
                    {t('actions.replace')}
                  </button>
                ) : (
                  actionButton({ kind: 'card', action })
                ),
              )}
              {offered.device.map((action) => actionButton({ kind: 'device', action }))}
              {data.signInLockedUntil && offered.liftSignInLock && actionButton({ kind: 'lock', action: 'lift' })}
            </div>
          )}
        </section>

        <section className="panel" aria-labelledby="user-money">
          <h2 id="user-money">{t('detail.money')}</h2>
          <dl className="users-details">
            <dt>{t('columns.balance')}</dt>
            <dd>{format.money(data.balanceCents)}</dd>
            <dt>{t('detail.used')}</dt>
            <dd>{format.money(data.usedCents)}</dd>
            <dt>{t('detail.unused')}</dt>
            <dd>{format.money(data.unusedCents)}</dd>
            <dt>{t('detail.reserved')}</dt>
            <dd>{format.money(data.reservedCents)}</dd>
            <dt>{t('limits.monthly')}</dt>
            <dd>{format.money(data.limitCents)}</dd>
            <dt>{t('limits.annual')}</dt>
            <dd>{format.money(data.annualLimitCents)}</dd>
            <dt>{t('limits.groups')}</dt>
            <dd>{data.mccGroups.length > 0 ? data.mccGroups.map((group) => t(`common:merchantGroups.${group}`)).join(', ') : t('limits.noGroups')}</dd>
          </dl>
          {(offered.editDetails || canAddFunds(role, data.cardStatus)) && (
            <div className="users-actions">
              {canAddFunds(role, data.cardStatus) && (
                <button type="button" className="button button--small" onClick={() => setDialog('funds')} disabled={busy}>
                  {t('funds.open')}
                </button>
              )}
              {offered.editDetails && (
                <button type="button" className="button button--secondary button--small" onClick={() => setDialog('limits')} disabled={busy}>
                  {t('limits.open')}
                </button>
              )}
            </div>
          )}
        </section>

        <section className="panel" aria-labelledby="user-person">
          <h2 id="user-person">{t('detail.person')}</h2>
          <dl className="users-details">
            <dt>{t('columns.phone')}</dt>
            <dd>{data.phone ?? '—'}</dd>
            <dt>{t('add.fields.email')}</dt>
            <dd className="user-screen__email">{data.email ? <BreakableText text={data.email} /> : '—'}</dd>
            <dt>{t('columns.personalCode')}</dt>
            <dd>{data.personalCode ?? '—'}</dd>
          </dl>
          {offered.editDetails && (
            <div className="users-actions">
              <button type="button" className="button button--secondary button--small" onClick={() => setDialog('phone')} disabled={busy}>
                {t('phone.open')}
              </button>
            </div>
          )}
        </section>
      </div>

      {/* Not a labelled region itself: the table's region carries the same name, and one landmark per name. */}
      <section className="panel users-history">
        <h2>{t('history.title')}</h2>
        {data.history.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <DataTable
            caption={t('history.title')}
            columns={historyColumns}
            rows={data.history}
            rowKey={(entry) => `${entry.at}-${entry.action}`}
            loading={false}
            skeletonRows={0}
          />
        )}
      </section>

      {irreversibleActions.length > 0 && (
        <section className="panel user-irreversible" aria-labelledby="user-irreversible">
          <h2 id="user-irreversible">{t('detail.irreversible.title')}</h2>
          <p className="user-irreversible__lead">{t('detail.irreversible.lead')}</p>
          <ul className="user-irreversible__list">
            {irreversibleActions.map((action) => (
              <li key={action} className="user-irreversible__item">
                <p id={`user-irreversible-${action}`} className="user-irreversible__text">
                  {t(`detail.irreversible.${action}`)}
                </p>
                <button
                  type="button"
                  className="button button--small user-irreversible__button"
                  aria-describedby={`user-irreversible-${action}`}
                  onClick={() => setPending({ kind: 'card', action })}
                  disabled={busy}
                >
                  {t(`actions.${action}`)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`confirm.${pending.kind}.${pending.action}.title`, { name }) : ''}
        confirmLabel={pending ? t(actionLabelKey(pending)) : ''}
        cancelLabel={t('common:cancel')}
        destructive={pending !== null && isIrreversible(pending)}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        <p>{pending ? t(`confirm.${pending.kind}.${pending.action}.text`, { name }) : ''}</p>
      </ConfirmDialog>
      {dialog === 'phone' && <ChangePhoneDialog employee={data} onClose={() => setDialog(null)} onDone={(next) => void applied(next, t('done.phone'))} />}
      {dialog === 'limits' && <LimitsDialog employee={data} onClose={() => setDialog(null)} onDone={(next) => void applied(next, t('done.limits'))} />}
      {dialog === 'funds' && (
        <AddFundsDialog
          companyId={companyId}
          employee={data}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setNotice(t('funds.done'));
            void afterFunding(queryClient, companyId);
          }}
        />
      )}
      {dialog === 'replace' && <ReplaceCardDialog employee={data} onClose={() => setDialog(null)} onDone={(next) => void applied(next, t('done.card.replace'))} />}
    </div>
  );
}


/**
 * "Card status: Active → Blocked", with statuses translated where the value is one; a payment's or a fee's amount
 * ("Amount: €50.00") and a fee's month, which have no before.
 */
function describeChange(before: Record<string, string | null>, after: Record<string, string | null>, t: TFunction, money: (cents: number) => string): string {
  const statusNamespaces: Record<string, string> = { cardStatus: 'cardStatus', deviceStatus: 'deviceStatus', cardAccountStatus: 'cardAccountStatus', status: 'employeeStatus' };
  const amounts = new Set(['amountCents', 'feeCents']);
  const show = (key: string, value: string | null | undefined) => {
    if (value === null || value === undefined) return '—';
    const namespace = statusNamespaces[key];
    if (namespace) return t(`${namespace}.${value}`);
    if (amounts.has(key) && Number.isInteger(Number(value))) return money(Number(value));
    if (key === 'month') return monthText(value);
    return value;
  };
  // A field that did not change (a user added without a phone: none before, none after) is not a change.
  return Object.keys(after)
    .filter((key) => (key in statusNamespaces || key === 'phone' || amounts.has(key) || key === 'month') && (before[key] ?? null) !== (after[key] ?? null))
    // A payment's or fee's values are what it moved: no before.
    .map((key) => `${t(`history.fields.${key}`)}: ${amounts.has(key) || key === 'month' ? '' : `${show(key, before[key])} → `}${show(key, after[key])}`)
    .join('; ');
}
