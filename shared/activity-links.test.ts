import { describe, expect, it } from 'vitest';
import { movementSourceOf, movementSourcePath } from './activity-links';

describe('what a payment or fee belonged to', () => {
  it('is the scheduled run, linked to its rule\'s runs; the file by its name; the month of a fee; nothing for a payment by hand', () => {
    const run = movementSourceOf({ action: 'funds.add', after: { fileId: 'f1', scheduleId: 's 1', scheduleName: 'Monthly bonus', runDate: '2026-11-01', amountCents: 1_000 } });
    expect(run).toEqual({ kind: 'fundingRun', scheduleId: 's 1', scheduleName: 'Monthly bonus', runDate: '2026-11-01' });
    expect(run && movementSourcePath(run)).toBe('/funding-schedules?runs=s%201');
    const file = movementSourceOf({ action: 'funds.add', after: { fileId: 'f1', fileName: 'bonus.csv', amountCents: '1000' } });
    expect(file).toEqual({ kind: 'fundingFile', fileId: 'f1', fileName: 'bonus.csv' });
    expect(file && movementSourcePath(file)).toBeNull();
    expect(movementSourceOf({ action: 'fee.monthly', after: { month: '2026-11', feeCents: 150 } })).toEqual({ kind: 'monthlyFees', month: '2026-11' });
    expect(movementSourceOf({ action: 'funds.add', after: { amountCents: 1_000, movementId: 'm1' } })).toBeNull();
    expect(movementSourceOf({ action: 'card.block', after: { fileId: 'f1' } })).toBeNull();
  });
});
