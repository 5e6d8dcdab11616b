// Here, not beside functions/platform/relay-outbox.ts: platform/ may import no test helper (the lint rule), and the
// relay needs a handler's whole environment (test/unit-test-env.ts).
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useDummyHandlerEnvironment } from './unit-test-env';
import { entities } from '@functions/platform/keys';
import { handler } from '@functions/platform/relay-outbox';

useDummyHandlerEnvironment();
const sqsMock = mockClient(SQSClient);
afterAll(() => sqsMock.restore());
beforeEach(() => sqsMock.reset());

function recordOf(sequence: string, image: Record<string, unknown>, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord {
  // aws-lambda's attribute values and the SDK's are the same JSON.
  return { eventName, dynamodb: { SequenceNumber: sequence, NewImage: marshall(image) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] } };
}

const outboxImage = (outboxId: string, messages: string[], correlationId?: string) => ({
  pk: `OUTBOX#${outboxId}`,
  sk: 'OUTBOX',
  entity: entities.outboxItem,
  outboxId,
  queue: 'webhooks',
  messages,
  ...(correlationId ? { correlationId } : {}),
});

describe('the outbox relay', () => {
  // SQS refusing some entries of a batch (a partial SendMessageBatch) is a failure no emulator here produces.
  it('sends each outbox item in order and reports the first one SQS did not take whole, so the stream hands it and those after it again', async () => {
    sqsMock
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [{ Id: '0', MessageId: 'm1', MD5OfMessageBody: '' }], Failed: [] })
      .resolvesOnce({ Successful: [], Failed: [{ Id: '0', Code: 'InternalError', SenderFault: false }] });
    const answer = await handler({
      Records: [
        recordOf('100', outboxImage('first', ['{"n":1}'], 'correlation-1')),
        // Not an outbox insert: passed over, whatever the filter let through.
        recordOf('101', { pk: 'COMPANY#c', sk: 'COMPANY', entity: entities.company }),
        recordOf('102', outboxImage('second', ['{"n":2}'])),
        recordOf('103', outboxImage('third', ['{"n":3}'])),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '102' }] });
    const sent = sqsMock.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.Entries).toEqual([{ Id: '0', MessageBody: '{"n":1}', MessageAttributes: { correlationId: { DataType: 'String', StringValue: 'correlation-1' } } }]);
    expect(sent[1]?.Entries?.[0]?.MessageBody).toBe('{"n":2}');
  });

  it('passes over an outbox item it cannot read (it would never send) and a record that is no insert', async () => {
    sqsMock.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const answer = await handler({
      Records: [
        recordOf('200', { ...outboxImage('broken', []), messages: [] }),
        recordOf('201', outboxImage('removed', ['{"n":1}']), 'REMOVE'),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });
});
