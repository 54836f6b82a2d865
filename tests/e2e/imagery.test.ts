import { afterAll, describe, expect, inject, it } from 'vitest';

import { ROUTES, routePath } from '../../src/routes.ts';
import { PROJECTS } from '../../src/sandbox/areas/launchpad/seed.ts';
import { COINS, TICKERS } from '../../src/sandbox/seed.ts';
import { openPage, sharedBrowser } from '../helpers/browser.ts';

const base = inject('baseURL');
const browser = sharedBrowser();
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};
const PAGES = ROUTES.map((r) =>
  routePath('en', r.id, 'param' in r ? KEYS[r.param] : undefined),
);

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

type ImageFacts = {
  src: string;
  width: string | null;
  height: string | null;
  alt: string | null;
  loading: string | null;
  top: number;
  loaded: boolean;
};
type SvgFacts = { hidden: boolean; role: string | null; name: string };

describe('imagery', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`at ${viewport.width}px every image has its size and a text alternative, lazy below the fold, and none leaves the site`, async () => {
      const { context, page, problems } = await openPage(browser(), {
        viewport,
      });
      closers.push(() => context.close());
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(base).origin)
          elsewhere.push(request.url());
      });
      let images = 0;
      for (const path of PAGES) {
        const response = await page.goto(`${base}${path}`);
        expect(response?.status(), path).toBe(200);
        const facts = await page.evaluate(() => ({
          fold: window.innerHeight,
          images: [...document.images].map((img): ImageFacts => ({
            src: img.getAttribute('src') ?? '',
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
            alt: img.getAttribute('alt'),
            loading: img.getAttribute('loading'),
            top: img.getBoundingClientRect().top + window.scrollY,
            loaded: img.complete,
          })),
          svgs: [...document.querySelectorAll('svg')].map((svg): SvgFacts => ({
            hidden: svg.closest('[aria-hidden="true"]') !== null,
            role: svg.getAttribute('role'),
            name: svg.getAttribute('aria-label') ?? '',
          })),
        }));
        images += facts.images.length;
        for (const img of facts.images) {
          const where = `${path} ${img.src}`;
          expect(img.width, where).toMatch(/^\d+$/);
          expect(img.height, where).toMatch(/^\d+$/);
          expect(img.alt, where).not.toBeNull();
          if (img.top > facts.fold) expect(img.loading, where).toBe('lazy');
        }
        for (const svg of facts.svgs)
          if (!svg.hidden) {
            expect(svg.role, path).toBe('img');
            expect(svg.name, path).not.toBe('');
          }
      }
      // the home page alone has coin icons, store badges and channel icons
      expect(images).toBeGreaterThan(10);
      // every image the pages asked for was served (lazy ones once scrolled to)
      await page.goto(`${base}${routePath('en', 'home')}`);
      // scrolled through a screen at a time, so every lazy image comes into reach on the way
      await page.evaluate(async () => {
        for (
          let y = 0;
          y < document.body.scrollHeight;
          y += window.innerHeight
        ) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        window.scrollTo(0, document.body.scrollHeight);
      });
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images]
              .filter((img) => !img.complete || img.naturalWidth === 0)
              .map((img) => img.src),
          ),
        )
        .toEqual([]);
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
    });

  it('the home page shows a hero visual, store badges and every social channel with its icon', async () => {
    const { context, page } = await openPage(browser(), {
      viewport: { width: 1366, height: 900 },
    });
    closers.push(() => context.close());
    await page.goto(`${base}${routePath('en', 'home')}`);
    expect(await page.locator('svg.hero-art[aria-hidden="true"]').count()).toBe(
      1,
    );
    for (const name of ['Download on the App Store', 'Get it on Google Play'])
      expect(await page.getByRole('link', { name }).count()).toBe(1);
    for (const name of [
      'Telegram',
      'X',
      'KakaoTalk',
      'Naver',
      'Line',
      'Threads',
    ])
      expect(
        await page
          .getByRole('link', { name, exact: true })
          .locator('img[alt=""]')
          .count(),
        name,
      ).toBe(1);
  });

  it('serves a light and a dark icon for every asset the site names', async () => {
    const assets = new Set<string>([
      ...COINS,
      ...TICKERS.flatMap((t) => [t.base, t.quote]),
      ...PROJECTS.map((p) => p.token),
    ]);
    for (const asset of assets)
      for (const style of ['light', 'dark']) {
        const res = await fetch(`${base}/img/coin/${style}/${asset}.svg`);
        expect(res.status, `${style} ${asset}`).toBe(200);
        expect(res.headers.get('content-type')).toBe(
          'image/svg+xml; charset=utf-8',
        );
        const svg = await res.text();
        expect(svg).toMatch(/^<svg [^>]*width="32" height="32"/);
        expect(svg).not.toMatch(/<script|on[a-z]+=/i);
      }
    expect((await fetch(`${base}/img/coin/light/btc.svg`)).status).toBe(404);
    expect((await fetch(`${base}/img/coin/sepia/BTC.svg`)).status).toBe(404);
  });
});
