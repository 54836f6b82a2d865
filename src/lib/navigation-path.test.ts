import { describe, expect, it } from 'vitest';

import { navigationPath } from './navigation-path.ts';

describe('navigationPath', () => {
  it.each([
    ['/en/earn', '/en/earn'],
    ['/RSC/R/en/earn.txt', '/en/earn'],
    [
      '/RSC/R/ja-JP/launchpad/aurora-chain.txt',
      '/ja-JP/launchpad/aurora-chain',
    ],
    ['/RSC/R/_root.txt', '/'],
    ['/RSC/R/__next.txt', '/_next'],
    ['/RSC/R/en/welcome/%E3%81%82.txt', '/en/welcome/あ'],
  ])('%s is a navigation to %s', (pathname, expected) => {
    expect(navigationPath(pathname)).toBe(expected);
  });

  it.each([
    '/RSC/F/abc.txt',
    '/RSC/S/slice.txt',
    '/RSC/R/en/earn',
    '/RSC/R/%E0%A4%A.txt',
  ])('%s is not a route navigation', (pathname) => {
    expect(navigationPath(pathname)).toBeUndefined();
  });
});
