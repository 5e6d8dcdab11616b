import { describe, expect, it } from 'vitest';
import { allowedCardholderActions, cardholderSignInSchema, mayUseCardPage } from './cardholder';
import { cardStatuses, deviceStatuses } from './statuses';

describe('allowedCardholderActions', () => {
  it('offers the employee only the temporary block of an active card and its undo', () => {
    const offered = Object.fromEntries(cardStatuses.map((status) => [status, allowedCardholderActions(status, 'employee')]));
    expect(offered).toEqual({
      ...Object.fromEntries(cardStatuses.map((status) => [status, []])),
      active: ['block'],
      soft_blocked: ['unblock'],
    });
  });

  it('leaves a block the company made for the company to lift', () => {
    expect(allowedCardholderActions('soft_blocked', 'company_user')).toEqual([]);
    expect(allowedCardholderActions('soft_blocked', 'admin')).toEqual([]);
    expect(allowedCardholderActions('active', 'company_user')).toEqual(['block']);
  });
});

describe('mayUseCardPage', () => {
  it('opens /card while the app access is created or active and the product is not terminated', () => {
    const open = deviceStatuses.filter((device) => mayUseCardPage('active', device));
    expect(open).toEqual(['created', 'active']);
    expect(mayUseCardPage('soft_blocked', 'active')).toBe(true);
    expect(mayUseCardPage('closed', 'active')).toBe(true);
    expect(mayUseCardPage('stopped', 'active')).toBe(false);
  });
});

describe('cardholderSignInSchema', () => {
  it('takes the phone without a plus and a 6-digit code, with the shared messages', () => {
    expect(cardholderSignInSchema.safeParse({ phone: ' 37129000001 ', code: '123456' })).toMatchObject({ success: true, data: { phone: '37129000001', code: '123456' } });
    const refused = cardholderSignInSchema.safeParse({ phone: '+37129000001', code: '12345' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'INVALID_PHONE'],
      ['code', 'INVALID_CODE'],
    ]);
  });
});
