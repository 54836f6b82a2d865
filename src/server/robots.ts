import 'server-only';

import { findRequestContext } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';

export const robotsTxt = (): Promise<Response> => {
  const origin = findRequestContext()?.origin ?? getSiteConfig().siteOrigin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /RSC/',
    'Disallow: /api/',
    'Disallow: /builds/',
    'Disallow: /latest.json',
    'Disallow: /healthz',
    'Disallow: /readyz',
    '',
    // the sitemap index: one file per locale under /sitemaps/
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return Promise.resolve(
    new Response(body, {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    }),
  );
};
