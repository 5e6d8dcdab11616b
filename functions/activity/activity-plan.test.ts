import { describe, expect, it } from 'vitest';
import { activityFiltersSchema } from '@shared/activity';
import { cursorOf, newestOf, planActivity, sortKeyOfCursor } from './activity-plan';

const now = new Date('2026-03-20T10:00:00Z');
const filters = (input: Record<string, string>) => activityFiltersSchema.parse({ dateFrom: '2026-03-01', dateTo: '2026-03-20', ...input });

describe('the partitions a page of the activity log reads', () => {
  it('is the company log with card payments included and no other filter, between the Riga starts of the first day and the day after the last', () => {
    const plan = planActivity('c-1', filters({ cardPayments: 'include' }), null, now);
    expect(plan.sources).toEqual([{ index: 'table', partition: 'COMPANY#c-1#AUDIT' }]);
    // Riga is UTC+2 in winter: 1 March starts at 22:00 UTC on 28 February.
    expect(plan).toMatchObject({ from: '2026-02-28T22:00:00.000Z', to: '2026-03-20T22:00:00.000Z', after: null, onlyIn: null });
  });

  it('is by default every (actor, type) partition but the card payments ones, so the network cannot push people off the page', () => {
    const sources = planActivity('c-1', filters({}), null, now).sources;
    expect(sources).toHaveLength(5 * 12);
    expect(sources.every((source) => source.index === 'gsi2')).toBe(true);
    expect(sources.filter((source) => source.partition.endsWith('#card_payments'))).toEqual([]);
  });

  it('is the (actor, type) partitions a filter by who or what allows: 12 or 13 types of one actor, 5 actors of one type, or one', () => {
    expect(planActivity('c-1', filters({ actor: 'system' }), null, now).sources).toHaveLength(12);
    expect(planActivity('c-1', filters({ actor: 'system', cardPayments: 'include' }), null, now).sources).toHaveLength(13);
    expect(planActivity('c-1', filters({ type: 'card_payments' }), null, now).sources).toHaveLength(5);
    const byType = planActivity('c-1', filters({ type: 'cards' }), null, now).sources;
    expect(byType).toHaveLength(5);
    expect(byType.every((source) => source.index === 'gsi2' && source.partition.endsWith('#cards'))).toBe(true);
    expect(planActivity('c-1', filters({ actor: 'employee', type: 'cards' }), null, now).sources).toEqual([{ index: 'gsi2', partition: 'COMPANY#c-1#AUDIT#employee#cards' }]);
  });

  it("is one employee's history, narrowed to the allowed partitions when also filtered by who or what", () => {
    expect(planActivity('c-1', filters({ employeeId: 'e-7' }), null, now)).toMatchObject({ sources: [{ index: 'gsi1', partition: 'COMPANY#c-1#EMPLOYEE#e-7#AUDIT' }], onlyIn: null });
    expect(planActivity('c-1', filters({ employeeId: 'e-7', type: 'funding' }), null, now).onlyIn).toHaveLength(5);
  });

  it('ends at the cursor inside the range, leaving its row out, and at the range end otherwise', () => {
    const inside = planActivity('c-1', filters({ cardPayments: 'include' }), '2026-03-10T08:00:00.000Z#x', now);
    expect(inside).toMatchObject({ to: '2026-03-10T08:00:00.000Z#x', after: '2026-03-10T08:00:00.000Z#x' });
    const later = planActivity('c-1', filters({}), '2026-04-01T08:00:00.000Z#x', now);
    expect(later).toMatchObject({ to: '2026-03-20T22:00:00.000Z', after: null });
  });
});

describe('a cursor', () => {
  it('names a sort key, and only one of the records', () => {
    const sortKey = '2026-03-10T08:00:00.123Z#0f1ee7c0-c4a7-4d00-8000-0000000000a1';
    expect(sortKeyOfCursor(cursorOf(sortKey))).toBe(sortKey);
    expect(sortKeyOfCursor(cursorOf('COMPANY#other#AUDIT'))).toBeNull();
    expect(sortKeyOfCursor('bm90IGEga2V5')).toBeNull();
  });
});

describe('merging partitions', () => {
  it('takes the newest of all, without the previous page last row', () => {
    const merged = newestOf([['5', '3', '1'], ['4', '2']], (key) => key, 3, '5');
    expect(merged).toEqual(['4', '3', '2']);
  });
});
