import { describe, expect, it } from 'vitest';

import { resolveEnvironment } from './config/index.ts';
import {
  cookieDomain,
  expiryTimerMs,
  localeCookie,
  readCookies,
  serializeCookie,
} from './cookies.ts';

describe('serializeCookie (spec §5)', () => {
  it('defaults the path to / and writes the attributes', () => {
    expect(serializeCookie('a', 'b', { sameSite: 'lax', httpOnly: true })).toBe(
      'a=b; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it.each([['bad name'], ['a;b'], ['a=b'], ['ä'], ['']])(
    'refuses the name %j with TypeError',
    (name) => {
      expect(() => serializeCookie(name, 'v')).toThrow(TypeError);
    },
  );

  it.each([['a;b'], ['a b\u0000'], ['\n'], ['日本']])(
    'percent-encodes the value %j into the allowed set',
    (value) => {
      const header = serializeCookie('n', value);
      expect(header).toMatch(/^n=[!#-+\--:<-[\]-~]*; Path=\/$/);
      expect(readCookies(header.split(';')[0])).toEqual({ n: value });
    },
  );

  it('validates max-age, expires, priority and same-site with TypeError', () => {
    expect(() => serializeCookie('n', 'v', { maxAge: 1.5 })).toThrow(TypeError);
    expect(() => serializeCookie('n', 'v', { maxAge: Number.NaN })).toThrow(
      TypeError,
    );
    expect(() =>
      serializeCookie('n', 'v', { expires: new Date('nope') }),
    ).toThrow(TypeError);
    expect(() =>
      serializeCookie('n', 'v', {
        // @ts-expect-error: a priority outside the type, as an untyped caller could pass
        priority: 'urgent',
      }),
    ).toThrow(TypeError);
    expect(() =>
      serializeCookie('n', 'v', {
        // @ts-expect-error: a same-site value outside the type, as an untyped caller could pass
        sameSite: 'sometimes',
      }),
    ).toThrow(TypeError);
  });

  it('caps expiry timers at 2147483647 ms', () => {
    expect(expiryTimerMs({ maxAge: 365 * 24 * 3600 })).toBe(2147483647);
    expect(expiryTimerMs({ maxAge: 60 })).toBe(60_000);
    expect(expiryTimerMs({ expires: new Date(1000) }, 0)).toBe(1000);
    expect(expiryTimerMs({ expires: new Date(0) }, 5000)).toBe(0);
    expect(expiryTimerMs({})).toBeUndefined();
  });
});

describe('the locale cookie (§9)', () => {
  it('is i18n_redirected for 365 days on / with SameSite=Lax', () => {
    expect(localeCookie('ja-JP')).toBe(
      'i18n_redirected=ja-JP; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });
  it('accepts only supported locales', () => {
    expect(() => localeCookie('xx-XX')).toThrow(TypeError);
  });
  it('is set on the parent domain (§9), host-only on localhost', () => {
    const www = resolveEnvironment('www.example-exchange.com', {
      siteDomain: 'example-exchange.com',
    });
    expect(localeCookie('de-DE', cookieDomain(www))).toBe(
      'i18n_redirected=de-DE; Max-Age=31536000; Domain=.example-exchange.com; Path=/; SameSite=Lax',
    );
    const local = resolveEnvironment('localhost:3000', {
      siteDomain: 'example-exchange.com',
    });
    expect(localeCookie('de-DE', cookieDomain(local))).toBe(
      'i18n_redirected=de-DE; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });
});

describe('cookie domain', () => {
  it('is the parent domain, none on localhost', () => {
    const opts = { siteDomain: 'example-exchange.com' };
    expect(
      cookieDomain(resolveEnvironment('www.example-exchange.com', opts)),
    ).toBe('.example-exchange.com');
    expect(
      cookieDomain(resolveEnvironment('localhost:3000', opts)),
    ).toBeUndefined();
  });
  it('reads cookies', () => {
    expect(readCookies('a=1; b=2')).toEqual({ a: '1', b: '2' });
    expect(readCookies(undefined)).toEqual({});
  });
});
