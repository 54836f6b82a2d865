/**
 * Pure configuration: environment → hosts, storage keys, platform, business constants
 * (spec §3, §4, §7, §9). Nothing under lib/config does I/O: configuration comes in as
 * arguments.
 */
export * from './constants.ts';
export {
  DEFAULT_SITE_DOMAIN,
  ENVIRONMENTS,
  resolveEnvironment,
  type Environment,
  type EnvironmentInfo,
  type ResolveEnvironmentOptions,
} from './environment.ts';
export {
  CDN_FOLDERS,
  HELP_CENTER_LANGUAGES,
  buildCoinIconUrl,
  cdnFolderFor,
  getHostSet,
  helpCenterLanguage,
  helpCenterUrl,
  socialAccounts,
  symbolSlug,
  type CdnHosts,
  type CoinIconStyle,
  type HelpCenterLanguage,
  type HostSet,
} from './hosts.ts';
export {
  TRUST_LINK_IDS,
  localeSocialChannels,
  marketPageUrl,
  marketSiteUrl,
  socialProfiles,
  trustLinks,
  type TrustLinkId,
} from './site-links.ts';
export {
  DEFAULT_APP_MARKER,
  PLATFORMS,
  detectPlatform,
  isMobilePlatform,
  parseAppUserAgent,
  type AppPlatform,
  type AppUserAgent,
  type Platform,
} from './platform.ts';
export {
  GUID_KEY,
  REFERRAL_KEY,
  THEME_KEY,
  TOKEN_KEY,
  getStorageKeys,
  type StorageKeys,
} from './storage-keys.ts';
