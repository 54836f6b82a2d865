import { describe, expect, it, vi } from 'vitest';

import { shareImage } from './share-image.ts';

const render = vi.hoisted(() => ({
  fail: true,
}));

vi.mock('./share-image-worker.ts', () => ({
  drawShareCard: () =>
    render.fail
      ? Promise.reject(new Error('font file missing'))
      : Promise.resolve(new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
}));

describe('the share image endpoint', () => {
  it('sends the site-wide image when drawing fails, and draws again next time', async () => {
    const failed = await shareImage('de-DE', undefined, 'launchpad.png');
    expect(failed.status).toBe(302);
    expect(failed.headers.get('location')).toBe('/og-default.png');
    expect(failed.headers.get('cache-control')).toBe('no-store');
    render.fail = false;
    const drawn = await shareImage('de-DE', undefined, 'launchpad.png');
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('image/png');
  });

  it('is 404 for what is not an indexable page', async () => {
    for (const [locale, route, file] of [
      ['xx', undefined, 'launchpad.png'],
      ['en', undefined, 'launchpad.gif'],
      ['en', undefined, 'launchpad-project.png'],
      ['en', 'launchpad', 'x.png'],
      ['en', 'launchpad-project', '%E0%A4%A.png'],
    ] as const)
      expect((await shareImage(locale, route, file)).status).toBe(404);
  });
});
