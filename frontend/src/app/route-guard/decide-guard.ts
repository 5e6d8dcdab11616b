import { hasReporting, noFeatures, type AvailableFeatures, type Profile } from '@shared/api/schemas';
import { isKycComplete, pathAfter, type KycStatus } from '@shared/kyc';
import { hasRole, type Role } from '@shared/roles';
import { matchesRoute, paths, protectedRoutes, type ProtectedRoute } from '@shared/routes';
import type { SessionState } from '@frontend/lib/session/session-context';

export interface GuardState {
  synchronized: boolean;
  loggedIn: boolean;
  hasStoredToken: boolean;
  role: Role;
  kycStatus: KycStatus | null;
  features: AvailableFeatures;
  /** Signed in without an SMS second factor: only /phone/setup is open (the API refuses the rest too). */
  phoneSetupRequired: boolean;
  isProviderAdmin: boolean;
}

export type GuardDecision = { wait: true } | { render: true } | { redirect: string };

/** SPEC section 2 "Route guard", rule by rule and in its order. */
export function decideGuard(state: GuardState, route: ProtectedRoute): GuardDecision {
  if (!state.synchronized) return { wait: true };
  if (!state.loggedIn && !state.hasStoredToken) return { redirect: paths.login };
  if (state.phoneSetupRequired) return { redirect: paths.phoneSetup };
  // The provider's console belongs to no company: no KYC status or company role applies, only the group.
  if (route.providerAdmin) return state.isProviderAdmin ? { render: true } : { redirect: paths.login };
  if (!isKycComplete(state.kycStatus)) return { redirect: pathAfter(state.kycStatus) };
  const roleTooLow = !hasRole(state.role, route.minRole);
  const roleNotExact = route.exactRole !== undefined && state.role !== route.exactRole;
  if (roleTooLow || roleNotExact) return { redirect: paths.login };
  // A role the route does not name (a manager at Reporting > Invoices) is signed in rightly: it goes to the dashboard.
  if (route.roles !== undefined && !route.roles.includes(state.role)) return { redirect: paths.dashboard };
  if (route.feature === 'reporting' && !hasReporting(state.features)) return { redirect: paths.dashboard };
  return { render: true };
}

export function guardStateOf(session: SessionState): GuardState {
  return {
    synchronized: session.synchronized,
    loggedIn: session.loggedIn,
    hasStoredToken: session.hasStoredToken,
    role: session.profile?.role ?? 'guest',
    kycStatus: session.profile?.currentKycStatus ?? null,
    features: session.profile?.availableFeatures ?? noFeatures,
    phoneSetupRequired: session.profile?.phoneSetupRequired ?? false,
    isProviderAdmin: session.profile?.isProviderAdmin ?? false,
  };
}

/** The protected route a path belongs to; null for a public path. */
export function protectedRouteFor(pathname: string): ProtectedRoute | null {
  return protectedRoutes.find((route) => matchesRoute(route.path, pathname)) ?? null;
}

/**
 * Where a signed-in user goes from the sign-in screen: the page of their KYC status, as far as the guard lets
 * them in. Null when the guard would send them back to sign-in (a role below accountant, e.g. a provider
 * admin without a company), so the sign-in screen does not offer a way in that leads straight back to it.
 */
export function entryPath(profile: Profile): string | null {
  if (profile.phoneSetupRequired) return paths.phoneSetup;
  // A provider admin who belongs to no company has only the provider's console to go to.
  if (profile.isProviderAdmin && !profile.currentClient) return paths.admin;
  const destination = pathAfter(profile.currentKycStatus);
  const route = protectedRouteFor(destination);
  // A sign-up step: public, no guard.
  if (!route) return destination;
  const signedIn: SessionState = { synchronized: true, loggedIn: true, hasStoredToken: true, profile, lostCompany: null };
  const decision = decideGuard(guardStateOf(signedIn), route);
  if (!('redirect' in decision)) return destination;
  return decision.redirect === paths.login ? null : decision.redirect;
}
