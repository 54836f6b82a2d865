import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import type { Glossary } from '../../scripts/i18n-check-lib.ts';
import {
  getLocaleEntry,
  LOCALE_CODES,
  type Locale,
} from '../../src/i18n/locales.ts';
import { displayDecimals } from '../../src/lib/config/vocabulary.ts';
import { localeSymbols } from '../../src/lib/format/decimal.ts';
import { routePath } from '../../src/routes.ts';
import { onePage, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

const base = inject('baseURL');

const glossary = JSON.parse(
  readFileSync(new URL('../../locale/glossary.json', import.meta.url), 'utf8'),
) as Glossary;
const redEnvelope = glossary.terms.find((t) => t.concept === 'red envelope');

/** Locales whose readers use the 12-hour clock (decision 0035); the rest read 24-hour times. */
const TWELVE_HOUR = new Set<Locale>(['en', 'en-US', 'es-MX']);
/** Day periods of a 12-hour clock, in the scripts of the 24-hour locales. */
const DAY_PERIOD = /上午|下午|午前|午後|오전|오후|\b[AP]M\b/;

const textOf = (page: Page, selector: string) =>
  page.locator(selector).first().innerText();

/**
 * Times, dates, decimals and key terms as each locale's readers expect them, on a phone at 320
 * and 390 px: the market's time short and numeric ("22:33:55 UTC", never "22 นาฬิกา …"), every
 * date in the Gregorian year the footer's "© 2026" counts in (no Buddhist 2569), no "上午12:00"
 * where the clock is 24-hour, the savings estimate in its coin's display precision, and the red
 * envelope page in the glossary's term.
 */
const browser = sharedBrowser();

for (const width of [320, 390] as const)
  describe(`words and numbers at ${width}px`, () => {
    const shared = onePage(browser, {
      viewport: { width, height: 844 },
    });
    for (const locale of LOCALE_CODES)
      it(`${locale}`, async () => {
        const { page, problems } = shared();
        const intl = getLocaleEntry(locale).intl;
        const year = new Date().getUTCFullYear();

        await page.goto(`${base}${routePath(locale, 'home')}`);
        await hydrated(page);
        expect(await textOf(page, '.site-footer .footer-note')).toContain(
          `© ${year}`,
        );
        const updated = await textOf(page, '.market-updated time');
        expect(updated).toMatch(/(?:^|\s)\d{2}:\d{2}:\d{2} UTC(?:\s|$)/);

        await page.goto(`${base}${routePath(locale, 'competition')}`);
        // the schedule and the leaderboard's update time
        const competition = (
          await page.locator('main :is(dd, p.muted)').allInnerTexts()
        ).join('\n');
        // dates in the Gregorian year: the footer's year is there, no Buddhist-era year is
        expect(competition).toMatch(new RegExp(`\\b${year}\\b`));
        expect(competition).not.toMatch(/\b25[5-9]\d\b/);
        if (!TWELVE_HOUR.has(locale))
          expect(competition).not.toMatch(DAY_PERIOD);

        await page.goto(`${base}${routePath(locale, 'savings')}`);
        const { decimal } = localeSymbols(intl);
        const estimate = await page
          .locator('.savings-estimate-example dd')
          .allInnerTexts();
        const amounts = estimate.filter((text) => text.includes('USDT'));
        expect(amounts.length).toBeGreaterThan(0);
        for (const amount of amounts) {
          const fraction = amount.replace(/\s*USDT\s*$/, '').split(decimal)[1];
          expect(fraction?.length ?? 0, amount).toBeLessThanOrEqual(
            displayDecimals('USDT'),
          );
        }

        const own = redEnvelope?.locales[locale];
        if (own) {
          await page.goto(`${base}${routePath(locale, 'red-envelopes')}`);
          const text = await textOf(page, 'main');
          expect(
            own.use.some((term) => new RegExp(term, 'iu').test(text)),
          ).toBe(true);
          for (const avoided of own.avoid ?? [])
            expect(text).not.toMatch(new RegExp(avoided, 'iu'));
        }
        expect(problems).toEqual([]);
      });
  });
