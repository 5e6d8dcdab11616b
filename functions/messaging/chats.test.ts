import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chatRecord, markChatRead, postMessage, previewOf, type Author } from './chats';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';

describe('a chat preview', () => {
  it('is the text on one line, shortened to 140 characters', () => {
    expect(previewOf('Hello\n\nthere', [])).toBe('Hello there');
    const preview = previewOf('x'.repeat(200), []);
    expect(preview).toHaveLength(140);
    expect(preview.endsWith('…')).toBe(true);
  });

  it("is the attachments' names when the message has no text", () => {
    expect(previewOf('', [{ fileName: 'a.png' }, { fileName: 'b.pdf' }])).toBe('a.png, b.pdf');
  });
});

// DynamoDB Local runs one transaction at a time, so the race between reading a chat and writing it needs a mock.
const dynamoMock = mockClient(DynamoDBDocumentClient);
const cancelled = (codes: string[]) => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const chat = chatRecord.parse({
  companyId: 'c1',
  companyName: 'Test SIA',
  chatId: '6f1d1c2e-8a43-4c55-9d5e-3f9e0f6b2a11',
  subject: 'Cards',
  status: 'open',
  createdBy: 'u1',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastMessageAt: '2026-11-01T10:00:00.000Z',
  lastMessage: 'Hello',
  lastMessageSide: 'company',
  unreadForCompany: 0,
  unreadForProvider: 1,
  noticeForProvider: null,
  version: 1,
});
const author: Author = { side: 'company', userId: 'u1', name: 'Anna Ozola', actor: { kind: 'company_user', userId: 'u1', name: 'Anna Ozola', role: 'manager' } };

describe('a chat changed between its read and its write', () => {
  useDummyHandlerEnvironment();
  afterAll(() => dynamoMock.restore());
  beforeEach(() => dynamoMock.reset());

  it('is read again and the message written once, on top of the other change', async () => {
    // Another message landed meanwhile and scheduled the provider's notice.
    const changed = { ...chat, version: 2, unreadForProvider: 2, noticeForProvider: '2026-11-01T10:05:00.000Z' };
    dynamoMock.on(GetCommand).resolvesOnce({ Item: chat }).resolves({ Item: changed });
    dynamoMock.on(TransactWriteCommand).rejectsOnce(cancelled(['None', 'ConditionalCheckFailed', 'None', 'None'])).resolves({});

    const message = await postMessage('c1', chat.chatId, author, { text: 'Any news?', attachmentIds: [] }, new Date('2026-11-01T10:01:00.000Z'));
    expect(message).toMatchObject({ side: 'company', text: 'Any news?', authorName: 'Anna Ozola' });
    const calls = dynamoMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((call) => call.args[0].input.TransactItems ?? []);
    // The first try scheduled a notice; the second sees one pending and adds none.
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(3);
    expect(second?.[1]?.Update?.ExpressionAttributeValues?.[':read_version']).toBe(2);
  });

  it('is read twice at once: the second read finds nothing left to take off the badge', async () => {
    const read = { ...chat, version: 2, unreadForProvider: 0 };
    dynamoMock.on(GetCommand).resolvesOnce({ Item: chat }).resolves({ Item: read });
    dynamoMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None']));

    await expect(markChatRead('c1', chat.chatId, 'provider')).resolves.toMatchObject({ unreadForProvider: 0, version: 2 });
    expect(dynamoMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
