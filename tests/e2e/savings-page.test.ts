import { describe, expect, inject, it } from 'vitest';

import { estimateInterest } from '../../src/features/savings/estimate.ts';
import { getLocaleEntry, type Locale } from '../../src/i18n/locales.ts';
import { displayDecimals } from '../../src/lib/config/vocabulary.ts';
import { formatAmount, formatPercent } from '../../src/lib/format/index.ts';
import { routePath } from '../../src/routes.ts';
import { FEE_TIERS } from '../../src/sandbox/areas/fee-discount/seed.ts';
import { DEMO_SAVINGS, SAVINGS } from '../../src/sandbox/areas/savings/seed.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openPage, quiet, sharedBrowser } from '../helpers/browser.ts';
import { hydrated, loginFromHeader } from '../helpers/session.ts';

const base = inject('baseURL');
const browser = sharedBrowser();

/** The page's text as a reader sees it: no tags, entities decoded, spaces folded. */
const textOf = (html: string): string =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&nbsp;', '\u00a0')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replace(/[ \t\n]+/g, ' ');

const getHtml = async (path: string): Promise<string> => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};

const first = SAVINGS[0];
if (!first) throw new Error('the seed sells savings products');

/** The words each checked locale must show (issue 27: en, one CJK locale, th-TH). */
const WORDS = {
  en: {
    estimate: 'Estimate your earnings',
    mine: 'My savings',
    prompt: 'Log in to see your savings',
    upTo: (limit: string) => `Up to ${limit}`,
    above: (limit: string) => `Above ${limit}`,
    chart: 'Maker and taker fees by VIP tier',
    fees: (maker: string, taker: string) =>
      `Maker fee ${maker}, taker fee ${taker}`,
  },
  'ja-JP': {
    estimate: '収益シミュレーション',
    mine: 'マイ運用',
    prompt: 'ログインすると、預け入れた商品',
    upTo: (limit: string) => `${limit} まで`,
    above: (limit: string) => `${limit} 超`,
    chart: 'VIP ティア別のメイカー・テイカー手数料',
    fees: (maker: string, taker: string) =>
      `メイカー手数料 ${maker}、テイカー手数料 ${taker}`,
  },
  'th-TH': {
    estimate: 'คำนวณผลตอบแทน',
    mine: 'เงินออมของฉัน',
    prompt: 'เข้าสู่ระบบเพื่อดูเงินออมของคุณ',
    upTo: (limit: string) => `สูงสุด ${limit}`,
    above: (limit: string) => `เกิน ${limit}`,
    chart: 'ค่าธรรมเนียม Maker และ Taker ตามระดับ VIP',
    fees: (maker: string, taker: string) =>
      `ค่าธรรมเนียม Maker ${maker} ค่าธรรมเนียม Taker ${taker}`,
  },
} as const;

describe.each(Object.entries(WORDS))(
  'savings and fee discount in %s',
  (code, words) => {
    const locale = code as Locale;
    const intl = getLocaleEntry(locale).intl;

    it('savings (server HTML): rate bands, coin icons, the example estimate, the My savings prompt', async () => {
      const html = await getHtml(routePath(locale, 'savings'));
      const text = textOf(html);
      // the first product's bands as the seed has them
      const [low, , last] = first.tiers;
      expect(low?.upTo).toBeTruthy();
      expect(text).toContain(
        words.upTo(formatAmount(low?.upTo ?? '', 'USDT', intl)),
      );
      expect(text).toContain(formatPercent(low?.apr ?? '', intl));
      expect(text).toContain(formatPercent(last?.apr ?? '', intl));
      expect(text).toContain(words.above(formatAmount('100000', 'USDT', intl)));
      // every row's coin icon: sized, decorative beside the ticker
      const icons = html.match(/<img class="coin-icon"[^>]*>/g) ?? [];
      expect(icons.length).toBeGreaterThanOrEqual(SAVINGS.length);
      for (const icon of icons) {
        expect(icon).toMatch(/alt=""/);
        expect(icon).toMatch(/width="\d+"/);
        expect(icon).toMatch(/height="\d+"/);
      }
      // the example the server computed, in decimal strings
      expect(text).toContain(words.estimate);
      const example = estimateInterest('5000', first.tiers, 30);
      expect(example).toBeDefined();
      // interest in USDT's display precision (cents), not 8 decimals
      const cents = { maxDecimals: displayDecimals('USDT') };
      expect(text).toContain(
        formatAmount(example?.daily ?? '', 'USDT', intl, cents),
      );
      expect(text).toContain(
        formatAmount(example?.total ?? '', 'USDT', intl, cents),
      );
      expect(text).not.toContain(
        formatAmount(example?.daily ?? '', 'USDT', intl),
      );
      expect(text).toContain(words.mine);
      expect(text).toContain(words.prompt);
    });

    it('fee discount: the chart is captioned and every tier reads its maker and taker fees', async () => {
      const text = textOf(await getHtml(routePath(locale, 'fee-discount')));
      expect(text).toContain(words.chart);
      for (const tier of FEE_TIERS)
        expect(text).toContain(
          words.fees(
            formatPercent(tier.makerFee, intl, 3),
            formatPercent(tier.takerFee, intl, 3),
          ),
        );
    });
  },
);

/** Product ids of the table's rows, top to bottom. */
const rowOrder = (html: string): string[] =>
  [...html.matchAll(/<tr data-product="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('sorting the savings table', () => {
  it('is server-rendered from ?sort= (works without JavaScript), aria-sort on the column', async () => {
    const path = routePath('en', 'savings');
    const byQuota = [...SAVINGS]
      .sort((a, b) => Number(b.quotaLeft) - Number(a.quotaLeft))
      .map((p) => p.id);
    const html = await getHtml(`${path}?sort=quota-desc`);
    expect(rowOrder(html)).toEqual(byQuota);
    expect(html).toMatch(
      /<th[^>]*aria-sort="descending"[^>]*>\s*<a[^>]*data-sort="quota"/,
    );
    // an unknown order is the API's order, with no column marked
    const plain = await getHtml(`${path}?sort=nonsense`);
    expect(rowOrder(plain)).toEqual(SAVINGS.map((p) => p.id));
    expect(plain).not.toContain('aria-sort=');
  });

  it('a header is a keyboard-operable link: Enter sorts, Enter again reverses', async () => {
    const { context, page, problems } = await openPage(browser());
    try {
      await page.goto(`${base}${routePath('en', 'savings')}`);
      await hydrated(page);
      const header = page.locator('a[data-sort="apr"]');
      await header.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=apr-desc/);
      // the sorted page is a new document: its table is shown (and its header can take the
      // focus) once it has hydrated, streamed sections revealed
      await hydrated(page);
      const apr = page.locator('th:has(a[data-sort="apr"])');
      await expect.poll(() => apr.getAttribute('aria-sort')).toBe('descending');
      const best = [...SAVINGS].sort(
        (a, b) => Number(b.apr) - Number(a.apr),
      )[0];
      await expect
        .poll(() =>
          page.locator('tbody tr').first().getAttribute('data-product'),
        )
        .toBe(best?.id);
      await header.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=apr-asc/);
      await expect.poll(() => apr.getAttribute('aria-sort')).toBe('ascending');
      const worst = [...SAVINGS].sort(
        (a, b) => Number(a.apr) - Number(b.apr),
      )[0];
      await expect
        .poll(() =>
          page.locator('tbody tr').first().getAttribute('data-product'),
        )
        .toBe(worst?.id);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the earnings calculator', () => {
  it('updates the estimate as the amount and the term change, in the reader’s number format', async () => {
    const { context, page, problems } = await openPage(browser());
    try {
      const intl = getLocaleEntry('de-DE').intl;
      await page.goto(`${base}${routePath('de-DE', 'savings')}`);
      await hydrated(page);
      // the calculator is claimed on first sight: below the fold, the widgets leave it alone
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('/widgets.client')),
      );
      await quiet(page);
      const section = page.locator('section.savings-estimate');
      const box = await section.boundingBox();
      expect(box?.y).toBeGreaterThan(900);
      const chunks = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('estimate-calculator'))
            .map((entry) => entry.name),
        );
      await expect(chunks()).resolves.toEqual([]);
      const calculator = page.locator('.estimate-calculator');
      await expect(calculator.count()).resolves.toBe(0);
      // in sight, it takes the server's example's place at the same height (nothing moves)
      await section.scrollIntoViewIfNeeded();
      await calculator.waitFor();
      await expect(
        section.locator('.savings-estimate-example').isVisible(),
      ).resolves.toBe(false);
      const live = await section.boundingBox();
      expect(Math.abs((live?.height ?? 0) - (box?.height ?? 0))).toBeLessThan(
        2,
      );
      const output = calculator.locator('.estimate-output');
      // de-DE writes 1.234,5 for 1234.5
      const amount = calculator.getByRole('textbox', { name: /USDT/ });
      await amount.fill('20.000,5');
      const at30 = estimateInterest('20000.5', first.tiers, 30);
      await expect
        .poll(() => output.innerText(), { timeout: 10_000 })
        .toContain(
          formatAmount(at30?.total ?? '', 'USDT', intl, { maxDecimals: 2 }),
        );
      const term = calculator.getByLabel(/Laufzeit/);
      await term.fill('365');
      await term.press('Tab');
      const atYear = estimateInterest('20000.5', first.tiers, 365);
      await expect
        .poll(() => output.innerText())
        .toContain(
          formatAmount(atYear?.total ?? '', 'USDT', intl, { maxDecimals: 2 }),
        );
      // a fixed-term product by keyboard: its own term is used
      const fixed = SAVINGS.find((p) => p.id === 'btc-90');
      if (!fixed) throw new Error('the seed sells btc-90');
      await calculator.getByRole('button', { name: /Sparprodukt/ }).focus();
      await page.keyboard.press('Enter');
      const option = page.getByRole('option', {
        name: 'BTC-Festgeld, 90 Tage',
      });
      await option.waitFor();
      await option.press('Enter');
      await expect.poll(() => term.inputValue()).toBe('90');
      const btcAmount = calculator.getByRole('textbox', { name: /BTC/ });
      await btcAmount.fill('0,5');
      const btc = estimateInterest('0.5', fixed.tiers, 90);
      await expect
        .poll(() => output.innerText())
        .toContain(formatAmount(btc?.total ?? '', 'BTC', intl));
      await expect(
        axeViolations(page, { include: 'section.savings-estimate' }),
      ).resolves.toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('My savings', () => {
  it('a guest gets the prompt and a Log in button; after logging in, the trader sees their savings', async () => {
    const { context, page, problems } = await openPage(browser());
    try {
      await page.goto(`${base}${routePath('en', 'savings')}`);
      await hydrated(page);
      const section = page.locator('section.my-savings');
      // claimed on first sight
      await section.scrollIntoViewIfNeeded();
      await expect
        .poll(() => section.getByRole('button', { name: 'Log in' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      await loginFromHeader(page);
      const table = section.getByRole('table');
      await table.waitFor();
      const text = await table.innerText();
      for (const seeded of DEMO_SAVINGS) {
        const product = SAVINGS.find((p) => p.id === seeded.productId);
        if (!product) throw new Error(`unknown ${seeded.productId}`);
        const days =
          product.kind === 'fixed'
            ? Math.min(seeded.daysAgo, product.termDays)
            : seeded.daysAgo;
        // interest since the seeded subscription, as the calculator computes it
        const accrued = estimateInterest(seeded.amount, product.tiers, days);
        expect(text).toContain(formatAmount(seeded.amount, product.coin, 'en'));
        expect(text).toContain(
          formatAmount(accrued?.total ?? '', product.coin, 'en'),
        );
      }
      await expect(
        section.getByText(/Log in to see your savings/).isVisible(),
      ).resolves.toBe(false);
      await expect(
        axeViolations(page, { include: 'section.my-savings' }),
      ).resolves.toEqual([]);
      // the subscribe dialog shows the product's rate bands too
      await page
        .locator(`tr[data-product="${first.id}"] button.zmx-pv-subscribe`)
        .click();
      const dialog = page.locator('[data-dialog="subscribe"]');
      await dialog.waitFor();
      const [low] = first.tiers;
      await expect
        .poll(() => dialog.innerText())
        .toContain(`Up to ${formatAmount(low?.upTo ?? '', 'USDT', 'en')}`);
      await expect(dialog.innerText()).resolves.toContain(
        formatPercent(low?.apr ?? '', 'en'),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
