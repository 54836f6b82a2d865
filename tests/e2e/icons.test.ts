import { describe, expect, inject, it } from 'vitest';

/**
 * The icon endpoint on the production server (spec §7, §9): the installed set served and cached
 * immutably; with the public icon API unreachable (the test stack points it at a closed
 * loopback port) the missing icons are listed as not found, quickly, and cached briefly.
 */
const base = inject('baseURL');

describe('/icons', () => {
  it('serves installed icons as Iconify JSON, immutable, with the security headers', async () => {
    const res = await fetch(`${base}/icons/lucide.json?icons=house,wallet`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const set = (await res.json()) as {
      prefix: string;
      icons: Record<string, { body: string }>;
    };
    expect(set.prefix).toBe('lucide');
    expect(Object.keys(set.icons)).toEqual(['house', 'wallet']);
    expect(set.icons.house?.body).toContain('<path');
  });

  it('with the public icon API unreachable, answers within the fallback timeout and lists what is missing', async () => {
    const started = Date.now();
    const res = await fetch(
      `${base}/icons/lucide.json?icons=house,not-an-icon-at-all`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const set = (await res.json()) as { not_found?: string[] };
    expect(set.not_found).toEqual(['not-an-icon-at-all']);
  });

  it('serves one icon as SVG', async () => {
    const res = await fetch(`${base}/icons/lucide/wallet.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'image/svg+xml; charset=utf-8',
    );
    expect(await res.text()).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
  });

  it.each([
    [`/icons/lucide.json?icons=${'a'.repeat(600)}`, 414],
    ['/icons/lucide.json?icons=%3Cscript%3E', 400],
    ['/icons/lucide.json', 400],
    ['/icons/lucide/NOPE.svg', 404],
    ['/icons/../etc/passwd', 404],
  ])('%s → %i, never a 500', async (path, status) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(status);
  });
});
