import 'server-only';

import { LRUCache } from 'lru-cache';

import { canonicalLocale, LOCALE_CODES, type Locale } from '../i18n/locales.ts';
import { getServerI18n } from '../lib/i18n/server.ts';
import { pageLabel, type ValidateResult } from '../lib/page.ts';
import { collectWhenIdle } from '../lib/server/idle-collect.ts';
import { log } from '../lib/server/log.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { SHARE_IMAGE } from '../lib/share-image.ts';
import { headingOf, ROUTE_META } from '../route-meta.ts';
import { loadPageHooks } from '../route-pages.ts';
import { ROUTES, type RouteEntry } from '../routes.ts';

/**
 * /og/<locale>/<route>.png and /og/<locale>/<route>/<key>.png: the share image of an indexable
 * page, in its language (heading, description, site name, and the route's share figures).
 * Drawn on first request, at most two at a time, on a worker thread (share-image-worker.ts: a
 * page never waits for one, nor for the main thread while one is drawn), and kept in memory (512
 * images, the least recently asked for dropped first, each for 5 minutes); answers carry the same public caching as pages, so a CDN
 * keeps them. A failure or a draw past 10 s sends the site-wide image instead (and is tried
 * again next time). Unknown locales, routes and keys are 404. While the API cannot confirm a key
 * (down, slow or malformed), an image already drawn for it is still served, else the site-wide
 * image: never a 500.
 */

const MAX_IMAGES = 512;
/**
 * How long a drawn image is kept in memory: a CDN keeps it for its visitors (the answer is
 * public), so this process needs it only while it is asked for again and again; after that the
 * memory goes back (issue 41 point 5: memory returns to its level before the load).
 */
const IMAGE_TTL_MS = 5 * 60_000;
const MAX_DRAWING = 2;
const DRAW_TIMEOUT_MS = 10_000;

const images = new LRUCache<string, Promise<Uint8Array<ArrayBuffer>>>({
  max: MAX_IMAGES,
  ttl: IMAGE_TTL_MS,
  ttlAutopurge: true,
  // the PNGs are Buffers: freed when V8 next collects, which an idle process does not do alone
  disposeAfter: (image, _key, reason) => {
    if (reason === 'expire')
      void image.then(
        (png) => collectWhenIdle(png.byteLength),
        () => undefined,
      );
  },
});
/** How many drawn images are kept. */
export const keptImages = (): number => images.size;
let drawing = 0;
const waiting: (() => void)[] = [];

const turn = async <T>(work: () => Promise<T>): Promise<T> => {
  if (drawing >= MAX_DRAWING)
    await new Promise<void>((resolve) => waiting.push(resolve));
  drawing++;
  try {
    return await work();
  } finally {
    drawing--;
    waiting.shift()?.();
  }
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`share image took over ${ms} ms`)),
      ms,
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

const notFound = () =>
  new Response('Not Found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });

const draw = async (
  locale: Locale,
  route: RouteEntry,
  key: string | undefined,
): Promise<Uint8Array<ArrayBuffer>> => {
  const i18n = getServerI18n(locale);
  const mod = await loadPageHooks(route.id);
  const label = await pageLabel(mod, key, locale);
  const meta = ROUTE_META[route.id];
  const values = { key: label ?? '' };
  // figures are a bonus: without them the card still has its title
  const figures = mod.shareFigures
    ? await mod
        .shareFigures({ locale, routeKey: key, i18n })
        .catch((): readonly (readonly [string, string])[] => [])
    : [];
  // loaded on first use: the drawing worker's chunk (satori, resvg) stays out of start-up
  const { drawShareCard } = await import('./share-image-worker.ts');
  return turn(() =>
    drawShareCard({
      locale,
      siteName: getSiteConfig().siteName,
      title: i18n._({ ...headingOf(meta), values }),
      description: i18n._({ ...meta.description, values }),
      figures,
    }),
  );
};

const fallback = (route: RouteEntry, locale: Locale, error: unknown) => {
  log('warn', 'share image fell back to the site-wide one', {
    route: route.id,
    locale,
    error: error instanceof Error ? error.message : String(error),
  });
  return new Response(null, {
    status: 302,
    headers: { location: SHARE_IMAGE.fallback, 'cache-control': 'no-store' },
  });
};

/** The drawn image, or the site-wide one when drawing failed or took too long. */
const answer = async (
  image: Promise<Uint8Array<ArrayBuffer>>,
  route: RouteEntry,
  locale: Locale,
): Promise<Response> => {
  try {
    const png = await image;
    return new Response(png, {
      headers: {
        'content-type': SHARE_IMAGE.type,
        'cache-control': 'public, max-age=86400, s-maxage=604800',
      },
    });
  } catch (error) {
    return fallback(route, locale, error);
  }
};

/**
 * The answer for /og/<locale>/<file> (`file` = `<route>.png`) or /og/<locale>/<route>/<file>:
 * the image, a 404 for what is not an indexable page, or a redirect to the site-wide image;
 * never a 500, whatever the API does.
 */
export const shareImage = async (
  localeParam: string,
  routeParam: string | undefined,
  file: string,
): Promise<Response> => {
  const name = /^(.+)\.png$/.exec(file)?.[1];
  const locale = LOCALE_CODES.find((code) => code === localeParam);
  if (!name || !locale) return notFound();
  let routeId = routeParam ?? name;
  let key: string | undefined;
  if (routeParam !== undefined) {
    try {
      key = decodeURIComponent(name);
    } catch {
      return notFound();
    }
    routeId = routeParam;
  }
  const route = (ROUTES as readonly RouteEntry[]).find((r) => r.id === routeId);
  if (!route?.indexable || (route.param === undefined) !== (key === undefined))
    return notFound();
  // en-US shares en's image (the same words)
  const own = canonicalLocale(locale);
  const cacheKey = `${own}\n${route.id}\n${key ?? ''}`;
  if (key !== undefined) {
    let valid: ValidateResult | false;
    try {
      const mod = await loadPageHooks(route.id);
      valid = mod.validate ? await mod.validate(key, locale) : false;
    } catch (error) {
      // the key cannot be checked (the API is down or slow): an image drawn while it could is
      // still this page's image; without one, the site-wide image
      const drawn = images.get(cacheKey);
      return drawn
        ? answer(drawn, route, locale)
        : fallback(route, locale, error);
    }
    if (valid !== true) return notFound();
  }
  let image = images.get(cacheKey);
  if (!image) {
    image = withTimeout(draw(own, route, key), DRAW_TIMEOUT_MS);
    const drawing = image;
    images.set(cacheKey, drawing);
    drawing.catch(() => {
      if (images.peek(cacheKey) === drawing) images.delete(cacheKey);
    });
  }
  return answer(image, route, locale);
};
