import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';

import { ROUTES, routePath } from '../../src/routes.ts';
import { sharedBrowser, openPage } from '../helpers/browser.ts';

const base = inject('baseURL');
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};
const EXTRA = [
  '/en/redEnvelopes/receive?code=WELCOME2026',
  '/en/official-verify?kind=x&value=@someone',
  '/en/specify-the-path?goal=futures',
  '/en/no-such-page',
];

const browser = sharedBrowser();

/** axe on every page type, desktop and phone: no violations (WCAG 2.1 AA rules and best practices). */
describe('accessibility (axe)', () => {
  const paths = [
    ...ROUTES.map((r) =>
      routePath('en', r.id, 'param' in r ? KEYS[r.param] : undefined),
    ),
    ...EXTRA,
  ];
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`has no violations at ${viewport.width}px`, async () => {
      const { context, page, problems } = await openPage(browser(), {
        viewport,
      });
      const found: string[] = [];
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        await page.waitForFunction(
          () => document.documentElement.dataset.hydrated === 'true',
        );
        const result = await new AxeBuilder({ page })
          .withTags([
            'wcag2a',
            'wcag2aa',
            'wcag21a',
            'wcag21aa',
            'best-practice',
          ])
          .analyze();
        for (const v of result.violations)
          found.push(
            `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}`,
          );
      }
      expect(found).toEqual([]);
      expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
      await context.close();
    });
  }
});
