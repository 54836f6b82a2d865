import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import { getLocaleEntry } from '../../src/i18n/locales.ts';
import { formatAmount } from '../../src/lib/format/index.ts';
import { routePath } from '../../src/routes.ts';
import { COMPETITION } from '../../src/sandbox/areas/competition/seed.ts';
import { ENVELOPE_RULES } from '../../src/sandbox/areas/red-envelopes/seed.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it } from '../helpers/browser.ts';
import { fillLogin, hydrated, registerAccount } from '../helpers/session.ts';
import { toastTitles } from '../helpers/widgets.ts';

// Issue 27: the competition and red-envelope pages' content, in en, ja-JP and th-TH, and
// their interactive parts (Join, the countdown, the FAQ by keyboard).

const base = inject('baseURL');
const api = inject('apiURL');

const WORDS = {
  en: {
    join: 'Join the competition',
    faq: 'Frequently asked questions',
    total: 'Total prize pool',
    endsIn: 'Ends in',
    howJoin: 'How do I take part?',
    what: 'What is a red envelope?',
    how: 'How to receive a red envelope',
    perDay: `up to ${ENVELOPE_RULES.receivesPerDay} red envelopes a day`,
  },
  'ja-JP': {
    join: 'コンテストに参加',
    faq: 'よくある質問',
    total: '賞金プール総額',
    endsIn: '終了まで',
    howJoin: '参加するには？',
    what: 'レッドパケットとは？',
    how: 'レッドパケットの受け取り方',
    perDay: `最大${ENVELOPE_RULES.receivesPerDay}個`,
  },
  'th-TH': {
    join: 'เข้าร่วมการแข่งขัน',
    faq: 'คำถามที่พบบ่อย',
    total: 'เงินรางวัลรวม',
    endsIn: 'สิ้นสุดในอีก',
    howJoin: 'จะเข้าร่วมได้อย่างไร',
    what: 'อั่งเปาคืออะไร',
    how: 'วิธีรับอั่งเปา',
    perDay: `สูงสุด ${ENVELOPE_RULES.receivesPerDay} ซองต่อวัน`,
  },
} as const;
type Checked = keyof typeof WORDS;

/** The WCAG contrast ratio of an element's background against what is painted behind it. */
const barContrast = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = (v ?? 0) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
    };
    const bar = document.querySelector(sel);
    if (!bar) return 0;
    const own = rgb(getComputedStyle(bar).backgroundColor);
    let behind: Element | null = bar.parentElement?.parentElement ?? null;
    let back = rgb('rgba(0, 0, 0, 0)');
    while (behind) {
      back = rgb(getComputedStyle(behind).backgroundColor);
      if (back[3] !== 0) break;
      behind = behind.parentElement;
    }
    const [a, b] = [luminance(own), luminance(back)].sort((x, y) => y - x);
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  }, selector);

describe.each(Object.entries(WORDS))('issue 27 pages in %s', (key, words) => {
  const locale = key as Checked;
  const intl = getLocaleEntry(locale).intl;

  it('competition: key visual, schedule with a ticking countdown, Join, prizes summing to the pool, visible PnL bars, rules and FAQ by keyboard; axe clean', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.clock.install();
    await page.goto(`${base}${routePath(locale, 'competition')}`);
    await hydrated(page);
    const main = page.getByRole('main');

    const visual = main.locator('svg.key-visual');
    await expect(visual.getAttribute('width')).resolves.toBe('360');
    await expect(visual.getAttribute('height')).resolves.toBe('240');
    await expect(visual.getAttribute('aria-hidden')).resolves.toBe('true');

    // the server's disabled Join button gives way to the trader's own (widgets chunk)
    await expect
      .poll(() => main.getByRole('button', { name: words.join }).isEnabled(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect(
      main.getByRole('button', { name: words.join }).count(),
    ).resolves.toBe(1);

    // the countdown: written by the server, then ticked by the widgets chunk each second
    await expect(
      main.getByText(words.endsIn, { exact: true }).count(),
    ).resolves.toBe(1);
    const live = main.locator('.countdown-live');
    await live.waitFor({ timeout: 15_000 });
    const before = await live.textContent();
    await page.clock.runFor(2_000);
    await expect.poll(() => live.textContent()).not.toBe(before);

    // prizes: the total row states the pool, every prize amount has its decorative icon
    const prizes = main.locator('table.prizes');
    const pool = formatAmount(
      COMPETITION.totalPool,
      COMPETITION.poolCoin,
      intl,
    );
    await expect(prizes.locator('tfoot').textContent()).resolves.toContain(
      pool,
    );
    await expect(prizes.locator('tfoot').textContent()).resolves.toContain(
      words.total,
    );
    const icons = prizes.locator('tbody img.coin-icon');
    await expect(icons.count()).resolves.toBe(COMPETITION.prizePool.length);
    await expect(icons.first().getAttribute('alt')).resolves.toBe('');
    await expect(icons.first().getAttribute('width')).resolves.toBe('20');

    // PnL bars: ≥ 3:1 against the background behind them, the value printed beside each
    const rows = main.locator('table.leaderboard tbody tr');
    await expect(rows.count()).resolves.toBe(COMPETITION.leaderboard.length);
    expect(
      await barContrast(page, 'table.leaderboard tbody tr .pnl-bar'),
    ).toBeGreaterThanOrEqual(3);
    await expect(
      rows.first().locator('.bar-cell .num').textContent(),
    ).resolves.toMatch(/\d/);
    const widths = await main
      .locator('table.leaderboard .pnl-bar')
      .evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(widths[0]).toBeGreaterThan(widths.at(-1) ?? Infinity);
    expect(widths.at(-1)).toBeGreaterThan(0);

    // FAQ: a question opens from the keyboard
    await expect(
      main.getByRole('heading', { name: words.faq }).count(),
    ).resolves.toBe(1);
    const question = main.locator('summary', { hasText: words.howJoin });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(
      question
        .locator('xpath=..')
        .evaluate((d) => (d as HTMLDetailsElement).open),
    ).resolves.toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('red envelopes: what it is, four steps, the rules with their limits and coin icons, FAQ; an opened envelope shows its amount with its icon; axe clean', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(
      `${base}${routePath(locale, 'red-envelopes')}?code=WELCOME2026`,
    );
    await hydrated(page);
    const main = page.getByRole('main');
    for (const heading of [words.what, words.how, words.faq])
      await expect(
        main.getByRole('heading', { name: heading }).count(),
      ).resolves.toBe(1);
    await expect(main.locator('ol.steps > li').count()).resolves.toBe(4);
    await expect(main.locator('.rules').textContent()).resolves.toContain(
      words.perDay,
    );
    const coins = main.locator('.coin-list li');
    await expect(coins.allTextContents()).resolves.toEqual([
      ...ENVELOPE_RULES.coins,
    ]);
    await expect(coins.locator('img[alt=""]').count()).resolves.toBe(
      ENVELOPE_RULES.coins.length,
    );
    const amount = main.locator('.envelope .big-number');
    await expect(amount.textContent()).resolves.toBe(
      formatAmount('8.88', 'USDT', intl),
    );
    await expect(
      amount.locator('img.coin-icon').getAttribute('alt'),
    ).resolves.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('joining the competition', () => {
  it('a guest presses Join by keyboard, logs in, joins (success toast), and the page shows "Joined" from the account after a reload', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'join');
    const { page, problems } = await open();
    await page.goto(`${base}${routePath('en', 'competition')}`);
    await hydrated(page);
    const join = page.getByRole('button', { name: 'Join the competition' });
    await expect.poll(() => join.isEnabled(), { timeout: 15_000 }).toBe(true);
    await join.focus();
    await page.keyboard.press('Enter');
    await fillLogin(page, who);
    await expect
      .poll(() => toastTitles(page))
      .toContain(
        'You have joined the competition. Your futures trades now count towards the leaderboard.',
      );
    const status = page.locator('.join [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/^✓ Joined/);
    await expect(join.count()).resolves.toBe(0);

    // the entry comes from the account: a new load shows "Joined" again
    await page.reload();
    await hydrated(page);
    await expect.poll(() => status.textContent()).toMatch(/^✓ Joined/);
    await expect(join.count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('coin icons on the announcement tables', () => {
  it('each contract row and each margin section names its coin beside a sized, decorative icon', async ({
    open,
  }) => {
    const { page, problems } = await open();
    for (const route of ['contract-detail', 'margin-parameters'] as const) {
      await page.goto(`${base}${routePath('en', route)}`);
      await hydrated(page);
      const main = page.getByRole('main');
      const holders = main.locator(
        route === 'contract-detail' ? 'tbody tr th' : 'section h2',
      );
      const count = await holders.count();
      expect(count).toBeGreaterThan(0);
      const icons = holders.locator('img.coin-icon');
      await expect(icons.count()).resolves.toBe(count);
      for (const icon of (await icons.all()).slice(0, 3)) {
        await expect(icon.getAttribute('alt')).resolves.toBe('');
        await expect(icon.getAttribute('width')).resolves.toBe('20');
        await expect(icon.getAttribute('height')).resolves.toBe('20');
      }
      // the first row's icon is the contract's base coin
      await expect(icons.first().getAttribute('src')).resolves.toMatch(
        /\/coin\/dark\/BTC\.svg$/,
      );
    }
    expect(problems).toEqual([]);
  });
});
