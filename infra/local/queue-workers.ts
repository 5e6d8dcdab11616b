import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  type MessageAttributeValue,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { queueDefinitions, queueWorkers } from '../definitions';
import { lambdaContext, loadHandler } from './api-server';
import { recordCallsOf, runAsFunction } from './aws-call-recorder';
import type { ProvisionedResources } from './provision';
import { region } from './settings';

/** What a worker may answer: nothing (every record done) or SQS's partial batch response. */
const batchResponseSchema = z.union([z.undefined(), z.null(), z.object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string().min(1) })) })]);

/**
 * The event source mappings the local cloud runs, one per worker of definitions.ts `queueWorkers`: as many long polls
 * as its maxConcurrency, each receive up to its batchSize, and a batch's failed records reported one by one
 * (infra/wiring/cloud-wiring.ts holds them to the stack's).
 */
export const localQueueWorkerPlan = queueWorkers.map((worker) => ({
  queue: worker.queue,
  handler: worker.handler,
  batchSize: worker.batchSize,
  polls: worker.maxConcurrency,
  reportsBatchItemFailures: true,
}));

/** Long polls stay open this long; the most SQS allows, as Lambda's event source mapping polls. */
const waitTimeSeconds = 20;
/** After fauxqs itself failed, the next poll waits this long, so a broken emulator is not asked in a tight loop. */
const retryAfterMs = 1_000;

export interface QueueWorkers {
  /** Ends the long polls, waits for the batches being worked, and closes the client's connections. */
  stop(): Promise<void>;
}

/**
 * Lambda's SQS event source mapping for the local cloud: `maxConcurrency` long polls per queue of `queueWorkers`, each batch handed
 * to the same handler module the stack deploys as an SQSEvent, then the records it did not report as failed deleted.
 * A failed record (or every record of a batch whose handler threw) stays on the queue, comes back after the queue's
 * visibility timeout and ends in the dead-letter queue after its receive count, as in the cloud.
 */
export function startQueueWorkers(sqs: SQSClient, queueUrls: ProvisionedResources['queueUrls']): QueueWorkers {
  // The client is the workers' own: stopping them closes it. A recording run records its calls as the polling worker's.
  recordCallsOf(sqs);
  const controller = new AbortController();
  const loops = localQueueWorkerPlan.flatMap((worker) => {
    const definition = queueDefinitions.find((queue) => queue.role === worker.queue);
    if (!definition) throw new Error(`no queue ${worker.queue} for ${worker.handler}`);
    // As many polls as the cloud runs invocations of the worker at once (its maxConcurrency).
    // Lambda polls, receives and deletes with the function's role: those calls are the worker's own.
    return Array.from({ length: worker.polls }, () =>
      runAsFunction(worker.handler, () => pollQueue(sqs, { ...worker, queueUrl: queueUrls[definition.envVar] }, controller.signal)),
    );
  });
  return {
    async stop() {
      controller.abort();
      await Promise.all(loops);
      sqs.destroy();
    },
  };
}

interface PolledWorker {
  queueUrl: string;
  handler: string;
  batchSize: number;
}

async function pollQueue(sqs: SQSClient, worker: PolledWorker, signal: AbortSignal): Promise<void> {
  let queueArn: string | undefined;
  while (!signal.aborted) {
    try {
      queueArn ??= await arnOf(sqs, worker.queueUrl, signal);
      const received = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: worker.queueUrl,
          WaitTimeSeconds: waitTimeSeconds,
          MaxNumberOfMessages: worker.batchSize,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      const messages = received.Messages ?? [];
      // A batch already received is worked to its end even when stopping: its messages are invisible meanwhile.
      if (messages.length > 0) await work(sqs, worker, queueArn, messages);
    } catch (error) {
      if (signal.aborted) return;
      console.error(`local queue worker ${worker.handler}:`, error);
      await delay(retryAfterMs, undefined, { signal }).catch(() => undefined);
    }
  }
}

async function arnOf(sqs: SQSClient, queueUrl: string, signal: AbortSignal): Promise<string> {
  const answer = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }), { abortSignal: signal });
  const arn = answer.Attributes?.QueueArn;
  if (!arn) throw new Error(`fauxqs gave no ARN for ${queueUrl}`);
  return arn;
}

async function work(sqs: SQSClient, worker: PolledWorker, queueArn: string, messages: Message[]): Promise<void> {
  const records = messages.map((message) => recordOf(message, queueArn));
  const event: SQSEvent = { Records: records };
  let failed: Set<string>;
  try {
    const handler = await loadHandler(worker.handler);
    // The deployed function's timeout, so a worker stops itself before it here as it does in the cloud.
    const answer = batchResponseSchema.parse(await handler(event, lambdaContext(worker.handler)));
    failed = new Set(answer?.batchItemFailures.map((failure) => failure.itemIdentifier));
    // Lambda treats a failure naming no record of the batch as the whole batch failing.
    if ([...failed].some((id) => !records.some((record) => record.messageId === id))) failed = new Set(records.map((record) => record.messageId));
  } catch (error) {
    console.error(`local queue worker ${worker.handler}: the batch failed`, error);
    failed = new Set(records.map((record) => record.messageId));
  }
  const done = records.filter((record) => !failed.has(record.messageId));
  if (done.length === 0) return;
  const deleted = await sqs.send(
    new DeleteMessageBatchCommand({
      QueueUrl: worker.queueUrl,
      Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
    }),
  );
  if (deleted.Failed?.length) console.error(`local queue worker ${worker.handler}: messages not deleted`, deleted.Failed);
}

/** A received message as Lambda's event source mapping hands it to the function. */
function recordOf(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: messageAttributesOf(message.MessageAttributes ?? {}),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

function messageAttributesOf(attributes: Record<string, MessageAttributeValue>): SQSMessageAttributes {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      {
        dataType: value.DataType ?? 'String',
        ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
        ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
        stringListValues: value.StringListValues ?? [],
        binaryListValues: (value.BinaryListValues ?? []).map((binary) => Buffer.from(binary).toString('base64')),
      },
    ]),
  );
}
