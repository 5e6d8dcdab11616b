import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultPageSize } from '@shared/lists';
import type { ChatSummary } from '@shared/messaging';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { Pagination } from '@frontend/components/data-table/pagination';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import type { ChatDesk } from './messaging-api';

interface ChatListProps<Summary extends ChatSummary> {
  desk: ChatDesk<Summary>;
  title: string;
  /** The open chat's id, marked in the list. */
  selectedId: string | null;
  hrefOf: (summary: Summary) => string;
  /** Above the rows: e.g. the company side's New chat button. */
  toolbar?: ReactNode;
  /** What shows when there are no chats at all. */
  empty: ReactNode;
  /** Under the subject: e.g. the company, for the provider. */
  details?: (summary: Summary) => ReactNode;
}

/**
 * The chats, newest activity first (the provider's: open ones first), each with its subject, last message, time and
 * unread count; polled, so new messages and counts show without a reload. Pages as the shared lists do.
 */
export function ChatList<Summary extends ChatSummary>({ desk, title, selectedId, hrefOf, toolbar, empty, details }: ChatListProps<Summary>) {
  const { t } = useTranslation(['messaging', 'errors', 'common']);
  const format = useFormat();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const list = useQuery(desk.listQuery(page, defaultPageSize));
  const queryClient = useQueryClient();
  // The navigation's badge polls slowly; when the list shows other counts, the badge follows at once.
  const unreadShown = list.data?.rows.reduce((sum, row) => sum + row.unread, 0);
  const unreadKey = desk.unreadKey;
  useEffect(() => {
    if (unreadShown !== undefined) void queryClient.invalidateQueries({ queryKey: unreadKey });
  }, [unreadShown, unreadKey, queryClient]);

  return (
    <section className="chat-list" aria-labelledby={headingId} aria-busy={list.isFetching && list.isPlaceholderData ? true : undefined}>
      <div className="chat-list__header">
        <h2 id={headingId}>{title}</h2>
        {toolbar}
      </div>
      {list.isPending ? (
        <div role="status" aria-label={t('common:loading')} className="chat-list__skeleton">
          <span className="visually-hidden">{t('common:loading')}</span>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="skeleton skeleton--block chat-list__skeleton-row" aria-hidden="true" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()}>{errorCodeText(t, errorCodeOf(list.error))}</LoadFailed>
      ) : list.data.totalRecords === 0 ? (
        empty
      ) : (
        <>
          <ul className="chat-list__rows">
            {list.data.rows.map((summary) => {
              const selected = summary.id === selectedId;
              return (
                <li key={summary.id}>
                  <Link to={hrefOf(summary)} className={`chat-row${selected ? ' chat-row--selected' : ''}${summary.unread > 0 ? ' chat-row--unread' : ''}`} aria-current={selected ? 'true' : undefined}>
                    <span className="chat-row__top">
                      <span className="chat-row__subject">{summary.subject}</span>{' '}
                      <time className="chat-row__time" dateTime={summary.lastMessageAt}>
                        {format.date(summary.lastMessageAt, { withTime: true })}
                      </time>
                    </span>{' '}
                    {details && <span className="chat-row__details">{details(summary)} </span>}
                    <span className="chat-row__bottom">
                      <span className="chat-row__last">{summary.lastMessage}</span>{' '}
                      {summary.status === 'closed' && <span className="chat-status">{t('messaging:status.closed')} </span>}
                      {summary.unread > 0 && (
                        <span className="unread-count">
                          <span aria-hidden="true">{summary.unread}</span>
                          <span className="visually-hidden">{t('messaging:unread', { count: summary.unread })}</span>
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          <Pagination page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
