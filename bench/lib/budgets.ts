import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from '../../scripts/lib/processes.ts';

/** bench/budgets.json, the one budgets file (issue 8). */
export type Budgets = {
  cachedRatioMin: number;
  /** Uncached /en/launchpad over the bare Waku page with the same list, same run (issue 23). */
  uncachedOverFrameworkMin: number;
  /**
   * Uncached /en/launchpad p99 over the bare Waku page's p99 with the same list, same run, at the
   * bench's connections (32): the tail no longer than the framework's own (decision 0046).
   */
  uncachedP99OverFrameworkMax: number;
  rssAfterMaxMb: number;
  buildMaxSeconds: number;
  initialJsGzipMaxKb: number;
  initialJsOverFloorMaxKb: number;
  frameworkFloorGzipKb: number;
  /** npm run bench:flood (bench/flood.ts). */
  flood: {
    /** (a), (b), (d): req/s over the ceiling's. */
    floodRatioMin: number;
    /** (c): req/s over the uncached render rate of the same run. */
    notFoundOverUncachedMin: number;
    /** Guests on the plain page right after each flood. */
    afterRatioMin: number;
    afterP99MaxMs: number;
    rssAfterMaxMb: number;
    /** Guests on /en/launchpad through nginx in front of 2 processes, over the ceiling's req/s. */
    edgeRatioMin: number;
    /** Renders beyond one per page × locale for one cache lifetime, through the edge. */
    edgeDuplicateRendersMax: number;
    /**
     * Every answer uncacheable (PAGE_CACHE=off): the edge in front of 2 processes over one
     * process asked directly, req/s (issue 40).
     */
    edgeUncacheableOverOneProcessMin: number;
  };
  /** npm run bench:streaming (bench/streaming.ts, issue 41). */
  streaming: {
    /** A miss's first byte over the section API's delay D. */
    firstByteOverDelayMax: number;
    /** The browser's first contentful paint of a miss over D. */
    fcpOverDelayMax: number;
    /** The section (or its notice) after min(D, its budget), in renders of the same page. */
    sectionOverRenderMax: number;
  };
  /** npm run bench:tracing (bench/tracing.ts): req/s with tracing on over off, same run. */
  tracing: {
    /** /en/launchpad rendered on every request (PAGE_CACHE=off). */
    uncachedOnOverOffMin: number;
    /** /en/launchpad from the page cache's fast path. */
    cachedOnOverOffMin: number;
  };
  /** Minimum median Lighthouse score per category. */
  lighthouseMin: Record<string, number>;
};

export const readBudgets = (): Budgets =>
  JSON.parse(
    readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8'),
  ) as Budgets;
