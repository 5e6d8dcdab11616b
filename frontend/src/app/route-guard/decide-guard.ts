import { hasReporting, type AvailableFeatures } from '@shared/api/schemas';
import { isKycComplete, pathAfter, type KycStatus } from '@shared/kyc';
import { hasRole, type Role } from '@shared/roles';
import { paths, type ProtectedRoute } from '@shared/routes';

export interface GuardState {
  synchronized: boolean;
  loggedIn: boolean;
  hasStoredToken: boolean;
  role: Role;
  kycStatus: KycStatus | null;
  features: AvailableFeatures;
}

export type GuardDecision = { wait: true } | { render: true } | { redirect: string };

/** SPEC section 2 "Route guard", rule by rule and in its order. */
export function decideGuard(state: GuardState, route: ProtectedRoute): GuardDecision {
  if (!state.synchronized) return { wait: true };
  if (!state.loggedIn && !state.hasStoredToken) return { redirect: paths.login };
  if (!isKycComplete(state.kycStatus)) return { redirect: pathAfter(state.kycStatus) };
  const roleTooLow = !hasRole(state.role, route.minRole);
  const roleNotExact = route.exactRole !== undefined && state.role !== route.exactRole;
  if (roleTooLow || roleNotExact) return { redirect: paths.login };
  if (route.feature === 'reporting' && !hasReporting(state.features)) return { redirect: paths.dashboard };
  return { render: true };
}
