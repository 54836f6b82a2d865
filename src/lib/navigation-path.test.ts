import { describe, expect, it } from 'vitest';

import {
  isApiPath,
  isDocumentPath,
  isRscPath,
  isRscPayloadShape,
  navigationPath,
  pathKind,
} from './navigation-path.ts';

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

describe('the kind of a request path', () => {
  it.each([
    ['/RSC/R/en/earn.txt', true],
    ['/RSC/F/abc.txt', true],
    ['/en/earn', false],
    ['/rsc/R/en.txt', false],
  ])('%s is an RSC path: %s', (pathname, expected) => {
    expect(isRscPath(pathname)).toBe(expected);
  });

  it.each([
    ['/api/v1/user/info', true],
    ['/latest.json', true],
    ['/builds/meta/abc.json', true],
    ['/builds/other', false],
    ['/en/api', false],
    ['/latest.json.bak', false],
  ])('%s is forwarded to the API: %s', (pathname, expected) => {
    expect(isApiPath(pathname)).toBe(expected);
  });

  it('a document is neither an RSC path nor under /api/', () => {
    expect(isDocumentPath('/en/launchpad')).toBe(true);
    expect(isDocumentPath('/RSC/R/en.txt')).toBe(false);
    expect(isDocumentPath('/api/v1/x')).toBe(false);
  });
});

describe('pathKind', () => {
  it.each([
    ['/RSC/R/en/earn.txt', 'rsc'],
    ['/RSC/F/abc.txt', 'rsc'],
    ['/api/v1/user/info', 'api'],
    ['/latest.json', 'api'],
    ['/builds/meta/abc.json', 'api'],
    ['/assets/index-abc.js', 'asset'],
    ['/robots.txt', 'asset'],
    ['/img/coin/color/BTC.svg', 'asset'],
    ['/en/launchpad', 'document'],
    ['/', 'document'],
    ['/nope', 'document'],
  ])('%s is %s', (pathname, kind) => {
    expect(pathKind(pathname)).toBe(kind);
  });

  it('knows the shape of an unescaped RSC payload path', () => {
    expect(isRscPayloadShape('/RSC/R/en/earn.txt')).toBe(true);
    expect(isRscPayloadShape('/RSC/R/en earn.txt')).toBe(false);
    expect(isRscPayloadShape('/RSC/R/en/earn')).toBe(false);
  });
});
