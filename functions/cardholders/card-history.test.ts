import { describe, expect, it } from 'vitest';
import type { LedgerEntryRecord } from '../money';
import type { TransactionRecord } from '../transactions';
import { cursorText, entryOfAccountLeg, entryOfTransaction, historyPage, readCursor } from './card-history';

const transaction = (employeeSeq: number, at: string, status: TransactionRecord['status'], amountCents = -500): TransactionRecord => ({
  companyId: 'c1',
  transactionId: `tx-${employeeSeq}`,
  authorizationId: null,
  seq: employeeSeq,
  employeeSeq,
  groupSeq: employeeSeq,
  day: at.slice(0, 10),
  employeeId: 'e1',
  employeeName: 'Ilze Bērziņa',
  personalCode: null,
  phone: null,
  amountCents,
  executedAt: at,
  processedAt: null,
  description: `Shop ${employeeSeq}`,
  merchantCategoryCode: '5411',
  mccGroup: 'groceries',
  merchantId: 'M1',
  reference: 'R1',
  beneficiary: 'Shop',
  remitter: 'Ilze',
  status,
});

const leg = (movementId: string, at: string, kind: LedgerEntryRecord['kind'] = 'employee_funding', amountCents = 1_000) => ({
  entry: { companyId: 'c1', movementId, kind, description: '', employeeId: 'e1', account: 'employee:e1', amountCents, at },
  sortKey: `${at}#${movementId}#1`,
});

describe('the /card history', () => {
  it('reads a reversed payment as money returned, positive, and keeps a payment and a refund as signed', () => {
    expect(entryOfTransaction(transaction(1, '2026-11-01T10:00:00.000Z', 'reversed', -1_299))).toMatchObject({ kind: 'returned', amountCents: 1_299 });
    expect(entryOfTransaction(transaction(2, '2026-11-01T10:00:00.000Z', 'regular', -700))).toMatchObject({ kind: 'payment', amountCents: -700, status: 'regular' });
    expect(entryOfTransaction(transaction(3, '2026-11-01T10:00:00.000Z', 'regular', 300))).toMatchObject({ kind: 'payment', amountCents: 300 });
  });

  it("names the company on money received and on a balance given back, and shows no other leg", () => {
    expect(entryOfAccountLeg(leg('m1', '2026-11-02T10:00:00.000Z').entry, 'Cēsu Flote')).toEqual({ kind: 'received', id: 'm1', at: '2026-11-02T10:00:00.000Z', amountCents: 1_000, companyName: 'Cēsu Flote' });
    expect(entryOfAccountLeg(leg('m2', '2026-11-02T10:00:00.000Z', 'card_balance_return', -400).entry, 'Cēsu Flote')).toMatchObject({ kind: 'to_company', amountCents: -400 });
    expect(entryOfAccountLeg(leg('m3', '2026-11-02T10:00:00.000Z', 'card_payment', -400).entry, 'Cēsu Flote')).toBeNull();
  });

  it('merges the two lists newest first and starts the next page below the last line shown of each', () => {
    const transactions = [transaction(3, '2026-11-05T10:00:00.000Z', 'regular'), transaction(2, '2026-11-03T10:00:00.000Z', 'regular'), transaction(1, '2026-11-01T10:00:00.000Z', 'regular')];
    const account = [leg('m2', '2026-11-04T10:00:00.000Z'), leg('m1', '2026-11-02T10:00:00.000Z')];
    const page = historyPage({ transactions, account }, { transactionsBefore: null, accountBefore: null }, 'Cēsu Flote', 3);
    expect(page.entries.map((entry) => entry.id)).toEqual(['tx-3', 'm2', 'tx-2']);
    expect(readCursor(page.nextCursor ?? '')).toEqual({ transactionsBefore: 2, accountBefore: '2026-11-04T10:00:00.000Z#m2#1' });
    expect(historyPage({ transactions: transactions.slice(2), account: account.slice(1) }, { transactionsBefore: 2, accountBefore: 'x' }, 'Cēsu Flote', 3).nextCursor).toBeNull();
  });

  it('reads back only a cursor it wrote', () => {
    expect(readCursor(cursorText({ transactionsBefore: null, accountBefore: 'a#b#1' }))).toEqual({ transactionsBefore: null, accountBefore: 'a#b#1' });
    expect(readCursor('bm90LWEtY3Vyc29y')).toBeNull();
    expect(readCursor(Buffer.from(JSON.stringify({ t: -1, a: null })).toString('base64url'))).toBeNull();
  });
});
