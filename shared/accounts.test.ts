import { describe, expect, it } from 'vitest';
import { lowBalanceAlertBodySchema, lowBalanceRecipientsOf } from './accounts';
import { messageCodeOf } from './validation';

describe('the low-balance alert body', () => {
  it('takes no recipients as none (the owners), and refuses one named twice', () => {
    expect(lowBalanceAlertBodySchema.parse({ thresholdCents: 5_000 })).toEqual({ thresholdCents: 5_000, recipientIds: [] });
    const twice = lowBalanceAlertBodySchema.safeParse({ thresholdCents: 5_000, recipientIds: ['a', 'a'] });
    expect(twice.success ? [] : twice.error.issues.map(messageCodeOf)).toEqual(['DUPLICATE_OPTION']);
  });

  it("checks the recipients against the company's members: anyone else is RECIPIENT_NOT_MEMBER", () => {
    const members = lowBalanceRecipientsOf(new Set(['owner', 'accountant']));
    expect(members.safeParse(['accountant']).success).toBe(true);
    const stranger = members.safeParse(['accountant', 'stranger']);
    expect(stranger.success ? [] : stranger.error.issues.map((issue) => [issue.path, messageCodeOf(issue)])).toEqual([[[1], 'RECIPIENT_NOT_MEMBER']]);
  });
});
