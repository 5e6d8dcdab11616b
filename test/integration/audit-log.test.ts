import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { auditItem as AuditItemFn } from '@functions/platform/audit';
import type { transact as TransactFn } from '@functions/platform/table';
import { resetEnvForTests } from '@functions/platform/env';
import { cloud } from './support';

/**
 * Every money, card and user action is logged once, as it is recorded once: the line is written after the
 * transaction that holds the audit record commits, against DynamoDB Local, and a refused transaction writes none.
 */
let transact: typeof TransactFn;
let auditItem: typeof AuditItemFn;

beforeAll(async () => {
  // The test cloud logs warnings and errors only; this file reads the info lines.
  Object.assign(process.env, cloud().handlerEnvironment, { POWERTOOLS_LOG_LEVEL: 'INFO' });
  resetEnvForTests();
  ({ transact } = await import('@functions/platform/table'));
  ({ auditItem } = await import('@functions/platform/audit'));
  (await import('@functions/platform/logger')).logger.setLogLevel('INFO');
});

async function linesWhile(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run().catch(() => undefined);
  } finally {
    spy.mockRestore();
  }
  return lines.flatMap((line) => line.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the audit log line', () => {
  it('is written once per committed audit record, with ids and amounts but no names, and not for a refused transaction', async () => {
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
    const item = auditItem(entry);
    const tableName = cloud().tableName;
    const committed = await linesWhile(() => transact([{ Put: { TableName: tableName, Item: item } }, { Put: { TableName: tableName, Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } }]));
    const audited = committed.filter((line) => line.message === 'audited');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ auditId: item.auditId, companyId, action: 'funds.add', target: entry.target, actor: { kind: 'company_user', userId: 'user-1' }, amountCents: 1_250 });
    expect(JSON.stringify(audited[0])).not.toMatch(/Anna|Jānis/);

    // The marker exists now: the same transaction is refused, and nothing is logged as done.
    const refused = await linesWhile(() => transact([{ Put: { TableName: tableName, Item: auditItem(entry) } }, { Put: { TableName: tableName, Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } }]));
    expect(refused.filter((line) => line.message === 'audited')).toEqual([]);
  });
});
