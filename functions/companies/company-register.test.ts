import { describe, expect, it } from 'vitest';
import { sampleCompanyRegister } from './company-register';
import { newCompany } from './new-company';

describe('sample company register', () => {
  it('finds a registered company with its name and legal address, and nothing for an unknown number', async () => {
    const register = sampleCompanyRegister();
    const entry = await register.find('40003555111');
    expect(entry?.name).toBe('Gauja Foods SIA');
    expect(entry?.legalAddress.city).toBe('Sigulda');
    expect(await register.find('40003000000')).toBeNull();
  });

  it('starts a new company in onboarding with nothing filled in, no features and no top-up account', async () => {
    const entry = await sampleCompanyRegister().find('40003555111');
    if (!entry) throw new Error('sample entry missing');
    expect(newCompany('c1', entry, 'Bonus Card')).toMatchObject({
      companyId: 'c1',
      name: 'Gauja Foods SIA',
      status: 'onboarding',
      kycStatus: 'not_filled',
      topUpAccountIBAN: null,
      availableFeatures: { reporting: { available: false }, all_features: false },
      legalAddress: entry.legalAddress,
    });
  });
});
