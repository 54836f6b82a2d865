import 'server-only';

import {
  parseLocaleStrategy,
  type LocaleStrategy,
} from '../../i18n/routing.ts';
import { DEFAULT_SITE_DOMAIN } from '../config/index.ts';

/**
 * Deployment configuration, read from the environment once at start-up. Everything the
 * site derives per request (environment, hosts, storage keys) comes from the Host header
 * checked against this, never from a header a client can forge.
 */
export type SiteConfig = {
  readonly production: boolean;
  readonly siteDomain: string;
  readonly siteName: string;
  /** The origin absolute URLs (canonical, hreflang, sitemap) are built on. */
  readonly siteOrigin: string;
  /** The host of siteOrigin (`example-exchange.com`, `localhost:3000`). */
  readonly siteHost: string;
  /** Hosts this deployment answers for; other Host values fall back to siteOrigin. */
  readonly allowedHosts: ReadonlySet<string>;
  /** The upstream API; empty means the host-derived api2.<domain>. */
  readonly apiOrigin: string;
  /** Trust X-Forwarded-Host / X-Forwarded-Proto (only behind a known proxy). */
  readonly trustProxy: boolean;
  /** External hosts a redirect rule may send people to. */
  readonly redirectAllowlist: ReadonlySet<string>;
  /**
   * LOCALE_STRATEGY: `prefix` (every locale under its prefix) or `prefix_except_default` (the
   * default language unprefixed); src/i18n/routing.ts. A value outside these stops the start.
   */
  readonly localeStrategy: LocaleStrategy;
  /** ROOT_REDIRECT: the page `/` sends visitors to under their locale (src/i18n/request.ts); empty: home. */
  readonly rootRedirect: string;
  /** The regional frame's URL (spec §1); empty means the built-in header and footer serve. */
  readonly frameUrl: string;
  readonly appMarker: string;
  readonly devHost: string | undefined;
  /** The public icon API hosts asked for icons the local set lacks (spec §7), in rotation. */
  readonly iconApiOrigins: readonly string[];
  /**
   * IMAGES_CDN=1: coin icons come from the environment's image CDN (`https://img.<domain>`,
   * spec §3). Off (the default): the site serves them itself under `/img`, so no request
   * leaves its origin.
   */
  readonly imagesCdn: boolean;
  /** Analytics events (spec §7); ANALYTICS=off turns them off for the whole deployment. */
  readonly analytics: boolean;
  /** Remote translation bundles merged over the compiled catalogs (spec §7); off by default. */
  readonly remoteTranslations: RemoteTranslationsConfig;
  /** Page renders at once, and the longest a request waits for its turn (render-limit.ts). */
  readonly render: {
    readonly concurrency: number;
    readonly maxWaitMs: number;
    readonly maxWaiting: number;
  };
  /**
   * How long built sitemaps serve before they are built again (SITEMAP_TTL_MS), and how long
   * the answer after a failed build stands (SITEMAP_RETRY_MS).
   */
  readonly sitemap: { readonly ttlMs: number; readonly retryMs: number };
  /**
   * The guest page cache (src/server/adapter.ts): PAGE_CACHE=off renders every page
   * (benchmarks of the render path, debugging); GUEST_CACHE_TTL_MS is how long a cached page
   * (and a cached 404 of an unknown key) serves; STALE_IF_ERROR_MS how long a page's last good
   * copy may answer during an API outage.
   */
  readonly pageCache: {
    readonly enabled: boolean;
    readonly ttlMs: number;
    readonly staleIfErrorMs: number;
  };
};

export type RemoteTranslationsConfig = {
  readonly enabled: boolean;
  /** Bundles fetched per locale, merged in this order. */
  readonly namespaces: readonly string[];
  /** Replaces the environment's translations CDN folder (a mirror, or a local server in tests). */
  readonly baseUrl: string;
  /** How long a locale's merged messages serve before they are fetched again (in the background). */
  readonly ttlMs: number;
  /** Per bundle. */
  readonly timeoutMs: number;
};

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

export const loadSiteConfig = (
  env: Record<string, string | undefined> = process.env,
): SiteConfig => {
  const production =
    env.NODE_ENV === 'production' && env.EXCHANGE_ENV !== 'development';
  const siteDomain = (env.SITE_DOMAIN ?? DEFAULT_SITE_DOMAIN).toLowerCase();
  const port = env.PORT ?? '3000';
  const siteOrigin = new URL(env.SITE_ORIGIN ?? `http://localhost:${port}`)
    .origin;
  const originHost = new URL(siteOrigin).host;
  const allowedHosts = new Set([
    originHost,
    // the default origin answers at every loopback spelling of its port (what tools print)
    ...(env.SITE_ORIGIN
      ? []
      : [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]),
    ...list(env.ALLOWED_HOSTS),
    ...(production
      ? []
      : [`localhost:${port}`, `127.0.0.1:${port}`, 'localhost', '127.0.0.1']),
  ]);
  return {
    production,
    siteDomain,
    siteName: env.SITE_NAME ?? 'Example Exchange',
    siteOrigin,
    siteHost: originHost,
    allowedHosts,
    apiOrigin: env.API_ORIGIN ? new URL(env.API_ORIGIN).origin : '',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redirectAllowlist: new Set([...list(env.REDIRECT_ALLOWLIST)]),
    localeStrategy: parseLocaleStrategy(env.LOCALE_STRATEGY),
    rootRedirect: env.ROOT_REDIRECT ?? '',
    frameUrl: env.REGIONAL_FRAME_URL ?? '',
    appMarker: env.APP_UA_MARKER ?? 'ExchangeApp',
    devHost: env.DEV_HOST,
    analytics: env.ANALYTICS !== 'off' && env.ANALYTICS !== '0',
    imagesCdn: env.IMAGES_CDN === '1' || env.IMAGES_CDN === 'true',
    iconApiOrigins: (
      env.ICON_API_ORIGINS ??
      'https://api.iconify.design,https://api.simplesvg.com,https://api.unisvg.com'
    )
      .split(',')
      .map((v) => v.trim())
      .filter((v) => /^https?:\/\/[^\s/]+$/.test(v)),
    remoteTranslations: {
      enabled:
        env.I18N_REMOTE_BUNDLES === '1' || env.I18N_REMOTE_BUNDLES === 'true',
      namespaces: (env.I18N_REMOTE_NAMESPACES ?? 'web')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      baseUrl: env.I18N_REMOTE_BASE
        ? new URL(env.I18N_REMOTE_BASE).href.replace(/\/$/, '')
        : '',
      ttlMs: positive(env.I18N_REMOTE_TTL_MS, 10 * 60_000),
      timeoutMs: positive(env.I18N_REMOTE_TIMEOUT_MS, 1500),
    },
    render: {
      concurrency: Math.floor(positive(env.RENDER_CONCURRENCY, 8)),
      maxWaitMs: positive(env.RENDER_MAX_WAIT_MS, 1000),
      maxWaiting: Math.floor(positive(env.RENDER_MAX_WAITING, 64)),
    },
    sitemap: {
      ttlMs: positive(env.SITEMAP_TTL_MS, 60_000),
      retryMs: positive(env.SITEMAP_RETRY_MS, 10_000),
    },
    pageCache: {
      enabled: env.PAGE_CACHE !== 'off',
      ttlMs: positive(env.GUEST_CACHE_TTL_MS, 10_000),
      staleIfErrorMs: positive(env.STALE_IF_ERROR_MS, 86_400_000),
    },
  };
};

let cached: SiteConfig | undefined;
export const getSiteConfig = (): SiteConfig => (cached ??= loadSiteConfig());
