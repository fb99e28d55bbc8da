import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = [
  'account',
  'address',
  'auth',
  'cart',
  'catalog',
  'checkout',
  'layout',
  'map',
  'orders',
  'policies',
  'pwa',
  'popups',
  'search',
  'giftcards',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-server.next',
      'data',
      '.tmp',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way imports: shared code never imports features or routes; a feature reaches another
      // feature only through its public index.ts; the client takes nothing but types from server/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/components', './src/lib', './src/styles'],
              from: ['./src/features', './src/routes'],
              message: 'Shared code must not depend on features or routes.',
            },
            {
              target: './src/features',
              from: './src/routes',
              message: 'Features must not import routes.',
            },
            ...features.map((feature) => ({
              target: `./src/features/!(${feature})/**/*`,
              from: `./src/features/${feature}`,
              except: ['./index.ts'],
              message: `Import the ${feature} feature through its index.ts, not its internals.`,
            })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server/(?!schemas/)',
              message: 'The client may only import types from server/schemas.',
            },
          ],
        },
      ],
    },
  },
);
