import { noFeatures, type AvailableFeatures } from '@shared/api/schemas';
import { ibanOf } from '@shared/iban';
import type { KycStatus } from '@shared/kyc';
import type { Language } from '@shared/languages';
import type { CompanyRole } from '@shared/roles';
import type { CompanyStatus } from '@shared/statuses';

/** One password for every demo account, long enough for the pool's policy. */
export const demoPassword = 'Demo-Pass-2026';

export interface DemoCompany {
  key: string;
  registrationNumber: string;
  status: CompanyStatus;
  kycStatus: KycStatus;
  topUpAccountIBAN: string | null;
  availableFeatures: AvailableFeatures;
  employees: number;
  /** How many onboarding steps the seed answers (with the sample answers and documents). */
  answeredSteps: number;
}

export const demoCompanies: readonly DemoCompany[] = [
  {
    key: 'baltic',
    registrationNumber: '40003012345',
    status: 'active',
    kycStatus: 'filled',
    topUpAccountIBAN: ibanOf('LV', 'BCRD0000400030123'),
    availableFeatures: { reporting: { available: true }, all_features: false },
    employees: 50,
    answeredSteps: 6,
  },
  {
    key: 'bakery',
    registrationNumber: '40103456789',
    status: 'active',
    kycStatus: 'filled',
    topUpAccountIBAN: ibanOf('LV', 'BCRD0000401034567'),
    availableFeatures: noFeatures,
    employees: 8,
    answeredSteps: 6,
  },
  {
    key: 'nordic',
    registrationNumber: '40203987654',
    status: 'onboarding',
    kycStatus: 'general',
    topUpAccountIBAN: null,
    availableFeatures: noFeatures,
    employees: 0,
    answeredSteps: 1,
  },
  {
    key: 'gardens',
    registrationNumber: '40003556001',
    status: 'pending_approval',
    // Until the provider approves, a submitted application stays at the last KYC step (docs/decisions.md).
    kycStatus: 'political_importance',
    topUpAccountIBAN: null,
    availableFeatures: noFeatures,
    employees: 0,
    answeredSteps: 6,
  },
];

/** Seeded only on the test ports, beside the demo: a company whose team the end-to-end specs change. */
export const testOnlyCompanies: readonly DemoCompany[] = [
  {
    key: 'team',
    registrationNumber: '40103556002',
    status: 'active',
    kycStatus: 'filled',
    topUpAccountIBAN: ibanOf('LV', 'BCRD0000401035560'),
    availableFeatures: noFeatures,
    employees: 0,
    answeredSteps: 6,
  },
  ...(
    [
      ['vidzeme', '40003556003'],
      ['zemgale', '40103556004'],
      ['kuldiga', '40203556005'],
    ] as const
  ).map(([key, registrationNumber]) => ({
    key,
    registrationNumber,
    status: 'pending_approval' as const,
    kycStatus: 'political_importance' as const,
    topUpAccountIBAN: null,
    availableFeatures: noFeatures,
    employees: 0,
    answeredSteps: 6,
  })),
  {
    // The card specs change this company's employees; the demo's Baltic Logistics stays as the README shows it.
    key: 'fleet',
    registrationNumber: '40203556008',
    status: 'active',
    kycStatus: 'filled',
    topUpAccountIBAN: ibanOf('LV', 'BCRD0000402035560'),
    availableFeatures: noFeatures,
    employees: 20,
    answeredSteps: 6,
  },
  {
    key: 'ventspils',
    registrationNumber: '40103556007',
    status: 'onboarding',
    kycStatus: 'not_filled',
    topUpAccountIBAN: null,
    availableFeatures: noFeatures,
    employees: 0,
    answeredSteps: 0,
  },
];

/** A company's place in the seed (1 for the first demo company, the test-only ones after the demo's). */
export function demoCompanyIndex(key: string): number {
  return [...demoCompanies, ...testOnlyCompanies].findIndex((company) => company.key === key) + 1;
}

/** A cardholder's phone: 371 29, the company's digit and the employee's number, so companies never share one. */
export function demoCardholderPhone(companyKey: string, index: number): string {
  return `37129${demoCompanyIndex(companyKey) % 10}${String(index + 1).padStart(5, '0')}`;
}

export interface DemoUser {
  email: string;
  name: string;
  surname: string;
  /** Null for an account that has not set up its SMS second factor yet (it is sent to /phone/setup). */
  phone: string | null;
  language: Language;
  providerAdmin: boolean;
  memberships: { company: string; role: CompanyRole }[];
  /** What the README's table says this account is for. */
  purpose: string;
  /** Blocked by the provider: signs in at Cognito, refused by the portal. */
  blocked?: boolean;
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'owner@demo.local',
    name: 'Anna',
    surname: 'Bērziņa',
    phone: '37120000001',
    language: 'en',
    providerAdmin: false,
    memberships: [
      { company: 'baltic', role: 'owner' },
      { company: 'bakery', role: 'manager' },
    ],
    purpose: 'owner of Baltic Logistics and manager of Riga Bakery (two companies: client switcher)',
  },
  {
    email: 'manager@demo.local',
    name: 'Jānis',
    surname: 'Kalniņš',
    phone: '37120000002',
    language: 'lv',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'manager' }],
    purpose: 'manager of Baltic Logistics',
  },
  {
    email: 'accountant@demo.local',
    name: 'Olga',
    surname: 'Ivanova',
    phone: '37120000003',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'accountant of Baltic Logistics',
  },
  {
    email: 'onboarding@demo.local',
    name: 'Pēteris',
    surname: 'Ozols',
    phone: '37120000004',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'nordic', role: 'owner' }],
    purpose: 'owner of Nordic Start, a company still in onboarding',
  },
  {
    email: 'pending@demo.local',
    name: 'Marta',
    surname: 'Kalēja',
    phone: '37120000006',
    language: 'lv',
    providerAdmin: false,
    memberships: [{ company: 'gardens', role: 'owner' }],
    purpose: 'owner of Rīgas Dārzi, whose onboarding is done and awaits the provider\'s approval',
  },
  {
    email: 'admin@demo.local',
    name: 'Ilze',
    surname: 'Liepa',
    phone: '37120000005',
    language: 'en',
    providerAdmin: true,
    memberships: [],
    purpose: 'provider admin (operations team)',
  },
];

/**
 * Seeded only on the test ports: end-to-end specs that change a user's state (revoked tokens, current company)
 * each own one of these, so no spec depends on another having run or passed.
 */
export const testOnlyUsers: readonly DemoUser[] = [
  {
    email: 'logout@test.local',
    name: 'Laura',
    surname: 'Logout',
    phone: '37120000011',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'e2e: signs out (revokes its tokens)',
  },
  {
    email: 'switcher@test.local',
    name: 'Sandis',
    surname: 'Switcher',
    phone: '37120000012',
    language: 'en',
    providerAdmin: false,
    memberships: [
      { company: 'baltic', role: 'owner' },
      { company: 'bakery', role: 'manager' },
    ],
    purpose: 'e2e: switches company for the reporting guard',
  },
  {
    email: 'blocked@test.local',
    name: 'Bruno',
    surname: 'Blocked',
    phone: '37120000013',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'e2e: a user the provider blocked',
    blocked: true,
  },
  {
    email: 'reset@test.local',
    name: 'Rita',
    surname: 'Reset',
    phone: '37120000014',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'tests: resets the password (ends its sessions)',
  },
  {
    email: 'password@test.local',
    name: 'Pauls',
    surname: 'Password',
    phone: '37120000015',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'e2e: changes its password in Settings',
  },
  {
    email: 'team@test.local',
    name: 'Toms',
    surname: 'Team',
    phone: '37120000016',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'team', role: 'owner' }],
    purpose: 'e2e: the only owner of Liepājas Komanda; invites, changes and removes team members',
  },
  {
    email: 'team-manager@test.local',
    name: 'Marija',
    surname: 'Team',
    phone: '37120000017',
    language: 'lv',
    providerAdmin: false,
    memberships: [{ company: 'team', role: 'manager' }],
    purpose: 'e2e: a manager who sees the team but cannot change it',
  },
  {
    email: 'phone-setup@test.local',
    name: 'Pēteris',
    surname: 'Phoneless',
    phone: null,
    language: 'lv',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'e2e: has no phone yet, so sign-in leads to /phone/setup',
  },
  {
    email: 'phone-api@test.local',
    name: 'Paula',
    surname: 'Phoneless',
    phone: null,
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'integration: sets up its phone through the API',
  },
  {
    email: 'second-company@test.local',
    name: 'Sintija',
    surname: 'Second',
    phone: '37120000018',
    language: 'en',
    providerAdmin: false,
    memberships: [{ company: 'baltic', role: 'accountant' }],
    purpose: 'e2e: invited by a second company, which then shows in the client switcher',
  },
  ...(
    [
      ['fleet-manager@test.local', 'manager', '37120000031', 'e2e and integration: manager of Cēsu Flote; acts on its employees and cards'],
      ['fleet-accountant@test.local', 'accountant', '37120000032', 'e2e and integration: accountant of Cēsu Flote; sees everything, acts on nothing'],
      ['fleet-owner@test.local', 'owner', '37120000033', 'integration: owner of Cēsu Flote'],
    ] as const
  ).map(([email, role, phone, purpose]) => ({
    email,
    name: 'Frīda',
    surname: 'Fleet',
    phone,
    language: 'en' as const,
    providerAdmin: false,
    memberships: [{ company: 'fleet', role }],
    purpose,
  })),
  ...(
    [
      ['approve@test.local', 'vidzeme', '37120000021', 'integration: owner of a pending company the provider approves'],
      ['revision@test.local', 'zemgale', '37120000022', 'integration: owner of a pending company whose steps come back for revision'],
      ['reject@test.local', 'kuldiga', '37120000023', 'integration: owner of a pending company the provider rejects'],
      ['fresh@test.local', 'ventspils', '37120000024', 'integration: owner of a company that has not started onboarding'],
    ] as const
  ).map(([email, company, phone, purpose]) => ({
    email,
    name: 'Edgars',
    surname: 'Applicant',
    phone,
    language: 'en' as const,
    providerAdmin: false,
    memberships: [{ company, role: 'owner' as const }],
    purpose,
  })),
];
