import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardholderCardAction, CardView } from '@shared/cardholder';
import { formatEur } from '@shared/money';
import { Alert } from '@frontend/components/alert/alert';
import { ConfirmDialogFrame } from '@frontend/components/confirm-dialog/confirm-dialog-frame';
import { ContentSkeleton } from '@frontend/components/loaders/content-skeleton';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useLiteTranslation } from '@frontend/lib/lite-i18n';
import { callCard, endsCardSession } from './card-api';
import { CardHistory } from './card-history';

const actionRoutes = { block: 'blockCard', unblock: 'unblockCard' } as const;

interface CardOverviewProps {
  /** The session is over: why (an error code), or null when the employee signed out. */
  onEnded: (reason: string | null) => void;
}

type CardRead = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'shown'; card: CardView };

/**
 * The card of this session, read when the overview opens for it (a card read in an earlier session on this device is
 * never shown in the next one: each session mounts its own overview) and again on `reload`; `show` puts in what an
 * action answered.
 */
function useCard() {
  const [read, setRead] = useState<CardRead>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    callCard('getCard', { signal: controller.signal }).then(
      (card) => setRead({ state: 'shown', card }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRead({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const reload = () => {
    setRead({ state: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { read, reload, show: useCallback((card: CardView) => setRead({ state: 'shown', card }), []) };
}

export function CardOverview({ onEnded }: CardOverviewProps) {
  const { t } = useLiteTranslation();
  const { read, reload, show } = useCard();
  const [signingOut, setSigningOut] = useState(false);

  const error = read.state === 'failed' ? read.error : null;
  useEffect(() => {
    if (endsCardSession(error)) onEnded(error.code);
  }, [error, onEnded]);

  const signOut = () => {
    setSigningOut(true);
    // Signed out here whatever the API says: the token is forgotten either way.
    callCard('signOut').then(
      () => onEnded(null),
      () => onEnded(null),
    );
  };

  if (read.state === 'loading') return <ContentSkeleton label={t('common:loading')} />;
  if (read.state === 'failed') {
    return (
      <div className="page card-page">
        <h1>{t('card:overview.title')}</h1>
        <Alert>{errorCodeText(t, errorCodeOf(read.error))}</Alert>
        <div className="card-actions">
          <button type="button" className="button" onClick={reload}>
            {t('card:overview.retry')}
          </button>
        </div>
      </div>
    );
  }
  return <CardDetails card={read.card} signingOut={signingOut} onSignOut={signOut} onChanged={show} onEnded={onEnded} />;
}

interface CardDetailsProps {
  card: CardView;
  signingOut: boolean;
  onSignOut: () => void;
  onChanged: (view: CardView) => void;
  onEnded: (reason: string) => void;
}

function CardDetails({ card, signingOut, onSignOut, onChanged, onEnded }: CardDetailsProps) {
  const { t, language } = useLiteTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState<CardholderCardAction | null>(null);
  const [done, setDone] = useState<CardholderCardAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Signed in: the page changed under the focus, so the focus starts at its title.
  useEffect(() => titleRef.current?.focus(), []);

  const [changing, setChanging] = useState(false);
  const change = (action: CardholderCardAction) => {
    setChanging(true);
    callCard(actionRoutes[action])
      .then(
        (view) => {
          onChanged(view);
          setDone(action);
        },
        (error: unknown) => {
          if (endsCardSession(error)) onEnded(error.code);
          else setFailure(errorCodeOf(error));
        },
      )
      .finally(() => {
        setChanging(false);
        setAsking(null);
      });
  };

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
            <dd>{formatEur(card.balanceCents, language)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.reserved')}</dt>
            <dd>{formatEur(card.reservedCents, language)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.limit')}</dt>
            <dd>{formatEur(card.limitCents, language)}</dd>
          </div>
          <div>
            <dt>{t('card:overview.used')}</dt>
            <dd>{formatEur(card.usedCents, language)}</dd>
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

      <CardHistory onEnded={onEnded} />

      <ConfirmDialogFrame
        closeLabel={t('common:closeDialog')}
        open={asking !== null}
        title={asking ? t(`card:actions.${asking}.title`) : ''}
        confirmLabel={asking ? t(`card:actions.${asking}.confirm`) : ''}
        cancelLabel={t('card:actions.cancel')}
        destructive={asking === 'block'}
        busy={changing}
        onConfirm={() => asking && change(asking)}
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
      </ConfirmDialogFrame>
    </div>
  );
}
