import { describe, expect, inject } from 'vitest';

import type { AnalyticsEvent } from '../../src/lib/telemetry/analytics.ts';
import {
  headerNavLink,
  it,
  hidePage,
  PERSON_UA,
  requestsSeen,
} from '../helpers/browser.ts';
import { fillLogin, hydrated, registerAccount } from '../helpers/session.ts';
import { widgetsIn } from '../helpers/widgets.ts';

/**
 * The analytics collector end to end (spec §3, §7): a person browses three pages, logs in and
 * clicks a marked banner; the sandbox's collector (reached through the site's /api proxy, as
 * in development) holds the matching events with the right context.
 */
const base = inject('baseURL');
const api = inject('apiURL');

/** An event as the collector stored it. */
type Collected = AnalyticsEvent;

const eventsOf = async (guid: string): Promise<Collected[]> => {
  const res = await fetch(`${api}/__sandbox/events`);
  const body = (await res.json()) as { result: { items: Collected[] } };
  return body.result.items.filter((e) => e.guid === guid);
};

describe('analytics at the sandbox collector', () => {
  it('three pages, a login and a marked banner arrive as PageView, Click and Callback events with their context', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'analytics');
    const guid = `e2e-${Date.now()}`;
    const { context, page, problems } = await open();
    await context.addInitScript((id) => {
      if (!localStorage.getItem('guid')) localStorage.setItem('guid', id);
    }, guid);
    await page.goto(`${base}/en`);
    await hydrated(page);
    await (await headerNavLink(page, '/en/launchpad')).click();
    await page.waitForURL(`${base}/en/launchpad`);
    await (await headerNavLink(page, '/en/earning/savings')).click();
    await page.waitForURL(`${base}/en/earning/savings`);
    await page.locator('header button.zmx-pv-login').click();
    await fillLogin(page, who);
    await page.locator('header .brand').click();
    await page.waitForURL(`${base}/en`);
    await page.locator('[data-track="banner:home-launchpad"]').click();
    await page.waitForURL(`${base}/en/launchpad`);
    // leaving the page sends what is still queued
    await page.close({ runBeforeUnload: true });

    let events: Collected[] = [];
    await expect
      .poll(
        async () => {
          events = await eventsOf(guid);
          return events.filter((e) => e.type === 'PageView').length;
        },
        { timeout: 15_000 },
      )
      .toBe(5);
    const views = events.filter((e) => e.type === 'PageView');
    expect(views.map((e) => [e.pageName, e.path])).toEqual([
      ['home', '/en'],
      ['launchpad', '/en/launchpad'],
      ['savings', '/en/earning/savings'],
      ['home', '/en'],
      ['launchpad', '/en/launchpad'],
    ]);
    for (const e of events) {
      expect(e.guid).toBe(guid);
      expect(e.env).toBeTruthy();
      expect(e.platformType).toBe('Web');
      expect(e.userAgent).toBe(PERSON_UA);
      expect(e.notify_lang).toBe('en');
      expect(e.url).toBe(`${base}${e.path}`);
    }
    // the referrer of a client navigation is the page before it
    expect(views[1]?.referrer).toBe(`${base}/en`);
    // a guest has no login id; after logging in, the events carry it
    expect(views[0]?.loginId).toBe('');
    const clicks = events.filter((e) => e.type === 'Click');
    expect(clicks.map((e) => [e.buttonType, e.name])).toEqual([
      ['menu', 'nav-products'],
      ['link', 'nav-launchpad'],
      ['menu', 'nav-products'],
      ['link', 'nav-savings'],
      ['button', 'login'],
      ['banner', 'home-launchpad'],
    ]);
    const banner = clicks.at(-1);
    expect(banner?.pageName).toBe('home');
    expect(banner?.loginId).toMatch(/\w+/);
    const callback = events.find((e) => e.type === 'Callback');
    expect(callback?.name).toBe('login');
    expect(problems).toEqual([]);
  });

  it('a visitor who declined analytics sends nothing', async ({ open }) => {
    /**
     * Browses two pages with the collector's timers run on Playwright's clock past a batch
     * (2 s) and the page hidden (which sends what is queued): the requests to the collector.
     */
    const browse = async (consent: 'denied' | undefined, guid: string) => {
      const { context, page, problems } = await open();
      await context.addInitScript(
        ([id, choice]) => {
          localStorage.setItem('guid', id);
          if (choice) localStorage.setItem('analytics_consent', choice);
        },
        [guid, consent] as const,
      );
      const sent: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/v1\/collect$/.test(r.url())) sent.push(r.postData() ?? '');
      });
      await page.clock.install();
      const chunk = widgetsIn(page);
      await page.goto(`${base}/en`);
      await hydrated(page);
      await (await headerNavLink(page, '/en/launchpad')).click();
      await page.waitForURL(`${base}/en/launchpad`);
      // the widgets chunk, and the collector with it, comes a moment after the page starts
      await page.clock.runFor(2000);
      await chunk;
      await page.clock.runFor(2500);
      await hidePage(page);
      await requestsSeen(page);
      await page.close({ runBeforeUnload: true });
      return { sent, problems };
    };
    // the same steps send events for a visitor who did not decline
    const agreed = await browse(undefined, `e2e-agreed-${Date.now()}`);
    expect(agreed.sent.length).toBeGreaterThan(0);
    const guid = `e2e-declined-${Date.now()}`;
    const declined = await browse('denied', guid);
    expect(declined.sent).toEqual([]);
    expect(await eventsOf(guid)).toEqual([]);
    expect(agreed.problems).toEqual([]);
    expect(declined.problems).toEqual([]);
  });
});
