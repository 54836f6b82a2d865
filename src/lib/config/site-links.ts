/**
 * The addresses a visitor looks for before trusting an exchange, derived from the
 * environment's host set (spec §3) and the locale: legal documents and contact on the help
 * centre in the locale's help language (§9), app downloads, affiliates, the market site's
 * trading pages and the social channels that fit the locale. Pure: no I/O, no brand or
 * domain of its own.
 */
import { SOCIAL_CHANNELS, type SocialChannel } from './constants.ts';
import { helpCenterUrl, symbolSlug, type HostSet } from './hosts.ts';

export const TRUST_LINK_IDS = [
  'terms',
  'privacy',
  'risk',
  'help',
  'contact',
  'downloads',
  'affiliates',
] as const;
export type TrustLinkId = (typeof TRUST_LINK_IDS)[number];

/** Each trust link's address for a locale. */
export const trustLinks = (
  hosts: Pick<HostSet, 'help' | 'affiliates' | 'cdn'>,
  locale: string,
): Readonly<Record<TrustLinkId, string>> => {
  const help = helpCenterUrl(hosts, locale);
  return {
    terms: `${help}/articles/terms-of-use`,
    privacy: `${help}/articles/privacy-notice`,
    risk: `${help}/articles/risk-disclosure`,
    help,
    contact: `${help}/requests/new`,
    downloads: `${hosts.cdn.downloads}/app`,
    affiliates: `https://${hosts.affiliates}/`,
  };
};

/** Channels beside the global ones where a language's readers are (Korea; Japan, Thailand, Taiwan). */
const REGIONAL_CHANNELS: ReadonlyMap<string, readonly SocialChannel[]> =
  new Map([
    ['ko', ['kakaotalk', 'naver']],
    ['ja', ['line']],
    ['th', ['line']],
    ['zh-tw', ['line']],
  ]);
const GLOBAL_CHANNELS: readonly SocialChannel[] = ['telegram', 'x', 'threads'];

/**
 * The social channels that fit a locale, regional ones first: KakaoTalk and Naver for Korean,
 * Line for Japanese, Thai and Traditional Chinese (Taiwan), then Telegram, X and Threads.
 */
export const localeSocialChannels = (
  locale: string,
): readonly SocialChannel[] => {
  const code = locale.toLowerCase().replaceAll('_', '-');
  const language = code.split('-')[0] ?? '';
  const regional =
    REGIONAL_CHANNELS.get(code) ?? REGIONAL_CHANNELS.get(language) ?? [];
  return [...regional, ...GLOBAL_CHANNELS];
};

/** The brand's social accounts in the spec's order: the Organization's `sameAs`. */
export const socialProfiles = (
  hosts: Pick<HostSet, 'social'>,
): readonly string[] => SOCIAL_CHANNELS.map((id) => hosts.social[id]);

/** The market site's home in a locale. */
export const marketSiteUrl = (
  hosts: Pick<HostSet, 'markets'>,
  locale: string,
): string => `https://${hosts.markets}/${locale}`;

/**
 * The market site's trading page of a symbol, from the site's home in the reader's locale
 * (`marketSiteUrl`): `B_BTCUSDT` and `btc/usdt` → `<home>/trade/BTCUSDT`; the home itself when
 * nothing of the symbol is left.
 */
export const marketPageUrl = (marketHome: string, symbol: string): string => {
  const slug = symbolSlug(symbol);
  return slug ? `${marketHome}/trade/${slug}` : marketHome;
};
