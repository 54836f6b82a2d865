/**
 * Cookie and local-storage key names per environment (spec §3, §9). Pure: no I/O.
 *
 * Every environment of a registrable domain shares its cookies (the cookie domain is the
 * parent domain), so the referral and session-token keys take the environment name as a
 * suffix everywhere but in production: `b_t_c_k` in production, `b_t_c_k_testnet`,
 * `b_t_c_k_test1` elsewhere. The guid and theme keys are the same in every environment.
 */
import type { EnvironmentInfo } from './environment.ts';

export const TOKEN_KEY = 'b_t_c_k';
export const REFERRAL_KEY = 'ref_reg';
export const GUID_KEY = 'guid';
export const THEME_KEY = 'theme';

/** The browser's own local-storage keys, the same in every environment. */
export const LOCAL_STORAGE_KEYS = {
  /** A developer's API origin for the browser (development only). */
  devApiOrigin: 'dev:apiOrigin',
  /** The visitor's unique id (analytics, created once). */
  guid: GUID_KEY,
  /** 'denied' keeps the analytics collector off. */
  analyticsConsent: 'analytics_consent',
} as const;

export type StorageKeys = {
  /** The referral-registration key. */
  readonly referral: string;
  /** The session-token cookie. */
  readonly token: string;
  readonly guid: string;
  readonly theme: string;
  /**
   * The cookie Domain: the parent domain with a leading dot (`.example-exchange.com`), or
   * `localhost` in development. Browsers refuse `Domain=localhost`: a cookie writer should
   * leave the attribute out (a host-only cookie) when this is `localhost`.
   */
  readonly cookieDomain: string;
};

export const getStorageKeys = (env: EnvironmentInfo): StorageKeys => {
  const suffix = env.env === 'prod' ? '' : `_${env.envName}`;
  return {
    referral: `${REFERRAL_KEY}${suffix}`,
    token: `${TOKEN_KEY}${suffix}`,
    guid: GUID_KEY,
    theme: THEME_KEY,
    cookieDomain: env.isDev ? 'localhost' : `.${env.domain}`,
  };
};
