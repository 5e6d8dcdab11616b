import type { Plugin } from 'vite';

const toPreact: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/**
 * Builds one environment's page on Preact's React compatibility layer instead of React (about 10 KB where React 19
 * is 67 KB gzipped): the same components and hooks, for the page that must paint fast on a phone (/card). Every other
 * environment, and the dev server, keeps React.
 */
export function preactForEnvironment(environment: string): Plugin {
  return {
    name: 'portal-preact-for-environment',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment.name !== environment) return null;
      const target = toPreact[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
