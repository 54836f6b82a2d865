// @ts-check
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (DESIGN.md): lib ← components ← features ← shell ← server; middleware ← lib.
 * Every folder of src/features is a zone of its own: a feature imports no other feature (what
 * two features share goes to lib or components).
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The route table and its per-route modules at the top of src/. */
const ROUTE_MODULES = ['./src/*.ts', './src/*.tsx'];

const zones = [
  {
    target: './src/lib',
    from: [
      './src/components',
      './src/features',
      './src/shell',
      './src/middleware',
      './src/server',
      './src/sandbox',
    ],
    message:
      'lib is the shared core: it imports no feature, shell, middleware or server.',
  },
  {
    target: './src/lib',
    from: ROUTE_MODULES,
    message:
      'lib imports no route module (routes.ts, route-*.ts, page-address.ts): what both need lives in lib.',
  },
  {
    target: './src/lib',
    from: './src/i18n',
    except: ['./routing.ts', './locales.ts'],
    message:
      'lib may read the locale table (i18n/locales.ts) and the locale strategy (i18n/routing.ts), never what knows the route table or a request (i18n/navigation.ts, i18n/request.ts).',
  },
  {
    target: './src/i18n',
    from: [
      './src/components',
      './src/features',
      './src/shell',
      './src/middleware',
      './src/server',
    ],
    message:
      'locale routing (src/i18n) sits below the pages and the server: it imports lib and the route table only.',
  },
  {
    target: ['./src/components', './src/features', './src/shell'],
    from: './src/i18n/request.ts',
    message:
      "a request's locale negotiation is the server's: UI reads the locale from its props.",
  },
  {
    target: './src/components',
    from: [
      './src/features',
      './src/shell',
      './src/middleware',
      './src/sandbox',
    ],
    message: 'components never import features or the shell.',
  },
  {
    target: './src/shell',
    from: ['./src/middleware', './src/server'],
    message: 'the app shell never imports the middleware or the server.',
  },
  {
    target: './src/features',
    from: [
      './src/shell',
      './src/middleware',
      './src/server',
      './src/sandbox',
      './src/route-pages.ts',
    ],
    message:
      'features never import the shell, the middleware, the server, the router or the sandbox: the shell finds what it needs of a feature by convention (widgets.client.tsx, <kind>-dialog.client.tsx), and a feature reaches the widgets chunk through lib/client/widgets-door.ts.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `features/${feature} imports no other feature: move what both use to lib or components.`,
  })),
  {
    target: './src/middleware',
    from: './src/server',
    message:
      'middleware never imports the server: what both use lives in lib/server.',
  },
  { target: './src', from: './tests', message: 'src never imports tests.' },
  {
    target: [
      './src/lib',
      './src/components',
      './src/features',
      './src/shell',
      './src/middleware',
      './src/server',
      './src/i18n',
      ...ROUTE_MODULES,
    ],
    from: './src/sandbox',
    message: 'product code never imports the sandbox.',
  },
];

/**
 * Unit tests beside product code may start the sandbox and drive its faults (src/sandbox/testing.ts):
 * it is the API they call, not code the product runs.
 */
const testZones = zones.flatMap((zone) => {
  const from = [zone.from].flat().filter((f) => f !== './src/sandbox');
  return from.length > 0 ? [{ ...zone, from }] : [];
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.cache/**',
      'bench/framework-floor/dist/**',
      'node_modules/**',
      'locale/**',
      'test-results/**',
      'bench/results/**',
      '.sandbox-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: {
      'import-x': importX,
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
    },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/order': [
        'error',
        {
          groups: [
            'builtin',
            'external',
            'internal',
            ['parent', 'sibling', 'index'],
          ],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // scrollable regions (code, wide tables) must be reachable by keyboard
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { roles: ['tabpanel', 'region'] },
      ],
    },
  },
  {
    files: [
      'src/components/**/*.tsx',
      'src/features/**/*.tsx',
      'src/shell/**/*.tsx',
    ],
    // A test's expected text is not product copy.
    ignores: ['**/*.test.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^[^a-zA-Z]*$',
            '^[a-z][a-zA-Z0-9]*$',
            '^[a-z0-9-_ .:/#\\[\\]=()]+$',
            '^[A-Z0-9_]+$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(handle|import|statusMessage|transform|className|class|id|type|rel|href|to|key|name|role|lang|dir|method|target|src|viewBox|d|fill|stroke|strokeWidth|strokeLinecap|strokeLinejoin|property|content|charSet|hrefLang|placement|selectionMode|slot|variant|autoComplete|inputMode|testId|data-.*|aria-(current|live|hidden|haspopup|controls|labelledby|describedby))$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            'Error',
            'PageStatusError',
            'SandboxError',
            'RangeError',
            'TypeError',
            'URL',
            'URLSearchParams',
            'Intl.*',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.replace',
            '*.split',
            '*.get',
            '*.set',
            '*.has',
            'JSON.*',
            'new Intl.*',
            '*.glob',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
    },
  },
  {
    // Lingui's <Trans> runtime would join the first JS of every page (issue 8): a client
    // component puts an element inside a sentence with aroundSlot (src/lib/client/slot.ts)
    files: ['src/**/*.client.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Trans']",
          message:
            'No <Trans> in client components: use t`…${slot}…` with aroundSlot (src/lib/client/slot.ts).',
        },
      ],
    },
  },
  {
    files: [
      '**/*.js',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'tests/**/*.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '*.config.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: testZones }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
