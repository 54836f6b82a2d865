import { describe, expect, it } from 'vitest';

import {
  capacity,
  DEFAULT_PLAN,
  measuredFrom,
  type Measured,
} from './capacity.ts';

const measured: Measured = {
  rendersPerCore: 100,
  notFoundPerCore: 200,
  processHitsPerCore: 5000,
  edgeHitsPerCore: 10_000,
  pages: 300,
  sharedMaxAgeS: 60,
  staleWhileRevalidateS: 300,
  processTtlS: 10,
  at: '2026-11-24T19:00:00.000Z',
};

const results = {
  at: '2026-11-24T19:00:00.000Z',
  cores: 2,
  guestCacheControl:
    'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  guestCacheTtlMs: 10_000,
  workers: 1,
  uncached: { rps: 100 },
  plainBefore: { rps: 5000 },
  floods: [
    { name: 'a', flood: { rps: 4000 } },
    { name: 'c', flood: { rps: 200 } },
  ],
  edge: { processes: 2, plain: { rps: 20_000 } },
  duplicateRenders: { direct: { pages: 300 } },
};

describe('the capacity model inputs', () => {
  it('reads the flood results: per-core rates, pages and the lifetimes from the Cache-Control', () => {
    expect(measuredFrom(results)).toEqual(measured);
  });

  it('fails naming what is missing', () => {
    const { cores: _cores, ...noCores } = results;
    expect(() => measuredFrom(noCores)).toThrow(
      /cores.*npm run bench:flood|npm run bench:flood.*cores/,
    );
    expect(() =>
      measuredFrom({ ...results, guestCacheControl: 'public' }),
    ).toThrow(/s-maxage/);
    expect(() => measuredFrom({ ...results, floods: [] })).toThrow(/\(c\)/);
    // figures per core need a one-process run
    expect(() => measuredFrom({ ...results, workers: 2 })).toThrow();
  });
});

describe('the capacity arithmetic', () => {
  it('works out 10 million views a day at 5× peak with a flood of 1000 unique URLs/s', () => {
    const c = capacity(measured, {
      viewsPerDay: 10_000_000,
      peakFactor: 5,
      sessionShare: 0.3,
      floodRps: 1000,
    });
    // 10e6 / 86400 = 115.74/s, × 5 = 578.70/s, + 1000 at the edge
    expect(c.averageRps).toBeCloseTo(115.74, 2);
    expect(c.peakRps).toBeCloseTo(578.7, 1);
    expect(c.edgeRps).toBeCloseTo(1578.7, 1);
    // 1578.7 / (10000 × 0.5) → 1 core; but never fewer than 2 nodes
    expect(c.edgeCores).toBe(1);
    expect(c.edgeNodes).toBe(2);
    // guests: 2 nodes × 300 pages / 60 s = 10 renders/s
    expect(c.guestRendersPerS).toBeCloseTo(10, 6);
    expect(c.floodRendersPerS).toBe(1000);
    // sessions (173.6 views/s) are edge hits too: the same 10 renders/s for their variant
    expect(c.sessionRendersPerS).toBeCloseTo(10, 6);
    // load = (10 + 10) / 100 + 1000 / 200 = 5.2 cores; at 50%: 10.4 → 11 processes
    expect(c.processCoreLoad).toBeCloseTo(5.2, 6);
    expect(c.processes).toBe(11);
    expect(c.appNodes).toBe(3);
    expect(c.missRate).toBeCloseTo(20 / 578.7, 4);
    expect(c.missRateWithFlood).toBeCloseTo(1020 / 1578.7, 4);
  });

  it('needs more edge nodes when hits are slower, and more processes when renders are', () => {
    const traffic = {
      viewsPerDay: 10_000_000,
      peakFactor: 5,
      sessionShare: 0,
      floodRps: 0,
    };
    const slowEdge = capacity({ ...measured, edgeHitsPerCore: 100 }, traffic);
    // 578.7 / (100 × 0.5) = 11.57 → 12 cores → 3 nodes of 4
    expect(slowEdge.edgeCores).toBe(12);
    expect(slowEdge.edgeNodes).toBe(3);
    const fast = capacity(measured, traffic);
    const slow = capacity({ ...measured, rendersPerCore: 1 }, traffic);
    expect(fast.processes).toBe(DEFAULT_PLAN.minProcesses);
    // 2 nodes × 300 / 60 = 10 renders/s at 1 per core → 10 cores at 50%: 20 processes
    expect(slow.processes).toBe(20);
  });

  it('never counts more renders of a variant than its views', () => {
    const c = capacity(
      { ...measured, pages: 1_000_000 },
      { viewsPerDay: 86_400, peakFactor: 1, sessionShare: 0, floodRps: 0 },
    );
    expect(c.guestRendersPerS).toBe(1);
    expect(c.sessionRendersPerS).toBe(0);
    expect(c.missRate).toBe(1);
    const half = capacity(
      { ...measured, pages: 1_000_000 },
      { viewsPerDay: 86_400, peakFactor: 1, sessionShare: 0.5, floodRps: 0 },
    );
    expect(half.guestRendersPerS).toBe(0.5);
    expect(half.sessionRendersPerS).toBe(0.5);
  });

  it('refuses rates that are not above zero', () => {
    expect(() => capacity({ ...measured, rendersPerCore: 0 })).toThrow(
      /rendersPerCore/,
    );
  });
});
