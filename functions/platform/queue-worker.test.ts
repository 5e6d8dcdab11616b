import type { SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { workerStopMarginSeconds } from './queue-work';
import { correlationAttributes, logger } from './logger';
import { queueWorker } from './queue-worker';

function recordOf(body: string, correlationId?: string): SQSRecord {
  return {
    messageId: `message-${body}`,
    receiptHandle: `receipt-${body}`,
    body,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'sender', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: correlationId ? { correlationId: { dataType: 'String', stringValue: correlationId } } : {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:111122223333:queue',
    awsRegion: 'eu-west-1',
  };
}

/**
 * The function's remaining time, such that the worker stops its records 2 s from now: a record still waiting then is
 * cut short and failed, so a test whose records never meet ends in 2 s instead of hanging.
 */
const twoSecondsToStop = { getRemainingTimeInMillis: () => workerStopMarginSeconds * 1000 + 2_000 };

/** Rejects when the worker stops the record. */
function stopped(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('stopped')), { once: true }));
}

interface LogLine {
  level: string;
  message: string;
  messageId?: string;
  correlation_id?: string;
  body?: string;
}

describe('a queue worker', () => {
  // Powertools writes errors to stderr and the rest to stdout.
  let written: MockInstance<typeof process.stdout.write>[] = [];
  let levelBefore: string;
  beforeEach(() => {
    levelBefore = logger.getLevelName();
    logger.setLogLevel('INFO');
    written = [vi.spyOn(process.stdout, 'write').mockImplementation(() => true), vi.spyOn(process.stderr, 'write').mockImplementation(() => true)];
  });
  afterEach(() => {
    for (const spy of written) spy.mockRestore();
    logger.setLogLevel(levelBefore as Parameters<typeof logger.setLogLevel>[0]);
  });
  const lines = (): LogLine[] =>
    written.flatMap((spy) => spy.mock.calls).flatMap(([chunk]) => String(chunk).split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);

  it('of a concurrent job works a batch\'s records at once: one that hangs holds back none of the others, and only the one that fails is reported', async () => {
    const events: string[] = [];
    const sentOn = new Map<string, unknown>();
    let releaseSlow = () => undefined as void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const handler = queueWorker({
      name: 'test job',
      concurrent: true,
      async work(record, signal) {
        events.push(`start ${record.body}`);
        logger.info('working', { body: record.body });
        // The slow record waits until the quick one has ended: worked one after another, it never would, and is cut
        // short when the worker stops (2 s).
        if (record.body === 'slow') await Promise.race([slowReleased, stopped(signal)]);
        if (record.body === 'failing') throw new Error('the table refused');
        if (record.body === 'quick') releaseSlow();
        logger.info('done', { body: record.body });
        sentOn.set(record.body, correlationAttributes().MessageAttributes?.correlationId?.StringValue);
        events.push(`end ${record.body}`);
      },
    });
    const answer = await handler({ Records: [recordOf('slow', 'request-slow'), recordOf('failing', 'request-failing'), recordOf('quick')] }, twoSecondsToStop);

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'message-failing' }] });
    // The quick record started and ended while the slow one was still in its post.
    expect(events.indexOf('start slow')).toBeLessThan(events.indexOf('end quick'));
    expect(events.indexOf('end quick')).toBeLessThan(events.indexOf('end slow'));

    // Interleaved as they were, every line carries its own record's keys, and so does what a record sends on.
    const logged = lines();
    for (const body of ['slow', 'failing', 'quick']) {
      const own = logged.filter((line) => line.body === body);
      expect(own.length, body).toBeGreaterThan(0);
      for (const line of own) expect(line, body).toMatchObject({ messageId: `message-${body}` });
    }
    expect(logged.filter((line) => line.body === 'slow').every((line) => line.correlation_id === 'request-slow')).toBe(true);
    expect(logged.filter((line) => line.body === 'quick').every((line) => line.correlation_id === 'message-quick')).toBe(true);
    expect(logged.filter((line) => line.message === 'test job failed')).toEqual([expect.objectContaining({ level: 'ERROR', messageId: 'message-failing', correlation_id: 'request-failing' })]);
    expect(Object.fromEntries(sentOn)).toEqual({ slow: 'request-slow', quick: 'message-quick' });

    // Nothing of the batch's keys is left for what logs after it.
    logger.info('after the batch');
    expect(lines().find((line) => line.message === 'after the batch')).not.toHaveProperty('messageId');
  });

  it('of any other job works a batch\'s records one after another, each with its own keys', async () => {
    const events: string[] = [];
    const handler = queueWorker({
      name: 'test job',
      async work(record) {
        events.push(`start ${record.body}`);
        await Promise.resolve();
        logger.info('working', { body: record.body });
        events.push(`end ${record.body}`);
      },
    });
    expect(await handler({ Records: [recordOf('first'), recordOf('second')] }, twoSecondsToStop)).toEqual({ batchItemFailures: [] });
    expect(events).toEqual(['start first', 'end first', 'start second', 'end second']);
    expect(lines().filter((line) => line.message === 'working').map((line) => [line.body, line.messageId])).toEqual([
      ['first', 'message-first'],
      ['second', 'message-second'],
    ]);
  });
});
