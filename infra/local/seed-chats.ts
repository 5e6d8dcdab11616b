import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { defaultProviderName } from '@shared/brand';
import { entities, keys } from '@functions/platform/keys';
import { previewOf, supportNameOf, type ChatRecord } from '@functions/messaging/chats';

/** The test-only Cēsu Flote's support chat: the authorization matrix names it as another company's chat id. */
export const fleetChatId = '0f1ee7c0-c4a7-4d00-8000-000000000001';
const balticChatId = 'b0a1c7c0-c4a7-4d00-8000-000000000001';

export interface DemoChatAuthor {
  userId: string;
  name: string;
}

interface DemoChat {
  companyId: string;
  companyName: string;
  chatId: string;
  subject: string;
  author: DemoChatAuthor;
  /** Oldest first; the provider's messages are written as its support. */
  messages: { side: 'company' | 'provider'; text: string; minutesAgo: number }[];
}

/**
 * One chat with its messages, written only when it does not exist yet: the chat's put is conditioned and the
 * counters are added to in the same transaction, so a second seed changes nothing and counts stay right.
 */
async function seedChat(documents: DynamoDBDocumentClient, tableName: string, chat: DemoChat, now: number): Promise<void> {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const messages = chat.messages.map((message, index) => ({ ...message, at: at(message.minutesAgo), messageId: `${at(message.minutesAgo)}#${String(index).padStart(8, '0')}` }));
  const last = messages.at(-1);
  const first = messages[0];
  if (!last || !first) return;
  const unreadForCompany = messages.filter((message, index) => message.side === 'provider' && !messages.slice(index + 1).some((later) => later.side === 'company')).length;
  const unreadForProvider = messages.filter((message, index) => message.side === 'company' && !messages.slice(index + 1).some((later) => later.side === 'provider')).length;
  const record: ChatRecord = {
    companyId: chat.companyId,
    companyName: chat.companyName,
    chatId: chat.chatId,
    subject: chat.subject,
    status: 'open',
    createdBy: chat.author.userId,
    createdAt: first.at,
    lastMessageAt: last.at,
    lastMessage: previewOf(last.text, []),
    lastMessageSide: last.side,
    unreadForCompany,
    unreadForProvider,
    // No e-mail for the seeded replies: a reply written later schedules one as usual.
    noticeForCompany: null,
    noticeForProvider: null,
    participantUserIds: [chat.author.userId],
    version: 1,
  };
  const counter = (scope: string, add: Record<string, number>) => ({
    Update: {
      TableName: tableName,
      Key: keys.chatUnreadCounter(scope),
      UpdateExpression: `SET entity = :entity ADD ${Object.keys(add).map((name) => `${name} :${name}`).join(', ')}`,
      ExpressionAttributeValues: { ':entity': entities.chatUnreadCounter, ...Object.fromEntries(Object.entries(add).map(([name, value]) => [`:${name}`, value])) },
    },
  });
  try {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...keys.chat(chat.companyId, chat.chatId), ...keys.chatOfCompany(chat.companyId, last.at, chat.chatId), ...keys.chatInInbox('open', last.at, chat.chatId), entity: entities.chat, ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...messages.map((message) => ({
            Put: {
              TableName: tableName,
              Item: {
                ...keys.chatMessage(chat.chatId, message.messageId),
                entity: entities.chatMessage,
                companyId: chat.companyId,
                chatId: chat.chatId,
                messageId: message.messageId,
                side: message.side,
                authorUserId: message.side === 'company' ? chat.author.userId : 'seed',
                authorName: message.side === 'company' ? chat.author.name : supportNameOf(defaultProviderName),
                text: message.text,
                attachments: [],
                createdAt: message.at,
              },
            },
          })),
          counter(`COMPANY#${chat.companyId}`, { chats: 1, unread: unreadForCompany }),
          counter('PROVIDER', { openChats: 1, unread: unreadForProvider }),
        ],
      }),
    );
  } catch (error) {
    // Seeded before: the chat is there and its counts with it.
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw error;
  }
}

/**
 * The demo's support chat: Baltic Logistics asked, the provider answered an hour ago and the answer is still unread,
 * so /messaging shows an unread badge at once. With the test users, a chat of Cēsu Flote as well.
 */
export async function seedDemoChats(
  documents: DynamoDBDocumentClient,
  tableName: string,
  companies: { baltic: { companyId: string; companyName: string; author: DemoChatAuthor }; fleet?: { companyId: string; companyName: string; author: DemoChatAuthor } },
  now = Date.now(),
): Promise<void> {
  await seedChat(
    documents,
    tableName,
    {
      ...companies.baltic,
      chatId: balticChatId,
      subject: 'Cards for our Valmiera office',
      messages: [
        { side: 'company', text: 'Hello! We are opening an office in Valmiera. Can the new employees\' cards be delivered there instead of Riga?', minutesAgo: 2 * 24 * 60 },
        { side: 'provider', text: 'Hello! Yes: choose the delivery address when you add the employees, or when a card is replaced. Delivery takes 3 to 5 working days.', minutesAgo: 60 },
      ],
    },
    now,
  );
  if (companies.fleet) {
    await seedChat(
      documents,
      tableName,
      { ...companies.fleet, chatId: fleetChatId, subject: 'Monthly fee question', messages: [{ side: 'company', text: 'When is the monthly card fee charged?', minutesAgo: 30 }] },
      now,
    );
  }
}
