import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  answer: undefined as
    undefined | { rule: null | { type: 'internal' | 'external'; to: string } },
  calls: 0,
}));

vi.mock('../lib/server/api-client.ts', () => ({
  getServerApi: () => ({
    static: () => {
      api.calls++;
      return api.answer
        ? Promise.resolve(api.answer)
        : Promise.reject(new Error('API down'));
    },
  }),
}));
// no request context: the build manifest has no rules, the API lookup decides
vi.mock('../lib/server/request-context.ts', () => ({
  findRequestContext: () => undefined,
}));
vi.mock('../lib/server/log.ts', () => ({ log: () => undefined }));

const { findRedirect, LOOKUP_PAUSE_MS } = await import('./redirect-rules.ts');

describe('redirect rules during an API outage (issue 29)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });

  it('a path keeps its last good rule while lookups fail, and loses it when the API says so', async () => {
    api.answer = { rule: { type: 'internal', to: '/en/launchpad' } };
    expect(await findRedirect('/en/old-launchpad')).toEqual({
      location: '/en/launchpad',
      external: false,
    });
    api.answer = undefined;
    // the failing lookup, then the pause after it: the same rule both times
    expect((await findRedirect('/en/old-launchpad'))?.location).toBe(
      '/en/launchpad',
    );
    expect((await findRedirect('/en/old-launchpad'))?.location).toBe(
      '/en/launchpad',
    );
    // a path never answered has nothing to keep
    expect(await findRedirect('/en/never-seen')).toBeUndefined();
    vi.setSystemTime(Date.now() + LOOKUP_PAUSE_MS + 1);
    api.answer = { rule: null };
    expect(await findRedirect('/en/old-launchpad')).toBeUndefined();
    vi.setSystemTime(Date.now() + LOOKUP_PAUSE_MS + 1);
    api.answer = undefined;
    expect(await findRedirect('/en/old-launchpad')).toBeUndefined();
    vi.useRealTimers();
  });
});
