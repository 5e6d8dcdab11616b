import type { ClientEntry, Profile } from '@shared/api/schemas';
import { noFeatures } from '@shared/api/schemas';
import { currency } from '@shared/money';
import type { UserProfileRecord } from '../platform/identity-records';
import type { Membership } from './user-repository';

function clientEntryOf({ membership, company }: Membership): ClientEntry {
  return {
    id: membership.membershipId,
    companyId: company.companyId,
    name: company.name,
    role: membership.role,
    availableFeatures: company.availableFeatures,
    provider: company.provider,
    topUpAccountIBAN: company.topUpAccountIBAN,
  };
}

/** The session user of SPEC section 3: the current client's role, features, provider and IBAN lifted to the top. */
export function buildProfile(
  profile: UserProfileRecord,
  memberships: Membership[],
  isProviderAdmin: boolean,
): Profile {
  const clients = memberships.map(clientEntryOf).sort((a, b) => a.name.localeCompare(b.name));
  const current = memberships.find((m) => m.company.companyId === profile.currentCompanyId);
  const currentClient = current ? clientEntryOf(current) : null;
  return {
    userId: profile.userId,
    email: profile.email,
    name: profile.name,
    surname: profile.surname,
    role: currentClient?.role ?? 'guest',
    status: profile.status,
    currency,
    language: profile.language,
    clients,
    currentClient,
    availableFeatures: currentClient?.availableFeatures ?? noFeatures,
    provider: currentClient?.provider ?? null,
    topUpAccountIBAN: currentClient?.topUpAccountIBAN ?? null,
    // A provider admin without a company of their own has nothing to fill in; everyone else follows the company.
    currentKycStatus: current?.company.kycStatus ?? (isProviderAdmin ? 'filled' : 'not_filled'),
    currentCompanyStatus: current?.company.status ?? null,
    isProviderAdmin,
    phoneSetupRequired: !profile.phone,
  };
}
