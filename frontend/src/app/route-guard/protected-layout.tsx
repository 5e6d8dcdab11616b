import { Suspense } from 'react';
import { Navigate, matchPath, useLocation } from 'react-router-dom';
import { noFeatures } from '@shared/api/schemas';
import { protectedRoutes, type ProtectedRoute } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { lazyScreen } from '@frontend/lib/lazy-screen';
import { useSession, type Session } from '@frontend/lib/session/session-context';
import { decideGuard, type GuardState } from './decide-guard';

// The signed-in frame (navigation bar and its widgets) is not needed before the guard lets someone in.
const AppLayout = lazyScreen(() => import('../layouts/app-layout'), 'AppLayout');

/** SPEC section 6: every protected route needs at least an accountant, also one missing from the list. */
const strictest: ProtectedRoute = { path: '*', minRole: 'accountant' };

function routeFor(pathname: string): ProtectedRoute {
  return protectedRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? strictest;
}

function guardState(session: Session): GuardState {
  return {
    synchronized: session.synchronized,
    loggedIn: session.loggedIn,
    hasStoredToken: session.hasStoredToken,
    role: session.profile?.role ?? 'guest',
    kycStatus: session.profile?.currentKycStatus ?? null,
    features: session.profile?.availableFeatures ?? noFeatures,
  };
}

/** Layout route of every protected screen: the guard decides, then the app frame renders the screen. */
export function ProtectedLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const decision = decideGuard(guardState(session), routeFor(pathname));
  if ('wait' in decision) return <FullPageLoader />;
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout />
    </Suspense>
  );
}
