import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import { formatAmount } from '../../src/lib/format/index.ts';
import { routePath } from '../../src/routes.ts';
import { PROJECTS } from '../../src/sandbox/areas/launchpad/seed.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it } from '../helpers/browser.ts';
import { DEMO, fillLogin, hydrated } from '../helpers/session.ts';
import { units } from '../helpers/widgets.ts';

// Issue 27's launchpad gaps, in the browser: countdowns that tick, oversubscription, results of
// past launches, token details, FAQ, project logos, and a trader's own commitment.

const base = inject('baseURL');

/** The words each checked locale must show. */
const WORDS = {
  en: {
    results: 'Results of past launches',
    over: 'Oversubscribed ×14.27',
    token: 'Token details',
    faq: 'Frequently asked questions',
    question: 'How do I take part?',
    distributed: 'Phase: tokens distributed',
    subscribing: 'Phase: subscribing',
    dates: 'Key dates',
  },
  'ja-JP': {
    results: '過去のローンチ結果',
    over: '応募倍率 14.27 倍',
    token: 'トークン詳細',
    faq: 'よくある質問',
    question: '参加するには？',
    distributed: 'フェーズ：トークン配布済み',
    subscribing: 'フェーズ：申込受付中',
    dates: '主要日程',
  },
  'th-TH': {
    results: 'ผลลัพธ์ของการเปิดตัวที่ผ่านมา',
    over: 'จองซื้อเกิน ×14.27',
    token: 'รายละเอียดโทเค็น',
    faq: 'คำถามที่พบบ่อย',
    question: 'ฉันจะเข้าร่วมได้อย่างไร',
    distributed: 'ช่วง: แจกจ่ายโทเค็นแล้ว',
    subscribing: 'ช่วง: เปิดจองซื้อ',
    dates: 'วันสำคัญ',
  },
} as const;

type Locale = keyof typeof WORDS;

/** Every project logo on the page: sized, with its alternative, loaded from the site. */
const logosOk = async (page: Page) => {
  const logos = await page.locator('img.project-logo').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: new URL(img.src).origin === location.origin,
      sized:
        img.getAttribute('width') !== null &&
        img.getAttribute('height') !== null,
      alt: img.alt.length > 0,
    })),
  );
  expect(logos.length).toBeGreaterThan(0);
  expect(logos.every((l) => l.src && l.sized && l.alt)).toBe(true);
};

/** Waits until the first countdown's text differs from `before` (the widgets tick it each second). */
const ticks = async (page: Page) => {
  const timer = page.getByRole('main').getByRole('timer').first();
  const before = await timer.textContent();
  expect(before).toMatch(/\d/);
  await expect
    .poll(() => timer.textContent(), { timeout: 15_000, interval: 250 })
    .not.toBe(before);
};

/**
 * Counts the Intl formatters the page builds (`intlBuilt` on the window): the first one costs the
 * browser ICU's start-up, a long task on a slow phone.
 */
const countIntl = () => {
  const counter = globalThis as { intlBuilt?: number };
  counter.intlBuilt = 0;
  for (const name of [
    'NumberFormat',
    'DateTimeFormat',
    'PluralRules',
    'RelativeTimeFormat',
  ] as const) {
    const counted = new Proxy(Intl[name], {
      construct(target, args: unknown[]) {
        counter.intlBuilt = (counter.intlBuilt ?? 0) + 1;
        return Reflect.construct(target, args) as object;
      },
    });
    Object.defineProperty(Intl, name, {
      value: counted,
      configurable: true,
      writable: true,
    });
  }
};

const past = PROJECTS.filter((p) => p.state === 'ended').sort(
  (a, b) => Date.parse(b.endAt) - Date.parse(a.endAt),
);

describe.each(Object.keys(WORDS) as Locale[])('launchpad in %s', (locale) => {
  const words = WORDS[locale];

  it('list: countdowns tick, past results newest first with ×14.27, logos sized with alternatives, axe clean', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.addInitScript(countIntl);
    await page.goto(`${base}${routePath(locale, 'launchpad')}`);
    await hydrated(page);
    const main = page.getByRole('main');
    const results = main.locator('table.launch-results');
    await main.getByRole('heading', { name: words.results }).waitFor();
    const names = await results
      .locator('tbody th[scope="row"]')
      .allTextContents();
    expect(names.map((n) => n.replace(/\s*\(.*$/, '').trim())).toEqual(
      past.map((p) => p.name),
    );
    const prism = results.locator('tbody tr', { hasText: 'Prism Protocol' });
    await expect(prism.textContent()).resolves.toContain('×14.27');
    await logosOk(page);
    await ticks(page);
    // the ticker fills in the words the server wrote: a guest's page builds no Intl formatter
    expect(
      await page.evaluate(
        () => (globalThis as { intlBuilt?: number }).intlBuilt,
      ),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a past project: phase in words, ×14.27, token details with safe links, FAQ opens by keyboard', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(
      `${base}${routePath(locale, 'launchpad-project', 'prism-protocol')}`,
    );
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByText(words.distributed).waitFor();
    await expect(main.getByText(words.over).count()).resolves.toBe(1);
    await main.getByRole('heading', { name: words.token }).waitFor();
    await expect(main.getByText('PRS/USDT').count()).resolves.toBe(1);
    const links = await main
      .locator('.launch-links a')
      .evaluateAll((as) =>
        (as as HTMLAnchorElement[]).map((a) => [
          new URL(a.href).hostname,
          a.rel,
        ]),
      );
    expect(links.length).toBe(5);
    for (const [host, rel] of links) {
      expect(host).toMatch(/(^|\.)example\.org$/);
      expect(rel).toBe('noopener noreferrer');
    }
    await main.getByRole('heading', { name: words.faq }).waitFor();
    const details = main.locator('details', {
      has: page.locator('summary', { hasText: words.question }),
    });
    const question = details.locator('summary');
    await expect(
      details.evaluate((d) => (d as HTMLDetailsElement).open),
    ).resolves.toBe(false);
    await question.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open))
      .toBe(true);
    await logosOk(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('an open launch: the phase and its countdowns tick, key dates listed', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(
      `${base}${routePath(locale, 'launchpad-project', 'aurora-chain')}`,
    );
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByText(words.subscribing).waitFor();
    await main.getByRole('heading', { name: words.dates }).waitFor();
    // subscription closes, distribution and listing are ahead: three countdowns, plus the phase's
    await expect(main.getByRole('timer').count()).resolves.toBe(4);
    await ticks(page);
    expect(problems).toEqual([]);
  });
});

describe('a launch that moves on while its page is open', () => {
  it('shows the next phase when the subscription closes, without a reload', async ({
    open,
  }) => {
    const project = PROJECTS.find((p) => p.id === 'aurora-chain');
    if (!project) throw new Error('the seed has aurora-chain');
    const { page, problems } = await open();
    // the browser's clock runs as usual, and can be moved on
    await page.clock.install({ time: Date.now() });
    await page.goto(
      `${base}${routePath('en', 'launchpad-project', 'aurora-chain')}`,
    );
    await hydrated(page);
    const head = page.locator('.launch-head');
    // one phase line shows at a time: the others wait, hidden, for their moment
    const shown = head.locator('.launch-phase:not([hidden])');
    await expect(shown.count()).resolves.toBe(1);
    await expect(shown.innerText()).resolves.toContain(WORDS.en.subscribing);
    // the widgets' ticker runs (it adds the live countdown)
    await head
      .locator('.countdown-live')
      .first()
      .waitFor({ state: 'attached' });
    await page.clock.fastForward(
      Date.parse(project.endAt) - Date.now() + 2_000,
    );
    await expect
      .poll(() => shown.innerText(), { timeout: 10_000 })
      .toContain('Phase: calculating allocations');
    await expect(shown.count()).resolves.toBe(1);
    await expect(shown.innerText()).resolves.toContain('Token distribution');
    expect(problems).toEqual([]);
  });
});

describe("a trader's own commitment", () => {
  it('guest HTML has none; logged in, the widget shows it and follows a new subscription', async ({
    open,
  }) => {
    const path = routePath('en', 'launchpad-project', 'aurora-chain');
    const guestHtml = await (await fetch(`${base}${path}`)).text();
    // the widget's mark is there, empty: nothing of a trader's is in the cacheable HTML
    expect(guestHtml).toMatch(
      /<div class="launch-mine-slot" data-launchpad-mine="[^"]*"><\/div>/,
    );
    const { page, problems } = await open();
    await page.goto(`${base}${path}`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    await fillLogin(page, DEMO);
    const mine = page.getByRole('region', { name: 'My subscription' });
    await mine.waitFor();
    /** The commitment the widget shows, in 10⁻⁸ USDT (none yet: 0). */
    const committed = async () => {
      const text = (await mine.textContent()) ?? '';
      if (text.includes('You have not committed to this launch yet.'))
        return 0n;
      const match = /My commitment\s*([\d,.]+)\u00a0USDT/.exec(text);
      return match?.[1] ? units(match[1].replaceAll(',', '')) : -1n;
    };
    await expect.poll(committed).toBeGreaterThanOrEqual(0n);
    const before = await committed();
    await page.locator('button.zmx-pv-subscribe').first().click();
    const dialog = page.getByRole('dialog', {
      name: /^Subscribe to Aurora Chain/,
    });
    await dialog.waitFor();
    await dialog.getByLabel('Amount (USDT)').fill('10');
    await dialog
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await dialog.waitFor({ state: 'detached' });
    // the widget reads the commitment again once the subscription changed the balances
    const after = before + 10n * 10n ** 8n;
    await expect.poll(committed).toBe(after);
    // not oversubscribed (64 %): every USDT buys tokens at 0.045, shown to four decimals
    const tokens = (after * 1000n) / 45n;
    const expected = formatAmount(
      `${tokens / 10n ** 8n}.${(tokens % 10n ** 8n).toString().padStart(8, '0')}`,
      'AUR',
      'en',
      { maxDecimals: 4 },
    );
    await expect(mine.textContent()).resolves.toContain(expected);
    expect(problems).toEqual([]);
  });
});
