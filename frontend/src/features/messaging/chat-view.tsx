import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Attachment, ChatMessage, ChatSummary } from '@shared/messaging';
import { LoadFailed } from '@frontend/components/alert/load-failed';
import { Alert } from '@frontend/components/alert/alert';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useFormat } from '@frontend/lib/format';
import { saveFromLink } from '@frontend/lib/save-blob';
import { arrivedFromOtherSide, isAtBottom, mergeMessages } from './chat-thread';
import { MessageForm } from './message-form';
import type { ChatDesk, ChatPage, ChatRef } from './messaging-api';

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is shown: only a chat someone can see counts as read. */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible', () => true);
}

interface ChatViewProps<Summary extends ChatSummary> {
  desk: ChatDesk<Summary>;
  chatRef: ChatRef;
  /** The narrow layout's way back to the list. */
  onBack: () => void;
  /** Under the subject: e.g. the company, for the provider. */
  details?: (chat: Summary) => ReactNode;
  /** Beside the subject: e.g. close or reopen, for the provider. */
  actions?: (chat: Summary) => ReactNode;
  /** What a closed chat says above the composer: what writing in it does on this side. */
  closedNote: string;
}

/**
 * One chat: its messages oldest to newest (older ones on request), refreshed by polling; opening it, and messages
 * arriving while it is shown, mark it read. It stays at the newest message when the reader was there.
 */
export function ChatView<Summary extends ChatSummary>({ desk, chatRef, onBack, details, actions, closedNote }: ChatViewProps<Summary>) {
  const { t } = useTranslation(['messaging', 'errors', 'common']);
  const format = useFormat();
  const queryClient = useQueryClient();
  const headingId = useId();
  const chat = useQuery(desk.chatQuery(chatRef));
  const visible = useDocumentVisible();
  const [older, setOlder] = useState<{ messages: ChatMessage[]; hasOlder: boolean } | null>(null);
  const [olderFailed, setOlderFailed] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLDivElement>(null);
  // Whether the reader is at the newest message; new ones then scroll into view. Starts there.
  const stick = useRef(true);
  // The scroll position to keep while older messages are put above it.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const shown = useRef<ChatMessage[] | null>(null);

  const messages = useMemo(() => mergeMessages(older?.messages ?? [], chat.data?.messages ?? []), [older, chat.data]);
  const hasOlder = older ? older.hasOlder : (chat.data?.hasOlder ?? false);
  const summary = chat.data?.chat;

  const read = useMutation({
    mutationFn: () => desk.markRead(chatRef),
    onSuccess: (answer) => {
      queryClient.setQueryData<ChatPage<Summary>>(desk.chatKey(chatRef), (current) => (current ? { ...current, chat: answer } : current));
      void queryClient.invalidateQueries({ queryKey: desk.rootKey, predicate: (query) => !isKey(query.queryKey, desk.chatKey(chatRef)) });
    },
  });
  const unread = summary?.unread ?? 0;
  const marking = read.isPending;
  const markRead = read.mutate;
  const readAt = chat.dataUpdatedAt;
  // Once per read of the chat: a refused mark waits for the next poll instead of being asked again at once.
  const markedFor = useRef(0);
  useEffect(() => {
    if (unread === 0 || !visible || marking || markedFor.current === readAt) return;
    markedFor.current = readAt;
    markRead();
  }, [unread, visible, marking, markRead, readAt]);

  const loadOlder = useMutation({
    mutationFn: (before: string) => desk.olderMessages(chatRef, before),
    onMutate: () => setOlderFailed(false),
    onSuccess: (page) => {
      const box = scroller.current;
      if (box) anchor.current = { height: box.scrollHeight, top: box.scrollTop };
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasOlder: page.hasOlder }));
    },
    onError: () => setOlderFailed(true),
  });

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (anchor.current) {
      box.scrollTop = box.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stick.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages]);

  // New messages of the other side are read out once, politely; the first load is not "new".
  useEffect(() => {
    if (!chat.data) return;
    const arrived = shown.current ? arrivedFromOtherSide(shown.current, messages, desk.side) : [];
    shown.current = messages;
    const last = arrived.at(-1);
    if (last && live.current) live.current.textContent = t('messaging:chat.arrived', { count: arrived.length, author: last.authorName });
  }, [messages, chat.data, desk.side, t]);

  const download = async (attachment: Attachment) => {
    setDownloadFailed(null);
    try {
      const link = await desk.attachmentLink(chatRef, attachment);
      await saveFromLink(link.url, attachment.fileName);
    } catch (error) {
      setDownloadFailed(errorCodeOf(error) === 'INTERNAL' ? 'ATTACHMENT_NOT_FOUND' : errorCodeOf(error));
    }
  };

  const send = async (values: { text: string; attachmentIds: string[] }) => {
    const message = await desk.postMessage(chatRef, { text: values.text, attachmentIds: values.attachmentIds });
    stick.current = true;
    queryClient.setQueryData<ChatPage<Summary>>(desk.chatKey(chatRef), (current) =>
      current ? { ...current, messages: [...current.messages.filter((m) => m.id !== message.id), message] } : current,
    );
    void queryClient.invalidateQueries({ queryKey: desk.rootKey });
  };

  return (
    <section className="chat-view" aria-labelledby={headingId}>
      <button type="button" className="button button--secondary button--small chat-view__back" onClick={onBack}>
        {t('messaging:chat.back')}
      </button>
      {chat.isPending ? (
        <div role="status" aria-label={t('common:loading')} className="chat-view__skeleton">
          <h2 id={headingId} className="visually-hidden">
            {t('common:loading')}
          </h2>
          <div className="skeleton skeleton--title" aria-hidden="true" />
          <div className="skeleton skeleton--block" aria-hidden="true" />
          <div className="skeleton skeleton--line" aria-hidden="true" />
        </div>
      ) : !summary ? (
        // Only a chat never read is "not available": a failed poll keeps the chat read before and the text being
        // written (the next poll, or the retry, brings it up to date).
        <>
          <h2 id={headingId}>{t('messaging:chat.unavailable')}</h2>
          <LoadFailed onRetry={() => void chat.refetch()}>{errorCodeText(t, errorCodeOf(chat.error))}</LoadFailed>
        </>
      ) : (
        <>
          <header className="chat-view__header">
            <div className="chat-view__title">
              <h2 id={headingId}>{summary.subject}</h2>
              <p className="chat-view__meta">
                {details?.(summary)}
                {summary.status === 'closed' && <span className="chat-status">{t('messaging:status.closed')}</span>}
              </p>
            </div>
            {actions?.(summary)}
          </header>
          <div
            ref={scroller}
            className="chat-view__scroller"
            tabIndex={0}
            role="region"
            aria-label={t('messaging:chat.messages')}
            onScroll={(event) => {
              stick.current = isAtBottom(event.currentTarget);
            }}
          >
            {hasOlder && (
              <div className="chat-view__older">
                <button type="button" className="button button--secondary button--small" disabled={loadOlder.isPending} onClick={() => messages[0] && loadOlder.mutate(messages[0].id)}>
                  {t('messaging:chat.loadOlder')}
                </button>
                {olderFailed && <p className="field__error">{errorCodeText(t, errorCodeOf(loadOlder.error))}</p>}
              </div>
            )}
            <ol className="chat-messages">
              {messages.map((message) => (
                <li key={message.id} className={`chat-message${message.side === desk.side ? ' chat-message--own' : ''}`}>
                  <p className="chat-message__head">
                    <span className="chat-message__author">{message.authorName}</span>{' '}
                    <time className="chat-message__time" dateTime={message.createdAt}>
                      {format.date(message.createdAt, { withTime: true })}
                    </time>
                  </p>
                  {message.text && <p className="chat-message__text">{message.text}</p>}
                  {message.attachments.length > 0 && (
                    <ul className="chat-message__attachments" aria-label={t('messaging:chat.attachments')}>
                      {message.attachments.map((attachment) => (
                        <li key={attachment.attachmentId}>
                          <button type="button" className="chat-message__attachment" onClick={() => void download(attachment)}>
                            {t('messaging:chat.download', { name: attachment.fileName })}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </div>
          <div ref={live} className="visually-hidden" aria-live="polite" />
          {downloadFailed && <Alert>{errorCodeText(t, downloadFailed)}</Alert>}
          {summary.status === 'closed' && <p className="chat-view__closed">{closedNote}</p>}
          <MessageForm
            withSubject={false}
            createUpload={(body) => desk.createUpload(chatRef.companyId, body)}
            onSend={send}
            submitLabel={t('messaging:composer.send')}
          />
        </>
      )}
    </section>
  );
}

function isKey(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, index) => key[index] === part);
}
