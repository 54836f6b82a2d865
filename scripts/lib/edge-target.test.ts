import { describe, expect, it } from 'vitest';

import { LOCALE_STRATEGIES } from '../../src/i18n/routing.ts';
import {
  canonicalPath,
  pageAddress,
  requestProblem,
} from '../../src/page-address.ts';
import { routePath } from '../../src/routes.ts';
import { seeded, spell } from '../../tests/helpers/spellings.ts';
import { EXAMPLE_EDGE, nginxConfig, queryFreePattern } from './edge.ts';

const split = (target: string) => {
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, search: '' }
    : { path: target.slice(0, q), search: target.slice(q) };
};

describe.each(LOCALE_STRATEGIES)(
  'the query the edge drops (%s): only where the site drops it too',
  (strategy) => {
    const pattern = new RegExp(queryFreePattern(strategy));
    const launchpad = routePath('en', 'launchpad', undefined, strategy);
    const savings = routePath('de-DE', 'savings', undefined, strategy);

    it('drops tracking parameters and unique cache-busters on a page that reads no parameter', () => {
      for (const query of [
        '',
        'x=1',
        'x=81724',
        'gclid=Cj0KCQiA-abc_DEF',
        'utm_source=news%20letter&utm_medium=email&utm_campaign=a+b',
        'fbclid=IwAR3x&x',
      ])
        expect(
          pattern.exec(query ? `${launchpad}?${query}` : launchpad)?.[1],
        ).toBe(launchpad);
    });

    it('leaves every other request target to the site as it was sent', () => {
      for (const target of [
        `${savings}?coin=BTC`, // a page that reads its query
        `${savings}?x=1`,
        `/${launchpad}?x=1`, // another spelling: the site redirects it
        `${launchpad}/?x=1`,
        `${launchpad}?a[b]=1`, // brackets: the site counts their depth
        `${launchpad}?%ZZ=1`, // a name the site cannot decode
        `${launchpad}?x=1#f`,
        `${launchpad}?x=1 HTTP/1.1`,
        `${launchpad}?${Array.from({ length: 21 }, () => 'x=1').join('&')}`, // more values than a name may have
        `${launchpad}?x=${'a'.repeat(2048)}`, // longer than the site reads
        '/?x=1', // the root: a root redirect keeps the query
      ])
        expect(pattern.exec(target), target).toBeNull();
    });

    it('every spelling it rewrites is one the site answers as the page itself (20,000 spellings)', () => {
      const r = seeded(20261127 + (strategy === 'prefix' ? 0 : 1));
      const clean = [
        `${launchpad}?x=1`,
        `${routePath('ja-JP', 'home', undefined, strategy)}?utm_source=a`,
        `${routePath('th-TH', 'fee-discount', undefined, strategy)}?gclid=1`,
        `${savings}?coin=BTC`,
      ];
      let rewritten = 0;
      for (let i = 0; i < 20_000; i++) {
        const target = spell(r.pick(clean), ['coin'], r);
        const kept = pattern.exec(target)?.[1];
        if (kept === undefined) continue;
        rewritten++;
        const { path, search } = split(target);
        expect(kept, target).toBe(path);
        expect(requestProblem(path, search), target).toBeUndefined();
        expect(canonicalPath(path), target).toBe(path);
        expect(pageAddress(path, search, strategy), target).toBe(path);
      }
      expect(rewritten).toBeGreaterThan(1000);
    });
  },
);

it('the edge forwards, keys and spreads by the same target', () => {
  const text = nginxConfig(EXAMPLE_EDGE);
  expect(text).toContain('map $request_uri $edge_target {');
  expect(text).toContain('hash $host$edge_target consistent;');
  expect(
    text.match(/proxy_pass http:\/\/exchange_web\$edge_target;/g),
  ).toHaveLength(2);
  expect(text).not.toContain('exchange_web$request_uri');
});
