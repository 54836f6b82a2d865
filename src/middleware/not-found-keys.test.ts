import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';

import type { Locale } from '../i18n/locales.ts';
import { resolveEnvironment } from '../lib/config/index.ts';
import {
  findRequestContext,
  runWithRequestContext,
} from '../lib/server/request-context.ts';
import type { RouteId } from '../routes.ts';
import {
  fillTemplate,
  notFoundKeys,
  PLACEHOLDER_KEY,
  templateOf,
} from './not-found-keys.ts';
import { newNonce } from './request-context.ts';

const env = resolveEnvironment('localhost', {
  siteDomain: 'example-exchange.com',
});

/**
 * A site in miniature: a request context with a fresh nonce, the step under test, and a
 * renderer whose 404 names the key in a link, in text and in a payload string, and uses the nonce.
 */
const setup = (
  options: {
    ttlMs?: number;
    listTtlMs?: number;
    maxEntries?: number;
    keys?: () => readonly string[] | undefined;
    listFails?: () => boolean;
    redirected?: readonly string[];
    renderStatus?: () => 200 | 404 | 503;
  } = {},
) => {
  let clock = 0;
  const renders: string[] = [];
  const lists: string[] = [];
  const cookies: string[] = [];
  const app = new Hono();
  app.use((c, next) =>
    runWithRequestContext(
      {
        requestId: 'r',
        env,
        origin: 'http://localhost',
        locale: undefined,
        path: c.req.path,
        nonce: newNonce(),
        isBot: (c.req.header('user-agent') ?? '').includes('bot'),
        userAgent: c.req.header('user-agent') ?? '',
        cookie: c.req.header('cookie') ?? '',
        search: '',
        session: false,
        staticHtml: undefined,
      },
      next,
    ),
  );
  const step = notFoundKeys({
    knownKeys: (route: RouteId, locale: Locale) => {
      lists.push(`${route} ${locale}`);
      if (options.listFails?.()) return Promise.reject(new Error('down'));
      return Promise.resolve(
        route === 'launchpad-project'
          ? (options.keys?.() ?? ['aurora-chain', 'gone-one'])
          : undefined,
      );
    },
    redirects: (path) =>
      Promise.resolve((options.redirected ?? []).includes(path)),
    fetchPage: (request) => app.fetch(request),
    hostOf: (header) => header('host') ?? 'default',
    ttlMs: options.ttlMs ?? 10_000,
    listTtlMs: options.listTtlMs ?? 1000,
    ...(options.maxEntries === undefined
      ? {}
      : { maxEntries: options.maxEntries }),
    now: () => clock,
  });
  app.use(step.middleware);
  app.get('*', (c) => {
    const context = findRequestContext();
    const nonce = context?.nonce ?? '';
    renders.push(c.req.path);
    cookies.push(c.req.header('cookie') ?? '');
    const key = c.req.path.split('/').pop() ?? '';
    const csp = { 'content-security-policy': `script-src 'nonce-${nonce}'` };
    if (context?.isBot) return c.text('404 Not Found\n', 404, csp);
    const status =
      options.renderStatus?.() ?? (key === 'aurora-chain' ? 200 : 404);
    return c.html(
      `<a href="/ja-JP/launchpad/${key}">ja</a><p>Page Not Found: ${c.req.path}</p>` +
        `<script nonce="${nonce}">self.p=["$","a",{"href":"/en/launchpad/${key}"}]</script>`,
      status,
      { ...csp, 'x-robots-tag': 'noindex' },
    );
  });
  return {
    step,
    renders,
    lists,
    cookies,
    tick: (ms: number) => {
      clock += ms;
    },
    get: async (
      path: string,
      headers: Record<string, string> = {},
    ): Promise<Response> =>
      app.request(path, { headers: { host: 'localhost', ...headers } }),
  };
};

/** What the renderer makes for a key and nonce: the expected answer. */
const rendered = (key: string, nonce: string, prefix = '/en/launchpad') =>
  `<a href="/ja-JP/launchpad/${key}">ja</a><p>Page Not Found: ${prefix}/${key}</p>` +
  `<script nonce="${nonce}">self.p=["$","a",{"href":"/en/launchpad/${key}"}]</script>`;

const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(
    res.headers.get('content-security-policy') ?? '',
  )?.[1] ?? '';

describe('templateOf / fillTemplate', () => {
  const headers = (type = 'text/html; charset=utf-8') =>
    new Headers({
      'content-type': type,
      'content-security-policy': "script-src 'nonce-AbC_1-2'",
      'content-length': '10',
      'x-request-id': 'x',
      'x-robots-tag': 'noindex',
    });
  const html = `<a href="/x/${PLACEHOLDER_KEY}"></a><script nonce="AbC_1-2"></script>${PLACEHOLDER_KEY}`;

  it('cuts the body where the key and the nonce were, and keeps the page’s own headers', () => {
    const template = templateOf(404, headers(), html, 5);
    expect(template?.slots).toEqual(['key', 'nonce', 'key']);
    expect(template?.headers).toEqual([
      ['content-security-policy', "script-src 'nonce-AbC_1-2'"],
      ['content-type', 'text/html; charset=utf-8'],
      ['x-robots-tag', 'noindex'],
    ]);
    expect(template && fillTemplate(template, 'k-1', 'N0')).toBe(
      '<a href="/x/k-1"></a><script nonce="N0"></script>k-1',
    );
  });

  it('refuses what is not a 404 of the placeholder key', () => {
    expect(templateOf(200, headers(), html, 5)).toBeUndefined();
    expect(templateOf(503, headers(), html, 5)).toBeUndefined();
    expect(templateOf(404, headers(), '<p>other</p>', 5)).toBeUndefined();
    const noNonce = headers();
    noNonce.set('content-security-policy', "script-src 'self'");
    expect(templateOf(404, noNonce, html, 5)).toBeUndefined();
    const cookie = headers();
    cookie.set('set-cookie', 'a=b');
    expect(templateOf(404, cookie, html, 5)).toBeUndefined();
    expect(
      templateOf(404, headers('application/json'), html, 5),
    ).toBeUndefined();
    // a bot's short plain answer names no key
    expect(
      templateOf(404, headers('text/plain'), '404 Not Found\n', 5)?.parts,
    ).toEqual(['404 Not Found\n']);
  });
});

describe('notFoundKeys', () => {
  it('empties after its lifetimes with no requests (fake timers): templates, lists and refusals', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      let status: 404 | 503 = 404;
      const site = setup({
        ttlMs: 10_000,
        listTtlMs: 1000,
        renderStatus: () => status,
      });
      // lru-cache counts a start at 0 as none: the clock starts later, as a real one does
      site.tick(1_000_000);
      expect((await site.get('/en/launchpad/r-1')).status).toBe(404);
      status = 503;
      await site.get('/ja-JP/launchpad/r-2');
      expect(site.step.size()).toBe(1);
      expect(site.step.remembered()).toEqual({ lists: 2, refused: 1 });
      const step = (ms: number) => {
        site.tick(ms);
        vi.advanceTimersByTime(ms);
      };
      step(1001);
      expect(site.step.remembered()).toEqual({ lists: 0, refused: 1 });
      expect(site.step.size()).toBe(1);
      step(9000);
      expect(site.step.size()).toBe(0);
      expect(site.step.remembered()).toEqual({ lists: 0, refused: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers random keys with the render of their 404, rendering once per locale', async () => {
    const site = setup();
    for (let i = 0; i < 30; i++) {
      const key = `r-${i}${Math.random().toString(36).slice(2)}`;
      const res = await site.get(`/en/launchpad/${key}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(await res.text()).toBe(rendered(key, nonceOf(res)));
    }
    const ja = await site.get('/ja-JP/launchpad/r-ja');
    expect(await ja.text()).toBe(
      rendered('r-ja', nonceOf(ja), '/ja-JP/launchpad'),
    );
    expect(site.renders).toEqual([
      `/en/launchpad/${PLACEHOLDER_KEY}`,
      `/ja-JP/launchpad/${PLACEHOLDER_KEY}`,
    ]);
    expect(site.step.stats).toMatchObject({ served: 31, filled: 2 });
  });

  it('puts each request’s own nonce in the body', async () => {
    const site = setup();
    const a = await site.get('/en/launchpad/r-a');
    const b = await site.get('/en/launchpad/r-a');
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(await a.text()).toContain(`nonce="${nonceOf(a)}"`);
    expect(await b.text()).toContain(`nonce="${nonceOf(b)}"`);
  });

  it('renders keys the list holds (a delisted one’s 410 included) as before', async () => {
    const site = setup();
    expect((await site.get('/en/launchpad/aurora-chain')).status).toBe(200);
    await site.get('/en/launchpad/gone-one');
    expect(site.renders).toEqual([
      '/en/launchpad/aurora-chain',
      '/en/launchpad/gone-one',
    ]);
    expect(site.step.stats.known).toBe(2);
  });

  it('finds a key that becomes valid once the list it was decided from expires', async () => {
    const keys = ['aurora-chain'];
    const site = setup({ keys: () => [...keys], listTtlMs: 1000 });
    expect((await site.get('/en/launchpad/new-launch')).status).toBe(404);
    keys.push('new-launch');
    site.tick(999);
    expect((await site.get('/en/launchpad/new-launch')).status).toBe(404);
    expect(site.lists).toHaveLength(1);
    site.tick(1);
    // the list is asked again and now holds the key: its page renders
    await site.get('/en/launchpad/new-launch');
    expect(site.lists).toHaveLength(2);
    expect(site.renders.at(-1)).toBe('/en/launchpad/new-launch');
  });

  it('leaves a key a redirect rule names to the render (which redirects it)', async () => {
    const site = setup({ redirected: ['/en/launchpad/old-name'] });
    await site.get('/en/launchpad/r-1');
    await site.get('/en/launchpad/old-name');
    expect(site.renders).toEqual([
      `/en/launchpad/${PLACEHOLDER_KEY}`,
      '/en/launchpad/old-name',
    ]);
  });

  it('renders the template again after its lifetime', async () => {
    const site = setup({ ttlMs: 5000, listTtlMs: 100_000 });
    await site.get('/en/launchpad/r-1');
    site.tick(4999);
    await site.get('/en/launchpad/r-2');
    expect(site.renders).toHaveLength(1);
    site.tick(1);
    await site.get('/en/launchpad/r-3');
    expect(site.renders).toHaveLength(2);
  });

  it('keeps at most maxEntries templates', async () => {
    const site = setup({ maxEntries: 2 });
    for (const locale of ['en', 'ja-JP', 'de-DE', 'fr-FR', 'ko-KR'])
      await site.get(`/${locale}/launchpad/r-x`);
    expect(site.step.size()).toBe(2);
  });

  it('shares one template render among requests at once', async () => {
    const site = setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => site.get(`/en/launchpad/r-${i}`)),
    );
    expect(answers.every((res) => res.status === 404)).toBe(true);
    expect(site.renders).toHaveLength(1);
  });

  it('keeps guests, sessions and bots apart', async () => {
    const site = setup();
    await site.get('/en/launchpad/r-1');
    await site.get('/en/launchpad/r-2', {
      cookie: 'theme=dark; b_t_c_k_test1=alice-token',
    });
    // the template renders with the session bit, never with the visitor's own cookies
    expect(site.cookies).toEqual(['', 'b_t_c_k=not-found-template']);
    const bot = await site.get('/en/launchpad/r-3', {
      'user-agent': 'Googlebot',
    });
    expect(await bot.text()).toBe('404 Not Found\n');
    const person = await site.get('/en/launchpad/r-4');
    expect(await person.text()).toBe(rendered('r-4', nonceOf(person)));
    expect(site.renders).toHaveLength(3);
    expect(site.step.size()).toBe(3);
  });

  it('leaves every other address to the render: odd keys, other spellings, queries, other routes', async () => {
    const site = setup();
    const paths = [
      `/en/launchpad/${'k'.repeat(65)}`,
      '/en/launchpad/a.b',
      '/en/launchpad/a%2Fb',
      '/en/launchpad/a~b',
      '/en/launchpad/r-1?x=1',
      '/EN/launchpad/r-1',
      '/en/Launchpad/r-1',
      '/en/launchpad/r-1/',
      `/en/launchpad/${PLACEHOLDER_KEY}`,
      '/en/snooker/r-1', // no list for this route here
      '/en/launchpad',
    ];
    for (const path of paths) await site.get(path);
    expect(site.renders).toHaveLength(paths.length);
    expect(site.step.stats.served).toBe(0);
  });

  it('renders as before while the list cannot be loaded, and asks again next time', async () => {
    let down = true;
    const site = setup({ listFails: () => down });
    await site.get('/en/launchpad/r-1');
    expect(site.renders).toEqual(['/en/launchpad/r-1']);
    down = false;
    await site.get('/en/launchpad/r-2');
    expect(site.lists).toHaveLength(2);
    expect(site.step.stats.served).toBe(1);
  });

  it('renders as before when the placeholder’s render is no 404, until the template lifetime', async () => {
    let status: 404 | 503 = 503;
    const site = setup({ renderStatus: () => status, ttlMs: 1000 });
    expect((await site.get('/en/launchpad/r-1')).status).toBe(503);
    expect((await site.get('/en/launchpad/r-2')).status).toBe(503);
    // one try at a template, then the requests render themselves
    expect(site.renders).toEqual([
      `/en/launchpad/${PLACEHOLDER_KEY}`,
      '/en/launchpad/r-1',
      '/en/launchpad/r-2',
    ]);
    status = 404;
    site.tick(1000);
    expect((await site.get('/en/launchpad/r-3')).status).toBe(404);
    expect(site.step.stats).toMatchObject({ refused: 1, filled: 1, served: 1 });
  });
});
