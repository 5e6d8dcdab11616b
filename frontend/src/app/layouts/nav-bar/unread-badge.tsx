import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as messagingRoutes from '@shared/api/routes/messaging-routes';
import { callApi } from '@frontend/lib/http';
import { chatUnreadQueryKey, inboxUnreadQueryKey } from '@frontend/lib/query-keys';
import './unread-badge.css';

/** The badge asks every half minute; an open messaging screen refreshes it sooner (it invalidates the same key). */
const unreadPollIntervalMs = 30_000;

/** Unread messages over the current company's chats, for the Messaging link. */
export function useCompanyUnread(companyId: string | undefined): number {
  const unread = useQuery({
    queryKey: chatUnreadQueryKey(companyId ?? ''),
    queryFn: ({ signal }) => callApi(messagingRoutes.getUnreadMessages, { signal }),
    enabled: Boolean(companyId),
    refetchInterval: unreadPollIntervalMs,
  });
  return unread.data?.unread ?? 0;
}

/** Unread messages over every company's chats, for the provider console's Messages link. */
export function useInboxUnread(): number {
  const unread = useQuery({
    queryKey: inboxUnreadQueryKey,
    queryFn: ({ signal }) => callApi(messagingRoutes.getInboxUnread, { signal }),
    refetchInterval: unreadPollIntervalMs,
  });
  return unread.data?.unread ?? 0;
}

/**
 * A count beside a navigation link; nothing when 0. The link names the hidden "3 unread" (or the link's own `text`,
 * "2 waiting" for Approvals) with aria-describedby (unreadBadgeProps), so its name stays "Messaging" and the count is
 * read after it.
 */
export function UnreadBadge({ id, count, text }: { id: string; count: number; text?: string | undefined }) {
  const { t } = useTranslation('common');
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span className="unread-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span id={id} hidden>
        {text ?? t('nav.unread', { count })}
      </span>
    </>
  );
}

/** What the link carrying an UnreadBadge adds to its own attributes. */
export function unreadBadgeProps(id: string, count: number): { 'aria-describedby'?: string } {
  return count > 0 ? { 'aria-describedby': id } : {};
}
