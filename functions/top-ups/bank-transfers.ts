import { pageOf, matchesSearch, type ListQuery, type TableAnswer } from '@shared/lists';
import {
  companySearchLimit,
  registrationNumberInReference,
  type BankTransfer,
  type CompanyChoice,
  type MatchedBy,
  type TransferResult,
  type UnmatchedTransfer,
  unmatchedTransferSchema,
} from '@shared/top-ups';
import { auditItem, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { IdempotencyClaimTaken } from '../platform/idempotency';
import { entities, keys } from '../platform/keys';
import { alertOnLowBalance, ledgerItems, mainAccountChange } from '../money';
import { bankTransferRecord, type BankTransferRecord } from './bank-transfer-record';
import { companyRecord, type CompanyRecord } from '../platform/identity-records';
import { getItem, queryAll, tableName, transactThroughConflicts, type TransactItem } from '../platform/table';
import { webhookEventPut } from '../webhooks';

/** A company's main account is busy (card funding, fees): a top-up that meets another write tries again. */
const conflictRetries = 4;

interface Match {
  company: CompanyRecord;
  matchedBy: MatchedBy;
}

async function companyOfClaim(key: { pk: string; sk: string }): Promise<CompanyRecord | null> {
  const claim = await getItem(key);
  if (typeof claim?.companyId !== 'string') return null;
  return activeCompany(claim.companyId);
}

/** Only an approved company has a main account to credit. */
async function activeCompany(companyId: string): Promise<CompanyRecord | null> {
  const item = await getItem(keys.company(companyId));
  if (!item) return null;
  const company = companyRecord.parse(item);
  return company.status === 'active' ? company : null;
}

/**
 * The company a transfer is for: by our payment reference in its remittance text, or by the beneficiary IBAN (each
 * company has its own top-up IBAN). When the two name different companies, nobody can tell which one the payer
 * meant, so the transfer waits for an admin rather than risk crediting the wrong company.
 */
export async function matchCompany(transfer: Pick<BankTransfer, 'reference' | 'beneficiaryIban'>): Promise<Match | null> {
  const registrationNumber = registrationNumberInReference(transfer.reference);
  const [byReference, byIban] = await Promise.all([
    registrationNumber ? companyOfClaim(keys.registrationNumberClaim(registrationNumber)) : Promise.resolve(null),
    companyOfClaim(keys.ibanClaim(transfer.beneficiaryIban)),
  ]);
  if (byReference && byIban && byReference.companyId !== byIban.companyId) return null;
  if (byReference) return { company: byReference, matchedBy: 'reference' };
  if (byIban) return { company: byIban, matchedBy: 'iban' };
  return null;
}

/**
 * What crediting a transfer adds to its transaction: the main account's balance, the two ledger legs (the company's
 * main account gains what the provider's bank clearing account received for it) and the audit record.
 */
function creditItems(transfer: BankTransfer, companyId: string, matchedBy: MatchedBy, actor: Actor, at: string): TransactItem[] {
  return [
    // A fee may have taken the account below zero (decisions.md): a top-up is what brings it back.
    mainAccountChange(companyId, transfer.amountCents, { mayGoNegative: true }),
    ...ledgerItems({
      companyId,
      movementId: `top-up:${transfer.bankTransactionId}`,
      at,
      kind: 'top_up',
      description: transfer.payerName,
      employeeId: null,
      legs: [
        { account: 'main', amountCents: transfer.amountCents },
        { account: 'provider:bank', amountCents: -transfer.amountCents },
      ],
    }),
    {
      Put: {
        TableName: tableName(),
        Item: auditItem({
          companyId,
          actor,
          action: 'main_account.top_up',
          target: { type: 'company', id: companyId },
          before: {},
          after: { bankTransactionId: transfer.bankTransactionId, amountCents: transfer.amountCents, matchedBy, bookingDate: transfer.bookingDate },
          at,
        }),
      },
    },
  ];
}

function resultOf(transfer: Pick<BankTransfer, 'bankTransactionId' | 'amountCents'>, line: number | null, match: Match | null): TransferResult {
  return {
    line,
    bankTransactionId: transfer.bankTransactionId,
    amountCents: transfer.amountCents,
    outcome: match ? 'credited' : 'unmatched',
    matchedBy: match?.matchedBy ?? null,
    company: match ? { companyId: match.company.companyId, name: match.company.name } : null,
    fields: null,
  };
}

export const alreadyRecorded = () => new DomainError(409, 'BANK_TRANSFER_ALREADY_RECORDED');

/**
 * An Idempotency-Key's answer item (platform/idempotency.ts `answerItem`) to write first in the crediting transaction;
 * when that item is the one refused, a request with the same key got there first.
 */
export type AnswerItem = (result: TransferResult) => TransactItem;

const claimTaken = () => new IdempotencyClaimTaken();

/**
 * Records an incoming transfer once per bank transaction id: matched, it is credited in the same transaction that
 * writes it; unmatched, it waits in the unmatched list. A second recording of the same id (a statement imported
 * twice, two admins at once) is refused by the transfer item's condition, so nothing moves twice.
 */
export async function recordTransfer(
  transfer: BankTransfer,
  options: { source: 'manual' | 'statement'; actor: Actor; line: number | null; answerItem?: AnswerItem },
): Promise<TransferResult> {
  if (await getItem(keys.bankTransfer(transfer.bankTransactionId))) throw alreadyRecorded();
  const match = await matchCompany(transfer);
  const at = new Date().toISOString();
  const record: BankTransferRecord = {
    ...transfer,
    status: match ? 'credited' : 'unmatched',
    companyId: match?.company.companyId ?? null,
    matchedBy: match?.matchedBy ?? null,
    source: options.source,
    recordedAt: at,
    recordedBy: options.actor.userId ?? 'system',
    creditedAt: match ? at : null,
  };
  const result = resultOf(transfer, options.line, match);
  const answer = options.answerItem ? [options.answerItem(result)] : [];
  const items: TransactItem[] = [
    ...answer,
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.bankTransfer(transfer.bankTransactionId),
          ...(match ? {} : keys.unmatchedBankTransfer(transfer.bookingDate, transfer.bankTransactionId)),
          entity: entities.bankTransfer,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(match ? [...creditItems(transfer, match.company.companyId, match.matchedBy, options.actor, at), receivedEvent(match.company.companyId, transfer, at)] : []),
  ];
  const refusals: Record<number, Error> = answer.length > 0 ? { 0: claimTaken(), 1: alreadyRecorded() } : { 0: alreadyRecorded() };
  await transactThroughConflicts(items, refusals, conflictRetries);
  // Money in may end a low-balance crossing, so the next fall is told again.
  if (match) await alertOnLowBalance(match.company.companyId);
  return result;
}

/** The company's systems hear of money on its main account once: in the transaction that credited it. */
function receivedEvent(companyId: string, transfer: Pick<BankTransfer, 'bankTransactionId' | 'amountCents' | 'reference' | 'bookingDate'>, creditedAt: string): TransactItem {
  return webhookEventPut(companyId, 'top_up.received', {
    bankTransactionId: transfer.bankTransactionId,
    amountCents: transfer.amountCents,
    reference: transfer.reference,
    bookingDate: transfer.bookingDate,
    creditedAt,
  });
}

/**
 * Credits an unmatched transfer to the company an admin chose, once: the transfer's update is conditioned on its
 * still being unmatched, so a second assignment (or two admins at once) is refused and moves nothing.
 */
export async function assignTransfer(bankTransactionId: string, companyId: string, actor: Actor, answerItem?: AnswerItem): Promise<TransferResult> {
  const item = await getItem(keys.bankTransfer(bankTransactionId));
  if (!item) throw new DomainError(404, 'BANK_TRANSFER_NOT_FOUND');
  const transfer = bankTransferRecord.parse(item);
  if (transfer.status !== 'unmatched') throw new DomainError(409, 'BANK_TRANSFER_ALREADY_ASSIGNED');
  const company = await activeCompany(companyId);
  if (!company) throw new DomainError(404, 'COMPANY_NOT_FOUND');
  const at = new Date().toISOString();
  const result = resultOf(transfer, null, { company, matchedBy: 'manual' });
  const answer = answerItem ? [answerItem(result)] : [];
  const items: TransactItem[] = [
    ...answer,
    {
      Update: {
        TableName: tableName(),
        Key: keys.bankTransfer(bankTransactionId),
        UpdateExpression: 'SET #status = :credited, companyId = :companyId, matchedBy = :manual, creditedAt = :at, assignedBy = :by REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :unmatched',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':credited': 'credited', ':unmatched': 'unmatched', ':companyId': companyId, ':manual': 'manual', ':at': at, ':by': actor.userId ?? 'system' },
      },
    },
    ...creditItems(transfer, companyId, 'manual', actor, at),
    receivedEvent(companyId, transfer, at),
  ];
  const offset = answer.length;
  const refusals: Record<number, Error> = { [offset]: new DomainError(409, 'BANK_TRANSFER_ALREADY_ASSIGNED'), [offset + 1]: new DomainError(404, 'COMPANY_NOT_FOUND') };
  if (offset > 0) refusals[0] = claimTaken();
  await transactThroughConflicts(items, refusals, conflictRetries);
  await alertOnLowBalance(companyId);
  return result;
}

/** The unmatched list is a work queue that an admin empties, so it is read whole and cut into the page asked for. */
export async function listUnmatched(query: ListQuery): Promise<TableAnswer<UnmatchedTransfer>> {
  const { gsi1pk } = keys.unmatchedBankTransfers();
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } });
  const transfers = items
    .map((item) => bankTransferRecord.parse(item))
    .filter((transfer) => transfer.status === 'unmatched')
    .filter((transfer) => matchesSearch(query.search, [transfer.bankTransactionId, transfer.payerName, transfer.payerIban, transfer.reference, transfer.beneficiaryIban]))
    // The record extends the list's row schema: parsing by it keeps exactly the row's fields.
    .map((transfer) => unmatchedTransferSchema.parse(transfer));
  return pageOf(transfers, query);
}

/** Active companies by part of the name or registration number, for the assign dialog (the provider has hundreds). */
export async function searchCompanies(search: string): Promise<CompanyChoice[]> {
  const { gsi2pk } = keys.activeCompany('');
  const items = await queryAll({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': gsi2pk } });
  return items
    .map((item) => companyRecord.parse(item))
    .filter((company) => company.status === 'active' && matchesSearch(search || undefined, [company.name, company.registrationNumber]))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, companySearchLimit)
    .map(({ companyId, name, registrationNumber }) => ({ companyId, name, registrationNumber }));
}
