import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

import { SOCIAL_CHANNELS, socialProfiles } from '../lib/config/index.ts';
import { getServerI18n } from '../lib/i18n/server.ts';
import { requestHosts } from '../lib/server/hosts.ts';
import { renderStaticMarkup } from '../lib/server/static-markup.ts';
import { jsonLdJson } from '../lib/structured-data.ts';
import { getRoute } from '../routes.ts';
import { pageStructuredData, parentRoutes } from './structured-data.ts';

const origin = 'https://example-exchange.com';

describe('breadcrumb trail', () => {
  it('goes home, then through the route table parents', () => {
    expect(
      parentRoutes(getRoute('launchpad-project')).map((r) => r.id),
    ).toEqual(['home', 'launchpad']);
    expect(parentRoutes(getRoute('contract-detail')).map((r) => r.id)).toEqual([
      'home',
    ]);
    expect(parentRoutes(getRoute('home'))).toEqual([]);
  });
});

describe('structured data of a page', () => {
  const base = {
    routeKey: undefined,
    i18n: getServerI18n('ja-JP'),
    origin,
    siteName: 'Example Exchange',
    heading: '見出し',
    description: '説明',
  };

  it('gives the home page Organization, WebSite and a breadcrumb, in its language', async () => {
    const blocks = await pageStructuredData({
      ...base,
      route: getRoute('home'),
      locale: 'ja-JP',
      hooks: {},
    });
    expect(blocks.map((b) => (b as Record<string, unknown>)['@type'])).toEqual([
      'Organization',
      'WebSite',
      'BreadcrumbList',
    ]);
    expect(blocks[1]).toMatchObject({
      inLanguage: 'ja-JP',
      url: `${origin}/ja-JP`,
    }); // sameAs: the social channels of the configured site's host set
    expect(blocks[0]).toMatchObject({
      sameAs: socialProfiles(requestHosts()),
    });
    expect(socialProfiles(requestHosts())).toHaveLength(SOCIAL_CHANNELS.length);
  });

  it('keeps the breadcrumbs when the structured data hook fails, and uses canonical URLs', async () => {
    const blocks = await pageStructuredData({
      ...base,
      i18n: getServerI18n('en-US'),
      route: getRoute('launchpad'),
      locale: 'en-US',
      hooks: {
        structuredData: () => Promise.reject(new Error('API down')),
      },
    });
    expect(blocks).toEqual([
      expect.objectContaining({
        '@type': 'BreadcrumbList',
        itemListElement: [
          expect.objectContaining({ name: 'Home', item: `${origin}/en` }),
          expect.objectContaining({ item: `${origin}/en/launchpad` }),
        ],
      }),
    ]);
  });

  it('renders as a data block the static renderer writes unchanged', () => {
    const html = renderStaticMarkup(
      createElement('script', {
        type: 'application/ld+json',
        dangerouslySetInnerHTML: {
          __html: jsonLdJson({
            '@context': 'https://schema.org',
            '@type': 'Thing',
            name: 'a<b',
          }),
        },
      }),
    );
    expect(html).toBe(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"a\\u003cb"}</script>',
    );
  });
});
