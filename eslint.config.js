// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (DESIGN.md): lib ← components ← features ← routes/router; middleware ← lib. */
const zones = [
  {
    target: './src/lib',
    from: [
      './src/components',
      './src/features',
      './src/middleware',
      './src/server',
      './src/sandbox',
    ],
    message: 'lib is the shared core: it imports nothing above it.',
  },
  {
    // the app shell (src/components/app, to become src/shell) sits above the features (DESIGN.md)
    target: [
      './src/components/*.ts',
      './src/components/*.tsx',
      './src/components/errors',
      './src/components/layout',
    ],
    from: ['./src/features', './src/middleware', './src/sandbox'],
    message: 'components never import features.',
  },
  {
    target: './src/components/app',
    from: ['./src/middleware', './src/sandbox'],
    message: 'the app shell never imports the middleware or the sandbox.',
  },
  {
    target: './src/features',
    from: ['./src/middleware', './src/sandbox', './src/route-pages.ts'],
    message: 'features never import the middleware, the router or the sandbox.',
  },
  { target: './src', from: './tests', message: 'src never imports tests.' },
  {
    target: [
      './src/lib',
      './src/components',
      './src/features',
      './src/middleware',
      './src/server',
      './src/*.ts',
      './src/*.tsx',
    ],
    from: './src/sandbox',
    message: 'product code never imports the sandbox.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
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
    files: ['src/components/**/*.tsx', 'src/features/**/*.tsx'],
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
                  '^(handle|statusMessage|transform|className|class|id|type|rel|href|to|key|name|role|lang|dir|method|target|src|viewBox|d|fill|stroke|strokeWidth|strokeLinecap|strokeLinejoin|property|content|charSet|hrefLang|placement|selectionMode|slot|variant|autoComplete|inputMode|testId|data-.*|aria-(current|live|hidden|haspopup|controls|labelledby|describedby))$',
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
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
