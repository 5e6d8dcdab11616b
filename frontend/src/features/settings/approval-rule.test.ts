import { describe, expect, it } from 'vitest';
import { centsText, decidersOf, ruleFormSchema, validateRule } from './approval-rule';

describe('the approval amount as typed in Settings', () => {
  it('reads euros as cents, and an empty field as no approval', () => {
    expect(ruleFormSchema.parse({ amount: '500' }).amount).toBe(50_000);
    expect(ruleFormSchema.parse({ amount: ' 12.50 ' }).amount).toBe(1250);
    expect(ruleFormSchema.parse({ amount: '' }).amount).toBeNull();
    expect(ruleFormSchema.parse({ amount: '   ' }).amount).toBeNull();
  });

  it('refuses what is not a positive amount with the field messages of Add funds', () => {
    expect(validateRule({ amount: '0' }).amount).toBe('AMOUNT_NOT_POSITIVE');
    expect(validateRule({ amount: '12.345' }).amount).toBe('AMOUNT_TOO_PRECISE');
    expect(validateRule({ amount: '500' })).toEqual({});
    expect(validateRule({ amount: '' })).toEqual({});
  });

  it('shows the saved amount as it would be typed', () => {
    expect(centsText(50_000)).toBe('500.00');
    expect(centsText(null)).toBe('');
  });
});

describe('who can decide', () => {
  it('counts the active owners and managers, not accountants or those still invited', () => {
    expect(decidersOf([{ role: 'owner', status: 'active' }])).toBe(1);
    expect(decidersOf([{ role: 'owner', status: 'active' }, { role: 'accountant', status: 'active' }, { role: 'manager', status: 'invited' }])).toBe(1);
    expect(decidersOf([{ role: 'owner', status: 'active' }, { role: 'manager', status: 'active' }])).toBe(2);
  });
});
