import { describe, expect, it } from 'vitest';
import { tallyItemsOf, transactionItem } from './card-transactions';
import type { TransactionRecord } from './transaction-records';

const base: Omit<TransactionRecord, 'seq' | 'employeeSeq' | 'groupSeq' | 'day' | 'amountCents' | 'employeeId' | 'mccGroup' | 'status'> = {
  companyId: 'c1',
  transactionId: 't',
  authorizationId: null,
  employeeName: 'A B',
  personalCode: null,
  phone: null,
  executedAt: '2026-01-01T10:00:00.000Z',
  processedAt: null,
  description: 'Shop',
  merchantCategoryCode: '5411',
  merchantId: 'M1',
  reference: 'R',
  beneficiary: 'Shop',
  remitter: 'A B',
};

const records: TransactionRecord[] = [
  { ...base, seq: 1, employeeSeq: 1, groupSeq: 1, day: '2026-01-31', amountCents: -100, employeeId: 'e1', mccGroup: 'groceries', status: 'regular' },
  { ...base, seq: 2, employeeSeq: 1, groupSeq: 1, day: '2026-02-01', amountCents: -250, employeeId: 'e2', mccGroup: 'fuel', status: 'regular' },
  { ...base, seq: 3, employeeSeq: 2, groupSeq: 2, day: '2026-02-01', amountCents: -400, employeeId: 'e1', mccGroup: 'groceries', status: 'reversed' },
];

describe('transaction tallies written in bulk', () => {
  const tallies = tallyItemsOf(records);
  const tally = (dimension: string, period: string) => tallies.find((item) => item.pk === `COMPANY#c1#TXTALLY#${dimension}` && item.sk === period);

  it('count every transaction per day and month in each list, with the range of its numbers there', () => {
    expect(tally('ALL', 'D#2026-02-01')).toMatchObject({ count: 2, firstSeq: 2, lastSeq: 3 });
    expect(tally('ALL', 'M#2026-02')).toMatchObject({ count: 2, firstSeq: 2, lastSeq: 3 });
    expect(tally('ALL', 'M#2026-01')).toMatchObject({ count: 1, firstSeq: 1, lastSeq: 1, sumCents: -100 });
    expect(tally('EMPLOYEE#e1', 'M#2026-02')).toMatchObject({ count: 1, firstSeq: 2, lastSeq: 2 });
    expect(tally('MCC#groceries', 'D#2026-01-31')).toMatchObject({ count: 1, firstSeq: 1, lastSeq: 1 });
  });

  it('leave a reversed transaction out of the sums but in the counts', () => {
    expect(tally('ALL', 'D#2026-02-01')).toMatchObject({ sumCents: -250 });
    expect(tally('EMPLOYEE#e1', 'D#2026-02-01')).toMatchObject({ count: 1, sumCents: 0 });
  });

  it('key a transaction in the company, employee and group lists by its number in each', () => {
    const item = transactionItem(records[2] as TransactionRecord);
    expect(item).toMatchObject({
      pk: 'COMPANY#c1#TX',
      sk: 'SEQ#000000000003',
      gsi1pk: 'COMPANY#c1#EMPLOYEE#e1#TX',
      gsi1sk: 'SEQ#000000000002',
      gsi2pk: 'COMPANY#c1#MCC#groceries#TX',
      gsi2sk: 'SEQ#000000000002',
      entity: 'transaction',
    });
  });
});
