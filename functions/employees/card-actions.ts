import { randomUUID } from 'node:crypto';
import { actionsRefusedWhileAuthorized, isCardGone, nextCardStatus, type CompanyCardAction } from '@shared/cards';
import type { ReplaceCardBody } from '@shared/employees';
import type { ErrorCode } from '@shared/errors';
import type { Actor } from '../platform/audit';
import { cardIssuer, CardIssuerError } from '../issuer';
import { DomainError } from '../platform/errors';
import { keys } from '../platform/keys';
import { ledgerItems, mainAccountChange, mainAccountRecord } from '../money';
import { readPriceList } from '../fees';
import { type EmployeeRecord } from './employee-records';
import { getItem } from '../platform/table';
import { cardOwnerPut, commitEmployeeChange, phoneClaimRelease, readEmployee, type EmployeeChange } from './employee-changes';

export interface CardActionRequest {
  companyId: string;
  employeeId: string;
  action: CompanyCardAction;
  actor: Actor;
  replacement?: ReplaceCardBody;
}

/**
 * SPEC section 8 names its own texts for a refused activation: a blocked, closed or terminated user is "not active",
 * a card not delivered yet is "no active card". An active card gets its own code, so "activate all" says which
 * cards were active already instead of claiming they have no card.
 */
function refusalOf(employee: EmployeeRecord, action: CompanyCardAction): ErrorCode {
  if (action !== 'activate') return 'CARD_ACTION_NOT_ALLOWED';
  if (employee.cardStatus === 'active') return 'CARD_ALREADY_ACTIVE';
  return employee.status === 'non_active' || employee.status === 'closed_card' ? 'ACTIVATION_USER_NOT_ACTIVE' : 'NO_ACTIVE_CARD';
}

function issuerFailure(action: CompanyCardAction): DomainError {
  return new DomainError(503, action === 'activate' ? 'ACTIVATION_FAILED' : 'CARD_ISSUER_UNAVAILABLE');
}

/**
 * One action on an employee's card, by the company or by the employee on /card: the state machine decides whether it is allowed, the issuer carries it
 * out, and one transaction records it with its audit record (and, for a replacement, the fee; for a termination,
 * the card balance going back to the main account). The issuer is told first with a request id derived from the
 * employee's version, so a retry after a failure asks the issuer for the same thing again.
 */
export async function changeCard(request: CardActionRequest): Promise<EmployeeRecord> {
  const employee = await readEmployee(request.companyId, request.employeeId);
  const { action } = request;
  const next = nextCardStatus(employee.cardStatus, action);
  if (!next) throw new DomainError(409, refusalOf(employee, action));
  if (actionsRefusedWhileAuthorized.includes(action) && employee.pendingAuthorizations > 0) {
    throw new DomainError(409, action === 'replace' ? 'CARD_REPLACE_ACTIVE_AUTHORIZATIONS' : 'TERMINATE_ACTIVE_AUTHORIZATIONS');
  }
  const requestId = `${employee.employeeId}:${action}:${employee.version}`;
  const now = new Date().toISOString();
  const change: EmployeeChange = {
    employee,
    set: { cardStatus: next, cardStatusChangedBy: request.actor.kind, cardStatusChangedAt: now },
    expect: { cardStatus: employee.cardStatus, ...(actionsRefusedWhileAuthorized.includes(action) ? { noPendingAuthorizations: true } : {}) },
    actor: request.actor,
    action: `card.${action}`,
    at: now,
  };

  if (action === 'replace') {
    if (!request.replacement) throw new Error('a replacement needs its details');
    await prepareReplacement(change, request.replacement, requestId);
  } else {
    try {
      if (employee.cardId && !isCardGone(employee.cardStatus)) {
        const issuerChange = action === 'terminate' ? 'close' : action;
        await cardIssuer().changeCardStatus({ requestId, cardId: employee.cardId, change: issuerChange });
      }
    } catch (error) {
      if (error instanceof CardIssuerError) throw issuerFailure(action);
      throw error;
    }
    if (action === 'activate') change.set.cardAccountStatus = 'active';
    if (action === 'terminate') prepareTermination(change, now);
  }
  return commitEmployeeChange(change);
}

async function prepareReplacement(change: EmployeeChange, replacement: ReplaceCardBody, requestId: string): Promise<void> {
  const { employee } = change;
  const prices = await readPriceList();
  const fee = prices.replacementFeeCents;
  if (replacement.expectedFeeCents !== fee) throw new DomainError(409, 'FEE_CHANGED');
  const account = mainAccountRecord.parse(await getItem(keys.mainAccount(employee.companyId), { consistent: true }));
  // Checked before the issuer is asked (as written by the last top-up or transfer); the transaction's condition below still decides under concurrency.
  if (account.availableCents < fee) throw new DomainError(409, 'REPLACEMENT_FEE_NOT_COVERED');
  let card;
  try {
    if (!employee.cardId) throw new DomainError(409, 'CARD_ACTION_NOT_ALLOWED');
    card = await cardIssuer().replaceCard({ requestId, cardId: employee.cardId, reason: replacement.reason, deliveryAddress: replacement.address });
  } catch (error) {
    if (error instanceof CardIssuerError) throw issuerFailure('replace');
    throw error;
  }
  Object.assign(change.set, { cardId: card.cardId, lastCardDigits: card.lastDigits });
  change.audit = {
    before: { cardStatus: employee.cardStatus, cardId: employee.cardId },
    after: { cardStatus: 'replaced_ordered', cardId: card.cardId, reason: replacement.reason, feeCents: fee, city: replacement.address.city, country: replacement.address.country },
  };
  const extra: NonNullable<EmployeeChange['extra']> = [
    { item: cardOwnerPut(card.cardId, employee.companyId, employee.employeeId) },
  ];
  if (fee > 0) {
    extra.push({ item: mainAccountChange(employee.companyId, -fee, { mayGoNegative: false }), refusal: new DomainError(409, 'REPLACEMENT_FEE_NOT_COVERED') });
    const movement = { companyId: employee.companyId, movementId: randomUUID(), at: change.at ?? new Date().toISOString(), kind: 'replacement_fee' as const, employeeId: employee.employeeId, description: `${employee.name} ${employee.surname}` };
    for (const item of ledgerItems({ ...movement, legs: [{ account: 'main', amountCents: -fee }, { account: 'provider:fees', amountCents: fee }] })) extra.push({ item });
  }
  change.extra = extra;
}

/** Terminating closes card and app access for good; what the card still holds goes back to the main account. */
function prepareTermination(change: EmployeeChange, now: string): void {
  const { employee } = change;
  Object.assign(change.set, { deviceStatus: 'removed', cardAccountStatus: 'inactive', balanceCents: 0 });
  change.expect.balanceCents = employee.balanceCents;
  const extra: NonNullable<EmployeeChange['extra']> = [];
  if (employee.balanceCents > 0) {
    extra.push({ item: mainAccountChange(employee.companyId, employee.balanceCents, { mayGoNegative: true }) });
    const legs = [
      { account: `employee:${employee.employeeId}` as const, amountCents: -employee.balanceCents },
      { account: 'main' as const, amountCents: employee.balanceCents },
    ];
    for (const item of ledgerItems({ companyId: employee.companyId, movementId: randomUUID(), at: now, kind: 'card_balance_return', employeeId: employee.employeeId, description: `${employee.name} ${employee.surname}`, legs })) extra.push({ item });
  }
  // The phone is free again: a re-hired employee or a colleague may use it for a new card.
  if (employee.phone) extra.push({ item: phoneClaimRelease(employee.phone, employee.employeeId) });
  change.extra = extra;
}
