import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { LOCALE_CODES, type Locale } from '../../src/i18n/locales.ts';
import { routePath } from '../../src/routes.ts';
import { onePage, sharedBrowser } from '../helpers/browser.ts';

const base = inject('baseURL');

/** Which font stack each locale should get: one per script (issue 27, item 6). */
const SCRIPT: Record<Locale, string> = {
  'de-DE': 'latin',
  'en-US': 'latin',
  en: 'latin',
  'es-MX': 'latin',
  'fr-FR': 'latin',
  'ru-RU': 'latin',
  'vi-VN': 'latin',
  'ja-JP': 'japanese',
  'ko-KR': 'korean',
  'th-TH': 'thai',
  'zh-MY': 'simplified-chinese',
  'zh-TW': 'traditional-chinese',
};

/**
 * The Noto face (installed by `npm run test:setup`) that must draw the page's heading: the
 * stack's own regional variant, never another region's glyph forms.
 */
const RENDERED: Partial<Record<string, string>> = {
  japanese: 'Noto Sans CJK JP',
  korean: 'Noto Sans CJK KR',
  thai: 'Noto Sans Thai',
  'simplified-chinese': 'Noto Sans CJK SC',
  'traditional-chinese': 'Noto Sans CJK TC',
};

const shared = onePage(sharedBrowser(), {
  viewport: { width: 1366, height: 900 },
});

type Seen = {
  family: string;
  headingFonts: string[];
  price: { family: string; numeric: string };
};
const seen = new Map<Locale, Seen>();

/** The families Chromium actually used to draw a node's text (DevTools protocol). */
const platformFonts = async (p: Page, selector: string): Promise<string[]> => {
  const cdp = await p.context().newCDPSession(p);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector,
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', {
      nodeId,
    });
    return fonts.map((f) => f.familyName);
  } finally {
    await cdp.detach();
  }
};

describe('per-language typography', () => {
  for (const locale of LOCALE_CODES)
    it(`${locale}: the stack of its script draws the text, prices in tabular figures`, async () => {
      const { page, problems } = shared();
      const response = await page.goto(
        `${base}${routePath(locale, 'home', undefined)}`,
      );
      expect(response?.status()).toBe(200);
      const family = await page.evaluate(
        () => getComputedStyle(document.body).fontFamily,
      );
      // the market table's BTC row: its header cell names the pair, the first data cell is the price
      const price = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'BTC/USDT' }) })
        .getByRole('cell')
        .first();
      const priceStyle = await price.evaluate((cell) => {
        const style = getComputedStyle(cell);
        return {
          family: style.fontFamily,
          numeric: style.fontVariantNumeric,
        };
      });
      const headingFonts = await platformFonts(page, 'h1');
      seen.set(locale, { family, headingFonts, price: priceStyle });

      // prices: the page's own face with tabular figures, not a monospace face
      expect(priceStyle.numeric).toContain('tabular-nums');
      expect(priceStyle.family).toBe(family);
      expect(priceStyle.family).not.toMatch(/mono/i);

      const expected = RENDERED[SCRIPT[locale]];
      if (expected) expect(headingFonts).toContain(expected);
      // no other region's CJK forms anywhere in the heading
      for (const other of Object.values(RENDERED))
        if (other !== expected && other?.includes('CJK'))
          expect(headingFonts).not.toContain(other);
      expect(problems).toEqual([]);
    });

  it('one stack per script: the same within a script, different across scripts', () => {
    expect([...seen.keys()].sort()).toEqual([...LOCALE_CODES].sort());
    const byScript = new Map<string, Set<string>>();
    for (const [locale, s] of seen) {
      const script = SCRIPT[locale];
      byScript.set(script, (byScript.get(script) ?? new Set()).add(s.family));
    }
    for (const [script, families] of byScript)
      expect(families.size, `${script}: ${[...families].join(' | ')}`).toBe(1);
    const stacks = [...byScript.values()].map((f) => [...f][0]);
    expect(new Set(stacks).size).toBe(byScript.size);
    expect(byScript.size).toBe(6);
  });
});
