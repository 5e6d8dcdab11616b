import { describe, expect, it } from 'vitest';
import { activityActions, activityChangeLines, activityChanges, activityConcerns, activityQuerySchema, activityTypeOf, activityValueText, employeeIdOfRecord, isKnownAuditField } from './activity';

const texts = {
  field: (field: string) => `<${field}>`,
  label: (kind: string, value: string) => `${kind}:${value}`,
  money: (cents: number) => `€${(cents / 100).toFixed(2)}`,
  dateTime: (iso: string) => `at ${iso}`,
};

describe('an action type', () => {
  it('follows the code prefix, and a code no one knows is listed as other', () => {
    expect(activityTypeOf('card.block')).toBe('cards');
    expect(activityTypeOf('issuer.card.delivered')).toBe('cards');
    expect(activityTypeOf('device.sign_in')).toBe('app_access');
    expect(activityTypeOf('limits.change')).toBe('employees');
    expect(activityTypeOf('funds.add')).toBe('funding');
    expect(activityTypeOf('fundingSchedule.pause')).toBe('funding');
    expect(activityTypeOf('fee.monthly')).toBe('account');
    expect(activityTypeOf('authorization.settled')).toBe('card_payments');
    expect(activityTypeOf('apiKey.revoke')).toBe('integrations');
    expect(activityTypeOf('team.invite')).toBe('team');
    expect(activityTypeOf('user.sign_in')).toBe('sign_ins');
    expect(activityTypeOf('webhook.rotate_secret')).toBe('integrations');
    expect(activityTypeOf('telepathy.read')).toBe('other');
  });

  it('is known for every action the portal writes', () => {
    expect(activityActions.filter((action) => activityTypeOf(action) === 'other')).toEqual([]);
  });
});

describe('what a record changed', () => {
  it('names every field it shows, and hides a card\'s own note of who changed it and when', () => {
    expect(isKnownAuditField('limitCents')).toBe(true);
    expect(isKnownAuditField('cardStatusChangedBy')).toBe(true);
    expect(isKnownAuditField('somethingNew')).toBe(false);
    const changes = activityChanges({ cardStatus: 'active', cardStatusChangedBy: 'system', cardStatusChangedAt: '2026-01-01T00:00:00.000Z' }, { cardStatus: 'soft_blocked', cardStatusChangedBy: 'company_user', cardStatusChangedAt: '2026-03-01T00:00:00.000Z' });
    expect(changes.map((change) => change.field)).toEqual(['cardStatus']);
  });

  it('lists changed fields in the order written, leaves out unchanged ones and ids', () => {
    const changes = activityChanges({ cardStatus: 'active', phone: null, employeeId: 'e-1' }, { cardStatus: 'soft_blocked', phone: null, movementId: 'm-1' });
    expect(changes).toEqual([{ field: 'cardStatus', kind: 'cardStatus', before: 'active', after: 'soft_blocked' }]);
  });

  it('shows a field on one side only with its one value', () => {
    expect(activityChangeLines({}, { amountCents: 5_000, name: 'Payroll' }, texts)).toEqual(['<amountCents>: €50.00', '<name>: Payroll']);
    expect(activityChangeLines({ limitCents: 100_000 }, { limitCents: 150_000 }, texts)).toEqual(['<limitCents>: €1000.00 → €1500.00']);
    expect(activityChangeLines({ comment: 'Old' }, {}, texts)).toEqual(['<comment>: Old']);
    expect(activityChangeLines({ state: 'active' }, { state: 'paused' }, texts)).toEqual(['<state>: scheduleState:active → scheduleState:paused']);
  });

  it('formats cents, moments, days, months, statuses and merchant groups', () => {
    expect(activityValueText('money', -250, texts)).toBe('€-2.50');
    expect(activityValueText('dateTime', '2026-03-05T10:00:00.000Z', texts)).toBe('at 2026-03-05T10:00:00.000Z');
    expect(activityValueText('day', '2026-03-05', texts)).toBe('05.03.2026');
    expect(activityValueText('month', '2026-03', texts)).toBe('03.2026');
    expect(activityValueText('deviceStatus', 'blocked', texts)).toBe('deviceStatus:blocked');
    expect(activityValueText('merchantGroups', '["fuel","groceries"]', texts)).toBe('merchantGroup:fuel, merchantGroup:groceries');
    expect(activityValueText('text', null, texts)).toBe('—');
  });
});

describe('what a record concerns', () => {
  it('is its employee, or the one named in a payment or fee, else the company by type with a name', () => {
    expect(employeeIdOfRecord({ target: { type: 'employee', id: 'e-1' }, before: {}, after: {} })).toBe('e-1');
    expect(employeeIdOfRecord({ target: { type: 'company', id: 'c-1' }, before: {}, after: { employeeId: 'e-2', feeCents: 100 } })).toBe('e-2');
    expect(employeeIdOfRecord({ target: { type: 'company', id: 'c-1' }, before: {}, after: {} })).toBeNull();
    expect(activityConcerns({ action: 'apiKey.create', employee: null, type: 'integrations', before: {}, after: { name: 'Payroll' } })).toEqual({ target: 'integrations', name: 'Payroll' });
    expect(activityConcerns({ action: 'card.block', employee: null, type: 'cards', before: {}, after: {} })).toEqual({ target: 'company', name: null });
    expect(activityConcerns({ action: 'webhook.delete', employee: null, type: 'integrations', before: { url: 'https://erp.example/hooks' }, after: {} })).toEqual({ target: 'webhook', name: 'https://erp.example/hooks' });
    expect(activityConcerns({ action: 'chat.open', employee: null, type: 'support', before: {}, after: { subject: 'Card not delivered' } })).toEqual({ target: 'chat', name: 'Card not delivered' });
    expect(activityConcerns({ action: 'report.request', employee: null, type: 'reports', before: {}, after: { reportType: 'funding' } })).toEqual({ target: 'report', name: null });
  });
});

describe('the activity query', () => {
  it('takes a cursor of the base64url alphabet only, and the shared date rules', () => {
    expect(activityQuerySchema.safeParse({ cursor: 'MjAyNi0wMy0wNQ' }).success).toBe(true);
    expect(activityQuerySchema.safeParse({ cursor: 'not a cursor' }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ actor: 'robot' }).success).toBe(false);
    const reversed = activityQuerySchema.safeParse({ dateFrom: '2026-03-05', dateTo: '2026-03-01' });
    expect(reversed.success ? null : reversed.error.issues.map((issue) => issue.message)).toEqual(['DATE_RANGE_REVERSED']);
    expect(activityQuerySchema.parse({})).toMatchObject({ itemsPerPage: 10, dateLimit: '1y' });
  });
});
