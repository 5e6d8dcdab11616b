import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import portal from './eslint-rules/pure-schemas.js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `import { z }` takes zod's whole namespace object, locales included (454 KB in a handler); `* as z` shakes to 85 KB.
const zodNamespaceExport = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: "Use `import * as z from 'zod'`: the z namespace export drags every locale into the bundle.",
};

// Code that ships (a Lambda bundle, the SPA) uses zod/mini: classic zod is ~97 KB minified, cannot be tree-shaken and
// cost ~7 ms of every cold start (docs/decisions.md, issue 17). Tests and local tooling may use either.
const classicZod = {
  selector: "ImportDeclaration[source.value='zod']",
  message: "Import zod/mini (`import * as z from 'zod/mini'`): classic zod weighs on every cold start and page load.",
};

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'cdk.out/**', 'dist/**', 'frontend/dist/**', '.local/**', '.test-local/**', '.test-local-*/**', '.bench-local/**', '.bench-build/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', zodNamespaceExport],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A cycle makes the order modules run in depend on which one a bundle enters first.
    files: ['functions/**/*.ts', 'frontend/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { portal },
    rules: { 'portal/pure-schemas': 'error', 'no-restricted-syntax': ['error', zodNamespaceExport, classicZod] },
  },
  {
    // A function reads its settings through functions/platform/env.ts alone: the stack gives each function the ones
    // its bundle's readers name (infra/function-environment.ts), and a read of process.env elsewhere would escape that.
    // The S3 client looks at the SDK's own endpoint variable, which is no setting of ours.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts', 'functions/platform/env.ts', 'functions/platform/aws/s3.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read a setting through its reader in functions/platform/env.ts.' }] },
  },
  {
    // A context is used by others only through its public module (its index.ts), so what it keeps to itself can change.
    files: ['functions/*/**/*.ts'],
    ignores: ['functions/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!platform/)[^./][^/]*/', message: "another context's files are its own: import its index ('../<context>')" },
            { regex: '^@functions/', message: 'within functions/, import by relative path, so the rule above sees which context it reaches' },
            { regex: '^(\\.\\./)+infra/', message: 'the stacks import what the functions own, never the other way (functions/platform/queue-work.ts, metrics.ts)' },
          ],
        },
      ],
    },
  },
  {
    // The platform serves every context and knows none of them.
    files: ['functions/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'platform/ imports no context, and nothing of the stacks (they import what it owns)' },
            { regex: '^@functions/', message: 'platform/ imports no context' },
          ],
        },
      ],
    },
  },
  {
    // Features stay independent: a feature may use shared components and lib, never another feature.
    files: ['frontend/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/**', '@frontend/features/*'], message: 'features do not import each other' }] }],
    },
  },
);
