import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiPathPrefix } from '../shared/api/origin.ts';
import { signInBorrowedMessages, signInNamespace } from './src/features/auth/sign-in-messages.ts';
import { cardBorrowedMessages, cardNamespace } from './src/features/card/card-messages.ts';
import { entryMessages } from './vite/entry-messages.ts';
import { pageEntryRoutes } from './vite/page-entries.ts';
import { preactForEnvironment } from './vite/preact-for-environment.ts';
import { precompressDirectory, servePrecompressed } from './vite/precompressed-assets.ts';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
const distDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The SPA reads its endpoints from /config.json at start, so one build runs against any environment.
 * The cloud writes that file next to the build at deploy; in dev and preview this plugin answers it
 * from the process environment instead.
 */
function runtimeConfig(): Plugin {
  const body = (): string =>
    JSON.stringify({
      apiUrl: process.env.PORTAL_API_URL ?? 'http://localhost:5001',
      region: process.env.PORTAL_REGION ?? 'eu-west-1',
      userPoolId: process.env.PORTAL_USER_POOL_ID ?? '',
      userPoolClientId: process.env.PORTAL_USER_POOL_CLIENT_ID ?? '',
      cognitoEndpoint: process.env.PORTAL_COGNITO_ENDPOINT || null,
    });
  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    res.setHeader('Content-Type', 'application/json');
    // Read afresh on every start of the app: a cached file would pin old endpoints.
    res.setHeader('Cache-Control', 'no-store');
    res.end(body());
  };
  return {
    name: 'portal-runtime-config',
    configureServer: (server) => {
      server.middlewares.use(serve);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(serve);
    },
  };
}

// One port for dev and preview, so the end-to-end tests reach either at the same address.
const port = Number(process.env.PORTAL_WEB_PORT ?? 5173);
const host = '127.0.0.1';

/**
 * The API under the portal's own address at /api, as CloudFront serves it (its function strips the prefix): the
 * OpenAPI document's `servers` entry (PORTAL_URL + /api) then answers locally as it does in the cloud.
 */
const apiProxy = {
  [`^${apiPathPrefix}(/|$)`]: {
    target: process.env.PORTAL_API_URL ?? 'http://localhost:5001',
    changeOrigin: true,
    rewrite: (path: string) => path.slice(apiPathPrefix.length) || '/',
  },
};

export default defineConfig({
  root: frontendRoot,
  plugins: [
    react(),
    runtimeConfig(),
    pageEntryRoutes(),
    // The small pages' texts: each its own namespace and what it borrows, one module per language.
    entryMessages(fileURLToPath(new URL('./src/locales', import.meta.url)), [
      { entry: 'card', namespace: cardNamespace, borrowed: cardBorrowedMessages },
      { entry: 'sign-in', namespace: signInNamespace, borrowed: signInBorrowedMessages },
    ]),
    servePrecompressed(),
    preactForEnvironment('card'),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@frontend': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: { host, port, strictPort: true, proxy: apiProxy },
  preview: { host, port, strictPort: true, proxy: apiProxy },
  build: {
    outDir: 'dist',
    // Maps for bundle analysis, not referenced from the served files.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Named vendor chunks, so bundle reports say what weighs what (the budget is per page, DESIGN 11).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  /**
   * Three pages, each built on its own by one `vite build` (shared/page-entries.ts says which path is which): the
   * staff portal, the employees' /card page and the staff's sign-in, which share the design, the texts, the HTTP
   * client and shared/ but none of the portal's shell. Built together, they would share chunks, and a chunk holds
   * everything any page uses of its modules: the small pages' first paint would carry the portal's zod, router and
   * i18next.
   */
  environments: {
    client: { build: { emptyOutDir: true, rolldownOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) } } } },
    card: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        // One stylesheet, linked from the page: one request where the components' own would be eight.
        cssCodeSplit: false,
        rolldownOptions: { input: { card: fileURLToPath(new URL('./card.html', import.meta.url)) } },
      },
    },
    signIn: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        cssCodeSplit: false,
        rolldownOptions: { input: { 'sign-in': fileURLToPath(new URL('./sign-in.html', import.meta.url)) } },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      // In turn: the portal's build empties dist/, the small pages' add to it; then every text file gets its compressed copies.
      for (const name of ['client', 'card', 'signIn']) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`no ${name} environment to build`);
        await builder.build(environment);
      }
      precompressDirectory(distDir);
    },
  },
});
