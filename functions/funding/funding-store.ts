import { randomUUID } from 'node:crypto';
import { canReceiveFunds } from '@shared/cards';
import { cardStatuses } from '@shared/statuses';
import { auditItem, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { ledgerItems, mainAccountChange, mainAccountRecord } from '../money';
import { employeeRecord } from '../employees';
import { getItem, queryAll, tableName, type TransactItem } from '../platform/table';
import type { MovementSourceFields } from '@shared/activity-links';
import type { FundableEmployee } from './funding-rows';

/** The card statuses whose account may receive money (shared/cards.ts canReceiveFunds), for a write's condition. */
const receivingStatuses = cardStatuses.filter(canReceiveFunds);

/** Strongly consistent: a run or a file is judged against the top-up or transfer that was credited a moment before. */
export async function readAvailableCents(companyId: string): Promise<number> {
  const item = await getItem(keys.mainAccount(companyId), { consistent: true });
  if (!item) throw new DomainError(503, 'FUNDS_TRANSFER_FAILED');
  return mainAccountRecord.parse(item).availableCents;
}

export async function listFundableEmployees(companyId: string): Promise<FundableEmployee[]> {
  const { pk, skPrefix } = keys.employees(companyId);
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
  return items.map((item) => employeeRecord.parse(item)).sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));
}

/**
 * Adds `amountCents` to an employee's card account (available balance), only while the employee can receive funds:
 * the condition reads the card status at the moment of the write, so a card blocked meanwhile refuses the credit.
 */
export function employeeCredit(companyId: string, employeeId: string, amountCents: number): TransactItem {
  const statusValues = Object.fromEntries(receivingStatuses.map((status, index) => [`:receiving${index}`, status]));
  return {
    Update: {
      TableName: tableName(),
      Key: keys.employee(companyId, employeeId),
      UpdateExpression: 'SET balanceCents = balanceCents + :amount, version = if_not_exists(version, :zero) + :one',
      ConditionExpression: `attribute_exists(pk) AND cardStatus IN (${Object.keys(statusValues).join(', ')})`,
      ExpressionAttributeValues: { ':amount': amountCents, ':zero': 0, ':one': 1, ...statusValues },
    },
  };
}

export interface Transfer {
  companyId: string;
  actor: Actor;
  at: string;
  description: string;
  /** One credit per employee; the main account is debited their sum once. */
  credits: { employeeId: string; amountCents: number }[];
  /**
   * What every credit's record also names: the file or scheduled run the transfer belongs to (shared/activity-links.ts
   * reads it), nothing for a transfer to one employee by hand.
   */
  source: MovementSourceFields;
  /** Paid from what a scheduled run set aside (mainAccountHold) rather than from the available amount. */
  fromHeld?: boolean;
}

/**
 * The items of one transfer from the main account (DESIGN section 7): the debit conditioned on enough available, the
 * credits conditioned on each employee being able to receive funds, the double-entry ledger lines of one movement
 * and one audit record per credit, on that employee (issue 31): a file's or a run's payment is in her history and
 * under the activity log's employee filter, with what it belonged to. The caller adds its exactly-once item
 * (idempotency or file row) to the same transaction. Answers the items and the index of the debit and of each
 * credit, for reading a cancellation.
 */
export function transferItems(transfer: Transfer): { items: TransactItem[]; debitIndex: number; creditIndexes: number[]; movementId: string } {
  const total = transfer.credits.reduce((sum, credit) => sum + credit.amountCents, 0);
  const movementId = randomUUID();
  const items: TransactItem[] = [mainAccountChange(transfer.companyId, -total, { mayGoNegative: false, fromHeld: transfer.fromHeld })];
  const creditIndexes = transfer.credits.map((credit) => items.push(employeeCredit(transfer.companyId, credit.employeeId, credit.amountCents)) - 1);
  items.push(
    ...ledgerItems({
      companyId: transfer.companyId,
      movementId,
      at: transfer.at,
      kind: 'employee_funding',
      description: transfer.description,
      employeeId: transfer.credits.length === 1 ? (transfer.credits[0]?.employeeId ?? null) : null,
      legs: [{ account: 'main', amountCents: -total }, ...transfer.credits.map((credit) => ({ account: `employee:${credit.employeeId}` as const, amountCents: credit.amountCents }))],
    }),
  );
  items.push(
    ...transfer.credits.map((credit) => ({
      Put: {
        TableName: tableName(),
        Item: auditItem({
          companyId: transfer.companyId,
          actor: transfer.actor,
          action: 'funds.add',
          target: { type: 'employee', id: credit.employeeId },
          before: {},
          after: { ...transfer.source, amountCents: credit.amountCents, movementId },
          at: transfer.at,
        }),
      },
    })),
  );
  return { items, debitIndex: 0, creditIndexes, movementId };
}
