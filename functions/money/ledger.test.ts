import { describe, expect, it } from 'vitest';
import { useDummyHandlerEnvironment } from '../../test/unit-test-env';
import { ledgerItems } from './ledger';

describe('ledgerItems', () => {
  useDummyHandlerEnvironment();

  it("puts an employee card's legs in her statement (gsi1), but not her card payments, which her transactions list", () => {
    const movement = { companyId: 'c1', at: '2026-11-27T10:00:00.000Z', description: '', employeeId: 'e1' };
    const funding = ledgerItems({ ...movement, movementId: 'm1', kind: 'employee_funding', legs: [{ account: 'main', amountCents: -500 }, { account: 'employee:e1', amountCents: 500 }] });
    expect(funding.map((item) => item.Put?.Item?.gsi1pk)).toEqual(['COMPANY#c1#LEDGER#MAIN', 'COMPANY#c1#EMPLOYEE#e1#LEDGER']);
    expect(funding[1]?.Put?.Item?.gsi1sk).toBe('2026-11-27T10:00:00.000Z#m1#1');
    const paid = ledgerItems({ ...movement, movementId: 'm2', kind: 'card_payment', legs: [{ account: 'employee:e1', amountCents: -500 }, { account: 'merchants', amountCents: 500 }] });
    expect(paid.map((item) => item.Put?.Item?.gsi1pk)).toEqual([undefined, undefined]);
  });
});
