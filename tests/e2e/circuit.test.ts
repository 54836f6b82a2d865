import { afterAll, describe, expect, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';

/**
 * A failing API fails fast (issue 41 item 4, decision 0041): once an endpoint has failed five
 * times in a row, pages stop waiting on it (its sections show their notice at once, nothing is
 * sent to it) until a probe finds it answering again. The page cache is off: every request
 * below is a render that asks the API.
 */
const own = ownStack({ env: { PAGE_CACHE: 'off' } });

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${own.apiOrigin}/__sandbox/${path}`, {
    headers: { 'content-type': 'application/json' },
    ...init,
  });

/** How many requests under the market endpoints the sandbox's faults saw. */
const marketCalls = async () => {
  const { result } = (await (await control('requests')).json()) as {
    result: { items: { path: string }[] };
  };
  return result.items.filter((r) => r.path.startsWith('/api/v1/market')).length;
};

/** The notice a section shows in place of what its API did not answer (data-notice.tsx, section-notice.tsx). */
const NOTICE = /class="data-notice[ "]/;

const home = async (locale: string) => {
  const started = performance.now();
  const res = await fetch(`${own.origin}/${locale}`, {
    headers: { 'user-agent': PERSON_UA },
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
};

describe('a circuit per API endpoint', () => {
  afterAll(async () => {
    await control('faults', { method: 'DELETE' });
  });

  it('opens after five failed calls: later pages answer at once with the notice, nothing is sent; a probe closes it', async () => {
    await control('faults', { method: 'DELETE' });
    await control('faults', {
      method: 'POST',
      body: JSON.stringify({
        pathPrefix: '/api/v1/market',
        kind: 'delay',
        ms: 20_000,
      }),
    });
    // six renders at once, in six languages (six calls: the API cache shares no call between
    // languages), each waiting out the server's budget on the market lists
    const waited = await Promise.all(
      ['ko-KR', 'ja-JP', 'th-TH', 'vi-VN', 'ru-RU', 'zh-TW'].map(home),
    );
    for (const res of waited) {
      expect(res.status).toBe(200);
      expect(res.body).toMatch(NOTICE);
    }
    const sent = await marketCalls();
    expect(sent).toBeGreaterThan(0);
    const slowest = Math.max(...waited.map((r) => r.ms));

    // the circuit is open: another language's page does not wait and sends nothing
    const fast = await home('de-DE');
    expect(fast.status).toBe(200);
    expect(fast.body).toMatch(NOTICE);
    expect(fast.body).toContain('<h1');
    expect(await marketCalls()).toBe(sent);
    expect(fast.ms).toBeLessThan(slowest / 2);
    expect((await fetch(`${own.origin}/readyz`)).status).toBe(200);

    // the API answers again: within the open time (5 s) a probe goes through and closes it
    await control('faults', { method: 'DELETE' });
    await expect
      .poll(async () => NOTICE.test((await home('fr-FR')).body), {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(false);
  });
});
