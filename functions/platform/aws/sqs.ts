import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';

// fauxqs names its queues sqs.<region>.localhost; the SDK must keep talking to the configured endpoint.
export const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });

/** The most entries SQS takes in one SendMessageBatch. */
const sqsBatchLimit = 10;

/** A message SQS did not take: its place in the bodies sent, and SQS's code (the call's error's name when it failed). */
export interface FailedMessage {
  index: number;
  code: string;
}

/**
 * Sends each of `bodies` as a message of its own, ten to a SendMessageBatch (each entry with `entry`'s attributes or
 * delay), and answers those SQS did not take; what to do with them is the caller's. A call that fails throws, unless
 * `onCallError` is given: it is told, the call's messages are answered as not taken, and the next batches are sent.
 */
export async function sendInBatches(
  queueUrl: string,
  bodies: readonly string[],
  { entry = {}, onCallError }: { entry?: Omit<SendMessageBatchRequestEntry, 'Id' | 'MessageBody'>; onCallError?: (error: unknown) => Promise<void> } = {},
): Promise<FailedMessage[]> {
  const failed: FailedMessage[] = [];
  for (let start = 0; start < bodies.length; start += sqsBatchLimit) {
    const batch = bodies.slice(start, start + sqsBatchLimit);
    try {
      const answer = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((body, index) => ({ ...entry, Id: String(index), MessageBody: body })) }));
      failed.push(...(answer.Failed ?? []).map((entryFailed) => ({ index: start + Number(entryFailed.Id), code: entryFailed.Code ?? '' })));
    } catch (error) {
      if (!onCallError) throw error;
      await onCallError(error);
      failed.push(...batch.map((_, index) => ({ index: start + index, code: error instanceof Error ? error.name : 'Error' })));
    }
  }
  return failed;
}
