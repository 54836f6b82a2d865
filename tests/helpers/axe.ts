import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules the site is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const WCAG_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'best-practice',
] as const;

/**
 * axe's violations on the page (or inside `include`), one line each — rule, help, how many
 * nodes, the first node's selector and markup — so a failed `toEqual([])` says what to mend.
 * `tags: null` runs every rule axe has.
 */
export const axeViolations = async (
  page: Page,
  {
    include,
    tags = WCAG_TAGS,
  }: { include?: string; tags?: readonly string[] | null } = {},
): Promise<string[]> => {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (tags) builder = builder.withTags([...tags]);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''} ${v.nodes[0]?.html ?? ''}`,
  );
};
