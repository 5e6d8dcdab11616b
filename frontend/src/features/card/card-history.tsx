import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CardHistoryEntry } from '@shared/cardholder';
import { formatDate } from '@shared/date-format';
import { formatEur } from '@shared/money';
import { Alert } from '@frontend/components/alert/alert';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { ContentSkeleton } from '@frontend/components/loaders/content-skeleton';
import { StatusBadge } from '@frontend/components/status-badge/status-badge';
import { statusTone } from '@frontend/components/status-badge/status-tone';
import { useLiteTranslation } from '@frontend/lib/lite-i18n';
import { callCard, endsCardSession } from './card-api';

type HistoryRead =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'shown'; entries: CardHistoryEntry[]; nextCursor: string | null; loadingOlder: boolean; olderFailed: boolean };

/**
 * The employee's history: money her company put on the card, her payments and what came back, newest first. Older
 * lines are added below on request (a phone's list grows downwards rather than turning pages).
 */
export function CardHistory({ onEnded }: { onEnded: (reason: string) => void }) {
  const { t } = useLiteTranslation();
  const [read, setRead] = useState<HistoryRead>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // The screen hands a new onEnded on each of its renders: read through a ref, so a render does not read the history again.
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  });

  useEffect(() => {
    const controller = new AbortController();
    callCard('getCardHistory', { signal: controller.signal }).then(
      (page) => setRead({ state: 'shown', entries: page.entries, nextCursor: page.nextCursor, loadingOlder: false, olderFailed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (endsCardSession(error)) endedRef.current(error.code);
        else setRead({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const showOlder = (cursor: string) => {
    setRead((now) => (now.state === 'shown' ? { ...now, loadingOlder: true, olderFailed: false } : now));
    callCard('getCardHistory', { query: { cursor } }).then(
      (page) =>
        setRead((now) => (now.state === 'shown' ? { state: 'shown', entries: [...now.entries, ...page.entries], nextCursor: page.nextCursor, loadingOlder: false, olderFailed: false } : now)),
      (error: unknown) => {
        if (endsCardSession(error)) onEnded(error.code);
        else setRead((now) => (now.state === 'shown' ? { ...now, loadingOlder: false, olderFailed: true } : now));
      },
    );
  };

  return (
    <section className="panel card-transactions" aria-labelledby="card-history-title" aria-busy={read.state === 'loading'}>
      <h2 id="card-history-title">{t('card:history.title')}</h2>
      {read.state === 'loading' && <ContentSkeleton label={t('common:loading')} />}
      {read.state === 'failed' && (
        <>
          <Alert>{t('card:history.failed')}</Alert>
          <div className="card-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setRead({ state: 'loading' });
                setAttempt((count) => count + 1);
              }}
            >
              {t('card:history.retry')}
            </button>
          </div>
        </>
      )}
      {read.state === 'shown' && read.entries.length === 0 && <EmptyState title={t('card:history.empty')} headingLevel={3} />}
      {read.state === 'shown' && read.entries.length > 0 && (
        <ul className="card-transactions__list">
          {read.entries.map((entry) => (
            <HistoryRow key={`${entry.kind}:${entry.id}`} entry={entry} />
          ))}
        </ul>
      )}
      {read.state === 'shown' && read.olderFailed && <Alert>{t('card:history.failed')}</Alert>}
      {read.state === 'shown' && read.nextCursor !== null && (
        <div className="card-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={read.loadingOlder}
            aria-busy={read.loadingOlder}
            onClick={() => read.nextCursor !== null && showOlder(read.nextCursor)}
          >
            {read.loadingOlder ? t('card:history.loadingOlder') : t('card:history.showOlder')}
          </button>
        </div>
      )}
    </section>
  );
}

/** What a line says: its title, what follows its date, and whether the money came onto the card. */
function HistoryRow({ entry }: { entry: CardHistoryEntry }) {
  const { t, language } = useLiteTranslation();
  const amount = `${entry.amountCents > 0 ? '+' : ''}${formatEur(entry.amountCents, language)}`;
  let title: string;
  let detail: ReactNode;
  switch (entry.kind) {
    case 'received':
      title = t('card:history.received');
      detail = t('card:history.receivedFrom', { company: entry.companyName });
      break;
    case 'to_company':
      title = t('card:history.toCompany', { company: entry.companyName });
      detail = t('card:history.toCompanyNote');
      break;
    case 'returned':
      title = entry.description;
      detail = <StatusBadge tone="positive">{t('card:history.returned')}</StatusBadge>;
      break;
    case 'payment':
      title = entry.description;
      detail = <StatusBadge tone={statusTone('transaction', entry.status)}>{t(`card:history.status.${entry.status}`)}</StatusBadge>;
      break;
  }
  return (
    <li className="card-transaction" data-kind={entry.kind}>
      <div className="card-transaction__what">
        <span className="card-transaction__description">{title}</span>
        <span className="card-transaction__meta">
          {formatDate(entry.at)}
          {typeof detail === 'string' ? ` · ${detail}` : <> {detail}</>}
        </span>
      </div>
      <span className={entry.amountCents > 0 ? 'card-transaction__amount card-transaction__amount--in' : 'card-transaction__amount'}>{amount}</span>
    </li>
  );
}
