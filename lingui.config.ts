import { defineConfig } from '@lingui/cli';

import { poFormatter } from './scripts/lib/po-format.ts';
import { LOCALE_CODES, SOURCE_LOCALE } from './src/i18n/locales.ts';
import { PSEUDO_LOCALE } from './src/lib/i18n/pseudo.ts';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALE_CODES, PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/locale/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/src/sandbox/**',
      ],
    },
  ],
  format: poFormatter(),
  compileNamespace: 'json',
});
