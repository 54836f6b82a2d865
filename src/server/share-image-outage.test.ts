import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SHARE_IMAGE } from '../lib/share-image.ts';
import { injectFault, withFaultSandbox } from '../sandbox/testing.ts';

/** Drawing is share-image-worker's concern (its own tests): here each draw is a distinct PNG. */
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('./share-image-worker.ts', () => ({
  drawShareCard: () => {
    drawn.count += 1;
    return Promise.resolve(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, drawn.count]),
    );
  },
}));
vi.mock('../lib/server/log.ts', () => ({
  log: () => undefined,
  logEnabled: () => false,
}));

/** Past the server's short-lived API answer cache (5 s): the next lookup meets the fault. */
const API_CACHE_EXPIRED_MS = 6000;

let api = '';
withFaultSandbox((url) => {
  api = url;
});
// the site's API is the sandbox (read on first use, after the sandbox has started)
const saved = process.env.API_ORIGIN;
beforeAll(() => {
  process.env.API_ORIGIN = api;
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
  if (saved === undefined) delete process.env.API_ORIGIN;
  else process.env.API_ORIGIN = saved;
});

const { shareImage } = await import('./share-image.ts');
const project = (locale: string, key: string) =>
  shareImage(locale, 'launchpad-project', `${key}.png`);
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('keyed share images while the API fails (issue 41)', () => {
  it.each([
    ['down', { kind: 'down' as const }],
    ['slower than the server budget', { kind: 'delay' as const, ms: 8000 }],
  ])(
    'the API %s: an image already drawn is still served, one never drawn redirects to the site-wide image',
    async (_, fault) => {
      // drawn while the API answered
      const key = fault.kind === 'down' ? 'aurora-chain' : 'nebula-pay';
      const good = await project('en', key);
      expect(good.status).toBe(200);
      const first = await bytes(good);

      await injectFault(api, {
        pathPrefix: '/api/v1/launchpad/projects',
        ...fault,
      });
      vi.setSystemTime(Date.now() + API_CACHE_EXPIRED_MS);

      const again = await project('en', key);
      expect(again.status).toBe(200);
      expect(again.headers.get('content-type')).toBe(SHARE_IMAGE.type);
      expect(await bytes(again)).toEqual(first);

      const never = await project('de-DE', key);
      expect(never.status).toBe(302);
      expect(never.headers.get('location')).toBe(SHARE_IMAGE.fallback);
      expect(never.headers.get('cache-control')).toBe('no-store');
    },
  );
});
