import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deadLetterMaxReceiveCount, workerStopMarginSeconds } from './queue-work';
import { sqs } from './aws/sqs';
import { queueRetryBaseSeconds } from './env';
import { addLambdaContext, logger, withMessageKeys } from './logger';
import { readableError } from './readable-error';

/** One queue's work: what a record does, and what its last failed receipt leaves behind before the dead-letter queue. */
export interface QueueJob {
  /** Names the job in the logs. */
  name: string;
  /**
   * `signal` aborts `workerStopMarginSeconds` before Lambda's timeout: a long job checks it between steps (and passes
   * it to its uploads) and stops, leaving what it made resumable or nothing. A job that does not stop in time is left
   * behind and its record failed all the same, so the invocation answers before Lambda kills it.
   */
  work(record: SQSRecord, signal: AbortSignal): Promise<void>;
  /**
   * Called once, on the receipt after which SQS gives the message to the dead-letter queue (marks what it was making
   * failed). Without it the message is simply left to the dead-letter queue.
   */
  giveUp?: (record: SQSRecord) => Promise<void>;
  /**
   * When set, a failed record comes back after a short backoff (QUEUE_RETRY_BASE_SECONDS x its receive count) instead
   * of the queue's visibility timeout (six times the worker's timeout), far too long a wait for a retry; a record
   * stopped before the timeout comes back the same way. Its last receipt is made visible at once, so it reaches the
   * dead-letter queue without waiting.
   */
  retryQueueUrl?: () => string;
  /**
   * Works the records of a batch at the same time instead of one after another, so a record that takes long (a
   * webhook endpoint that answers only at its deadline) holds back none of the others. For jobs whose records share
   * no limit of their own (SES's sending rate is one).
   */
  concurrent?: true;
}

/**
 * The SQS event handler of a worker (Lambda's partial batch response): each record is worked on its own (one after
 * another, or all at once when the job is `concurrent`), its lines carrying its own message's keys; a record that
 * fails is reported back, so SQS retries it alone, and on its last receipt (`deadLetterMaxReceiveCount`) the job gives
 * up first, so what it was making shows as failed once the message is dead-lettered.
 */
export function queueWorker(job: QueueJob): (event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    const stopAt = context ? Date.now() + context.getRemainingTimeInMillis() - workerStopMarginSeconds * 1000 : Number.POSITIVE_INFINITY;
    addLambdaContext(context);
    const workRecord = (record: SQSRecord) => withMessageKeys(record, () => workOrReport(job, record, stopAt));
    let failures: (SQSBatchItemFailure | null)[];
    if (job.concurrent) {
      failures = await Promise.all(event.Records.map(workRecord));
    } else {
      failures = [];
      for (const record of event.Records) failures.push(await workRecord(record));
    }
    return { batchItemFailures: failures.filter((failure) => failure !== null) };
  };
}

/** One record's work; when it fails, what its failure leaves behind is done, and the failure answered for the batch. */
async function workOrReport(job: QueueJob, record: SQSRecord, stopAt: number): Promise<SQSBatchItemFailure | null> {
  try {
    await workUntil(job, record, stopAt);
    return null;
  } catch (error) {
    const receiveCount = Number(record.attributes.ApproximateReceiveCount);
    const last = receiveCount >= deadLetterMaxReceiveCount;
    logger.error(`${job.name} failed`, { receiveCount, last, error: await readableError(error) });
    if (last && job.giveUp) {
      await job.giveUp(record).catch(async (giveUpError: unknown) => {
        logger.error(`${job.name} not marked failed`, { error: await readableError(giveUpError) });
      });
    }
    if (job.retryQueueUrl) await retrySooner(job.retryQueueUrl(), record, last ? 0 : queueRetryBaseSeconds() * Math.max(receiveCount, 1));
    return { itemIdentifier: record.messageId };
  }
}

/** Thrown when a record's work was stopped before the function's timeout: it is failed and comes back soon. */
export class WorkCutShort extends Error {
  constructor() {
    super('stopped before the function timeout');
  }
}

/** A job that ignores its signal gets this long after it to stop; the rest of the margin is for answering. */
const stopGraceMs = (workerStopMarginSeconds * 1000) / 2;

async function workUntil(job: QueueJob, record: SQSRecord, stopAt: number): Promise<void> {
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const left = new Promise<never>((_, reject) => {
    if (!Number.isFinite(stopAt)) return;
    timers.push(setTimeout(() => controller.abort(new WorkCutShort()), Math.max(stopAt - Date.now(), 0)));
    timers.push(setTimeout(() => reject(new WorkCutShort()), Math.max(stopAt - Date.now(), 0) + stopGraceMs));
  });
  try {
    await Promise.race([job.work(record, controller.signal), left]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

async function retrySooner(queueUrl: string, record: SQSRecord, seconds: number): Promise<void> {
  try {
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
  } catch (error) {
    // The message then comes back after the queue's own visibility timeout: later, but it still comes back.
    logger.error('retry backoff not set', { error: await readableError(error) });
  }
}
