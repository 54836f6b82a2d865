/**
 * The host set derived from an environment (spec §3, §7, §9). Pure: no I/O.
 *
 * Site services (main site, affiliates, help, api2, ws2) live on the environment's base
 * domain: the registrable domain in production (and pre-production), `<envName>.<domain>`
 * in testnet and test, so a test page never talks to the production API (the default dev
 * host `www.test1.<domain>` sits on the same base). Telemetry and the CDN are shared
 * infrastructure on the registrable domain: telemetry hosts carry the environment in their
 * name, CDN assets that differ per environment sit under the regional folder (§9).
 */
import { stripBrokerPrefix, type SocialChannel } from './constants.ts';
import type { EnvironmentInfo } from './environment.ts';

export const CDN_FOLDERS = {
  test1: 't1',
  test2: 't2',
  testnet: 'tn1',
  preprod: 'pre1',
  prod: 'p1',
} as const;

export type CoinIconStyle = 'light' | 'dark';

/** CDN base URLs (`https://host[/path]`, no trailing slash). */
export type CdnHosts = {
  readonly images: string;
  readonly fonts: string;
  readonly styles: string;
  readonly translations: string;
  readonly downloads: string;
  /** The common static path shared by every environment. */
  readonly common: string;
  readonly lottie: string;
  readonly geetest: string;
  /** The customer-service robot's assets. */
  readonly robots: string;
  readonly marketlab: string;
};

export type HostSet = {
  /** `<domain>` in production, `<envName>.<domain>` in testnet and test. */
  readonly baseDomain: string;
  readonly main: string;
  readonly affiliates: string;
  readonly help: string;
  /** The market site: a trading page per symbol (`marketPageUrl`). */
  readonly markets: string;
  /** The API host (`api2.<base>`); its protocol is the page's. */
  readonly api: string;
  /** The websocket origin: `wss://ws2.<base>`, or `ws://` when the page is served over http. */
  readonly websocket: string;
  /** The front logger; production, testnet and test each have their own. */
  readonly logging: string;
  /** The performance-monitoring endpoint, one per environment name. */
  readonly performanceMonitoring: string;
  /** Error reporting is enabled only for production and testnet, never in development. */
  readonly errorReporting: { readonly host: string; readonly enabled: boolean };
  /** The regional CDN folder of this environment (§9). */
  readonly cdnFolder: string;
  readonly cdn: CdnHosts;
  /**
   * The exchange's account on each social channel (spec §3), named after its registrable
   * domain (`example-exchange.com` → `exampleexchange`): the same in every environment.
   */
  readonly social: Readonly<Record<SocialChannel, string>>;
  /** The icon of a coin symbol; see `buildCoinIconUrl`. */
  readonly coinIconUrl: (symbol: string, style: CoinIconStyle) => string;
};

/** test1 → t1, test22 → t22, testnet → tn1, pre-production → pre1, production → p1. */
export const cdnFolderFor = (env: EnvironmentInfo): string => {
  switch (env.env) {
    case 'test':
      return `t${env.envName.slice('test'.length)}`;
    case 'testnet':
      return CDN_FOLDERS.testnet;
    case 'prod':
      return env.isPreprod ? CDN_FOLDERS.preprod : CDN_FOLDERS.prod;
  }
};

const MAX_SYMBOL_LENGTH = 32;

/**
 * A symbol as it may stand in an address: without a broker prefix, uppercased, A–Z and 0–9
 * only, at most 32 characters (empty when nothing is left).
 */
export const symbolSlug = (symbol: string): string =>
  stripBrokerPrefix(String(symbol).toUpperCase())
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, MAX_SYMBOL_LENGTH);

/**
 * `<images>/coin/<style>/<SYMBOL>.svg`. The symbol loses a broker prefix, is uppercased and
 * keeps only A–Z and 0–9 (at most 32 characters); nothing left gives the `default` icon.
 */
export const buildCoinIconUrl = (
  imagesBase: string,
  symbol: string,
  style: CoinIconStyle,
): string => {
  const name = symbolSlug(symbol);
  const tone = style === 'dark' ? 'dark' : 'light';
  return `${imagesBase}/coin/${tone}/${name || 'default'}.svg`;
};

/** The account name of a brand on the social channels: its domain's first label, letters and digits. */
const socialHandle = (domain: string): string =>
  (domain.split('.')[0] ?? '').replace(/[^a-z0-9]/gi, '').toLowerCase();

/** Each social channel's address of the brand's account. */
export const socialAccounts = (
  domain: string,
): Readonly<Record<SocialChannel, string>> => {
  const handle = socialHandle(domain);
  return {
    telegram: `https://t.me/${handle}`,
    x: `https://x.com/${handle}`,
    kakaotalk: `https://pf.kakao.com/_${handle}`,
    naver: `https://blog.naver.com/${handle}`,
    line: `https://line.me/R/ti/p/@${handle}`,
    threads: `https://www.threads.net/@${handle}`,
  };
};

export const getHostSet = (env: EnvironmentInfo): HostSet => {
  const { domain } = env;
  const base = env.env === 'prod' ? domain : `${env.envName}.${domain}`;
  const telemetry = env.env === 'prod' ? '' : `-${env.env}`;
  const cdnFolder = cdnFolderFor(env);
  const staticBase = `https://static.${domain}`;
  const common = `${staticBase}/common-static`;
  const translations =
    env.env === 'test'
      ? `${staticBase}/low-cache/release`
      : env.env === 'testnet'
        ? `${common}/i18n-upload`
        : `${staticBase}/i18n`;
  const cdn: CdnHosts = {
    images: `https://img.${domain}`,
    fonts: `https://fonts.${domain}`,
    styles: `${staticBase}/${cdnFolder}/styles`,
    translations,
    downloads: `https://download.${domain}`,
    common,
    lottie: `${common}/lottie`,
    geetest: `${common}/geetest`,
    robots: `${staticBase}/${cdnFolder}/robot`,
    marketlab: `${common}/marketlab`,
  };
  return {
    baseDomain: base,
    main: `www.${base}`,
    affiliates: `affiliates.${base}`,
    help: `help.${base}`,
    markets: `markets.${base}`,
    api: `api2.${base}`,
    websocket: `${env.protocol === 'http:' ? 'ws' : 'wss'}://ws2.${base}`,
    logging: `log${telemetry}.${domain}`,
    performanceMonitoring: `apm${env.env === 'prod' ? '' : `-${env.envName}`}.${domain}`,
    errorReporting: {
      host: `errors.${domain}`,
      enabled: !env.isDev && (env.env === 'prod' || env.env === 'testnet'),
    },
    cdnFolder,
    cdn,
    social: socialAccounts(domain),
    coinIconUrl: (symbol, style) => buildCoinIconUrl(cdn.images, symbol, style),
  };
};

// ── Help centre (§9) ──────────────────────────────────────────────────────────────

export const HELP_CENTER_LANGUAGES = [
  'zh-tw',
  'ja',
  'ko',
  'en-us',
  'es-es',
  'ru',
  'vi',
] as const;
export type HelpCenterLanguage = (typeof HELP_CENTER_LANGUAGES)[number];

const HELP_CENTER_BY_LANGUAGE: ReadonlyMap<string, HelpCenterLanguage> =
  new Map([
    ['en', 'en-us'],
    ['es', 'es-es'],
    ['ja', 'ja'],
    ['ko', 'ko'],
    ['ru', 'ru'],
    ['vi', 'vi'],
  ]);
/** Subtags that make Chinese Traditional (zh-TW, zh-HK, zh-MO, zh-Hant-…). */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/**
 * The help centre's language for a locale (`zh-TW` → `zh-tw`, `es-MX` → `es-es`,
 * `ja-JP` → `ja`). Languages it lacks (German, French, Thai, Simplified Chinese, …) fall
 * back to English, `en-us`. Accepts any case and `_` separators.
 */
export const helpCenterLanguage = (locale: string): HelpCenterLanguage => {
  const [language = '', ...rest] = String(locale)
    .slice(0, 35)
    .toLowerCase()
    .replaceAll('_', '-')
    .split('-');
  if (language === 'zh') {
    return rest.some((subtag) => TRADITIONAL_CHINESE.has(subtag))
      ? 'zh-tw'
      : 'en-us';
  }
  return HELP_CENTER_BY_LANGUAGE.get(language) ?? 'en-us';
};

/** The help centre's home in the locale's language: `https://help.<base>/hc/<lang>`. */
export const helpCenterUrl = (
  hosts: Pick<HostSet, 'help'>,
  locale: string,
): string => `https://${hosts.help}/hc/${helpCenterLanguage(locale)}`;
