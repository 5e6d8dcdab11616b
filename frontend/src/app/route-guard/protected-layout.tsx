import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import type { ProtectedRoute } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { lazyScreen } from '@frontend/lib/lazy-screen';
import { useSession } from '@frontend/lib/session/session-context';
import { CompanyLostScreen } from './company-lost-screen';
import { decideGuard, guardStateOf, protectedRouteFor } from './decide-guard';
import { Redirect } from '../page-redirect';

// The signed-in frame (navigation bar and its widgets) is not needed before the guard lets someone in.
const AppLayout = lazyScreen(() => import('../layouts/app-layout'), 'AppLayout');

/** SPEC section 6: every protected route needs at least an accountant, also one missing from the list. */
const strictest: ProtectedRoute = { path: '*', minRole: 'accountant' };

/** Layout route of every protected screen: the guard decides, then the app frame renders the screen. */
export function ProtectedLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const decision = decideGuard(guardStateOf(session), protectedRouteFor(pathname) ?? strictest);
  if ('wait' in decision) return <FullPageLoader />;
  // Before any company screen: the tab's company is no longer the user's, and no other may stand in for it.
  if (session.lostCompany) return <CompanyLostScreen />;
  if ('redirect' in decision) return <Redirect to={decision.redirect} />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout />
    </Suspense>
  );
}
