import { describe, expect, it } from 'vitest';

import { localePath, localePrefix, parseLocaleStrategy } from './routing.ts';

describe('LOCALE_STRATEGY', () => {
  it('is prefix when unset or empty, else one of the two names', () => {
    expect(parseLocaleStrategy(undefined)).toBe('prefix');
    expect(parseLocaleStrategy(' ')).toBe('prefix');
    expect(parseLocaleStrategy('prefix_except_default')).toBe(
      'prefix_except_default',
    );
  });

  it.each(['no_prefix', 'PREFIX', 'prefix_and_default', '1'])(
    'stops the start on %j, naming the choices',
    (value) => {
      expect(() => parseLocaleStrategy(value)).toThrow(
        /prefix, prefix_except_default/,
      );
    },
  );

  it('leaves only the default language unprefixed, and only under prefix_except_default', () => {
    expect(localePrefix('en', 'prefix')).toBe('/en');
    expect(localePrefix('en', 'prefix_except_default')).toBe('');
    expect(localePrefix('en-US', 'prefix_except_default')).toBe('/en-US');
    expect(localePrefix('ja-JP', 'prefix_except_default')).toBe('/ja-JP');
  });

  it('puts a path under the prefix; the unprefixed default home is /', () => {
    expect(localePath('ja-JP', '/launchpad', 'prefix')).toBe(
      '/ja-JP/launchpad',
    );
    expect(localePath('en', '', 'prefix')).toBe('/en');
    expect(localePath('en', '/launchpad', 'prefix_except_default')).toBe(
      '/launchpad',
    );
    expect(localePath('en', '', 'prefix_except_default')).toBe('/');
  });
});
