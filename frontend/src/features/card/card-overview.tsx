import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';
import type { CardholderCardAction, CardTransaction, CardView } from '@shared/cardholder';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialog } from '@frontend/components/confirm-dialog/confirm-dialog';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { callCard, endsCardSession } from './card-api';
import type { CardSession } from './card-session';

export const cardQueryKey = ['card'] as const;

const actionRoutes = { block: cardholderRoutes.blockCard, unblock: cardholderRoutes.unblockCard } as const;

interface CardOverviewProps {
  session: CardSession;
  /** The session is over: why (an error code), or null when the employee signed out. */
  onEnded: (reason: string | null) => void;
}

export function CardOverview({ session, onEnded }: CardOverviewProps) {
  const { t } = useTranslation(['card', 'errors']);
  const queryClient = useQueryClient();
  // Per session: a card read in an earlier session on this device is never shown in the next one.
  const queryKey = [...cardQueryKey, session.token];
  const card = useQuery({ queryKey, queryFn: ({ signal }) => callCard(cardholderRoutes.getCard, { signal }) });

  const { error } = card;
  useEffect(() => {
    if (endsCardSession(error)) onEnded(error.code);
  }, [error, onEnded]);

  const signOut = useMutation({
    mutationFn: () => callCard(cardholderRoutes.signOut),
    // Signed out here whatever the API says: the token is forgotten either way.
    onSettled: () => onEnded(null),
  });

  if (card.isPending) return <ContentLoader />;
  if (card.isError) {
    return (
      <div className="page card-page">
        <h1>{t('card:overview.title')}</h1>
        <Alert>{errorCodeText(t, errorCodeOf(card.error))}</Alert>
        <div className="card-actions">
          <button type="button" className="button" onClick={() => void card.refetch()}>
            {t('card:overview.retry')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <CardDetails
      card={card.data}
      signingOut={signOut.isPending}
      onSignOut={() => signOut.mutate()}
      onChanged={(view) => queryClient.setQueryData(queryKey, view)}
      onEnded={onEnded}
    />
  );
}

interface CardDetailsProps {
  card: CardView;
  signingOut: boolean;
  onSignOut: () => void;
  onChanged: (view: CardView) => void;
  onEnded: (reason: string) => void;
}

function CardDetails({ card, signingOut, onSignOut, onChanged, onEnded }: CardDetailsProps) {
  const { t } = useTranslation(['card', 'errors']);
  const format = useFormat();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState<CardholderCardAction | null>(null);
  const [done, setDone] = useState<CardholderCardAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Signed in: the page changed under the focus, so the focus starts at its title.
  useEffect(() => titleRef.current?.focus(), []);

  const change = useMutation({
    mutationFn: (action: CardholderCardAction) => callCard(actionRoutes[action]),
    onSuccess: (view, action) => {
      onChanged(view);
      setDone(action);
      setAsking(null);
    },
    onError: (error) => {
      setAsking(null);
      if (endsCardSession(error)) onEnded(error.code);
      else setFailure(errorCodeOf(error));
    },
  });

  const ask = (action: CardholderCardAction) => {
    setFailure(null);
    setDone(null);
    setAsking(action);
  };

  return (
    <div className="page card-page">
      <div className="card-page__header">
        <div>
          <h1 ref={titleRef} tabIndex={-1} className="card-page__title">
            {t('card:overview.title')}
          </h1>
          <p className="card-text">{`${card.name} ${card.surname}`.trim()}</p>
        </div>
        <button type="button" className="button button--secondary button--small" onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
          {t('card:overview.signOut')}
        </button>
      </div>

      <section className="panel card-summary" aria-labelledby="card-summary-title">
        <h2 id="card-summary-title" className="card-summary__title">
          {card.lastCardDigits ? t('card:overview.cardEnding', { digits: card.lastCardDigits }) : t('card:overview.noCard')}
        </h2>
        <p className="card-summary__status">
          <span>{t('card:overview.status')}</span>{' '}
          <StatusBadge tone={statusTone('card', card.cardStatus)}>{t(`card:status.${card.cardStatus}`)}</StatusBadge>
        </p>
        <dl className="card-balances">
          <div className="card-balances__main">
            <dt>{t('card:overview.balance')}</dt>
            <dd>{format.money(card.balanceCents)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.reserved')}</dt>
            <dd>{format.money(card.reservedCents)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.limit')}</dt>
            <dd>{format.money(card.limitCents)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.used')}</dt>
            <dd>{format.money(card.usedCents)}</dd>
          </div>
        </dl>
        {card.actions.length > 0 && (
          <div className="card-actions">
            {card.actions.map((action) => (
              <button key={action} type="button" className={action === 'block' ? 'button button--danger' : 'button'} onClick={() => ask(action)}>
                {t(`card:actions.${action}.button`)}
              </button>
            ))}
          </div>
        )}
        {card.cardStatus === 'soft_blocked' && <p className="card-text card-hint">{t('card:overview.feeWhileBlocked')}</p>}
        <p role="status" className="card-status-message">
          {done ? t(`card:actions.${done}.done`) : ''}
        </p>
        {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      </section>

      <section className="panel card-transactions" aria-labelledby="card-transactions-title">
        <h2 id="card-transactions-title">{t('card:transactions.title')}</h2>
        {card.transactions.length === 0 ? (
          <EmptyState title={t('card:transactions.empty')} headingLevel={3} />
        ) : (
          <ul className="card-transactions__list">
            {card.transactions.map((transaction) => (
              <TransactionRow key={transaction.transactionId} transaction={transaction} />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`card:actions.${asking}.title`) : ''}
        confirmLabel={asking ? t(`card:actions.${asking}.confirm`) : ''}
        cancelLabel={t('card:actions.cancel')}
        destructive={asking === 'block'}
        busy={change.isPending}
        onConfirm={() => asking && change.mutate(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking === 'block' ? (
          <>
            <p>{t('card:actions.block.text')}</p>
            <p>{t('card:actions.block.fee')}</p>
          </>
        ) : (
          <p>{t('card:actions.unblock.text')}</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function TransactionRow({ transaction }: { transaction: CardTransaction }) {
  const { t } = useTranslation('card');
  const format = useFormat();
  return (
    <li className="card-transaction">
      <div className="card-transaction__what">
        <span className="card-transaction__description">{transaction.description}</span>
        <span className="card-transaction__meta">
          {format.date(transaction.executedAt)}{' '}
          <StatusBadge tone={statusTone('transaction', transaction.status)}>{t(`transactions.status.${transaction.status}`)}</StatusBadge>
        </span>
      </div>
      <span className={transaction.amountCents < 0 ? 'card-transaction__amount' : 'card-transaction__amount card-transaction__amount--in'}>
        {format.money(transaction.amountCents)}
      </span>
    </li>
  );
}
