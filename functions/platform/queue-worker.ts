import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deadLetterMaxReceiveCount } from '../../infra/definitions';
import { sqs } from './aws/sqs';
import { queueWorkerEnv } from './env';
import { readableError } from './readable-error';

/** One queue's work: what a record does, and what its last failed receipt leaves behind before the dead-letter queue. */
export interface QueueJob {
  /** Names the job in the logs. */
  name: string;
  work(record: SQSRecord): Promise<void>;
  /**
   * Called once, on the receipt after which SQS gives the message to the dead-letter queue (marks what it was making
   * failed). Without it the message is simply left to the dead-letter queue.
   */
  giveUp?: (record: SQSRecord) => Promise<void>;
  /**
   * When set, a failed record comes back after a short backoff (QUEUE_RETRY_BASE_SECONDS x its receive count) instead
   * of the queue's visibility timeout, which must outlast the worker's longest run (900 s) and is far too long a wait
   * for a retry. Its last receipt is made visible at once, so it reaches the dead-letter queue without waiting.
   */
  retryQueueUrl?: () => string;
}

/**
 * The SQS event handler of a worker (Lambda's partial batch response): each record is worked on its own; a record
 * that fails is reported back, so SQS retries it alone, and on its last receipt (`deadLetterMaxReceiveCount`) the
 * job gives up first, so what it was making shows as failed once the message is dead-lettered.
 */
export function queueWorker(job: QueueJob): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      try {
        await job.work(record);
      } catch (error) {
        const receiveCount = Number(record.attributes.ApproximateReceiveCount);
        const last = receiveCount >= deadLetterMaxReceiveCount;
        console.error(JSON.stringify({ message: `${job.name} failed`, messageId: record.messageId, receiveCount, last, error: await readableError(error) }));
        if (last && job.giveUp) {
          await job.giveUp(record).catch(async (giveUpError: unknown) => {
            console.error(JSON.stringify({ message: `${job.name} not marked failed`, messageId: record.messageId, error: await readableError(giveUpError) }));
          });
        }
        if (job.retryQueueUrl) await retrySooner(job.retryQueueUrl(), record, last ? 0 : queueWorkerEnv().QUEUE_RETRY_BASE_SECONDS * Math.max(receiveCount, 1));
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

async function retrySooner(queueUrl: string, record: SQSRecord, seconds: number): Promise<void> {
  try {
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
  } catch (error) {
    // The message then comes back after the queue's own visibility timeout: later, but it still comes back.
    console.error(JSON.stringify({ message: 'retry backoff not set', messageId: record.messageId, error: String(error) }));
  }
}
