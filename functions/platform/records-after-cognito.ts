import { setTimeout as delay } from 'node:timers/promises';
import { logger } from './logger';
import { readableError } from './readable-error';
import { transact, type TransactItem } from './table';

const attempts = 4;

/**
 * Audit records of a change Cognito made (an invitation sent again) with no write of the portal's own to join: written
 * right after it, tried again while DynamoDB fails. A record still not written is logged at error level with what
 * identifies it (ids, action, time; names and values stay out of logs, as for every audit line) and the request
 * fails: the change is never left unrecorded without a trace to restore it from.
 */
export async function recordAfterCognito(records: readonly TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await transact([...records]);
      return;
    } catch (error) {
      if (attempt >= attempts) {
        logger.error('audit record of a Cognito change not written', { records: records.map((record) => identityOf(record.Put?.Item ?? {})), error: await readableError(error) });
        throw error;
      }
      await delay(50 * 2 ** attempt);
    }
  }
}

function identityOf(item: Record<string, unknown>): Record<string, unknown> {
  const ids = (values: unknown) => Object.fromEntries(Object.entries((values ?? {}) as Record<string, unknown>).filter(([field]) => field.endsWith('Id')));
  const actor = (item.actor ?? {}) as Record<string, unknown>;
  return { auditId: item.auditId, companyId: item.companyId, action: item.action, target: item.target, at: item.at, actor: { kind: actor.kind, userId: actor.userId }, ...ids(item.after), ...ids(item.before) };
}
