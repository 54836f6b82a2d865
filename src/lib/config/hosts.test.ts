import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../i18n/locales.ts';
import { resolveEnvironment } from './environment.ts';
import {
  CDN_FOLDERS,
  HELP_CENTER_LANGUAGES,
  buildCoinIconUrl,
  getHostSet,
  helpCenterLanguage,
  helpCenterUrl,
} from './hosts.ts';

const hostsFor = (host: string) =>
  getHostSet(resolveEnvironment(host, { siteDomain: 'example-exchange.com' }));

const prod = hostsFor('www.example-exchange.com');
const preprod = hostsFor('www.example-exchange.co');
const testnet = hostsFor('www.testnet.example-exchange.com');
const test1 = hostsFor('www.test1.example-exchange.com');
const test2 = hostsFor('www.test2.example-exchange.com');
const dev = hostsFor('localhost:3000');

describe('getHostSet: site services', () => {
  it('production uses the registrable domain', () => {
    expect(prod).toMatchObject({
      baseDomain: 'example-exchange.com',
      main: 'www.example-exchange.com',
      affiliates: 'affiliates.example-exchange.com',
      help: 'help.example-exchange.com',
      api: 'api2.example-exchange.com',
      websocket: 'wss://ws2.example-exchange.com',
    });
  });

  it('testnet and test use <envName>.<domain>, never the production API', () => {
    expect(testnet).toMatchObject({
      main: 'www.testnet.example-exchange.com',
      api: 'api2.testnet.example-exchange.com',
      websocket: 'wss://ws2.testnet.example-exchange.com',
    });
    expect(test1).toMatchObject({
      main: 'www.test1.example-exchange.com',
      api: 'api2.test1.example-exchange.com',
      websocket: 'wss://ws2.test1.example-exchange.com',
    });
  });

  it('pre-production and dex hosts use their own registrable domain', () => {
    expect(preprod.api).toBe('api2.example-exchange.co');
    expect(hostsFor('dex.example-exchange.com').main).toBe(
      'www.example-exchange.com',
    );
    expect(hostsFor('www.example-exchange.finance').api).toBe(
      'api2.example-exchange.finance',
    );
  });

  it('development (http) gets ws:// on the dev host environment', () => {
    expect(dev.api).toBe('api2.test1.example-exchange.com');
    expect(dev.websocket).toBe('ws://ws2.test1.example-exchange.com');
    expect(dev.main).toBe('www.test1.example-exchange.com');
  });
});

describe('getHostSet: telemetry', () => {
  it('logging endpoints differ between production, testnet and test', () => {
    expect(prod.logging).toBe('log.example-exchange.com');
    expect(testnet.logging).toBe('log-testnet.example-exchange.com');
    expect(test1.logging).toBe('log-test.example-exchange.com');
    expect(new Set([prod.logging, testnet.logging, test1.logging]).size).toBe(
      3,
    );
    expect(preprod.logging).toBe('log.example-exchange.co');
  });

  it.each([
    ['apm.example-exchange.com', prod],
    ['apm.example-exchange.co', preprod],
    ['apm-testnet.example-exchange.com', testnet],
    ['apm-test1.example-exchange.com', test1],
    ['apm-test2.example-exchange.com', test2],
  ])('performance monitoring reports to %s', (apm, hosts) => {
    expect(hosts.performanceMonitoring).toBe(apm);
  });

  it('error reporting is enabled only for production and testnet', () => {
    expect(prod.errorReporting).toEqual({
      host: 'errors.example-exchange.com',
      enabled: true,
    });
    expect(preprod.errorReporting.enabled).toBe(true);
    expect(testnet.errorReporting.enabled).toBe(true);
    expect(test1.errorReporting.enabled).toBe(false);
    expect(test2.errorReporting.enabled).toBe(false);
    expect(dev.errorReporting.enabled).toBe(false);
    // Development mapped onto a production host still reports nothing.
    const devOnProd = resolveEnvironment('localhost', {
      siteDomain: 'example-exchange.com',
      devHost: 'www.example-exchange.com',
    });
    expect(devOnProd.env).toBe('prod');
    expect(getHostSet(devOnProd).errorReporting.enabled).toBe(false);
  });
});

describe('getHostSet: CDN', () => {
  it('regional folder prefixes follow §9', () => {
    expect(CDN_FOLDERS).toEqual({
      test1: 't1',
      test2: 't2',
      testnet: 'tn1',
      preprod: 'pre1',
      prod: 'p1',
    });
    expect(
      [test1, test2, testnet, preprod, prod].map((h) => h.cdnFolder),
    ).toEqual(['t1', 't2', 'tn1', 'pre1', 'p1']);
    expect(hostsFor('www.test22.example-exchange.com').cdnFolder).toBe('t22');
    expect(dev.cdnFolder).toBe('t1');
  });

  it('has every CDN base as an https URL without a trailing slash', () => {
    for (const hosts of [prod, preprod, testnet, test1, dev]) {
      expect(Object.keys(hosts.cdn).sort()).toEqual([
        'common',
        'downloads',
        'fonts',
        'geetest',
        'images',
        'lottie',
        'marketlab',
        'robots',
        'styles',
        'translations',
      ]);
      for (const url of Object.values(hosts.cdn)) {
        expect(url).toMatch(/^https:\/\/[a-z0-9.-]+(\/[a-z0-9-]+)*$/);
      }
    }
  });

  it('puts per-environment assets under the regional folder', () => {
    expect(prod.cdn).toMatchObject({
      images: 'https://img.example-exchange.com',
      fonts: 'https://fonts.example-exchange.com',
      downloads: 'https://download.example-exchange.com',
      common: 'https://static.example-exchange.com/common-static',
      lottie: 'https://static.example-exchange.com/common-static/lottie',
      geetest: 'https://static.example-exchange.com/common-static/geetest',
      marketlab: 'https://static.example-exchange.com/common-static/marketlab',
      styles: 'https://static.example-exchange.com/p1/styles',
      robots: 'https://static.example-exchange.com/p1/robot',
    });
    expect([test1.cdn.styles, testnet.cdn.robots, preprod.cdn.styles]).toEqual([
      'https://static.example-exchange.com/t1/styles',
      'https://static.example-exchange.com/tn1/robot',
      'https://static.example-exchange.co/pre1/styles',
    ]);
  });

  it('serves translations from the path §7 gives each environment', () => {
    expect([
      prod.cdn.translations,
      testnet.cdn.translations,
      test1.cdn.translations,
    ]).toEqual([
      'https://static.example-exchange.com/i18n',
      'https://static.example-exchange.com/common-static/i18n-upload',
      'https://static.example-exchange.com/low-cache/release',
    ]);
  });
});

describe('coin icons', () => {
  it('builds light and dark icon URLs from the images CDN', () => {
    expect(prod.coinIconUrl('btc', 'light')).toBe(
      'https://img.example-exchange.com/coin/light/BTC.svg',
    );
    expect(prod.coinIconUrl('USDT', 'dark')).toBe(
      'https://img.example-exchange.com/coin/dark/USDT.svg',
    );
    expect(testnet.coinIconUrl('eth', 'dark')).toBe(
      buildCoinIconUrl(testnet.cdn.images, 'ETH', 'dark'),
    );
  });

  it('sanitises the symbol to A-Z and 0-9 and strips a broker prefix', () => {
    expect(prod.coinIconUrl('B_BTC', 'light')).toMatch(/\/BTC\.svg$/);
    expect(prod.coinIconUrl('1inch', 'light')).toMatch(/\/1INCH\.svg$/);
    expect(prod.coinIconUrl('../../etc/passwd', 'light')).toMatch(
      /\/coin\/light\/ETCPASSWD\.svg$/,
    );
    expect(prod.coinIconUrl('<script>"x"', 'dark')).toMatch(
      /\/coin\/dark\/SCRIPTX\.svg$/,
    );
    expect(prod.coinIconUrl('', 'light')).toMatch(
      /\/coin\/light\/default\.svg$/,
    );
    expect(prod.coinIconUrl('€$%', 'light')).toMatch(/\/default\.svg$/);
    expect(prod.coinIconUrl('A'.repeat(1000), 'light')).toMatch(
      new RegExp(`/${'A'.repeat(32)}\\.svg$`),
    );
  });

  it('only knows the light and dark styles', () => {
    expect(
      buildCoinIconUrl('https://img.x.com', 'BTC', 'sepia' as 'light'),
    ).toBe('https://img.x.com/coin/light/BTC.svg');
  });
});

describe('help centre', () => {
  it.each([
    ['zh-TW', 'zh-tw'],
    ['zh-Hant-HK', 'zh-tw'],
    ['zh_tw', 'zh-tw'],
    ['zh-MY', 'en-us'],
    ['zh', 'en-us'],
    ['ja-JP', 'ja'],
    ['ja', 'ja'],
    ['ko-KR', 'ko'],
    ['en', 'en-us'],
    ['en-US', 'en-us'],
    ['EN-GB', 'en-us'],
    ['es-MX', 'es-es'],
    ['es', 'es-es'],
    ['ru-RU', 'ru'],
    ['vi-VN', 'vi'],
    ['de-DE', 'en-us'],
    ['fr-FR', 'en-us'],
    ['th-TH', 'en-us'],
    ['', 'en-us'],
    ['constructor', 'en-us'],
    ['__proto__', 'en-us'],
  ])('%s → %s', (locale, expected) => {
    expect(helpCenterLanguage(locale)).toBe(expected);
  });

  it('only ever answers a help-centre language', () => {
    for (const locale of ['xx', 'zh-Hans-CN', 'pt-BR', 'x'.repeat(10_000)]) {
      expect(HELP_CENTER_LANGUAGES).toContain(helpCenterLanguage(locale));
    }
  });

  it('agrees with the helpCenter column of the locale table', () => {
    for (const entry of LOCALES) {
      expect(helpCenterLanguage(entry.code), entry.code).toBe(entry.helpCenter);
    }
  });

  it('builds the help-centre URL on the environment help host', () => {
    expect(helpCenterUrl(prod, 'ko-KR')).toBe(
      'https://help.example-exchange.com/hc/ko',
    );
    expect(helpCenterUrl(testnet, 'de-DE')).toBe(
      'https://help.testnet.example-exchange.com/hc/en-us',
    );
  });
});
