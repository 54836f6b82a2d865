import { defineConfig } from '@lingui/cli';

import { poFormatter } from './scripts/lib/po-format.ts';
import { LOCALE_CODES, SOURCE_LOCALE } from './src/lib/locales.ts';

/** The pseudo-locale: accented and about 35% longer, for development only (npm run dev:pseudo). */
export const PSEUDO_LOCALE = 'pseudo';

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
