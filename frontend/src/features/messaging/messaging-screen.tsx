import { useId, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '@shared/messaging';
import { EmptyState } from '@frontend/components/empty-state/empty-state';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useSession } from '@frontend/lib/session/session-context';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ChatList } from './chat-list';
import { ChatPanes } from './chat-panes';
import { ChatView } from './chat-view';
import { MessageForm, type MessageValues } from './message-form';
import { companyDesk, createChat, type ChatDesk } from './messaging-api';
import '@frontend/components/loaders/loaders.css';
import './messaging.css';

/** `?chat=<id>` opens a chat, `?chat=new` the new chat form: links, so Back and a reload keep the place. */
const newChat = 'new';
const chatHref = (chatId: string) => `?chat=${encodeURIComponent(chatId)}`;

/** /messaging (SPEC section 2 "Messaging: messages list, active chat, new chat"): the company's chats with support. */
export function MessagingScreen() {
  const { t } = useTranslation('messaging');
  useDocumentTitle(t('title'));
  const { profile } = useSession();
  const companyId = profile?.currentClient?.companyId ?? '';
  const desk = useMemo(() => companyDesk(companyId), [companyId]);
  const [params, setParams] = useSearchParams();
  const chatId = params.get('chat');
  const back = () => setParams({});
  const newChatLink = (
    <Link to={chatHref(newChat)} className="button button--small">
      {t('newChat.open')}
    </Link>
  );

  return (
    <div className="page messaging">
      <PageHeader title={t('title')} lead={t('lead')} />
      <ChatPanes
        detailOpen={chatId !== null}
        list={
          <ChatList
            desk={desk}
            title={t('list.title')}
            selectedId={chatId}
            hrefOf={(summary) => chatHref(summary.id)}
            toolbar={newChatLink}
            empty={
              <EmptyState title={t('empty.title')} headingLevel={3} action={newChatLink}>
                <p>{t('empty.text')}</p>
              </EmptyState>
            }
          />
        }
        detail={
          chatId === newChat ? (
            <NewChat desk={desk} companyId={companyId} onCancel={back} />
          ) : chatId ? (
            <ChatView
              key={chatId}
              desk={desk}
              chatRef={{ companyId, chatId }}
              onBack={back}
              closedNote={t('chat.closedForCompany')}
            />
          ) : (
            <p className="chat-panes__hint">{t('chat.choose')}</p>
          )
        }
      />
    </div>
  );
}

/** A new chat: its subject and first message; once created it opens. */
function NewChat({ desk, companyId, onCancel }: { desk: ChatDesk<ChatSummary>; companyId: string; onCancel: () => void }) {
  const { t } = useTranslation('messaging');
  const headingId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = async (values: MessageValues) => {
    const answer = await createChat(values);
    const ref = desk.refOf(answer.chat);
    queryClient.setQueryData(desk.chatKey(ref), answer);
    void queryClient.invalidateQueries({ queryKey: desk.rootKey });
    void navigate(chatHref(ref.chatId), { replace: true });
  };
  return (
    <section className="new-chat" aria-labelledby={headingId}>
      <button type="button" className="button button--secondary button--small chat-view__back" onClick={onCancel}>
        {t('chat.back')}
      </button>
      <h2 id={headingId}>{t('newChat.title')}</h2>
      <p className="new-chat__lead">{t('newChat.lead')}</p>
      <MessageForm withSubject createUpload={(body) => desk.createUpload(companyId, body)} onSend={create} submitLabel={t('newChat.submit')} onCancel={onCancel} />
    </section>
  );
}
