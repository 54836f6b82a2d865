import { describe, expect, inject } from 'vitest';

import { it, PERSON_UA } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

const base = inject('baseURL');
const get = (path: string) =>
  fetch(`${base}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': PERSON_UA },
  });

/** Redirect rules from the API (spec §2, §7), guarded against open redirects. */
describe('redirect rules', () => {
  it('an internal rule answers 308 to a registered route', async () => {
    const res = await get('/en/old-launchpad');
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', base).pathname).toBe(
      '/en/launchpad',
    );
  });

  it('a rule to an unregistered route goes to /en', async () => {
    const res = await get('/en/broken-target');
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', base).pathname).toBe(
      '/en',
    );
  });

  it('an external rule to an allowlisted host is a full redirect there', async () => {
    const res = await get('/en/app');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(
      'https://download.example-exchange.com/app',
    );
  });

  it('an external rule to a host off the allowlist is ignored (never an open redirect)', async () => {
    const res = await get('/en/evil');
    expect(res.headers.get('location')).toBeNull();
    expect(res.status).toBe(404);
  });
});

/** Route rules from the live build manifest (spec §7: builds/meta/{buildId}.json). */
describe('route rules from the build manifest', () => {
  it.each([
    ['/en/earn', 308, '/en/earning/savings'],
    ['/en/zcc', 307, '/en/ZCCCompetition2025'],
    ['/ja-JP/promo', 308, '/ja-JP/welcome'],
    ['/ja-JP/promo/spring/2026', 308, '/ja-JP/welcome'],
  ])('%s answers %i to %s', async (path, status, location) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(new URL(res.headers.get('location') ?? '', base).pathname).toBe(
      location,
    );
  });

  it('an external rule goes only to an allowlisted host', async () => {
    const res = await get('/en/get-app/ios');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(
      'https://download.example-exchange.com/app',
    );
  });

  it('a look-alike path is not covered by a prefix rule', async () => {
    const res = await get('/ja-JP/promotion');
    expect(res.status).toBe(404);
  });

  it('a client navigation to a ruled path is redirected too', async () => {
    const res = await fetch(`${base}/RSC/R/en/earn.txt`, {
      redirect: 'manual',
      headers: { 'user-agent': PERSON_UA },
    });
    const body = await res.text();
    // Waku's client redirect: an error row whose digest names the status and the target (the
    // not-found page's own links to the savings page do not count)
    expect(body).toContain(
      '__WAKU_CUSTOM_ERROR__;{\\"status\\":308,\\"location\\":\\"/en/earning/savings\\"}',
    );
    const unknown = await (
      await fetch(`${base}/RSC/R/en/no-such-page.txt`, {
        headers: { 'user-agent': PERSON_UA },
      })
    ).text();
    expect(unknown).not.toContain('__WAKU_CUSTOM_ERROR__');
  });

  it('a click on a link to a ruled path ends on the target page', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en`);
    await hydrated(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/en/earn';
      link.setAttribute('data-app-link', '');
      link.id = 'ruled';
      link.textContent = 'earn';
      document.querySelector('main')?.append(link);
    });
    await page.click('#ruled');
    await page.waitForURL(`${base}/en/earning/savings`);
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .not.toContain('Page Not Found');
    expect(problems).toEqual([]);
  });
});
