/**
 * The edge cannot disagree with the site (issue 40 item 3): real nginx (scripts/lib/edge.ts) in
 * front of two site processes, under each locale strategy. A corpus of a few thousand hostile
 * spellings of the site's pages (tests/helpers/spellings.ts: slash runs, dot segments, escaped
 * letters and slashes, case changes in the path, the prefix and parameter names, duplicate,
 * empty, undeclared and tracking parameters, trailing slashes, backslashes) is sent through the
 * edge in a shuffled order, each spelling as often as it takes the edge to keep an answer, and
 * each answer is compared with what the site answers directly for the same request. Before and
 * after the corpus, every clean page answers itself through the edge, as the site does.
 *
 * EDGE_CORPUS sets the number of spellings per strategy (default 1500), EDGE_CORPUS_SEED the
 * generator's seed (default: the one CI runs, so CI is repeatable; `random` for a new corpus,
 * its seed printed so a failure can be replayed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ensureNginx,
  startEdge,
  type Edge,
} from '../../scripts/lib/edge-run.ts';
import {
  startSandbox,
  startServer,
  type Running,
} from '../../scripts/lib/processes.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { LocaleStrategy } from '../../src/i18n/routing.ts';
import { getRoute, routePath, ROUTES, type RouteId } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';
import { rawGet, type RawAnswer } from '../helpers/raw-request.ts';
import { MARKER, seeded, spell } from '../helpers/spellings.ts';

const CORPUS = Number(process.env.EDGE_CORPUS ?? 1500);
/** The corpus CI sends (it passed there); `EDGE_CORPUS_SEED=random` draws a new one. */
const CI_SEED = 1484419659;
const SEED =
  process.env.EDGE_CORPUS_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.EDGE_CORPUS_SEED ?? CI_SEED);
const LOCALES: readonly Locale[] = ['en', 'ja-JP', 'de-DE', 'zh-TW'];
/** The values the clean addresses carry (markers the bodies can be searched for). */
const CLEAN_QUERY: Partial<Record<RouteId, string>> = {
  savings: 'coin=BTC',
  'red-envelopes': 'code=mk1',
  'contract-detail': 'q=mk2',
  'margin-parameters': 'q=mk3',
  'official-verify': 'kind=url&value=mk4',
  'unbind-google2fa': 'ticket=mk5',
};
const SESSION_COOKIE = 'b_t_c_k_test1=differential';

/** Every page of the table without a key, in four locales, spelt as the strategy spells it. */
const cleanPages = (strategy: LocaleStrategy) =>
  ROUTES.map((entry) => getRoute(entry.id))
    .filter((route) => route.param === undefined)
    .flatMap((route) =>
      LOCALES.map((locale) => {
        const query = CLEAN_QUERY[route.id];
        const p = routePath(locale, route.id, undefined, strategy);
        return {
          target: query ? `${p}?${query}` : p,
          declared: route.query ?? [],
        };
      }),
    );

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One GET with its target exactly as written, as the edge forwards it (`Host: $host`). */
const ask = (port: number, target: string, session: boolean) =>
  rawGet({
    port,
    target,
    agent,
    // the Host the edge forwards ($host), so the site sees the same request both ways
    headers: {
      host: '127.0.0.1',
      'user-agent': PERSON_UA,
      'accept-encoding': 'br',
      'accept-language': 'ja,en;q=0.5',
      ...(session ? { cookie: SESSION_COOKIE } : {}),
    },
  });

/**
 * What a visitor would notice: the status, where a redirect goes, the kind of body, the page's
 * title, canonical address and language, and every marker value the body shows.
 */
const fingerprint = (a: RawAnswer) => ({
  status: a.status,
  location: a.headers.location ?? null,
  type: (a.headers['content-type'] ?? '').split(';')[0] ?? '',
  title: /<title>([^<]*)<\/title>/.exec(a.body)?.[1] ?? null,
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(a.body)?.[1] ?? null,
  lang: /<html lang="([^"]*)"/.exec(a.body)?.[1] ?? null,
  markers: [...new Set(a.body.match(MARKER) ?? [])].sort(),
});

/** Runs `work` over `items`, `width` at a time. */
const inParallel = async <T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++];
        if (item !== undefined) await work(item);
      }
    }),
  );
};

const dir = mkdtempSync(path.join(tmpdir(), 'exchange-edge-differential-'));
let sandbox: Running | undefined;

beforeAll(async () => {
  ensureNginx();
  sandbox = await startSandbox({
    siteOrigin: 'http://127.0.0.1',
    dataFile: path.join(dir, 'state.json'),
    quiet: true,
  });
  console.log(
    `edge differential: ${String(CORPUS)} spellings per strategy, seed ${String(SEED)} (EDGE_CORPUS_SEED to replay)`,
  );
});

afterAll(async () => {
  await sandbox?.stop();
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['prefix', 'prefix_except_default'] as const)(
  'the edge answers every spelling as the site does (LOCALE_STRATEGY=%s)',
  (strategy) => {
    const servers: Running[] = [];
    let edge: Edge | undefined;
    let edgePort = 0;
    let sitePort = 0;

    beforeAll(async () => {
      edgePort = await freePort();
      const ports = [await freePort(), await freePort()];
      sitePort = ports[0] ?? 0;
      for (const port of ports)
        servers.push(
          await startServer({
            port,
            apiOrigin: sandbox?.url ?? '',
            siteOrigin: `http://127.0.0.1:${String(edgePort)}`,
            quiet: true,
            env: { LOCALE_STRATEGY: strategy, SHUTDOWN_DRAIN_MS: '0' },
          }),
        );
      edge = await startEdge({
        listen: `127.0.0.1:${String(edgePort)}`,
        upstreams: ports.map((port) => `127.0.0.1:${String(port)}`),
        dir: path.join(dir, `nginx-${strategy}`),
        buildId: `differential-${strategy}`,
        workers: '1',
        strategy,
      });
    });

    afterAll(async () => {
      await edge?.stop();
      for (const server of servers) await server.stop();
    });

    /** Every clean page through the edge, as often as it takes to be kept: itself each time. */
    const cleanPagesAnswerThemselves = async (
      baseline: Map<string, ReturnType<typeof fingerprint>>,
    ) => {
      const wrong: unknown[] = [];
      await inParallel([...baseline.keys()], 4, async (key) => {
        const [session, target = ''] = key.split(' ');
        for (let i = 0; i < 4; i++) {
          const answer = await ask(edgePort, target, session === 's');
          const seen = fingerprint(answer);
          const expected = baseline.get(key);
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            wrong.push({
              key,
              edge: answer.headers['x-edge-cache'],
              seen,
              expected,
            });
        }
      });
      expect(wrong.slice(0, 5)).toEqual([]);
    };

    it('before and after the corpus, every clean page answers itself; in between, every spelling answers what the site answers', async () => {
      const pages = cleanPages(strategy);
      // what each clean page is, asked of a site process directly
      const baseline = new Map<string, ReturnType<typeof fingerprint>>();
      for (const page of pages)
        for (const session of [false, true]) {
          const answer = await ask(sitePort, page.target, session);
          expect(answer.status, page.target).toBe(200);
          baseline.set(
            `${session ? 's' : 'g'} ${page.target}`,
            fingerprint(answer),
          );
        }
      await cleanPagesAnswerThemselves(baseline);

      const r = seeded(SEED + (strategy === 'prefix' ? 0 : 1));
      const corpus = new Set<string>();
      for (let i = 0; corpus.size < CORPUS && i < CORPUS * 4; i++) {
        const page = r.pick(pages);
        const target = spell(page.target, page.declared, r);
        if (target !== page.target) corpus.add(target);
      }
      expect(corpus.size).toBe(CORPUS);
      const differences: unknown[] = [];
      const statuses = new Map<number, number>();
      await inParallel(r.shuffle([...corpus]), 6, async (target) => {
        const session = r.next() < 0.2;
        // what the site answers for this very request, then the edge, as often as it takes
        // the edge to keep what it is given (the site keeps a render the second time it is
        // asked for; its stored copy is what the edge may keep)
        const expected = JSON.stringify(
          fingerprint(await ask(sitePort, target, session)),
        );
        for (let i = 0; i < 3; i++) {
          const through = await ask(edgePort, target, session);
          statuses.set(through.status, (statuses.get(through.status) ?? 0) + 1);
          // a request line nginx cannot read (a malformed escape, a backslash first) never
          // reaches a process: the edge's own 400, the site's short text and security headers,
          // where the site would answer a person its localized page. The status must agree.
          const refused = through.headers['x-edge-cache'] === 'REFUSED';
          const seen = refused
            ? { ...(JSON.parse(expected) as object), status: through.status }
            : fingerprint(through);
          if (refused)
            expect(through.headers['x-content-type-options']).toBe('nosniff');
          if (JSON.stringify(seen) !== expected) {
            differences.push({ target, session, seen, expected });
            break;
          }
        }
      });
      console.log(
        `${strategy}: ${String(corpus.size)} spellings, edge statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(differences.slice(0, 5)).toEqual([]);
      // the corpus reached pages, redirects and refusals alike
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(308) ?? 0).toBeGreaterThan(0);

      await cleanPagesAnswerThemselves(baseline);
    }, 600_000);
  },
);
