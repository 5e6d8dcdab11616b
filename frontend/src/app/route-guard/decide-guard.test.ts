import { describe, expect, it } from 'vitest';
import { noFeatures, type Profile } from '@shared/api/schemas';
import { paths, protectedRoutes, type ProtectedRoute } from '@shared/routes';
import { decideGuard, entryPath, type GuardState } from './decide-guard';

const signedIn: GuardState = {
  synchronized: true,
  loggedIn: true,
  hasStoredToken: true,
  role: 'accountant',
  kycStatus: 'filled',
  features: noFeatures,
  phoneSetupRequired: false,
  isProviderAdmin: false,
};
const dashboard: ProtectedRoute = { path: '/dashboard', minRole: 'accountant' };
const reporting = protectedRoutes.find((route) => route.path === '/reporting');
if (!reporting) throw new Error('reporting route missing from shared/routes.ts');

describe('decideGuard', () => {
  it('waits until the user state is synchronised', () => {
    expect(decideGuard({ ...signedIn, synchronized: false }, dashboard)).toEqual({ wait: true });
  });

  it('sends a visitor with neither a logged-in flag nor a stored token to /login', () => {
    expect(decideGuard({ ...signedIn, loggedIn: false, hasStoredToken: false }, dashboard)).toEqual({ redirect: '/login' });
  });

  it('lets a stored token stand in for the logged-in flag', () => {
    expect(decideGuard({ ...signedIn, loggedIn: false }, dashboard)).toEqual({ render: true });
  });

  it('sends a user without the SMS second factor to /phone/setup before anything else', () => {
    expect(decideGuard({ ...signedIn, phoneSetupRequired: true, kycStatus: null }, dashboard)).toEqual({ redirect: '/phone/setup' });
  });

  it('opens the provider console to provider admins only, whatever their company and KYC status', () => {
    const providerConsole = protectedRoutes.find((route) => route.path === '/admin');
    if (!providerConsole) throw new Error('admin route missing from shared/routes.ts');
    const admin = { ...signedIn, role: 'guest' as const, kycStatus: null, isProviderAdmin: true };
    expect(decideGuard(admin, providerConsole)).toEqual({ render: true });
    expect(decideGuard({ ...signedIn, role: 'owner' }, providerConsole)).toEqual({ redirect: '/login' });
    expect(decideGuard({ ...admin, loggedIn: false, hasStoredToken: false }, providerConsole)).toEqual({ redirect: '/login' });
    expect(decideGuard({ ...admin, phoneSetupRequired: true }, providerConsole)).toEqual({ redirect: '/phone/setup' });
  });

  it('sends a missing KYC status to the first sign-up step', () => {
    expect(decideGuard({ ...signedIn, kycStatus: null }, dashboard)).toEqual({ redirect: '/signup/general' });
  });

  it.each([
    ['not_filled', '/signup/general'],
    ['general', '/signup/representatives'],
    ['owners', '/signup/true_beneficiary'],
    ['political_importance', '/signup/financial_information'],
  ] as const)('sends KYC status %s to %s', (kycStatus, path) => {
    expect(decideGuard({ ...signedIn, kycStatus }, dashboard)).toEqual({ redirect: path });
  });

  it('checks KYC before the role', () => {
    expect(decideGuard({ ...signedIn, role: 'guest', kycStatus: 'general' }, dashboard)).toEqual({
      redirect: '/signup/representatives',
    });
  });

  it('sends a role below the minimal role to /login', () => {
    expect(decideGuard({ ...signedIn, role: 'guest' }, dashboard)).toEqual({ redirect: '/login' });
    expect(decideGuard({ ...signedIn, role: 'accountant' }, { ...dashboard, minRole: 'manager' })).toEqual({
      redirect: '/login',
    });
  });

  it('sends a role other than the exact role to /login, even a higher one', () => {
    const managersOnly: ProtectedRoute = { ...dashboard, exactRole: 'manager' };
    expect(decideGuard({ ...signedIn, role: 'owner' }, managersOnly)).toEqual({ redirect: '/login' });
    expect(decideGuard({ ...signedIn, role: 'manager' }, managersOnly)).toEqual({ render: true });
  });

  it('sends a role the route does not name (a manager at Reporting > Invoices) to /dashboard, with or without the reporting feature', () => {
    const invoices = protectedRoutes.find((route) => route.path === paths.reportingInvoices);
    if (!invoices) throw new Error('Reporting > Invoices is not a protected route');
    expect(decideGuard({ ...signedIn, role: 'manager' }, invoices)).toEqual({ redirect: '/dashboard' });
    expect(decideGuard({ ...signedIn, role: 'owner' }, invoices)).toEqual({ render: true });
    expect(decideGuard({ ...signedIn, role: 'accountant' }, invoices)).toEqual({ render: true });
    expect(decideGuard({ ...signedIn, role: 'guest' }, invoices)).toEqual({ redirect: '/login' });
  });

  it('renders when the role reaches the minimal one', () => {
    expect(decideGuard({ ...signedIn, role: 'owner' }, dashboard)).toEqual({ render: true });
  });

  it('sends reporting without the reporting feature to /dashboard', () => {
    expect(decideGuard(signedIn, reporting)).toEqual({ redirect: '/dashboard' });
  });

  it('renders reporting with the reporting feature or with all features', () => {
    const withReporting = { ...signedIn, features: { reporting: { available: true }, all_features: false } };
    const withAll = { ...signedIn, features: { reporting: { available: false }, all_features: true } };
    expect(decideGuard(withReporting, reporting)).toEqual({ render: true });
    expect(decideGuard(withAll, reporting)).toEqual({ render: true });
  });
});

describe('entryPath', () => {
  const accountant: Profile = {
    userId: 'u1',
    email: 'accountant@demo.local',
    name: 'Anna',
    surname: 'Berzina',
    role: 'accountant',
    status: 'active',
    currency: 'EUR',
    language: 'en',
    clients: [],
    currentClient: null,
    availableFeatures: noFeatures,
    provider: null,
    topUpAccountIBAN: null,
    currentKycStatus: 'filled',
    currentCompanyStatus: 'active',
    isProviderAdmin: false,
    phoneSetupRequired: false,
  };

  it('takes a member of a company with finished KYC to the dashboard', () => {
    expect(entryPath(accountant)).toBe('/dashboard');
  });

  it('takes a user without a phone to /phone/setup', () => {
    expect(entryPath({ ...accountant, phoneSetupRequired: true })).toBe('/phone/setup');
  });

  it('takes unfinished KYC to its sign-up step, whatever the role', () => {
    expect(entryPath({ ...accountant, role: 'guest', currentKycStatus: 'owners' })).toBe('/signup/true_beneficiary');
  });

  it('offers no way in to a user the guard would send back to sign-in (a guest of a company)', () => {
    expect(entryPath({ ...accountant, role: 'guest' })).toBeNull();
  });

  it('takes a provider admin without a company to the provider console', () => {
    expect(entryPath({ ...accountant, role: 'guest', isProviderAdmin: true, currentClient: null, clients: [] })).toBe('/admin');
  });
});
