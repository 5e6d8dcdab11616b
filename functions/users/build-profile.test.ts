import { describe, expect, it } from 'vitest';
import type { CompanyRecord, UserProfileRecord } from '../platform/identity-records';
import { buildProfile } from './build-profile';

const user: UserProfileRecord = {
  userId: 'u1',
  email: 'a@b.lv',
  name: 'A',
  surname: 'B',
  status: 'active',
  language: 'lv',
  currentCompanyId: 'c2',
  tokensValidAfter: 0,
};
const company = (companyId: string, name: string, reporting: boolean): CompanyRecord => ({
  companyId,
  name,
  registrationNumber: companyId,
  status: 'active',
  kycStatus: 'filled',
  provider: 'Bonus Card',
  topUpAccountIBAN: `IBAN-${companyId}`,
  availableFeatures: { reporting: { available: reporting }, all_features: false },
  legalAddress: null,
  registeredOn: null,
  ownerCount: 1,
});

describe('buildProfile', () => {
  it('lifts the current client role, features, provider and IBAN to the top', () => {
    const profile = buildProfile(
      user,
      [
        { membership: { userId: 'u1', companyId: 'c1', membershipId: 'm1', role: 'owner', status: 'active', invitedAt: null }, company: company('c1', 'Zeta', false) },
        { membership: { userId: 'u1', companyId: 'c2', membershipId: 'm2', role: 'accountant', status: 'active', invitedAt: null }, company: company('c2', 'Alpha', true) },
      ],
      false,
    );
    expect(profile.role).toBe('accountant');
    expect(profile.topUpAccountIBAN).toBe('IBAN-c2');
    expect(profile.availableFeatures.reporting.available).toBe(true);
    expect(profile.clients.map((c) => c.name)).toEqual(['Alpha', 'Zeta']);
  });

  it('is a guest with nothing to fill in when the user belongs to no company', () => {
    const profile = buildProfile({ ...user, currentCompanyId: null }, [], false);
    expect(profile.role).toBe('guest');
    expect(profile.currentClient).toBeNull();
    expect(profile.currentKycStatus).toBe('not_filled');
  });
});
