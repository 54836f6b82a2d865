import { describe, expect, inject, it } from 'vitest';

import {
  canonicalLocale,
  INDEXABLE_LOCALES,
  LOCALE_CODES,
} from '../../src/i18n/locales.ts';
import { shareImagePath } from '../../src/lib/share-image.ts';
import { routePath } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { htmlTitle } from '../helpers/html.ts';
import { clearFaults, hitsUnder, injectFault } from '../helpers/sandbox.ts';
import { sitemapPageUrls } from '../helpers/sitemap.ts';

const base = inject('baseURL');
const api = inject('apiURL');

const meta = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&');

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    signature: [...bytes.slice(1, 4)]
      .map((b) => String.fromCharCode(b))
      .join(''),
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
};

const fetchImage = async (url: string) => {
  const res = await fetch(url, { redirect: 'manual' });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
};

describe('share images (og:image)', () => {
  it('one 1200×630 PNG per locale, with width, height, alt, type and a large card', async () => {
    const seen = new Set<string>();
    for (const locale of LOCALE_CODES) {
      const res = await fetch(`${base}${routePath(locale, 'launchpad')}`, {
        headers: { 'user-agent': PERSON_UA },
      });
      const html = await res.text();
      const url = meta(html, 'og:image');
      expect(url, locale).toBe(
        `${base}${shareImagePath(canonicalLocale(locale), 'launchpad')}`,
      );
      expect(meta(html, 'og:image:width')).toBe('1200');
      expect(meta(html, 'og:image:height')).toBe('630');
      expect(meta(html, 'og:image:type')).toBe('image/png');
      expect(meta(html, 'og:image:alt')?.length).toBeGreaterThan(3);
      expect(htmlTitle(html)).toContain(meta(html, 'og:image:alt') ?? '?');
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      const { res: image, bytes } = await fetchImage(url ?? '');
      expect(image.status, url).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('public');
      expect(pngSize(bytes)).toEqual({
        signature: 'PNG',
        width: 1200,
        height: 630,
      });
      seen.add(url ?? '');
    }
    // en-US shares en's image: one image per indexable locale
    expect(seen.size).toBe(INDEXABLE_LOCALES.length);
  }, 180_000);

  it('serves the image of a keyed page, and the same bytes the second time (cached)', async () => {
    const project = (await sitemapPageUrls(base)).find((u) =>
      /\/th-TH\/launchpad\/[^/]+$/.test(u),
    );
    expect(project).toBeTruthy();
    const html = await (
      await fetch(project ?? '', { headers: { 'user-agent': PERSON_UA } })
    ).text();
    const url = meta(html, 'og:image') ?? '';
    expect(url).toMatch(/\/og\/th-TH\/launchpad-project\/[^/]+\.png$/);
    const first = await fetchImage(url);
    const second = await fetchImage(url);
    expect(first.res.status).toBe(200);
    expect(pngSize(first.bytes).width).toBe(1200);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(
      true,
    );
  }, 60_000);

  it('answers 404 for an unknown locale, route or key', async () => {
    for (const path of [
      '/og/xx-XX/launchpad.png',
      '/og/en/nope.png',
      '/og/en/launchpad.jpg',
      '/og/en/launchpad-project.png',
      '/og/en/launchpad-project/no-such-project.png',
      '/og/en/launchpad/extra.png',
    ]) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status, path).toBe(404);
    }
    // a broken escape is refused before routing (400), never a 500
    const broken = await fetch(`${base}/og/en/launchpad-project/%E0%A4%A.png`);
    await broken.arrayBuffer();
    expect(broken.status).toBe(400);
  });

  it('keeps a drawn keyed image through an API outage, and sends the site-wide image for one never drawn (issue 41)', async () => {
    const drawn = `${base}/og/en/launchpad-project/aurora-chain.png`;
    const before = await fetchImage(drawn);
    expect(before.res.status).toBe(200);
    await injectFault(api, {
      pathPrefix: '/api/v1/launchpad/projects',
      kind: 'down',
    });
    try {
      // once the server's short-lived API answer cache (5 s) has expired, the key's lookup meets
      // the outage: the sandbox counts the request it refused
      await expect
        .poll(
          async () => {
            await fetchImage(drawn);
            return hitsUnder(api, '/api/v1/launchpad/projects');
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBeGreaterThan(0);
      const during = await fetchImage(drawn);
      expect(during.res.status).toBe(200);
      expect(during.res.headers.get('x-cache')).not.toBe('HIT');
      expect(Buffer.from(during.bytes).equals(Buffer.from(before.bytes))).toBe(
        true,
      );
      const never = await fetchImage(
        `${base}/og/de-DE/launchpad-project/aurora-chain.png`,
      );
      expect(never.res.status).toBe(302);
      expect(never.res.headers.get('location')).toBe('/og-default.png');
    } finally {
      await clearFaults(api);
    }
  }, 30_000);

  it('has the site-wide fallback image in place', async () => {
    const { res, bytes } = await fetchImage(`${base}/og-default.png`);
    expect(res.status).toBe(200);
    expect(pngSize(bytes)).toMatchObject({ width: 1200, height: 630 });
  });
});
