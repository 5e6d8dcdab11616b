import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { ActivityAction, AuditFieldValues } from '@shared/activity';
import { activityTypeOf } from '@shared/activity-types';
import { companyRoleSchema, type CompanyRole } from '@shared/roles';
import { statusChangers, type StatusChanger } from '@shared/statuses';
import type { Caller } from './caller';
import { tableName } from './env';
import { entities, keys } from './keys';
import { logger } from './logger';

/** Who acted: shown as SPEC section 4's "changed by" (employee, admin, company user, system). */
export interface Actor {
  kind: StatusChanger;
  userId: string | null;
  name: string | null;
  role: CompanyRole | 'provider_admin' | null;
}

/** An actor kept on a record of long work (a funding file, an employee import), read back when the work goes on. */
export const actorSchema: z.ZodMiniType<Actor> = /* @__PURE__ */ z.object({
  kind: z.enum(statusChangers),
  userId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  role: z.nullable(z.union([companyRoleSchema, z.literal('provider_admin')])),
});

/** A provider admin acts in the console; anyone else through their company membership. */
export function actorOfCaller(caller: Caller, as: 'company_user' | 'admin'): Actor {
  const name = `${caller.profile.name} ${caller.profile.surname}`.trim();
  // "changed by: API key 'Payroll'": a company's system acting with its key, no person.
  if (caller.apiKey) return { kind: 'api_key', userId: null, name, role: null };
  if (as === 'admin' || caller.role === 'guest') return { kind: 'admin', userId: caller.userId, name, role: 'provider_admin' };
  return { kind: 'company_user', userId: caller.userId, name, role: caller.role };
}

export const systemActor: Actor = { kind: 'system', userId: null, name: null, role: null };

/** A person acting for a company they belong to, with their role there (their own sign-in, an invitation accepted). */
export function memberActor(person: { userId: string; name: string; surname: string }, role: CompanyRole): Actor {
  return { kind: 'company_user', userId: person.userId, name: `${person.name} ${person.surname}`.trim(), role };
}

/**
 * `action` is one the activity log names and every field one it names or hides (shared/activity.ts): a record written
 * here never shows a reader a raw code.
 */
export interface AuditEntry {
  companyId: string;
  actor: Actor;
  action: ActivityAction;
  target: { type: 'employee' | 'company' | 'priceList'; id: string };
  before: AuditFieldValues;
  after: AuditFieldValues;
  at: string;
}

/**
 * DESIGN section 6: every card, user and money action writes who did what to which target, before and after.
 * The item goes into the same transaction as the change, so there is no change without its record. The seed names
 * its records itself (`auditId` "seed-…"), so a reseed can find and replace them. Besides the company's log (by
 * time) and the employee's history (gsi1), the record is placed by who acted and the action's type (gsi2), which
 * the activity log's filters read.
 */
export function auditItem(entry: AuditEntry, auditId: string = randomUUID()): Record<string, unknown> {
  return {
    ...keys.auditRecord(entry.companyId, entry.at, auditId),
    ...(entry.target.type === 'employee' ? keys.auditOfEmployee(entry.companyId, entry.target.id, entry.at, auditId) : {}),
    ...keys.auditByActorAndType(entry.companyId, entry.actor.kind, activityTypeOf(entry.action), entry.at, auditId),
    entity: entities.auditRecord,
    auditId,
    ...entry,
  };
}

/** The record as an item of the TransactWriteItems that makes its change. */
export function auditPut(entry: AuditEntry): { Put: { TableName: string; Item: Record<string, unknown> } } {
  return { Put: { TableName: tableName(), Item: auditItem(entry) } };
}

/**
 * What a person does to their own account (a sign-in, "sign out on all devices", a password reset) is recorded in
 * each company they belong to, as themselves with their role there: each company's log shows who could act on it.
 */
export function recordsInEachCompany(
  person: { userId: string; name: string; surname: string },
  memberships: readonly { companyId: string; role: CompanyRole }[],
  record: { action: ActivityAction; before?: AuditFieldValues; after?: AuditFieldValues; at: string },
): { Put: { TableName: string; Item: Record<string, unknown> } }[] {
  return memberships.map((membership) =>
    auditPut({
      companyId: membership.companyId,
      actor: memberActor(person, membership.role),
      action: record.action,
      target: { type: 'company', id: membership.companyId },
      before: record.before ?? {},
      after: record.after ?? {},
      at: record.at,
    }),
  );
}

/**
 * The log line of one committed audit record, written by the table stream's consumer (platform/relay-outbox.ts), so a
 * money, card or user action is logged once, as it is recorded once, and a refused transaction (which the stream never
 * shows) logs none. The line holds ids, the action and amounts in cents, never the names or values of before/after,
 * which stay in the table.
 */
export function logAuditRecord(record: Record<string, unknown>): void {
  const entry = record as unknown as AuditEntry & { auditId: string };
  const amounts = Object.fromEntries(Object.entries(entry.after ?? {}).filter(([field, value]) => field.endsWith('Cents') && typeof value === 'number'));
  logger.info('audited', {
    auditId: entry.auditId,
    companyId: entry.companyId,
    action: entry.action,
    target: entry.target,
    actor: { kind: entry.actor?.kind, userId: entry.actor?.userId, role: entry.actor?.role },
    ...amounts,
  });
}
