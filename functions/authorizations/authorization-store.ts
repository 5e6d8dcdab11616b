import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  authorizationHoldDays,
  limitPeriodsOf,
  limitUsageOf,
  type AuthorizationDecision,
  type AuthorizationRequest,
  type DeclineReason,
} from '@shared/authorizations';
import { rigaDateOf } from '@shared/dates';
import { auditItem, systemActor } from '../platform/audit';
import { recordTransaction, transactionChangeItems, TransactionNumbersTaken, transactionRecord, type TransactionRecord } from '../transactions';
import { dynamo } from '../platform/aws/dynamo';
import { cardOwnerRecord, type EmployeeRecord, findEmployee } from '../employees';
import { DomainError } from '../platform/errors';
import { logger } from '../platform/logger';
import { webhookEventPut } from '../webhooks';
import { entities, keys } from '../platform/keys';
import { ledgerItems } from '../money';
import { authorizationRecord, type AuthorizationRecord } from './authorization-records';
import { conditionFailed, conflictPause, getItem, tableName, transactionConflicted, transactThroughConflicts, type TransactItem } from '../platform/table';
import { decideAuthorization } from './decide-authorization';

/**
 * How often a decision or a release is tried again when another write moved the employee or the company's
 * transaction numbers between its read and its write (each try reads afresh and decides again).
 */
const raceAttempts = 12;

class EmployeeMoved extends Error {}
class AuthorizationTaken extends Error {}
class AuthorizationClosed extends Error {}

async function readAuthorization(authorizationId: string): Promise<AuthorizationRecord | null> {
  const item = await getItem(keys.authorization(authorizationId));
  return item ? authorizationRecord.parse(item) : null;
}

const answerOf = (record: AuthorizationRecord): AuthorizationDecision => ({ authorizationId: record.authorizationId, decision: record.decision, reason: record.declineReason });

/** An unknown card has no record to key a replay by: each ask is told, as each is answered. */
function declinedUnknown(answer: AuthorizationDecision): AuthorizationDecision {
  logger.info('authorization decided', { authorizationId: answer.authorizationId, decision: answer.decision, reason: answer.reason });
  return answer;
}

/** A pause that grows with the attempt, random so two racers do not meet again at once. */
const backOff = (attempt: number) => conflictPause(attempt, { firstMs: 10, longestMs: 320 });

/** The employee's version as a condition: items written before versions existed count as version 0. */
function versionCondition(version: number): string {
  return version === 0 ? '(attribute_not_exists(version) OR version = :version)' : 'version = :version';
}

/**
 * Decides an authorization the issuer asks for, once per authorization id: a replay answers the stored decision and
 * changes nothing. An approval reserves the amount on the card account and records a Pending transaction in one
 * TransactWriteItems (decideAuthorization's rules; the employee's version, balance and card status as conditions);
 * when another write got there first, the employee is read again and the payment decided again, so two payments
 * racing for the last euro get one approval. An unknown card is declined without a record (nothing to key it by).
 */
export async function authorize(request: AuthorizationRequest, now: Date = new Date()): Promise<AuthorizationDecision> {
  const stored = await readAuthorization(request.authorizationId);
  if (stored) return answerOf(stored);
  const ownerItem = await getItem(keys.cardOwner(request.cardId));
  const owner = ownerItem ? cardOwnerRecord.parse(ownerItem) : null;
  const unknownCard: AuthorizationDecision = { authorizationId: request.authorizationId, decision: 'declined', reason: 'unknown_card' };
  if (!owner) return declinedUnknown(unknownCard);

  for (let attempt = 0; attempt < raceAttempts; attempt += 1) {
    const employee = await findEmployee(owner.companyId, owner.employeeId);
    if (!employee) return declinedUnknown(unknownCard);
    const requestedAt = now.toISOString();
    const decision = decideAuthorization(employee, { cardId: request.cardId, amountCents: request.amountCents, merchantCategoryCode: request.merchantCategoryCode, rigaDay: rigaDateOf(now) });
    try {
      const stored = decision.decision === 'declined'
        ? await storeDecline(request, employee, decision.reason, requestedAt)
        : await approve(request, employee, decision.mccGroup, requestedAt);
      // Here, not for a replay: the stored decision is told once, when it is written.
      logger.info('authorization decided', {
        authorizationId: stored.authorizationId,
        companyId: stored.companyId,
        employeeId: stored.employeeId,
        decision: stored.decision,
        reason: stored.declineReason,
        amountCents: stored.amountCents,
      });
      return answerOf(stored);
    } catch (error) {
      if (error instanceof AuthorizationTaken) {
        const first = await readAuthorization(request.authorizationId);
        if (first) return answerOf(first);
        throw error;
      }
      if (!(error instanceof EmployeeMoved || error instanceof TransactionNumbersTaken || transactionConflicted(error))) throw error;
      await backOff(attempt);
    }
  }
  // Nothing was written: the issuer may ask again with the same id.
  throw new DomainError(409, 'CONFLICT');
}

async function storeDecline(request: AuthorizationRequest, employee: EmployeeRecord, reason: DeclineReason, requestedAt: string): Promise<AuthorizationRecord> {
  const record = authorizationRecord.parse({
    authorizationId: request.authorizationId,
    companyId: employee.companyId,
    employeeId: employee.employeeId,
    cardId: request.cardId,
    decision: 'declined',
    declineReason: reason,
    amountCents: request.amountCents,
    merchantCategoryCode: request.merchantCategoryCode,
    seq: null,
    state: 'declined',
    requestedAt,
    expiresAt: requestedAt,
  } satisfies Partial<AuthorizationRecord>);
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.authorization(record.authorizationId), entity: entities.authorization, ...record, merchantName: request.merchantName },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (conditionFailed(error)) throw new AuthorizationTaken();
    throw error;
  }
  return record;
}

async function approve(request: AuthorizationRequest, employee: EmployeeRecord, mccGroup: TransactionRecord['mccGroup'], requestedAt: string): Promise<AuthorizationRecord> {
  const employeeName = `${employee.name} ${employee.surname}`.trim();
  let approved: AuthorizationRecord | undefined;
  await recordTransaction({
    draft: {
      companyId: employee.companyId,
      transactionId: randomUUID(),
      authorizationId: request.authorizationId,
      employeeId: employee.employeeId,
      employeeName,
      personalCode: employee.personalCode,
      phone: employee.phone,
      amountCents: -request.amountCents,
      processedAt: null,
      description: request.merchantName,
      merchantCategoryCode: request.merchantCategoryCode,
      mccGroup,
      merchantId: request.merchantId,
      reference: request.reference,
      beneficiary: request.merchantName,
      remitter: employeeName,
      status: 'authorization',
    },
    employeeTransactionSeq: employee.transactionSeq,
    requestedAt,
    reservedCentsDelta: request.amountCents,
    items: (transaction) => {
      // Counted in the period of the transaction's own day, the one the lists and the limits both see.
      const { month, year } = limitPeriodsOf(transaction.day);
      const used = limitUsageOf(employee, transaction.day);
      const expiresAt = new Date(Date.parse(transaction.executedAt) + authorizationHoldDays * 86_400_000).toISOString();
      approved = authorizationRecord.parse({
        authorizationId: request.authorizationId,
        companyId: employee.companyId,
        employeeId: employee.employeeId,
        cardId: request.cardId,
        decision: 'approved',
        declineReason: null,
        amountCents: request.amountCents,
        merchantCategoryCode: request.merchantCategoryCode,
        seq: transaction.seq,
        state: 'open',
        requestedAt,
        expiresAt,
        countedMonth: month,
        countedYear: year,
      } satisfies Partial<AuthorizationRecord>);
      const items: TransactItem[] = [
        {
          Update: {
            TableName: tableName(),
            Key: keys.employee(employee.companyId, employee.employeeId),
            UpdateExpression:
              'SET balanceCents = balanceCents - :amount, reservedCents = if_not_exists(reservedCents, :zero) + :amount, ' +
              'pendingAuthorizations = if_not_exists(pendingAuthorizations, :zero) + :one, transactionSeq = :employeeSeq, ' +
              'usedCents = :usedMonth, usedMonth = :month, annualUsedCents = :usedYear, usedYear = :year, version = if_not_exists(version, :zero) + :one',
            ConditionExpression: `cardStatus = :active AND cardId = :card AND balanceCents >= :amount AND ${versionCondition(employee.version)}`,
            ExpressionAttributeValues: {
              ':amount': request.amountCents,
              ':zero': 0,
              ':one': 1,
              ':employeeSeq': transaction.employeeSeq,
              ':usedMonth': used.monthCents + request.amountCents,
              ':month': month,
              ':usedYear': used.yearCents + request.amountCents,
              ':year': year,
              ':active': 'active',
              ':card': request.cardId,
              ':version': employee.version,
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.authorization(request.authorizationId),
              ...keys.openAuthorization(expiresAt, request.authorizationId),
              entity: entities.authorization,
              ...approved,
              merchantName: request.merchantName,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: auditItem({
              companyId: employee.companyId,
              actor: systemActor,
              action: 'authorization.approved',
              // Card payments are many: the employee's history stays about the card (as for monthly fees).
              target: { type: 'company', id: employee.companyId },
              before: { employeeId: employee.employeeId, balanceCents: employee.balanceCents, reservedCents: employee.reservedCents },
              after: { employeeId: employee.employeeId, authorizationId: request.authorizationId, amountCents: request.amountCents },
              at: transaction.executedAt,
            }),
          },
        },
        // Told with the approval it tells of, in its transaction (the outbox).
        webhookEventPut(employee.companyId, 'transaction.authorized', {
          authorizationId: request.authorizationId,
          employeeId: employee.employeeId,
          amountCents: request.amountCents,
          merchantCategoryCode: request.merchantCategoryCode,
        }),
      ];
      return { items, refusals: { 0: new EmployeeMoved(), 1: new AuthorizationTaken() } };
    },
  });
  if (!approved) throw new Error('the approval was not built');
  return approved;
}

export type Closing = { kind: 'settled'; amountCents: number; eventId: string } | { kind: 'reversed'; eventId: string } | { kind: 'expired' };

/**
 * Closes an open authorization once: settled (the reservation becomes spent; what was authorized but not taken goes
 * back to the available balance), reversed or expired (all of it goes back). The card account, the company's total
 * reserved, the transaction (Processed or Reversed) with its tallies, the limit use of the authorization's month and
 * year (if they are still the employee's current ones), the authorization leaving the open index, a settled
 * payment's ledger lines and the audit record are one transaction. Answers false when it is not open (any more).
 */
export async function closeAuthorization(authorizationId: string, closing: Closing, now: Date = new Date()): Promise<boolean> {
  for (let attempt = 0; attempt < raceAttempts; attempt += 1) {
    const authorization = await readAuthorization(authorizationId);
    if (!authorization || authorization.state !== 'open' || authorization.seq === null) return false;
    if (closing.kind === 'settled' && closing.amountCents > authorization.amountCents) throw new DomainError(422, 'SETTLEMENT_ABOVE_AUTHORIZED');
    const [employee, transactionItem] = await Promise.all([
      findEmployee(authorization.companyId, authorization.employeeId),
      getItem(keys.transaction(authorization.companyId, authorization.seq)),
    ]);
    if (!employee || !transactionItem) throw new Error(`authorization ${authorizationId} lost its employee or transaction`);
    const transaction = transactionRecord.parse(transactionItem);
    try {
      const spentCents = closing.kind === 'settled' ? closing.amountCents : 0;
      const told = webhookEventPut(authorization.companyId, closing.kind === 'settled' ? 'transaction.settled' : 'transaction.reversed', {
        authorizationId,
        employeeId: authorization.employeeId,
        authorizedCents: authorization.amountCents,
        spentCents,
        releasedCents: authorization.amountCents - spentCents,
        // An authorization the issuer never settled is released when it expires: to the company, a reversal.
        reason: closing.kind,
      }, now);
      await transactThroughConflicts([...closingItems(authorization, employee, transaction, closing, now.toISOString()), told], { 0: new AuthorizationClosed(), 1: new EmployeeMoved() }, 4);
      logger.info(`authorization ${closing.kind}`, {
        authorizationId,
        companyId: authorization.companyId,
        employeeId: authorization.employeeId,
        ...(closing.kind === 'expired' ? {} : { eventId: closing.eventId }),
        spentCents,
        releasedCents: authorization.amountCents - spentCents,
      });
      return true;
    } catch (error) {
      if (error instanceof AuthorizationClosed) return false;
      if (!(error instanceof EmployeeMoved || transactionConflicted(error))) throw error;
      await backOff(attempt);
    }
  }
  throw new DomainError(409, 'CONFLICT');
}

function closingItems(authorization: AuthorizationRecord, employee: EmployeeRecord, transaction: TransactionRecord, closing: Closing, at: string): TransactItem[] {
  const authorized = authorization.amountCents;
  const spent = closing.kind === 'settled' ? closing.amountCents : 0;
  const released = authorized - spent;
  const state: AuthorizationRecord['state'] = closing.kind;
  // Limit use is given back only to the period it was counted in, while that period is still the employee's.
  const monthBack = employee.usedMonth !== null && employee.usedMonth === authorization.countedMonth ? released : 0;
  const yearBack = employee.usedYear !== null && employee.usedYear === authorization.countedYear ? released : 0;
  const eventId = closing.kind === 'expired' ? null : closing.eventId;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.authorization(authorization.authorizationId),
        UpdateExpression: 'SET #state = :state, settledCents = :settled, closedAt = :at, closedByEventId = :event REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#state = :open',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': state, ':settled': closing.kind === 'settled' ? spent : null, ':at': at, ':event': eventId, ':open': 'open' },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.employee(employee.companyId, employee.employeeId),
        UpdateExpression:
          'SET reservedCents = reservedCents - :authorized, balanceCents = balanceCents + :released, pendingAuthorizations = pendingAuthorizations - :one, ' +
          'usedCents = usedCents - :monthBack, annualUsedCents = annualUsedCents - :yearBack, version = if_not_exists(version, :zero) + :one',
        ConditionExpression: `pendingAuthorizations >= :one AND reservedCents >= :authorized AND ${versionCondition(employee.version)}`,
        ExpressionAttributeValues: { ':authorized': authorized, ':released': released, ':one': 1, ':zero': 0, ':monthBack': monthBack, ':yearBack': yearBack, ':version': employee.version },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.counters(employee.companyId),
        UpdateExpression: 'ADD reservedCents :minus',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':minus': -authorized },
      },
    },
    ...transactionChangeItems(transaction, {
      status: closing.kind === 'settled' ? 'regular' : 'reversed',
      amountCents: closing.kind === 'settled' ? -spent : transaction.amountCents,
      processedAt: at,
    }),
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({
          companyId: employee.companyId,
          actor: systemActor,
          action: `authorization.${closing.kind}`,
          target: { type: 'company', id: employee.companyId },
          before: { employeeId: employee.employeeId, authorizationId: authorization.authorizationId, reservedCents: authorized },
          after: { employeeId: employee.employeeId, authorizationId: authorization.authorizationId, spentCents: spent, releasedCents: released },
          at,
        }),
      },
    },
  ];
  if (spent > 0) {
    // The money leaves the programme: from the card account to the merchants, through the issuer's settlement.
    items.push(
      ...ledgerItems({
        companyId: employee.companyId,
        movementId: `card-payment:${authorization.authorizationId}`,
        at,
        kind: 'card_payment',
        description: transaction.description,
        employeeId: employee.employeeId,
        legs: [
          { account: `employee:${employee.employeeId}`, amountCents: -spent },
          { account: 'merchants', amountCents: spent },
        ],
      }),
    );
  }
  return items;
}
