/**
 * The business constants and limits of the specification (§3, §4, §7, §9), one named,
 * typed export each. Pure data and tiny helpers: no I/O.
 */

// ── Requests (§7, §9) ──────────────────────────────────────────────────────────────

/** Timeout of the browser's request client and of the API proxy (spec §7, §9). */
export const HTTP_TIMEOUT_MS = 15_000;
/** How long a toast stays up. */
export const TOAST_LIFE_MS = 3_000;
/** Window in which a second reload is refused, so reloads cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
/** How long to wait for the regional frame; expiry does nothing. */
export const FRAME_WAIT_MS = 10_000;
/** Route chunk preloads allowed in parallel. */
export const MAX_ROUTE_PRELOADS = 4;
/** Delay before the app manifest is prefetched. */
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;

/** Query-string parser limits. */
export const QUERY_LIMITS = {
  depth: 5,
  arrayLimit: 20,
  parameterLimit: 1_000,
} as const;

// ── Cookies and storage (§4, §9) ───────────────────────────────────────────────────

/** Longest delay a timer accepts (2^31 − 1 ms); cookie expiry timers are capped at it. */
export const COOKIE_TIMER_CAP_MS = 2_147_483_647;
export const DEFAULT_COOKIE_PATH = '/';

/** The locale cookie: it accepts only a supported locale. */
export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'lax',
} as const;

/** The cookie read after the path when resolving the language (§4). */
export const LANG_KEY = 'LANG_KEY';

// ── User agent (§9) ────────────────────────────────────────────────────────────────

/** User-agent strings are cut to this length before any parsing. */
export const UA_MAX_LENGTH = 500;

// ── Interface (§4, §9) ─────────────────────────────────────────────────────────────

/** The loading indicator (progress 0 → 100): height in px, the rest in ms. */
export const LOADING_BAR = {
  height: 3,
  throttle: 200,
  duration: 2_000,
  hideDelay: 500,
  resetDelay: 400,
} as const;

/** Default number of decimals when formatting or parsing amounts (lib/format/decimal.ts). */
export const DEFAULT_DECIMALS = 8;

// ── Domain vocabularies (§3) ───────────────────────────────────────────────────────

// coins and account types live in vocabulary.ts (their own module, so the browser's first JS,
// which reads only a few timings from here, does not carry them)
export * from './vocabulary.ts';

export const SOCIAL_CHANNELS = [
  'telegram',
  'x',
  'kakaotalk',
  'naver',
  'line',
  'threads',
] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];
/** Each channel's name: a brand, the same in every language. */
export const SOCIAL_CHANNEL_NAMES: Readonly<Record<SocialChannel, string>> = {
  telegram: 'Telegram',
  x: 'X',
  kakaotalk: 'KakaoTalk',
  naver: 'Naver',
  line: 'Line',
  threads: 'Threads',
};

/** Broker symbols carry this prefix. */
export const BROKER_PREFIX = 'B_';
/** `B_BTCUSDT` → `BTCUSDT`; other symbols are returned as they are. */
export const stripBrokerPrefix = (symbol: string): string =>
  symbol.startsWith(BROKER_PREFIX)
    ? symbol.slice(BROKER_PREFIX.length)
    : symbol;
