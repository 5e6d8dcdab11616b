import { describe, expect, it } from 'vitest';
import { offeredActions } from './offered-actions';

describe('offeredActions', () => {
  it('offers an accountant nothing, whatever the card allows', () => {
    expect(offeredActions('accountant', { cardStatus: 'active', deviceStatus: 'active' })).toEqual({ card: [], device: [], editDetails: false, liftSignInLock: false });
  });

  it('offers a manager what the state machine allows', () => {
    const offered = offeredActions('manager', { cardStatus: 'active', deviceStatus: 'active' });
    expect(offered.card).toEqual(['block', 'close', 'replace', 'terminate']);
    expect(offered.device).toEqual(['block']);
    expect(offered.editDetails).toBe(true);
    expect(offered.liftSignInLock).toBe(true);
  });

  it('offers only activation (and termination) for a delivered card', () => {
    expect(offeredActions('owner', { cardStatus: 'delivered', deviceStatus: 'created' }).card).toEqual(['activate', 'close', 'terminate']);
  });

  it('offers nothing but the record for a terminated product', () => {
    expect(offeredActions('owner', { cardStatus: 'stopped', deviceStatus: 'removed' })).toEqual({ card: [], device: [], editDetails: false, liftSignInLock: false });
  });
});
