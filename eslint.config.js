import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which features each feature may import (src/features/README.md, decision 016). Imports run one
 * way, so features never load each other in a loop; tests/architecture/feature-imports.test.ts
 * checks the same for dynamic imports. Adding a feature folder means adding it here.
 */
const featureImports = {
  account: ['address', 'auth', 'cart', 'layout', 'policies'],
  address: ['auth', 'location'],
  auth: ['popups'],
  cart: ['address', 'auth', 'location', 'popups'],
  catalog: [],
  checkout: ['address', 'auth', 'cart', 'payment'],
  giftcards: ['account', 'auth', 'policies'],
  layout: ['auth', 'cart', 'catalog', 'location', 'policies', 'popups', 'search'],
  location: [],
  ops: ['auth', 'popups'],
  orders: ['account', 'auth', 'cart', 'payment', 'popups'],
  payment: ['auth'],
  policies: [],
  popups: [],
  pwa: ['address', 'orders', 'popups'],
  search: ['catalog'],
};

const features = Object.keys(featureImports);
const unlisted = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !features.includes(entry.name))
  .map((entry) => entry.name);
if (unlisted.length > 0) {
  throw new Error(`eslint.config.js: say which features ${unlisted.join(', ')} may import (featureImports)`);
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-server.next',
      'dist-node',
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
            ...Object.entries(featureImports).map(([feature, allowed]) => ({
              target: `./src/features/${feature}`,
              from: features
                .filter((other) => other !== feature && !allowed.includes(other))
                .map((other) => `./src/features/${other}`),
              message: `The ${feature} feature may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other feature'} (src/features/README.md).`,
            })),
          ],
        },
      ],
      // Dates and times show in IST with AM/PM in capitals, wherever the device is: through
      // src/lib/india-time.ts, the one place that builds a date formatter.
      'no-restricted-properties': [
        'error',
        ...[
          { object: 'Intl', property: 'DateTimeFormat' },
          { property: 'toLocaleTimeString' },
          { property: 'toLocaleDateString' },
          // A Date's in the device's zone; a number's loads the locale data (formatRupees, decision 049).
          { property: 'toLocaleString' },
        ].map((restricted) => ({
          ...restricted,
          message: 'Format dates and times with src/lib/india-time.ts (IST, AM/PM).',
        })),
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
