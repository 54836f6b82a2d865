import { describe, expect, it } from 'vitest';

import { LOCALE_FONTS, missingFont } from '../../scripts/lib/system-needs.ts';
import { LOCALE_CODES } from '../../src/i18n/locales.ts';

/**
 * A font for every locale's script, so a layout test measures the page and not the fallback
 * of a machine that lacks one (`npm run test:setup` installs them).
 */
describe('fonts on this machine', () => {
  for (const locale of LOCALE_CODES)
    it(`covers ${locale} (${LOCALE_FONTS[locale].script})`, () => {
      expect(missingFont(locale)).toBeUndefined();
    });
});
