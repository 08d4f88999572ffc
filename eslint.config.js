import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md, "Layers"): the rules that keep the three source trees
 * free of import cycles and keep each layer, module and feature to what it may import. A new cycle
 * or a deep import fails `npm run lint`, not a review.
 */
const SOURCE_TREES = ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'];

const boundaries = {
  // The web app joins once its features stand apart (issue 27).
  files: SOURCE_TREES.filter((tree) => !tree.startsWith('apps/web')),
  plugins: { 'import-x': importX },
  settings: {
    // Parse imported TypeScript files too (no-cycle follows them), resolved as the compiler does:
    // the web app's `@/` paths and the shared package's exports.
    ...importX.flatConfigs.typescript.settings,
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        noWarnOnMultipleProjects: true,
        project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
      }),
    ],
  },
  rules: {
    // Static and dynamic imports alike: a lazily loaded module that imports its loader back is
    // still a cycle. Type-only imports are held to the layers by no-restricted-paths below.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  boundaries,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features compose through the app layer, never through each other's internals (STYLE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*'], message: 'The app layer composes features; features do not import it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
