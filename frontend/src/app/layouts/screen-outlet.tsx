import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ContentLoader } from '@frontend/components/loaders/content-loader';
import { ErrorBoundary } from '../errors/error-boundary';
import { GeneralError } from '../errors/general-error';

/**
 * Where a layout renders its screen: a skeleton while the screen's code and texts load, the general error
 * placeholder if it fails (header and footer stay), and the page scrolled to the top after a navigation.
 */
export function ScreenOutlet() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // A link to a part of a page (#id) is scrolled there by the screen that has it.
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <ErrorBoundary resetKey={pathname} fallback={<GeneralError />}>
      <Suspense fallback={<ContentLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
