import { describe, expect, inject, it } from 'vitest';

import { getLocaleEntry } from '../../src/i18n/locales.ts';
import { formatAmount, formatPercent } from '../../src/lib/format/index.ts';
import { routePath } from '../../src/routes.ts';
import { CONTRACTS } from '../../src/sandbox/areas/announcements/seed.ts';
import { FEE_TIERS } from '../../src/sandbox/areas/fee-discount/seed.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openPage, quiet, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

const base = inject('baseURL');
const browser = sharedBrowser();

/** The words each checked locale must show (issue 27: en, one CJK locale, th-TH). */
const WORDS = {
  en: {
    published: 'Published',
    effective: 'Effective from',
    mark: 'Mark price',
    aboutMark: 'About the mark price',
    aboutMaintenance: 'About the maintenance margin rate',
    next: 'Next page',
    page2: 'Page 2 of',
  },
  'ja-JP': {
    published: '公開日',
    effective: '適用開始日',
    mark: 'マーク価格',
    aboutMark: 'マーク価格について',
    aboutMaintenance: '維持証拠金率について',
    next: '次のページ',
    page2: 'ページ中 2 ページ',
  },
  'th-TH': {
    published: 'เผยแพร่เมื่อ',
    effective: 'มีผลตั้งแต่',
    mark: 'ราคามาร์ก',
    aboutMark: 'เกี่ยวกับราคามาร์ก',
    aboutMaintenance: 'เกี่ยวกับอัตรามาร์จิ้นคงไว้',
    next: 'หน้าถัดไป',
    page2: 'หน้า 2 จาก',
  },
} as const;

const PAGES = Math.ceil(CONTRACTS.length / 25);

describe.each(Object.entries(WORDS))(
  'contract details and margin parameters in %s',
  (locale, words) => {
    it('contract details: dates, mark/index/funding columns, a paginator of 36 px buttons with the page in the URL, axe clean', async () => {
      const { context, page, problems } = await openPage(browser());
      try {
        const path = routePath(locale as keyof typeof WORDS, 'contract-detail');
        await page.goto(`${base}${path}`);
        await hydrated(page);
        const main = page.getByRole('main');
        await expect(main.getByText(words.published).count()).resolves.toBe(1);
        await expect(main.getByText(words.effective).count()).resolves.toBe(1);
        await expect(
          main.getByRole('columnheader', { name: words.mark }).count(),
        ).resolves.toBe(1);
        // 25 rows a page of a few hundred contracts
        expect(CONTRACTS.length).toBeGreaterThanOrEqual(200);
        await expect(main.locator('tbody tr').count()).resolves.toBe(25);
        const nav = main.getByRole('navigation');
        const current = nav.locator('[aria-current="page"]');
        await expect(current.textContent()).resolves.toBe('1');
        const box = await current.boundingBox();
        expect(box?.height).toBe(36);
        expect(box?.width).toBeGreaterThanOrEqual(36);
        // the last page link names the page count
        await expect(
          nav.getByRole('link', { name: new RegExp(`${PAGES}`) }).count(),
        ).resolves.toBeGreaterThan(0);
        expect(await axeViolations(page)).toEqual([]);

        // next page: the address carries ?page=2, the first row is the 26th contract
        await nav.getByRole('link', { name: words.next }).click();
        await page.waitForURL(/[?&]page=2\b/);
        await expect
          .poll(() => main.locator('[aria-current="page"]').textContent())
          .toBe('2');
        const first = CONTRACTS[25]?.symbol.replace(/^B_/, '') ?? '';
        await expect
          .poll(() => main.locator('tbody tr th').first().textContent())
          .toBe(first);
        await expect(
          main.locator('[aria-current="page"]').getAttribute('aria-label'),
        ).resolves.toContain(words.page2);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('the page in the URL is served as such without JavaScript, and bad pages read as the nearest page', async () => {
      const path = routePath(locale as keyof typeof WORDS, 'contract-detail');
      const third = await (await fetch(`${base}${path}?page=3`)).text();
      expect(third).toContain(
        `>${CONTRACTS[50]?.symbol.replace(/^B_/, '') ?? ''}<`,
      );
      for (const bad of ['0', '-1', 'abc', '99999', '1e3']) {
        const res = await fetch(`${base}${path}?page=${bad}`);
        expect(res.status).toBe(200);
      }
      const last = await (await fetch(`${base}${path}?page=99999`)).text();
      expect(last).toContain(
        `>${CONTRACTS.at(-1)?.symbol.replace(/^B_/, '') ?? ''}<`,
      );
    });

    it('the tooltip opens on keyboard focus and on a tap, at most 294 px wide, and Escape closes it', async () => {
      const { context, page, problems } = await openPage(browser());
      try {
        const path = routePath(
          locale as keyof typeof WORDS,
          'margin-parameters',
        );
        await page.goto(`${base}${path}`);
        await hydrated(page);
        const main = page.getByRole('main');
        await expect(main.getByText(words.published).count()).resolves.toBe(1);
        const hint = main.getByRole('button', { name: words.aboutMaintenance });
        // the react-aria tooltip is not loaded until someone reaches for a hint
        await quiet(page);
        const tooltipChunks = () =>
          page.evaluate(
            () =>
              performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes('figure-tooltip'))
                .length,
          );
        await expect(tooltipChunks()).resolves.toBe(0);
        await expect(hint.getAttribute('data-rac')).resolves.toBeNull();
        // the keyboard focus brings it: it replaces the plain button and keeps the focus
        await hint.focus();
        await expect
          .poll(() => hint.getAttribute('data-rac'), { timeout: 10_000 })
          .toBe('');
        await expect
          .poll(() =>
            page.evaluate(
              () => document.activeElement?.getAttribute('data-rac') ?? null,
            ),
          )
          .toBe('');
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        const tip = page.getByRole('tooltip');
        await expect.poll(() => tip.count()).toBe(1);
        const width = (await tip.boundingBox())?.width ?? 0;
        expect(width).toBeGreaterThan(100);
        expect(width).toBeLessThanOrEqual(294);
        await page.keyboard.press('Escape');
        await expect.poll(() => tip.count()).toBe(0);
        // the open tooltip is portalled to the body (no landmark) while it shows: axe once
        // closed (in English; the contract page runs axe in every locale checked)
        if (locale === 'en') expect(await axeViolations(page)).toEqual([]);
        // a tap (a press that is not a hover) toggles it
        await hint.dispatchEvent('pointerdown', { pointerType: 'touch' });
        await hint.dispatchEvent('pointerup', { pointerType: 'touch' });
        await hint.dispatchEvent('click');
        await expect.poll(() => tip.count()).toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);

describe('a hint reached by a pointer', () => {
  it('loads the tooltip on hover and opens it at once, for the pointer that is still there', async () => {
    const { context, page, problems } = await openPage(browser());
    try {
      await page.goto(`${base}${routePath('en', 'margin-parameters')}`);
      await hydrated(page);
      const hint = page
        .getByRole('main')
        .getByRole('button', { name: WORDS.en.aboutMaintenance });
      await hint.hover();
      const tip = page.getByRole('tooltip');
      await expect.poll(() => tip.count(), { timeout: 10_000 }).toBe(1);
      await expect(tip.innerText()).resolves.toMatch(/margin/i);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('without JavaScript', () => {
  it('every hint is a described button: the explanation is in the HTML', async () => {
    const html = await (
      await fetch(`${base}${routePath('en', 'contract-detail')}`)
    ).text();
    expect(html).toMatch(
      /aria-label="About the mark price"[^>]*aria-describedby="/,
    );
    expect(html).toContain('Unrealized profit and liquidation are calculated');
  });
});

describe('the fee discount example', () => {
  it.each(['en', 'ja-JP', 'th-TH', 'fr-FR', 'de-DE'] as const)(
    '%s: the worked example comes from the tiers and is formatted as the table is',
    async (locale) => {
      const intl = getLocaleEntry(locale).intl;
      const html = (
        await (
          await fetch(`${base}${routePath(locale, 'fee-discount')}`)
        ).text()
      ).replaceAll('&nbsp;', '\u00a0');
      const tier = FEE_TIERS[2];
      const lower = FEE_TIERS[1];
      if (!tier || !lower) throw new Error('the seed has VIP 1 and VIP 2');
      const taker = formatPercent(tier.takerFee, intl, 3);
      const example = /<p class="muted small">([^<]*VIP 0[^<]*)<\/p>/.exec(
        html,
      )?.[1];
      expect(example).toBeDefined();
      expect(example).toContain(taker);
      expect(example).toContain(formatPercent(tier.discount, intl, 0));
      expect(example).toContain(formatAmount(tier.volume30d, 'USDT', intl));
      expect(example).toContain(formatAmount(lower.holding, 'USDT', intl));
      // the table shows VIP 2's taker fee in the very same form
      expect(html).toContain(`<td>${taker}</td>`);
    },
  );
});
