import { describe, expect, it } from 'vitest';
import { limitUsageOf } from '@shared/authorizations';
import { decideAuthorization, type CardAccountSnapshot } from './decide-authorization';

const card: CardAccountSnapshot = {
  cardId: 'card-1',
  cardStatus: 'active',
  cardAccountStatus: 'active',
  balanceCents: 10_000,
  limitCents: 50_000,
  annualLimitCents: 600_000,
  mccGroups: ['groceries', 'restaurants'],
  usedCents: 0,
  usedMonth: null,
  annualUsedCents: 0,
  usedYear: null,
};
const payment = { cardId: 'card-1', amountCents: 2_500, merchantCategoryCode: '5411', rigaDay: '2026-11-15' };

describe('decideAuthorization', () => {
  it('approves an active card with the balance, the limits and the group, naming the group', () => {
    expect(decideAuthorization(card, payment)).toEqual({ decision: 'approved', mccGroup: 'groceries' });
  });

  it.each(['soft_blocked', 'blocked', 'suspended', 'closed', 'stopped', 'delivered', 'replaced_ordered'] as const)('declines a %s card', (cardStatus) => {
    expect(decideAuthorization({ ...card, cardStatus }, payment)).toEqual({ decision: 'declined', reason: 'card_not_active' });
  });

  it('declines an inactive card account, and a card that is not the current one (replaced)', () => {
    expect(decideAuthorization({ ...card, cardAccountStatus: 'inactive' }, payment)).toMatchObject({ reason: 'card_not_active' });
    expect(decideAuthorization(card, { ...payment, cardId: 'card-0' })).toMatchObject({ reason: 'card_not_active' });
  });

  it('declines a group the company does not allow, and a code in no group at all', () => {
    expect(decideAuthorization(card, { ...payment, merchantCategoryCode: '5541' })).toEqual({ decision: 'declined', reason: 'merchant_category_not_allowed' });
    expect(decideAuthorization(card, { ...payment, merchantCategoryCode: '7995' })).toEqual({ decision: 'declined', reason: 'merchant_category_not_allowed' });
  });

  it('approves the whole balance and declines a cent more', () => {
    expect(decideAuthorization(card, { ...payment, amountCents: 10_000 })).toMatchObject({ decision: 'approved' });
    expect(decideAuthorization(card, { ...payment, amountCents: 10_001 })).toEqual({ decision: 'declined', reason: 'insufficient_funds' });
  });

  it("counts this month's use (reservations included) against the monthly limit, up to the limit exactly", () => {
    const used = { ...card, balanceCents: 100_000, usedCents: 47_500, usedMonth: '2026-11', annualUsedCents: 47_500, usedYear: '2026' };
    expect(decideAuthorization(used, payment)).toMatchObject({ decision: 'approved' });
    expect(decideAuthorization(used, { ...payment, amountCents: 2_501 })).toEqual({ decision: 'declined', reason: 'monthly_limit_exceeded' });
  });

  it("forgets last month's use in a new month, but not the year's", () => {
    const lastMonth = { ...card, balanceCents: 100_000, usedCents: 50_000, usedMonth: '2026-10', annualUsedCents: 598_000, usedYear: '2026' };
    expect(decideAuthorization(lastMonth, { ...payment, amountCents: 2_000 })).toMatchObject({ decision: 'approved' });
    expect(decideAuthorization(lastMonth, { ...payment, amountCents: 2_001 })).toEqual({ decision: 'declined', reason: 'annual_limit_exceeded' });
    expect(decideAuthorization(lastMonth, { ...payment, amountCents: 2_001, rigaDay: '2027-01-02' })).toMatchObject({ decision: 'approved' });
  });
});

describe('limitUsageOf', () => {
  it('reads the counters only for the period they name', () => {
    const use = { usedCents: 700, usedMonth: '2026-12', annualUsedCents: 9_000, usedYear: '2026' };
    expect(limitUsageOf(use, '2026-12-31')).toEqual({ monthCents: 700, yearCents: 9_000 });
    expect(limitUsageOf(use, '2027-01-01')).toEqual({ monthCents: 0, yearCents: 0 });
  });
});
