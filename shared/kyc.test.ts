import { describe, expect, it } from 'vitest';
import { isKycComplete, kycRank, kycStatuses, pathAfter } from './kyc';

describe('KYC', () => {
  it('ranks the statuses in the order of SPEC section 4', () => {
    expect(kycStatuses.map((s) => kycRank[s])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ['general', '/signup/representatives'],
    ['representatives', '/signup/owners'],
    ['owners', '/signup/true_beneficiary'],
    ['true_beneficiary', '/signup/political_importance'],
    ['political_importance', '/signup/financial_information'],
    ['filled', '/dashboard'],
    ['not_filled', '/signup/general'],
    [undefined, '/signup/general'],
    ['anything', '/signup/general'],
  ])('goes from %s to %s', (status, path) => {
    expect(pathAfter(status)).toBe(path);
  });

  it('is complete only when filled', () => {
    expect(isKycComplete('filled')).toBe(true);
    expect(isKycComplete('political_importance')).toBe(false);
    expect(isKycComplete(null)).toBe(false);
  });
});
