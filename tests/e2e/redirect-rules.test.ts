import { describe, expect, inject, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';

const base = inject('baseURL');
const get = (path: string) =>
  fetch(`${base}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': PERSON_UA },
  });

/** Redirect rules from the API (spec §2, §7), guarded against open redirects. */
describe('redirect rules', () => {
  it('an internal rule answers 308 to a registered route', async () => {
    const res = await get('/en/old-launchpad');
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', base).pathname).toBe(
      '/en/launchpad',
    );
  });

  it('a rule to an unregistered route goes to /en', async () => {
    const res = await get('/en/broken-target');
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', base).pathname).toBe(
      '/en',
    );
  });

  it('an external rule to an allowlisted host is a full redirect there', async () => {
    const res = await get('/en/app');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(
      'https://download.example-exchange.com/app',
    );
  });

  it('an external rule to a host off the allowlist is ignored (never an open redirect)', async () => {
    const res = await get('/en/evil');
    expect(res.headers.get('location')).toBeNull();
    expect(res.status).toBe(404);
  });
});
