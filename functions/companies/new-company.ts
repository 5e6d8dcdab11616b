import { noFeatures } from '@shared/api/schemas';
import type { CompanyRecord } from '../platform/identity-records';
import type { RegisterEntry } from './company-register';

/**
 * A company as it starts in the portal: named and addressed as the register says, in onboarding with nothing
 * filled in, no features and no top-up account until the provider approves it. Its one owner is the person signing up.
 */
export function newCompany(companyId: string, entry: RegisterEntry, provider: string): CompanyRecord {
  return {
    companyId,
    name: entry.name,
    registrationNumber: entry.registrationNumber,
    registeredOn: entry.registeredOn,
    legalAddress: entry.legalAddress,
    status: 'onboarding',
    kycStatus: 'not_filled',
    provider,
    topUpAccountIBAN: null,
    availableFeatures: noFeatures,
    ownerCount: 1,
  };
}
