import { describe, expect, it } from 'vitest';

import {
  breadcrumbList,
  jsonLdJson,
  organization,
  phasedEvent,
  webSite,
} from './structured-data.ts';

const origin = 'https://example-exchange.com';
/** A property of a block as plain JSON (schema-dts types are unions of every subtype). */
const field = (block: object, key: string): unknown =>
  (block as Record<string, unknown>)[key];

describe('JSON-LD builders', () => {
  it('builds the organization and the website, linked by id', () => {
    const org = organization({
      origin,
      name: 'Example Exchange',
      logo: `${origin}/favicon.svg`,
      sameAs: ['https://t.me/exampleexchange'],
    });
    const site = webSite({
      origin,
      name: 'Example Exchange',
      url: `${origin}/ja-JP`,
      description: '説明',
      inLanguage: 'ja-JP',
    });
    expect(field(org, '@id')).toBe(`${origin}/#organization`);
    expect(site.publisher).toEqual({ '@id': field(org, '@id') });
    expect(site.inLanguage).toBe('ja-JP');
    expect(field(org, 'sameAs')).toEqual(['https://t.me/exampleexchange']);
  });

  it('leaves sameAs out when the organization has no profiles', () => {
    const org = organization({ origin, name: 'E', logo: 'x', sameAs: [] });
    expect(field(org, 'sameAs')).toBeUndefined();
  });

  it('numbers breadcrumbs from 1 in order', () => {
    const list = breadcrumbList([
      { name: 'Home', url: `${origin}/en` },
      { name: 'Launchpad', url: `${origin}/en/launchpad` },
    ]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/en` },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Launchpad',
        item: `${origin}/en/launchpad`,
      },
    ]);
  });

  it('makes one online event of phases, and none without phases', () => {
    const args = {
      origin,
      name: 'ZCC',
      description: 'd',
      url: `${origin}/en/ZCCCompetition2025`,
      inLanguage: 'en',
    };
    const event = phasedEvent({
      ...args,
      phases: [
        {
          name: 'Registration',
          startAt: '2025-01-01T00:00:00Z',
          endAt: '2025-01-05T00:00:00Z',
        },
        {
          name: 'Trading',
          startAt: '2025-01-05T00:00:00Z',
          endAt: '2025-01-20T00:00:00Z',
        },
      ],
    });
    expect(event).toMatchObject({
      '@type': 'Event',
      startDate: '2025-01-01T00:00:00Z',
      endDate: '2025-01-20T00:00:00Z',
      location: { '@type': 'VirtualLocation', url: args.url },
    });
    expect(Array.isArray(event?.subEvent) ? event.subEvent.length : 0).toBe(2);
    expect(phasedEvent({ ...args, phases: [] })).toBeUndefined();
  });

  it('never lets a value close the script element', () => {
    const text = jsonLdJson(
      breadcrumbList([
        { name: '</script><script>alert(1)</script>', url: origin },
      ]),
    );
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toMatchObject({
      itemListElement: [{ name: '</script><script>alert(1)</script>' }],
    });
  });
});
