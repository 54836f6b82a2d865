/**
 * Every page of the site as a load mix: each route in each locale, keyed routes with the keys
 * the sitemap lists (read from the running site, so the mix follows the data).
 */
import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import { sitemapPageUrls } from '../../tests/helpers/sitemap.ts';

export const siteUrls = async (base: string): Promise<string[]> => {
  // the index, then every per-locale file it names
  const fromSitemap = (await sitemapPageUrls(base)).map(
    (loc) => new URL(loc, base).pathname,
  );
  // en-US (an alias, not in the sitemap) is served too
  const aliases = fromSitemap
    .filter((p) => p.startsWith('/en/') || p === '/en')
    .map((p) => p.replace(/^\/en/, '/en-US'));
  const paths = [...new Set([...fromSitemap, ...aliases])];
  const locales = new Set(paths.map((p) => p.split('/')[1]));
  for (const code of LOCALE_CODES)
    if (!locales.has(code)) throw new Error(`no pages for ${code} in the mix`);
  return paths;
};

/** The resident set size of a process and its children (kB → MB), from /proc. */
export const treeRssMb = async (pid: number): Promise<number> => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const rss = (p: number): number => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((task) =>
        readFileSync(`/proc/${p}/task/${task}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number),
      );
    } catch {
      return [];
    }
  };
  let total = 0;
  const queue = [pid];
  for (let i = 0; i < queue.length && i < 64; i++) {
    const p = queue[i] ?? 0;
    total += rss(p);
    queue.push(...children(p));
  }
  return total;
};

/**
 * The benchmarks' two pages: the launchpad list in English, and a launch's page in Japanese (an
 * ongoing one, read from the sandbox so the pair follows the data).
 */
export const benchPages = async (sandboxUrl: string): Promise<string[]> => {
  const projects = (await (
    await fetch(`${sandboxUrl}/api/v1/launchpad/projects`)
  ).json()) as {
    result:
      | { id: string; state: string }[]
      | { items?: { id: string; state: string }[] };
  };
  const list = Array.isArray(projects.result)
    ? projects.result
    : (projects.result.items ?? []);
  const id = list.find((p) => p.state === 'ongoing')?.id ?? list[0]?.id ?? '';
  return ['/en/launchpad', `/ja-JP/launchpad/${encodeURIComponent(id)}`];
};
