import { describe, expect, it } from 'vitest';

import { localeCookieWrites } from './locale-cookie.ts';

describe('the locale cookie a language choice writes', () => {
  it('on the parent domain: ends the host-only cookie of the same name first', () => {
    const cookie =
      'i18n_redirected=fr-FR; Max-Age=31536000; Domain=.example-exchange.com; Path=/; SameSite=Lax';
    expect(localeCookieWrites(cookie)).toEqual([
      'i18n_redirected=; Max-Age=0; Path=/',
      cookie,
    ]);
  });

  it('host-only (localhost): just the cookie', () => {
    const cookie =
      'i18n_redirected=fr-FR; Max-Age=31536000; Path=/; SameSite=Lax';
    expect(localeCookieWrites(cookie)).toEqual([cookie]);
    expect(localeCookieWrites('')).toEqual(['']);
  });
});
