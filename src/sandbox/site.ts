import { Hono } from 'hono';

import { send } from './envelope.ts';
import { handle, type SandboxEnv } from './handler.ts';
import { EPOCH } from './seed.ts';

/**
 * The route rules of the sandbox's build manifest (deterministic): old short links that moved.
 * `static` matches a path exactly, `wildcard` a path and everything under it.
 */
const ROUTE_RULES = {
  static: {
    '/en/earn': { redirect: '/en/earning/savings' },
    '/en/zcc': {
      redirect: { to: '/en/ZCCCompetition2025', statusCode: 302 },
    },
  },
  wildcard: {
    '/ja-JP/promo': { redirect: '/ja-JP/welcome' },
    '/en/get-app': {
      redirect: {
        to: 'https://download.example-exchange.com/app',
        statusCode: 301,
      },
    },
  },
  dynamic: {},
} as const;

/**
 * What the site's server (not a feature) asks, at the root: health, the current build id and
 * its manifest (the build watcher, the redirect rules), answering every method.
 */
export const siteRoutes = new Hono<SandboxEnv>()
  .all('/healthz', () => send(200, 'ok'))
  .all('/latest.json', (c) => send(200, { id: c.get('ctx').buildId() }))
  .all('/builds/meta/:file{[\\w.-]{1,64}\\.json}', (c) => {
    const buildId = c.get('ctx').buildId();
    if (c.req.param('file') !== `${buildId}.json`)
      return send(404, { error: 'unknown build' });
    return send(200, {
      id: buildId,
      timestamp: EPOCH,
      matcher: ROUTE_RULES,
      prerendered: [],
    });
  });

/** lib/server/redirect-rules: the rule for one path, if any. */
export const redirectRulesRoutes = new Hono<SandboxEnv>().get(
  '/redirect-rules',
  handle((req) => ({
    result: { rule: REDIRECT_RULES[req.query.get('path') ?? ''] ?? null },
  })),
);

export const REDIRECT_RULES: Record<
  string,
  { type: 'internal' | 'external'; to: string; status: number }
> = {
  '/en/old-launchpad': { type: 'internal', to: '/en/launchpad', status: 308 },
  '/ja-JP/old-launchpad': {
    type: 'internal',
    to: '/ja-JP/launchpad',
    status: 308,
  },
  '/en/earn': { type: 'internal', to: '/en/earning/savings', status: 308 },
  // a renamed project: its old key, which no list names, is sent on to the new one
  '/en/launchpad/aurora-old': {
    type: 'internal',
    to: '/en/launchpad/aurora-chain',
    status: 308,
  },
  '/en/app': {
    type: 'external',
    to: 'https://download.example-exchange.com/app',
    status: 302,
  },
  '/en/evil': {
    type: 'external',
    to: 'https://evil.example/phish',
    status: 302,
  },
  '/en/broken-target': {
    type: 'internal',
    to: '/en/no-such-route',
    status: 308,
  },
};
