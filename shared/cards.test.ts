import { describe, expect, it } from 'vitest';
import {
  allowedCardActions,
  allowedDeviceActions,
  canReceiveFunds,
  companyCardActions,
  defaultCardLimits,
  employeeStatusOf,
  isChargedMonthlyFee,
  issuerCardActions,
  merchantCategoryGroupNames,
  merchantCategoryGroups,
  merchantGroupOf,
  nextCardStatus,
  nextDeviceStatus,
  type CompanyCardAction,
  type IssuerCardAction,
} from './cards';
import { cardStatuses, deviceStatuses, type CardStatus, type DeviceStatus, type EmployeeStatus } from './statuses';

/**
 * What a company user may do from each card status, and where it leads. Written out in full so a change to the
 * state machine shows up here as a changed line, not as a silently different table.
 */
const companyMatrix: Record<CardStatus, Partial<Record<CompanyCardAction, CardStatus>>> = {
  new: { terminate: 'stopped' },
  none: { terminate: 'stopped' },
  ordered: { close: 'closed', terminate: 'stopped' },
  delivered: { activate: 'active', close: 'closed', terminate: 'stopped' },
  active: { block: 'soft_blocked', close: 'closed', replace: 'replaced_ordered', terminate: 'stopped' },
  soft_blocked: { unblock: 'active', close: 'closed', replace: 'replaced_ordered', terminate: 'stopped' },
  suspended: { close: 'closed', replace: 'replaced_ordered', terminate: 'stopped' },
  blocked: { close: 'closed', replace: 'replaced_ordered', terminate: 'stopped' },
  inactive: { close: 'closed', replace: 'replaced_ordered', terminate: 'stopped' },
  replaced_ordered: { close: 'closed', terminate: 'stopped' },
  replaced_delivered: { activate: 'active', close: 'closed', terminate: 'stopped' },
  closed: { replace: 'replaced_ordered', terminate: 'stopped' },
  removed: { terminate: 'stopped' },
  stopped: {},
};

const issuerMatrix: Record<IssuerCardAction, Partial<Record<CardStatus, CardStatus>>> = {
  order: { new: 'ordered', none: 'ordered' },
  deliver: { ordered: 'delivered', replaced_ordered: 'replaced_delivered' },
  suspend: { active: 'suspended', soft_blocked: 'suspended' },
  hard_block: { active: 'blocked', soft_blocked: 'blocked', suspended: 'blocked' },
  reactivate: { suspended: 'active', blocked: 'active' },
  expire: { active: 'inactive', soft_blocked: 'inactive' },
  remove: {
    ordered: 'removed',
    delivered: 'removed',
    active: 'removed',
    soft_blocked: 'removed',
    suspended: 'removed',
    blocked: 'removed',
    inactive: 'removed',
    replaced_ordered: 'removed',
    replaced_delivered: 'removed',
  },
};

describe('the card state machine: company actions', () => {
  const cases = cardStatuses.flatMap((status) => companyCardActions.map((action) => [status, action, companyMatrix[status][action] ?? null] as const));

  it('covers every status and every action', () => {
    expect(cases).toHaveLength(cardStatuses.length * companyCardActions.length);
    expect(Object.keys(companyMatrix).sort()).toEqual([...cardStatuses].sort());
  });

  it.each(cases)('from %s, %s leads to %s', (status, action, expected) => {
    expect(nextCardStatus(status, action)).toBe(expected);
  });

  it.each(cardStatuses)('offers from %s exactly the actions it allows', (status) => {
    expect(allowedCardActions(status)).toEqual(companyCardActions.filter((action) => companyMatrix[status][action] !== undefined));
  });

  it('makes termination final: nothing is possible afterwards', () => {
    expect(allowedCardActions('stopped')).toEqual([]);
  });
});

describe('the card state machine: what the issuer reports', () => {
  const cases = cardStatuses.flatMap((status) => issuerCardActions.map((action) => [status, action, issuerMatrix[action][status] ?? null] as const));

  it.each(cases)('from %s, the issuer\'s %s leads to %s', (status, action, expected) => {
    expect(nextCardStatus(status, action)).toBe(expected);
  });
});

describe('employee status', () => {
  const expected: Record<CardStatus, EmployeeStatus> = {
    new: 'created',
    none: 'created',
    ordered: 'created',
    delivered: 'created',
    active: 'active',
    replaced_ordered: 'active',
    replaced_delivered: 'active',
    soft_blocked: 'non_active',
    suspended: 'non_active',
    blocked: 'non_active',
    inactive: 'non_active',
    removed: 'non_active',
    closed: 'closed_card',
    stopped: 'closed_card',
  };

  it.each(cardStatuses)('of a card that is %s', (status) => {
    expect(employeeStatusOf(status)).toBe(expected[status]);
  });

  it('lets money reach only an active employee, a card on its way to replacement included', () => {
    expect(cardStatuses.filter(canReceiveFunds).sort()).toEqual(['active', 'replaced_delivered', 'replaced_ordered']);
  });
});

describe('monthly maintenance fee', () => {
  it('is charged for every issued product, blocked and closed cards included, and stops with termination', () => {
    expect(cardStatuses.filter((status) => !isChargedMonthlyFee(status)).sort()).toEqual(['new', 'none', 'stopped']);
    expect(isChargedMonthlyFee('soft_blocked')).toBe(true);
    expect(isChargedMonthlyFee('closed')).toBe(true);
  });
});

describe('app access (device status)', () => {
  const expected: Record<DeviceStatus, Record<'block' | 'unblock' | 'remove' | 'sign_in', DeviceStatus | null>> = {
    created: { block: 'blocked', unblock: null, remove: 'removed', sign_in: 'active' },
    active: { block: 'blocked', unblock: null, remove: 'removed', sign_in: 'active' },
    blocked: { block: null, unblock: 'active', remove: 'removed', sign_in: null },
    removed: { block: null, unblock: null, remove: null, sign_in: null },
  };
  const cases = deviceStatuses.flatMap((status) => (['block', 'unblock', 'remove', 'sign_in'] as const).map((action) => [status, action, expected[status][action]] as const));

  it.each(cases)('from %s, %s leads to %s', (status, action, next) => {
    expect(nextDeviceStatus(status, action)).toBe(next);
  });

  it('offers the company block or unblock only where they apply', () => {
    expect(deviceStatuses.map((status) => [status, allowedDeviceActions(status)])).toEqual([
      ['created', ['block']],
      ['active', ['block']],
      ['blocked', ['unblock']],
      ['removed', []],
    ]);
  });
});

describe('merchant category groups and default limits', () => {
  it('puts each merchant category code in one group at most', () => {
    const codes = merchantCategoryGroupNames.flatMap((group) => [...merchantCategoryGroups[group]]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('finds the group of a code and none for an unknown one', () => {
    expect(merchantGroupOf('5411')).toBe('groceries');
    expect(merchantGroupOf('5541')).toBe('fuel');
    expect(merchantGroupOf('0000')).toBeNull();
  });

  it('starts a new card with an annual limit not below the monthly one and every group allowed', () => {
    expect(defaultCardLimits.annualLimitCents).toBeGreaterThanOrEqual(defaultCardLimits.limitCents);
    expect(defaultCardLimits.mccGroups).toEqual(merchantCategoryGroupNames);
  });
});
