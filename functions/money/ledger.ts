import type { LedgerKind } from '@shared/ledger';
import { entities, keys } from '../platform/keys';
import { tableName, type TransactItem } from '../platform/table';

/**
 * The company's main account, one employee's card account, the provider's fee income, or the provider's bank
 * clearing account (money received at the bank and owed to the company until it is credited: top-ups), or the
 * merchants a card paid (settled card payments leave the programme there).
 */
export type LedgerAccount = 'main' | `employee:${string}` | 'provider:fees' | 'provider:bank' | 'merchants';

export interface Movement {
  companyId: string;
  movementId: string;
  at: string;
  kind: LedgerKind;
  description: string;
  employeeId: string | null;
  legs: { account: LedgerAccount; amountCents: number }[];
}

/** The account of an employee's card, or null for the company's and the provider's accounts. */
export function employeeOfAccount(account: string): string | null {
  return account.startsWith('employee:') ? account.slice('employee:'.length) : null;
}

/**
 * A leg's place in an account's statement (gsi1): the main account's, or the employee card's. A card's settled
 * payments are left out of its statement: her transactions list them, pending and reversed ones included.
 */
function ledgerIndexKeys(movement: Movement, account: LedgerAccount, index: number): Record<string, string> {
  if (account === 'main') return keys.mainLedgerEntry(movement.companyId, movement.at, movement.movementId, index);
  const employeeId = employeeOfAccount(account);
  if (employeeId === null || movement.kind === 'card_payment') return {};
  return keys.employeeLedgerEntry(movement.companyId, employeeId, movement.at, movement.movementId, index);
}

/**
 * The ledger lines of one money movement (DESIGN section 7): double entry, so its legs sum to zero. They are Puts
 * for the same transaction that changes the balances.
 */
export function ledgerItems(movement: Movement): TransactItem[] {
  const sum = movement.legs.reduce((total, leg) => total + leg.amountCents, 0);
  if (sum !== 0 || movement.legs.length < 2) throw new Error(`movement ${movement.movementId} does not balance (${sum})`);
  return movement.legs.map((leg, index) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.ledgerEntry(movement.companyId, movement.at, movement.movementId, index),
        ...ledgerIndexKeys(movement, leg.account, index),
        entity: entities.ledgerEntry,
        companyId: movement.companyId,
        movementId: movement.movementId,
        kind: movement.kind,
        description: movement.description,
        employeeId: movement.employeeId,
        account: leg.account,
        amountCents: leg.amountCents,
        at: movement.at,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
}

/**
 * Takes `amountCents` from the company's main account, refused (condition) when it holds less, unless `mayGoNegative`.
 * Every movement with a main-account leg makes exactly one such change, so it also counts the account's ledger lines
 * (`entryCount`): the statement's total without reading it. `fromHeld` takes it from what a scheduled run set aside
 * (mainAccountHold), which only that run spends.
 */
export function mainAccountChange(companyId: string, deltaCents: number, options: { mayGoNegative: boolean; fromHeld?: boolean }): TransactItem {
  const guarded = deltaCents < 0 && !options.mayGoNegative;
  const balance = options.fromHeld ? 'reservedCents' : 'availableCents';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.mainAccount(companyId),
      UpdateExpression: `SET ${balance} = ${balance} + :delta, version = version + :one ADD entryCount :one`,
      ConditionExpression: guarded ? `attribute_exists(pk) AND ${balance} >= :needed` : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': deltaCents, ':one': 1, ...(guarded ? { ':needed': -deltaCents } : {}) },
    },
  };
}

/**
 * Sets `amountCents` of the available amount aside for one scheduled funding run (reservedCents), refused when less is
 * available: the run is covered whole before its first row moves, and no other transfer can spend it meanwhile. Not a
 * movement (the money stays in the account), so no ledger line.
 */
export function mainAccountHold(companyId: string, amountCents: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.mainAccount(companyId),
      UpdateExpression: 'SET availableCents = availableCents - :amount, reservedCents = if_not_exists(reservedCents, :zero) + :amount, version = version + :one',
      ConditionExpression: 'attribute_exists(pk) AND availableCents >= :amount',
      ExpressionAttributeValues: { ':amount': amountCents, ':one': 1, ':zero': 0 },
    },
  };
}

/** Gives back what a run set aside and did not pay (rows that failed, or the run that stopped). */
export function mainAccountRelease(companyId: string, amountCents: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.mainAccount(companyId),
      UpdateExpression: 'SET availableCents = availableCents + :amount, reservedCents = reservedCents - :amount, version = version + :one',
      ConditionExpression: 'attribute_exists(pk) AND reservedCents >= :amount',
      ExpressionAttributeValues: { ':amount': amountCents, ':one': 1 },
    },
  };
}
