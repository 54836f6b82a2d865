import 'server-only';

/**
 * When this build was made (ISO 8601, UTC): set by waku.config.ts at build time; in development
 * and tests, when the process started. The sitemap's <lastmod> of pages whose data carries no
 * date of its own.
 */
export const BUILD_TIME: string =
  import.meta.env.SITE_BUILD_TIME ?? new Date().toISOString();
