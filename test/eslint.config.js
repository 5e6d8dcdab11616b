import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `import { z }` takes zod's whole namespace object, locales included (454 KB in a handler); `* as z` shakes to 85 KB.
const zodNamespaceExport = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: "Use `import * as z from 'zod'`: the z namespace export drags every locale into the bundle.",
};

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'cdk.out/**', 'dist/**', 'frontend/dist/**', '.local/**', '.test-local/**', '.bench-local/**', 'test-results/**', 'playwright-report/**'],
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
    // Features stay independent: a feature may use shared components and lib, never another feature.
    files: ['frontend/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/**', '@frontend/features/*'], message: 'features do not import each other' }] }],
    },
  },
);
