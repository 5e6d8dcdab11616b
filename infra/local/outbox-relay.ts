import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { entities } from '@functions/platform/keys';
import { outboxRelay } from '../definitions';
import { lambdaContext, loadHandler } from './api-server';
import { recordCallsOf, runAsFunction } from './aws-call-recorder';
import { dummyCredentials, region, type LocalPorts } from './settings';

/**
 * The table stream's event source the local cloud runs, with the stack's filter (infra/wiring/cloud-wiring.ts holds it to the
 * stack's). A failed batch is handed again from the record the relay reported, as the cloud's is; the cloud also halves
 * a batch that failed as a whole (BisectBatchOnFunctionError), which locally is handed again whole.
 */
export const localOutboxRelayPlan = {
  handler: outboxRelay.handler,
  batchSize: outboxRelay.batchSize,
  retryAttempts: outboxRelay.retryAttempts,
  startingPosition: 'TRIM_HORIZON',
  reportsBatchItemFailures: true,
  filter: { eventName: 'INSERT', entities: [entities.outboxItem, entities.auditRecord] },
} as const;

const relayedEntities: ReadonlySet<string> = new Set(localOutboxRelayPlan.filter.entities);

/** How long the relay waits between reads of a stream that had nothing new: an event shows within this of its commit. */
const idleMs = 250;
/** A failed batch is handed again after this (the cloud's retries come as fast). */
const retryAfterMs = 1_000;
/** The most records one GetRecords answers (DynamoDB's own limit). */
const recordsPerRead = 1000;

const batchResponseSchema = z.union([z.undefined(), z.null(), z.object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string() })) })]);

/** What the local relay has done, at /local/outbox-relay.json: tests wait on it. */
export const outboxRelayStatusSchema = z.object({
  relayed: z.number(),
  failedAttempts: z.number(),
  givenUp: z.number(),
  lastError: z.string().nullable(),
  /**
   * When the newest pass that found every shard handled to its end began (epoch ms): whatever was committed before
   * then has been relayed (or given up), so a test waits for it to pass its own commit before it says what was sent.
   */
  caughtUpSince: z.number().nullable(),
});
export type OutboxRelayStatus = z.infer<typeof outboxRelayStatusSchema>;

export interface OutboxRelay {
  status(): OutboxRelayStatus;
  stop(): Promise<void>;
}

interface Shard {
  iterator: string | undefined;
  /** The last record handed and done: a lost iterator starts again after it. */
  lastSequence: string | undefined;
  /** Records read and not yet done (a failed batch keeps them, from the one that failed). */
  pending: StreamRecord[];
  attempts: number;
  closed: boolean;
}

/**
 * Lambda's DynamoDB stream event source for the local cloud: reads DynamoDB Local's stream of the table shard by shard
 * from its oldest record, passes on only outbox inserts (the stack's filter), and hands them in batches to the same
 * relay handler the stack deploys. A batch the handler fails (throws, or reports a record) is handed again from the
 * record it reported, after a second, `outboxRelay.retryAttempts` times; then it is given up and logged, where the
 * cloud's goes to the relay's on-failure queue. On a restart with kept data the records of the last day are read
 * again: each receiver takes a message twice without doing its work twice.
 */
export function startOutboxRelay(ports: LocalPorts, tableName: string, log: (line: string) => void): OutboxRelay {
  const credentials = { accessKeyId: dummyCredentials.AWS_ACCESS_KEY_ID, secretAccessKey: dummyCredentials.AWS_SECRET_ACCESS_KEY };
  const endpoint = `http://127.0.0.1:${ports.dynamodb}`;
  const dynamodb = new DynamoDBClient({ region, credentials, endpoint });
  const streams = new DynamoDBStreamsClient({ region, credentials, endpoint });
  // Lambda reads the stream with the relay's role: those reads are the relay's. DescribeTable, which only finds the
  // stream's ARN here (the event source mapping is given it), is not.
  recordCallsOf(streams);
  const controller = new AbortController();
  const status: OutboxRelayStatus = { relayed: 0, failedAttempts: 0, givenUp: 0, lastError: null, caughtUpSince: null };
  const shards = new Map<string, Shard>();
  const signal = controller.signal;

  const loop = runAsFunction(outboxRelay.handler, async () => {
    let streamArn: string | undefined;
    while (!signal.aborted) {
      try {
        streamArn ??= (await dynamodb.send(new DescribeTableCommand({ TableName: tableName }), { abortSignal: signal })).Table?.LatestStreamArn;
        if (!streamArn) throw new Error(`the table ${tableName} has no stream`);
        const passStartedAt = Date.now();
        await findShards(streamArn);
        let busy = false;
        let atEnd = true;
        for (const [shardId, shard] of shards) {
          if (signal.aborted) return;
          const read = await readShard(streamArn, shardId, shard);
          busy = read !== 'nothing' || busy;
          atEnd = read !== 'more' && atEnd;
          if (shard.closed && shard.pending.length === 0) shards.delete(shardId);
        }
        if (atEnd) status.caughtUpSince = passStartedAt;
        if (!busy) await delay(idleMs, undefined, { signal });
      } catch (error) {
        if (signal.aborted) return;
        log(`local outbox relay: ${error instanceof Error ? error.message : String(error)} (trying again)`);
        await delay(retryAfterMs, undefined, { signal }).catch(() => undefined);
      }
    }
  });

  async function findShards(streamArn: string): Promise<void> {
    let exclusiveStartShardId: string | undefined;
    do {
      const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }), { abortSignal: signal });
      for (const shard of described.StreamDescription?.Shards ?? []) {
        if (shard.ShardId && !shards.has(shard.ShardId)) shards.set(shard.ShardId, { iterator: undefined, lastSequence: undefined, pending: [], attempts: 0, closed: false });
      }
      exclusiveStartShardId = described.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  }

  /**
   * Reads and hands one shard's next records: answers 'nothing' when it had none, 'end' when it handed all it had up to
   * the shard's end, 'more' when some are left (more to read, or a batch that failed).
   */
  async function readShard(streamArn: string, shardId: string, shard: Shard): Promise<'nothing' | 'end' | 'more'> {
    if (shard.pending.length > 0) {
      await handPending(streamArn, shard);
      return 'more';
    }
    if (shard.closed) return 'nothing';
    if (!shard.iterator) {
      const iterator = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ...(shard.lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequence } : { ShardIteratorType: localOutboxRelayPlan.startingPosition }),
        }),
        { abortSignal: signal },
      );
      shard.iterator = iterator.ShardIterator;
    }
    let read;
    try {
      read = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: recordsPerRead }), { abortSignal: signal });
    } catch (error) {
      // An iterator that expired or was lost: a new one after the last record done.
      shard.iterator = undefined;
      throw error;
    }
    shard.iterator = read.NextShardIterator;
    if (!shard.iterator) shard.closed = true;
    const records = read.Records ?? [];
    if (records.length === 0) return 'nothing';
    // The stack's filter: only an outbox item's or an audit record's insert invokes the relay.
    shard.pending = records.filter((record) => record.eventName === localOutboxRelayPlan.filter.eventName && relayedEntities.has(record.dynamodb?.NewImage?.entity?.S ?? ''));
    shard.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber ?? shard.lastSequence;
    if (shard.pending.length > 0) await handPending(streamArn, shard);
    return shard.pending.length > 0 || records.length === recordsPerRead ? 'more' : 'end';
  }

  /** Hands the shard's pending records in batches; a failed batch stays pending from its failed record. */
  async function handPending(streamArn: string, shard: Shard): Promise<void> {
    while (shard.pending.length > 0 && !signal.aborted) {
      const batch = shard.pending.slice(0, localOutboxRelayPlan.batchSize);
      const failedAt = await hand(streamArn, batch);
      if (failedAt === null) {
        status.relayed += batch.length;
        shard.pending = shard.pending.slice(batch.length);
        shard.attempts = 0;
        continue;
      }
      status.relayed += failedAt;
      shard.pending = shard.pending.slice(failedAt);
      status.failedAttempts += 1;
      shard.attempts += 1;
      if (shard.attempts > localOutboxRelayPlan.retryAttempts) {
        const [given] = shard.pending;
        shard.pending = shard.pending.slice(1);
        shard.attempts = 0;
        status.givenUp += 1;
        log(`local outbox relay: gave up the stream record ${given?.dynamodb?.SequenceNumber ?? '?'} after ${localOutboxRelayPlan.retryAttempts} retries (the cloud's on-failure queue would hold it)`);
        continue;
      }
      await delay(retryAfterMs, undefined, { signal }).catch(() => undefined);
      return;
    }
  }

  /** Invokes the relay with one batch: answers the index of the first record it failed, or null when all were done. */
  async function hand(streamArn: string, batch: StreamRecord[]): Promise<number | null> {
    const event: DynamoDBStreamEvent = { Records: batch.map((record) => lambdaRecordOf(record, streamArn)) };
    try {
      const handler = await loadHandler(localOutboxRelayPlan.handler);
      const answer = batchResponseSchema.parse(await handler(event, lambdaContext(localOutboxRelayPlan.handler)));
      const failed = answer?.batchItemFailures[0]?.itemIdentifier;
      if (failed === undefined) return null;
      const index = batch.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
      status.lastError = `the relay reported the record ${failed}`;
      // Lambda takes a failure naming no record of the batch as the whole batch failing.
      return index < 0 ? 0 : index;
    } catch (error) {
      status.lastError = error instanceof Error ? error.message : String(error);
      return 0;
    }
  }

  return {
    status: () => ({ ...status }),
    async stop() {
      controller.abort();
      await loop;
      streams.destroy();
      dynamodb.destroy();
    },
  };
}

/** A stream record as Lambda's event source mapping hands it to the function. */
function lambdaRecordOf(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const stream = record.dynamodb;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(stream?.ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(stream.ApproximateCreationDateTime.getTime() / 1000) } : {}),
      // The SDK's attribute values and aws-lambda's describe the same JSON; the relay reads them with the SDK's unmarshall.
      Keys: stream?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: (stream?.NewImage ? withEmptyMapsTagged(stream.NewImage) : undefined) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: stream?.SequenceNumber,
      SizeBytes: stream?.SizeBytes,
      StreamViewType: stream?.StreamViewType,
    },
  };
}

type StreamValue = NonNullable<NonNullable<StreamRecord['dynamodb']>['NewImage']>[string];

/**
 * The SDK's streams client reads an empty map (`{"M":{}}`, an audit record's `before` of a payment) as a value with no
 * type at all (`{}`), which Lambda, handing the stream's JSON as it is, never does; unmarshalling then fails. Such a
 * value is tagged as the empty map again. (An empty list reads as `{}` too; nothing the relay reads holds one.)
 */
function withEmptyMapsTagged(image: Record<string, StreamValue>): Record<string, StreamValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, taggedValue(value)]));
}

function taggedValue(value: StreamValue): StreamValue {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M) return { M: withEmptyMapsTagged(value.M) };
  if (value.L) return { L: value.L.map(taggedValue) };
  return value;
}
