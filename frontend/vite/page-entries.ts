import type { Connect, Plugin } from 'vite';
import { pageEntries, pageOfPath } from '../../shared/page-entries.ts';

/**
 * Serves the small pages' entries (/card, the sign-in) at their paths in dev and preview, as CloudFront's function does in a deployment
 * (infra/constructs/edge-functions.ts); the portal's client-side routes fall back to index.html as Vite does anyway.
 */
export function pageEntryRoutes(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const [path = '/', query] = (req.url ?? '/').split('?');
    // Vite answers the rest itself (its own paths such as /@vite/client, and index.html for the portal's routes).
    const page = pageOfPath(path);
    if (page !== null && page !== pageEntries.portal) req.url = `/${page}${query === undefined ? '' : `?${query}`}`;
    next();
  };
  return {
    name: 'portal-page-entries',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}
