import { randomUUID } from 'node:crypto';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { auditItem as AuditItemFn } from '@functions/platform/audit';
import type { handler as RelayFn } from '@functions/platform/relay-outbox';
import type { transact as TransactFn } from '@functions/platform/table';
import { resetEnvForTests } from '@functions/platform/env';
import { dummyCredentials, region, testCloudBase, testCloudPorts } from '../../infra/local/settings';
import { waitFor } from './employee-fixtures';
import { asFunction, cloud, emulators } from './support';

/**
 * Every money, card and user action is logged once, as it is recorded once (issue 18), and the table module knows
 * nothing of it (issue 31): the line comes from the table's stream, whose consumer logs each audit record it is
 * handed. So a committed record is logged, against DynamoDB Local's own stream, and a refused transaction, which the
 * stream never shows, is not.
 */
let transact: typeof TransactFn;
let auditItem: typeof AuditItemFn;
let relay: typeof RelayFn;
const streams = new DynamoDBStreamsClient({
  region,
  endpoint: `http://127.0.0.1:${testCloudPorts(testCloudBase()).dynamodb}`,
  credentials: { accessKeyId: dummyCredentials.AWS_ACCESS_KEY_ID, secretAccessKey: dummyCredentials.AWS_SECRET_ACCESS_KEY },
});

beforeAll(async () => {
  // The test cloud logs warnings and errors only; this file reads the info lines.
  Object.assign(process.env, cloud().handlerEnvironment, { POWERTOOLS_LOG_LEVEL: 'INFO' });
  resetEnvForTests();
  ({ transact } = await import('@functions/platform/table'));
  ({ auditItem } = await import('@functions/platform/audit'));
  relay = asFunction('platform/relay-outbox', (await import('@functions/platform/relay-outbox')).handler);
  (await import('@functions/platform/logger')).logger.setLogLevel('INFO');
});

afterAll(() => streams.destroy());

/** Every record the table's stream holds now whose new image has one of `auditIds`, read from each shard's start. */
async function streamRecordsOf(auditIds: readonly string[]): Promise<StreamRecord[]> {
  const table = await emulators().dynamodb.send(new DescribeTableCommand({ TableName: cloud().tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error('the test table has no stream');
  const found: StreamRecord[] = [];
  let startShard: string | undefined;
  do {
    const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: startShard }));
    for (const shard of described.StreamDescription?.Shards ?? []) {
      let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }))).ShardIterator;
      while (iterator) {
        const read = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const records = read.Records ?? [];
        found.push(...records.filter((record) => auditIds.includes(record.dynamodb?.NewImage?.auditId?.S ?? '')));
        // An open shard always answers a next iterator: its end for now is the first read that finds nothing.
        iterator = records.length === 0 ? undefined : read.NextShardIterator;
      }
    }
    startShard = described.StreamDescription?.LastEvaluatedShardId;
  } while (startShard);
  return found;
}

async function linesWhile(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.flatMap((line) => line.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the audit log line', () => {
  it('is written by the stream consumer once per committed audit record, with ids and amounts but no names, and never for a refused transaction', async () => {
    const companyId = `company-audit-${randomUUID().slice(0, 8)}`;
    const entry = {
      companyId,
      actor: { kind: 'company_user' as const, userId: 'user-1', name: 'Anna Ozola', role: 'manager' as const },
      action: 'funds.add' as const,
      target: { type: 'employee' as const, id: 'employee-1' },
      before: { name: 'Jānis Bērziņš' },
      after: { amountCents: 1_250, name: 'Jānis Bērziņš' },
      at: new Date().toISOString(),
    };
    const marker = { pk: `TEST#${companyId}`, sk: 'MARKER' };
    const tableName = cloud().tableName;
    const put = (item: Record<string, unknown>, condition?: string) => ({ Put: { TableName: tableName, Item: item, ...(condition ? { ConditionExpression: condition } : {}) } });

    const committed = auditItem(entry);
    // Committing writes no line itself: the table module does not call the audit module.
    expect((await linesWhile(() => transact([put(committed), put(marker, 'attribute_not_exists(pk)')]))).filter((line) => line.message === 'audited')).toEqual([]);
    // The marker exists now: the same transaction is refused, and its record never reaches the stream.
    const refused = auditItem(entry);
    await expect(transact([put(refused), put(marker, 'attribute_not_exists(pk)')])).rejects.toThrow();
    // A record committed after the refused one, in the same partition: once the stream shows it, it shows what came before.
    const later = auditItem({ ...entry, at: new Date(Date.now() + 1).toISOString() });
    await transact([put(later)]);

    const ids = [committed, refused, later].map((item) => String(item.auditId));
    const records = await waitFor(
      () => streamRecordsOf(ids),
      (found) => found.some((record) => record.dynamodb?.NewImage?.auditId?.S === later.auditId),
    );
    expect(records.map((record) => record.dynamodb?.NewImage?.auditId?.S)).toEqual([committed.auditId, later.auditId]);

    const event = { Records: records.map((record) => ({ eventName: record.eventName, dynamodb: { NewImage: record.dynamodb?.NewImage, SequenceNumber: record.dynamodb?.SequenceNumber } }) as DynamoDBRecord) };
    const audited = (await linesWhile(() => relay(event))).filter((line) => line.message === 'audited');
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ auditId: committed.auditId, companyId, action: 'funds.add', target: entry.target, actor: { kind: 'company_user', userId: 'user-1' }, amountCents: 1_250 });
    expect(JSON.stringify(audited)).not.toMatch(/Anna|Jānis/);
  });
});
