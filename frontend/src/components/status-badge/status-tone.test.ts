import { describe, expect, it } from 'vitest';
import { approvalStatuses } from '@shared/approvals';
import { cardStatuses, companyStatuses, employeeStatuses, reportStatuses, transactionStatuses } from '@shared/statuses';
import { statusTone } from './status-tone';

describe('statusTone', () => {
  it('gives every known status a tone by its meaning', () => {
    expect(statusTone('transaction', 'regular')).toBe('positive');
    expect(statusTone('transaction', 'authorization')).toBe('pending');
    expect(statusTone('transaction', 'reversed')).toBe('neutral');
    expect(statusTone('card', 'soft_blocked')).toBe('negative');
    expect(statusTone('company', 'pending_approval')).toBe('pending');
    expect(statusTone('report', 'generation_failed')).toBe('negative');
    expect(statusTone('teamMember', 'invited')).toBe('pending');
    expect(statusTone('approval', 'rejected')).toBe('negative');
    for (const [kind, values] of [
      ['card', cardStatuses],
      ['employee', employeeStatuses],
      ['transaction', transactionStatuses],
      ['report', reportStatuses],
      ['company', companyStatuses],
      ['approval', approvalStatuses],
    ] as const) {
      for (const value of values) expect(['positive', 'pending', 'negative', 'neutral']).toContain(statusTone(kind, value));
    }
  });

  it('reads a status it does not know as neutral', () => {
    expect(statusTone('card', 'something_new')).toBe('neutral');
  });
});
