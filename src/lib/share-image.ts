/**
 * Where a page's share image (og:image) lives: `/og/<locale>/<route>.png`, or
 * `/og/<locale>/<route>/<key>.png` for a keyed route. 1200×630 PNG, drawn on first request and
 * cached (src/server/share-image.ts); `/og-default.png` is the site-wide fallback.
 */
export const SHARE_IMAGE = {
  width: 1200,
  height: 630,
  type: 'image/png',
  fallback: '/og-default.png',
} as const;

export const shareImagePath = (
  locale: string,
  routeId: string,
  key?: string,
): string =>
  key === undefined
    ? `/og/${locale}/${routeId}.png`
    : `/og/${locale}/${routeId}/${encodeURIComponent(key)}.png`;
