import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, GetQueueUrlCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { queueDefinitions } from '../../infra/definitions';
import { resourceNames } from '../../infra/local/settings';
import { waitFor } from './employee-fixtures';
import { outboxRelayStatusSchema, type OutboxRelayStatus } from '../../infra/local/outbox-relay';
import { cloud, emulators } from './support';

/**
 * Waits for the message of a queue's dead-letter queue whose body contains `text` (a job or e-mail given up after
 * its last receipt), takes it off that queue so later tests start from an empty one, and answers it.
 */
export async function takeDeadLettered(role: (typeof queueDefinitions)[number]['role'], text: string): Promise<Message> {
  const sqs = emulators().sqs;
  const dlqUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.deadLetterQueue(role) }))).QueueUrl ?? '';
  const deadLettered = await waitFor(
    async () => {
      const answer = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 1, MaxNumberOfMessages: 10, VisibilityTimeout: 1, MessageSystemAttributeNames: ['All'] }));
      return (answer.Messages ?? []).find((message) => message.Body?.includes(text));
    },
    (message) => message !== undefined,
    30_000,
  );
  if (!deadLettered) throw new Error(`nothing with ${text} was dead-lettered`);
  await sqs.send(new DeleteMessageCommand({ QueueUrl: dlqUrl, ReceiptHandle: deadLettered.ReceiptHandle }));
  return deadLettered;
}

/** What the local cloud's outbox relay has done (infra/local/outbox-relay.ts). */
export async function relayStatus(): Promise<OutboxRelayStatus> {
  const answer = await fetch(`${cloud().apiUrl}/local/outbox-relay.json`);
  return outboxRelayStatusSchema.parse(await answer.json());
}

/**
 * Waits until a work queue holds no message, waiting or being worked (its worker finished everything sent so far), so
 * a test can say what did not happen: an e-mail that was not sent twice is not merely still on its way. What a change
 * committed before the call sends from the outbox is on the queue first: the relay has read the stream past it.
 */
export async function drained(role: (typeof queueDefinitions)[number]['role']): Promise<void> {
  const since = Date.now();
  await waitFor(relayStatus, (status) => (status.caughtUpSince ?? 0) >= since, 30_000);
  const sqs = emulators().sqs;
  const queueUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: resourceNames.queue(role) }))).QueueUrl ?? '';
  await waitFor(
    async () => {
      const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
      return Number(Attributes?.ApproximateNumberOfMessages ?? NaN) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? NaN);
    },
    (count) => count === 0,
    30_000,
  );
}

/**
 * A queue no worker reads, for a test that plays a queue's worker itself: what the code under test sends there waits
 * untouched, where on the local cloud's own queue that cloud's worker would take it at the same moment as the test.
 */
export async function unreadQueue(name: string): Promise<string> {
  const queue = await emulators().sqs.send(new CreateQueueCommand({ QueueName: `${name}-unread-${randomUUID().slice(0, 8)}` }));
  if (!queue.QueueUrl) throw new Error('fauxqs gave no queue URL');
  return queue.QueueUrl;
}
