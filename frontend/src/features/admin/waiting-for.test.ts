import { describe, expect, it } from 'vitest';
import { waitingFor } from './waiting-for';

describe('waitingFor', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says hours under a day and days after', () => {
    expect(waitingFor('2026-11-22T09:30:00Z', 'en', now)).toBe('2 hours ago');
    expect(waitingFor('2026-11-19T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(waitingFor('2026-11-19T12:00:00Z', 'lv', now)).toBe('pirms 3 dienām');
  });
});
