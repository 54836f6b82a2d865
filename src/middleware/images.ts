import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';

import { coinIconSvg, type CoinIconSets } from '../lib/server/coin-icons.ts';
import { iconSetSchema, type IconSet } from '../lib/server/icon-source.ts';
import { LOCAL_IMAGES_BASE } from '../lib/server/images.ts';
import { projectLogoSvg } from './project-logos.ts';

const require = createRequire(import.meta.url);

/** An installed icon set, read on first use. */
const installedSet = (file: () => string) => {
  let set: IconSet | undefined;
  return (): IconSet =>
    (set ??= v.parse(iconSetSchema, JSON.parse(readFileSync(file(), 'utf8'))));
};

const SETS: CoinIconSets = {
  branded: installedSet(() =>
    require.resolve('@iconify-json/token-branded/icons.json'),
  ),
  mono: installedSet(() =>
    require.resolve('@iconify-json/cryptocurrency/icons.json'),
  ),
};

const LUCIDE = installedSet(() =>
  require.resolve('@iconify-json/lucide/icons.json'),
);

/** `/img/logo/<glyph>/<RRGGBB>.svg`, as `projectLogoUrl` spells it. */
const LOGO_PATH = new RegExp(
  `^${LOCAL_IMAGES_BASE}/logo/([a-z0-9]+(?:-[a-z0-9]+){0,4})/([0-9a-f]{6})\\.svg$`,
);

/** `/img/coin/<style>/<SYMBOL>.svg`, as `buildCoinIconUrl` spells it (A–Z, 0–9, ≤ 32). */
const COIN_PATH = new RegExp(
  `^${LOCAL_IMAGES_BASE}/coin/(light|dark)/([A-Z0-9]{1,32}|default)\\.svg$`,
);

/**
 * The site's own images: coin icons for every symbol (see coin-icons.ts), served from
 * installed packages so no request leaves the site. Immutable for a day: an icon changes only
 * with a package upgrade.
 */
export const images = (): MiddlewareHandler => {
  const made = new Map<string, string>();
  return async (c, next) => {
    if (!c.req.path.startsWith(`${LOCAL_IMAGES_BASE}/`)) return next();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' },
      });
    const logo = LOGO_PATH.exec(c.req.path);
    if (logo) {
      const key = `logo/${logo[1]}/${logo[2]}`;
      let body = made.get(key);
      if (body === undefined) {
        body = projectLogoSvg(LUCIDE(), logo[1] ?? '', logo[2] ?? '');
        if (body !== undefined && made.size < 2048) made.set(key, body);
      }
      if (body !== undefined) return svgAnswer(method, body);
    }
    const match = COIN_PATH.exec(c.req.path);
    const style = match?.[1];
    const symbol = match?.[2];
    if (!match || (style !== 'light' && style !== 'dark') || !symbol)
      return new Response('Not Found\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    const key = `${style}/${symbol}`;
    let body = made.get(key);
    if (body === undefined) {
      body = coinIconSvg(SETS, symbol.toUpperCase(), style);
      if (made.size < 2048) made.set(key, body);
    }
    return svgAnswer(method, body);
  };
};

const svgAnswer = (method: string, body: string): Response =>
  new Response(method === 'HEAD' ? null : body, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    },
  });
