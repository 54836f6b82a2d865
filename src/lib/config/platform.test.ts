import { describe, expect, it } from 'vitest';

import {
  DEFAULT_APP_MARKER,
  detectPlatform,
  isMobilePlatform,
  parseAppUserAgent,
} from './platform.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxLinux:
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  googlebot:
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot:
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  curl: 'curl/8.5.0',
  appAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 ExchangeApp/3.12.0 (android)',
  appIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ExchangeApp/3.12.0 (ios)',
} as const;

describe('detectPlatform', () => {
  it('answers a browser from memory, keeping the app marker apart', () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 ShopApp/3.12.0 (android)';
    expect(detectPlatform(ua, 'ShopApp')).toBe('android');
    expect(detectPlatform(ua, 'OtherApp')).toBe('h5');
    expect(detectPlatform(ua, 'ShopApp')).toBe('android');
    expect(detectPlatform(`  ${ua} `, 'OtherApp')).toBe('h5');
  });
  it.each([
    'chromeWindows',
    'firefoxWindows',
    'edgeWindows',
    'safariMac',
    'chromeMac',
    'firefoxMac',
    'chromeLinux',
    'firefoxLinux',
  ] as const)('desktop %s → pc', (name) => {
    expect(detectPlatform(UA[name])).toBe('pc');
  });

  it.each([
    'iphoneSafari',
    'iphoneChrome',
    'androidChrome',
    'androidSamsung',
    'ipad',
    'androidTablet',
  ] as const)('phone or tablet browser %s → h5', (name) => {
    expect(detectPlatform(UA[name])).toBe('h5');
  });

  it.each(['googlebot', 'googlebotSmartphone', 'bingbot', 'curl'] as const)(
    'bot %s → pc',
    (name) => {
      expect(detectPlatform(UA[name])).toBe('pc');
    },
  );

  it('empty, blank, missing or unknown user agents → pc', () => {
    expect(detectPlatform(undefined)).toBe('pc');
    expect(detectPlatform('')).toBe('pc');
    expect(detectPlatform('   ')).toBe('pc');
    expect(detectPlatform('¯\\_(ツ)_/¯')).toBe('pc');
  });

  it('the app marker with android or ios → android or ios', () => {
    expect(detectPlatform(UA.appAndroid)).toBe('android');
    expect(detectPlatform(UA.appIos)).toBe('ios');
    expect(detectPlatform('ExchangeApp/1.0.0 (iOS 17.5; iPhone15,2)')).toBe(
      'ios',
    );
    expect(
      detectPlatform('okhttp/4.12.0 ExchangeApp/10.200.3000 Android'),
    ).toBe('android');
  });

  it('an app-like user agent with a bad version is not the app', () => {
    expect(detectPlatform(UA.appAndroid.replace('3.12.0', '3.12'))).toBe('h5');
    expect(detectPlatform(UA.appIos.replace('3.12.0', '3.12'))).toBe('h5');
    expect(detectPlatform(UA.appAndroid.replace('3.12.0', '3.12.0.1'))).toBe(
      'h5',
    );
    expect(detectPlatform(UA.appAndroid.replace('3.12.0', '3.x.0'))).toBe('h5');
    expect(
      detectPlatform(UA.chromeWindows + ' ExchangeApp/3.12 (android)'),
    ).toBe('pc');
  });

  it('needs the platform word after the version', () => {
    expect(detectPlatform(UA.chromeWindows + ' ExchangeApp/3.12.0')).toBe('pc');
    expect(
      detectPlatform(UA.chromeWindows + ' ExchangeApp/3.12.0 (androidx)'),
    ).toBe('pc');
    expect(
      detectPlatform(UA.chromeWindows + ' ExchangeApp/3.12.0 (bios)'),
    ).toBe('pc');
    // "Android" before the marker does not count: the platform follows the version.
    expect(detectPlatform(UA.androidChrome + ' ExchangeApp/3.12.0')).toBe('h5');
  });

  it('needs the exact marker as a whole token', () => {
    expect(
      detectPlatform(UA.androidChrome + ' MyExchangeApp/3.12.0 (android)'),
    ).toBe('h5');
    expect(
      detectPlatform(UA.androidChrome + ' exchangeapp/3.12.0 (android)'),
    ).toBe('h5');
    expect(
      detectPlatform(UA.androidChrome + ' ExchangeApps/3.12.0 (android)'),
    ).toBe('h5');
  });

  it('recognises a configured marker instead of the default', () => {
    const ua = UA.appAndroid.replace(DEFAULT_APP_MARKER, 'Acme.Trade');
    expect(detectPlatform(ua, 'Acme.Trade')).toBe('android');
    expect(detectPlatform(ua)).toBe('h5');
    expect(detectPlatform(UA.appAndroid, 'Acme.Trade')).toBe('h5');
    // The marker is matched literally: '.' is no wildcard.
    expect(
      detectPlatform(
        UA.appAndroid.replace(DEFAULT_APP_MARKER, 'AcmeXTrade'),
        'Acme.Trade',
      ),
    ).toBe('h5');
  });

  it('falls back to the default marker when the configured one is not a token', () => {
    expect(detectPlatform(UA.appIos, '')).toBe('ios');
    expect(detectPlatform(UA.appIos, 'a(b|c)*')).toBe('ios');
  });

  it('only looks at the first 500 characters', () => {
    const padded = `${UA.androidChrome} ${'x'.repeat(600)} ExchangeApp/3.12.0 (android)`;
    expect(detectPlatform(padded)).toBe('h5');
    const early = `${UA.appIos} ${'x'.repeat(16 * 1024)}`;
    expect(detectPlatform(early)).toBe('ios');
  });

  it('stays fast on 16 KB of garbage (< 50 ms)', () => {
    detectPlatform(UA.chromeWindows); // warm up the parser
    const inputs = [
      'A'.repeat(16 * 1024),
      `${DEFAULT_APP_MARKER}/1.1.`.repeat(1200),
      `${DEFAULT_APP_MARKER}/${'1'.repeat(16 * 1024)}`,
      `Mozilla/5.0 (${'Linux; '.repeat(2400)}`,
      `${'('.repeat(8 * 1024)}${')'.repeat(8 * 1024)}`,
      Array.from({ length: 16 * 1024 }, (_, i) =>
        String.fromCharCode(32 + ((i * 7919) % 95)),
      ).join(''),
    ];
    for (const input of inputs) {
      expect(input.length).toBeGreaterThanOrEqual(16 * 1024 - 64);
      const start = performance.now();
      detectPlatform(input);
      parseAppUserAgent(input);
      expect(performance.now() - start).toBeLessThan(50);
    }
  });
});

describe('parseAppUserAgent', () => {
  it('returns the version and platform of the app', () => {
    expect(parseAppUserAgent(UA.appAndroid)).toEqual({
      version: '3.12.0',
      platform: 'android',
    });
    expect(parseAppUserAgent(UA.appIos, 'ExchangeApp')).toEqual({
      version: '3.12.0',
      platform: 'ios',
    });
    expect(parseAppUserAgent('ExchangeApp/0.0.1 IOS')).toEqual({
      version: '0.0.1',
      platform: 'ios',
    });
    expect(parseAppUserAgent('ExchangeApp/3.12.0-beta (android)')).toEqual({
      version: '3.12.0',
      platform: 'android',
    });
  });

  it('takes the first platform word after the version', () => {
    expect(parseAppUserAgent('ExchangeApp/1.2.3 (ios) android')?.platform).toBe(
      'ios',
    );
  });

  it('returns null for everything else', () => {
    for (const ua of [
      undefined,
      '',
      UA.chromeWindows,
      UA.androidChrome,
      UA.iphoneSafari,
      'ExchangeApp/3.12 (android)',
      'ExchangeApp/1234567.1.1 (ios)',
      'ExchangeApp (android) 1.2.3',
    ]) {
      expect(parseAppUserAgent(ua)).toBeNull();
    }
  });
});

describe('isMobilePlatform', () => {
  it('is true for h5 and the apps, false for pc', () => {
    expect(isMobilePlatform('pc')).toBe(false);
    expect(isMobilePlatform('h5')).toBe(true);
    expect(isMobilePlatform('android')).toBe(true);
    expect(isMobilePlatform('ios')).toBe(true);
  });
});
