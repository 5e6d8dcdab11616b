import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminChatSummary } from '@shared/messaging';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { errorCodeOf } from '@frontend/lib/api-error';
import { errorCodeText } from '@frontend/lib/error-text';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ChatList } from './chat-list';
import { ChatPanes } from './chat-panes';
import { ChatView } from './chat-view';
import { inboxDesk, setInboxChatStatus, type ChatDesk, type ChatPage, type ChatRef } from './messaging-api';
import '@frontend/components/loaders/loaders.css';
import './messaging.css';

/** `?company=<id>&chat=<id>` opens a chat: the provider's routes name the company with the chat. */
const chatHref = (ref: ChatRef) => `?${new URLSearchParams({ company: ref.companyId, chat: ref.chatId }).toString()}`;

/** /admin/messaging: the provider admins' inbox of every company's chats, open ones first; they answer, close and reopen. */
export function InboxScreen() {
  const { t } = useTranslation('messaging');
  useDocumentTitle(t('inbox.title'));
  const desk = useMemo(() => inboxDesk(), []);
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company');
  const chatId = params.get('chat');
  const chatRef = companyId && chatId ? { companyId, chatId } : null;

  return (
    <div className="page messaging">
      <PageHeader title={t('inbox.title')} lead={t('inbox.lead')} />
      <ChatPanes
        detailOpen={chatRef !== null}
        list={
          <ChatList
            desk={desk}
            title={t('list.title')}
            selectedId={chatId}
            hrefOf={(summary) => chatHref(desk.refOf(summary))}
            details={(summary) => summary.companyName}
            empty={
              <EmptyState title={t('inbox.empty')} headingLevel={3}>
                <p>{t('inbox.emptyText')}</p>
              </EmptyState>
            }
          />
        }
        detail={
          chatRef ? (
            <ChatView
              key={`${chatRef.companyId}/${chatRef.chatId}`}
              desk={desk}
              chatRef={chatRef}
              onBack={() => setParams({})}
              details={(chat) => <span className="chat-view__company">{chat.companyName}</span>}
              actions={(chat) => <StatusAction desk={desk} chat={chat} chatRef={chatRef} />}
              closedNote={t('chat.closedForProvider')}
            />
          ) : (
            <p className="chat-panes__hint">{t('inbox.choose')}</p>
          )
        }
      />
    </div>
  );
}

/** Close an answered chat, or reopen a closed one to write in it again. */
function StatusAction({ desk, chat, chatRef }: { desk: ChatDesk<AdminChatSummary>; chat: AdminChatSummary; chatRef: ChatRef }) {
  const { t } = useTranslation(['messaging', 'errors']);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => setInboxChatStatus(chatRef, chat.status === 'open' ? 'closed' : 'open'),
    onSuccess: (answer) => {
      queryClient.setQueryData<ChatPage<AdminChatSummary>>(desk.chatKey(chatRef), (current) => (current ? { ...current, chat: answer } : current));
      void queryClient.invalidateQueries({ queryKey: desk.rootKey });
    },
  });
  return (
    <div className="chat-view__actions">
      <button type="button" className="button button--secondary button--small" disabled={change.isPending} onClick={() => change.mutate()}>
        {chat.status === 'open' ? t('inbox.close') : t('inbox.reopen')}
      </button>
      {change.isError && <p className="field__error">{errorCodeText(t, errorCodeOf(change.error))}</p>}
    </div>
  );
}
