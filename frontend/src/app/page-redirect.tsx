import { useCallback, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { pageEntries, pageOfPath } from '@shared/page-entries';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';

/** Whether the portal's router shows a path, or another page serves it (shared/page-entries.ts: the sign-in's). */
function inPortal(to: string): boolean {
  return pageOfPath(to) === pageEntries.portal;
}

/** The browser loads another page in place of this history entry. */
function LoadPage({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <FullPageLoader />;
}

/**
 * The portal's redirect: the router's within the portal; a path another page serves is loaded by the browser straight
 * away, so the address changes once (the router's own would show it first, then the page would load it again).
 */
export function Redirect({ to }: { to: string }) {
  return inPortal(to) ? <Navigate to={to} replace /> : <LoadPage to={to} />;
}

/**
 * Where a link of the portal to another page's path lands (the sign-in's /login and /): that page loads, at the path
 * as that page's servers know it (the router also matched /login/ or /LOGIN, which would come back here).
 */
export function OtherPage({ path }: { path: string }) {
  const { search, hash } = useLocation();
  return <LoadPage to={`${path}${search}${hash}`} />;
}

/** The router's navigate, except that a path another page serves is loaded by the browser. */
export function usePageNavigate(): (to: string, options?: { replace?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (to, options = {}) => {
      if (inPortal(to)) return navigate(to, options);
      if (options.replace) window.location.replace(to);
      else window.location.assign(to);
    },
    [navigate],
  );
}
