import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { arrows } from './scripts/eslint/arrows.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/route-tree.gen.ts',
      'book/**/*.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      '.tmp*',
    ], // .tmp*: scratch files,
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { storymade: { rules: { arrows } } },
    rules: {
      'storymade/arrows': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // What the browser loads: `import { type A } from 'm'` keeps `import 'm'` in the build
    // (verbatimModuleSyntax), so the whole module loads for a type; `import type { A }` loads nothing.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'book/**/*.ts', 'contract/**/*.ts'],
    rules: { '@typescript-eslint/no-import-type-side-effects': 'error' },
  },
  {
    files: ['src/**/*.tsx', 'tests/unit/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // TanStack Query is not in the shop's first load (src/lib/query-host.ts): its hooks and client
    // come from src/lib/query-client.ts, so whatever uses one has loaded the browser's client.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/lib/query-client.ts', 'src/entry-server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              allowTypeImports: true,
              importNames: [
                'QueryClient',
                'QueryClientProvider',
                'useQuery',
                'useQueries',
                'useMutation',
                'useQueryClient',
                'useSuspenseQuery',
                'useInfiniteQuery',
                'keepPreviousData',
                'hydrate',
                'dehydrate',
              ],
              message:
                'Import it from src/lib/query-client.ts (TanStack Query loads with the pages that use it).',
            },
          ],
        },
      ],
    },
  },
  {
    // Machines and the book are pure: no DOM, no fetch, no storage.
    files: ['machines/**/*.ts', 'book/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'fetch',
        'localStorage',
        'sessionStorage',
        'navigator',
        'process',
        'Buffer',
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
);
