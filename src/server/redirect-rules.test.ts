import { describe, expect, it } from 'vitest';

import {
  rulePath,
  safeExternalTarget,
  safeInternalTarget,
} from './redirect-rules.ts';

describe('safeInternalTarget', () => {
  it.each([
    ['/en/launchpad', '/en/launchpad'],
    ['/ja-JP/launchpad/abc?x=1', '/ja-JP/launchpad/abc?x=1'],
    ['/de-DE', '/de-DE'],
  ])('keeps a registered route %s', (to, expected) => {
    expect(safeInternalTarget(to)).toBe(expected);
  });

  it.each([
    ['//evil.example/en'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/en'],
    ['/%2F%2Fevil.example'],
    ['/en/no-such-route'],
    ['/xx-XX/launchpad'],
    [''],
    ['en/launchpad'],
    ['/en/launchpad\u0000'],
    ['/en/%E0%A4%A'],
    ['javascript:alert(1)'],
  ])('sends %j to /en (never off-site, never unregistered)', (to) => {
    expect(safeInternalTarget(to)).toBe('/en');
  });
});

describe('internal targets follow the locale strategy', () => {
  it.each([
    ['/EN/Launchpad', 'prefix', '/en/launchpad'],
    ['/ja-jp/launchpad/abc/?x=1', 'prefix', '/ja-JP/launchpad/abc?x=1'],
    ['/earning/savings', 'prefix', '/en/earning/savings'],
    ['/en/launchpad', 'prefix_except_default', '/launchpad'],
    ['/en', 'prefix_except_default', '/'],
    ['/launchpad?x=1', 'prefix_except_default', '/launchpad?x=1'],
    ['/ja-JP/launchpad', 'prefix_except_default', '/ja-JP/launchpad'],
    ['/en/no-such-route', 'prefix_except_default', '/'],
    ['//evil.example/en', 'prefix_except_default', '/'],
  ] as const)('%s under %s is %s', (to, strategy, expected) => {
    expect(safeInternalTarget(to, strategy)).toBe(expected);
  });

  it('rules are looked up by the upstream spelling (every locale prefixed)', () => {
    expect(rulePath('/earn', 'prefix_except_default')).toBe('/en/earn');
    expect(rulePath('/', 'prefix_except_default')).toBe('/en');
    expect(rulePath('/ja-JP/earn', 'prefix_except_default')).toBe(
      '/ja-JP/earn',
    );
    expect(rulePath('/en/earn', 'prefix')).toBe('/en/earn');
  });
});

describe('safeExternalTarget', () => {
  const allow = new Set(['downloads.example-exchange.com']);

  it('allows https to an allowlisted host', () => {
    expect(
      safeExternalTarget('https://downloads.example-exchange.com/app', allow),
    ).toBe('https://downloads.example-exchange.com/app');
  });

  it.each([
    ['http://downloads.example-exchange.com/app'],
    ['https://evil.example/'],
    ['https://downloads.example-exchange.com.evil.example/'],
    ['https://user:pass@downloads.example-exchange.com/'],
    ['https://evil.example@downloads.example-exchange.com/'],
    ['//downloads.example-exchange.com/app'],
    ['javascript:alert(1)'],
    ['not a url'],
  ])('refuses %j', (to) => {
    expect(safeExternalTarget(to, allow)).toBeUndefined();
  });
});
