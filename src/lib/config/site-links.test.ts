import { describe, expect, it } from 'vitest';

import { LOCALE_CODES } from '../../i18n/locales.ts';
import { SOCIAL_CHANNELS } from './constants.ts';
import { resolveEnvironment } from './environment.ts';
import { getHostSet } from './hosts.ts';
import {
  localeSocialChannels,
  marketPageUrl,
  marketSiteUrl,
  socialProfiles,
  TRUST_LINK_IDS,
  trustLinks,
} from './site-links.ts';

const hostsFor = (host: string, siteDomain = 'example-exchange.com') =>
  getHostSet(resolveEnvironment(host, { siteDomain }));

const prod = hostsFor('www.example-exchange.com');
const testnet = hostsFor('www.testnet.example-exchange.com');
const other = hostsFor('www.other-brand.io', 'other-brand.io');

describe('trust links: host set → footer addresses', () => {
  it('puts legal documents and contact on the help centre, in its language', () => {
    expect(trustLinks(prod, 'ja-JP')).toEqual({
      terms: 'https://help.example-exchange.com/hc/ja/articles/terms-of-use',
      privacy:
        'https://help.example-exchange.com/hc/ja/articles/privacy-notice',
      risk: 'https://help.example-exchange.com/hc/ja/articles/risk-disclosure',
      help: 'https://help.example-exchange.com/hc/ja',
      contact: 'https://help.example-exchange.com/hc/ja/requests/new',
      downloads: 'https://download.example-exchange.com/app',
      affiliates: 'https://affiliates.example-exchange.com/',
    });
  });

  it('follows the spec’s help-centre language map for every locale', () => {
    const expected: Record<string, string> = {
      'de-DE': 'en-us',
      'en-US': 'en-us',
      en: 'en-us',
      'es-MX': 'es-es',
      'fr-FR': 'en-us',
      'ja-JP': 'ja',
      'ko-KR': 'ko',
      'ru-RU': 'ru',
      'th-TH': 'en-us',
      'vi-VN': 'vi',
      'zh-MY': 'en-us',
      'zh-TW': 'zh-tw',
    };
    for (const locale of LOCALE_CODES)
      expect(trustLinks(prod, locale).help, locale).toBe(
        `https://help.example-exchange.com/hc/${expected[locale]}`,
      );
  });

  it('stays in the environment: testnet links go to testnet hosts', () => {
    const links = trustLinks(testnet, 'en');
    expect(links.help).toBe(
      'https://help.testnet.example-exchange.com/hc/en-us',
    );
    expect(links.affiliates).toBe(
      'https://affiliates.testnet.example-exchange.com/',
    );
  });

  it('names no brand or domain of its own', () => {
    const links = Object.values(trustLinks(other, 'ko-KR'));
    expect(links).toHaveLength(TRUST_LINK_IDS.length);
    for (const href of links) {
      expect(href).toMatch(/^https:\/\/[a-z.]+\.other-brand\.io\//);
      expect(href).not.toContain('example');
    }
  });
});

describe('social channels', () => {
  it('fit each locale: KakaoTalk and Naver in Korean, Line in Japanese, Thai and zh-TW', () => {
    expect(localeSocialChannels('ko-KR')).toEqual([
      'kakaotalk',
      'naver',
      'telegram',
      'x',
      'threads',
    ]);
    for (const locale of ['ja-JP', 'th-TH', 'zh-TW'])
      expect(localeSocialChannels(locale), locale).toEqual([
        'line',
        'telegram',
        'x',
        'threads',
      ]);
    for (const locale of ['en', 'en-US', 'de-DE', 'zh-MY', 'vi-VN'])
      expect(localeSocialChannels(locale), locale).toEqual([
        'telegram',
        'x',
        'threads',
      ]);
  });

  it('are the brand’s accounts, named after its domain, in every environment', () => {
    expect(prod.social).toEqual({
      telegram: 'https://t.me/exampleexchange',
      x: 'https://x.com/exampleexchange',
      kakaotalk: 'https://pf.kakao.com/_exampleexchange',
      naver: 'https://blog.naver.com/exampleexchange',
      line: 'https://line.me/R/ti/p/@exampleexchange',
      threads: 'https://www.threads.net/@exampleexchange',
    });
    expect(testnet.social).toEqual(prod.social);
    expect(other.social.telegram).toBe('https://t.me/otherbrand');
  });

  it('give the Organization’s sameAs: every channel once, in the spec’s order', () => {
    const profiles = socialProfiles(prod);
    expect(profiles).toHaveLength(SOCIAL_CHANNELS.length);
    expect(profiles).toEqual(SOCIAL_CHANNELS.map((id) => prod.social[id]));
    expect(new Set(profiles).size).toBe(profiles.length);
  });
});

describe('market site', () => {
  it('has a page per symbol on the environment’s market host', () => {
    const home = marketSiteUrl(prod, 'ja-JP');
    expect(home).toBe('https://markets.example-exchange.com/ja-JP');
    expect(marketPageUrl(home, 'BTCUSDT')).toBe(`${home}/trade/BTCUSDT`);
    expect(marketPageUrl(home, 'B_ethusdt')).toBe(`${home}/trade/ETHUSDT`);
    expect(marketPageUrl(home, 'xrp/usdt')).toBe(`${home}/trade/XRPUSDT`);
    expect(marketPageUrl(home, '<script>')).toBe(`${home}/trade/SCRIPT`);
    expect(marketPageUrl(home, '../')).toBe(home);
    expect(marketSiteUrl(testnet, 'en')).toBe(
      'https://markets.testnet.example-exchange.com/en',
    );
  });
});
