import { describe, expect, it } from 'vitest';

import {
  CONTRACTS,
  CONTRACTS_EFFECTIVE_AT,
  CONTRACTS_PUBLISHED_AT,
  MARGIN,
} from './areas/announcements/seed.ts';
import {
  COMPETITION,
  competitionJoinWindow,
} from './areas/competition/seed.ts';
import { FEE_TIERS } from './areas/fee-discount/seed.ts';
import {
  LAUNCHPAD_SUPPLY_SHARE,
  projectDetail,
  PROJECTS,
} from './areas/launchpad/seed.ts';
import { LUCKY_DRAWS } from './areas/lucky-draw/seed.ts';
import { ENVELOPE_RULES, ENVELOPES } from './areas/red-envelopes/seed.ts';
import { DEMO_SAVINGS, SAVINGS } from './areas/savings/seed.ts';
import { CAMPAIGNS } from './areas/welcome/seed.ts';
import { EPOCH, ratio, TICKERS, times } from './seed.ts';

/** A decimal string as an exact integer of 10⁻⁸ units (the sandbox's own scale). */
const units = (value: string): bigint => {
  expect(value).toMatch(/^\d+(?:\.\d{1,8})?$/);
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};

describe('seed arithmetic', () => {
  it('multiplies and divides decimal strings exactly', () => {
    expect(times('50000000', '0.045')).toBe('2250000');
    expect(times('0.001', '1000000')).toBe('1000');
    expect(times('0.12', '0.5')).toBe('0.06');
    expect(ratio('1444500', '2250000', 4)).toBe('0.6420');
    expect(ratio('842400', '60000', 4)).toBe('14.0400');
    expect(ratio('1', '3', 4)).toBe('0.3333');
    expect(ratio('2', '3', 4)).toBe('0.6667');
    expect(ratio('0', '5', 4)).toBe('0.0000');
  });
});

describe('launchpad projects agree with themselves', () => {
  it.each(PROJECTS.map((p) => [p.id, p] as const))(
    '%s: committed ÷ (allocation × price) is the share subscribed',
    (_id, p) => {
      const value = units(times(p.totalAllocation, p.price)); // USDT
      const committed = units(p.raised);
      // progress has 4 decimals: within half a unit of the last decimal of the exact ratio
      const exact = (committed * 10n ** 12n) / value; // 10⁻¹² units
      const shown = units(p.progress) * 10n ** 4n;
      expect(shown - exact).toBeLessThanOrEqual(50_000_000n);
      expect(exact - shown).toBeLessThanOrEqual(50_000_000n);
      // oversubscription: committed is above the allocation's value exactly when progress > 1
      expect(committed > value).toBe(units(p.progress) > units('1'));
    },
  );

  it.each(PROJECTS.map((p) => [p.id, p] as const))(
    '%s: participants could have committed that within the limits',
    (_id, p) => {
      const committed = units(p.raised);
      const people = BigInt(p.participants);
      expect(committed >= people * units(p.minSubscription)).toBe(true);
      expect(committed <= people * units(p.maxSubscription)).toBe(true);
      expect(people === 0n).toBe(committed === 0n);
    },
  );

  it.each(PROJECTS.map((p) => [p.id, p] as const))(
    '%s: state matches its dates',
    (_id, p) => {
      const start = Date.parse(p.startAt);
      const end = Date.parse(p.endAt);
      expect(start).toBeLessThan(end);
      if (p.state === 'upcoming') {
        expect(start).toBeGreaterThan(EPOCH);
        expect(p.raised).toBe('0');
      }
      if (p.state === 'ongoing') {
        expect(start).toBeLessThanOrEqual(EPOCH);
        expect(end).toBeGreaterThan(EPOCH);
      }
      if (p.state === 'ended' || p.state === 'delisted')
        expect(end).toBeLessThanOrEqual(EPOCH);
    },
  );

  it('tier shares add up to the whole allocation and limits grow with the tier', () => {
    for (const p of PROJECTS) {
      const { tiers } = projectDetail(p);
      const shares = tiers.reduce((sum, t) => sum + units(t.allocation), 0n);
      expect(shares).toBe(units('1'));
      const maxima = tiers.map((t) => units(t.maxSubscription));
      expect([...maxima].sort((a, b) => (a < b ? -1 : 1))).toEqual(maxima);
      expect(maxima.at(-1)).toBe(units(p.maxSubscription));
    }
  });
});

describe('launchpad details agree with the projects', () => {
  it("the issue's example: 963,000 USDT against a 67,500 USDT allocation is ×14.27", () => {
    const prism = PROJECTS.find((p) => p.id === 'prism-protocol');
    expect(prism?.raised).toBe('963000');
    expect(prism && times(prism.totalAllocation, prism.price)).toBe('67500');
    expect(prism?.progress).toBe('14.2667');
  });

  it('a few past launches with listing results, every one oversubscribed', () => {
    const past = PROJECTS.filter((p) => p.state === 'ended');
    expect(past.length).toBeGreaterThanOrEqual(4);
    for (const p of past) {
      expect(p.results).toBeDefined();
      expect(units(p.results?.listingPrice ?? '')).toBeGreaterThan(0n);
      expect(units(p.results?.lastPrice ?? '')).toBeGreaterThan(0n);
      expect(units(p.progress)).toBeGreaterThan(units('1'));
    }
    // only ended launches have traded
    for (const p of PROJECTS.filter((x) => x.state !== 'ended'))
      expect(p.results).toBeUndefined();
  });

  it.each(PROJECTS.map((p) => [p.id, p] as const))(
    "%s: the subscription phase is the project's own dates, phases follow one another, listing ends distribution",
    (_id, p) => {
      const d = projectDetail(p);
      const subscription = d.timeline.find((s) => s.phase === 'subscription');
      expect(subscription).toEqual({
        phase: 'subscription',
        startAt: p.startAt,
        endAt: p.endAt,
      });
      for (const [i, step] of d.timeline.entries()) {
        expect(Date.parse(step.startAt)).toBeLessThan(Date.parse(step.endAt));
        const before = d.timeline[i - 1];
        if (before) expect(step.startAt).toBe(before.endAt);
      }
      expect(d.listingAt).toBe(d.timeline.at(-1)?.endAt);
      // an ended launch has listed already
      if (p.state === 'ended')
        expect(Date.parse(d.listingAt)).toBeLessThanOrEqual(EPOCH);
    },
  );

  it.each(PROJECTS.map((p) => [p.id, p] as const))(
    "%s: the allocation is the launchpad's share of the supply; pair, logo and links are its own",
    (_id, p) => {
      const d = projectDetail(p);
      expect(ratio(p.totalAllocation, d.totalSupply, 4)).toBe(
        ratio(LAUNCHPAD_SUPPLY_SHARE, '1', 4),
      );
      expect(d.listingPair).toBe(`${p.token}/${d.acceptedCoin}`);
      expect(p.logo.color).toMatch(/^[0-9a-f]{6}$/);
      for (const url of [d.website, ...Object.values(d.links)])
        expect(new URL(url).hostname).toMatch(/(^|\.)example\.org$/);
      expect(d.faq.length).toBeGreaterThan(0);
    },
  );
});

describe('competition', () => {
  it('prizes of every rank add up to the stated pool, in the pool coin', () => {
    const total = COMPETITION.prizePool.reduce(
      (sum, p) => sum + BigInt(p.rankTo - p.rankFrom + 1) * units(p.amount),
      0n,
    );
    expect(total).toBe(units(COMPETITION.totalPool));
    for (const p of COMPETITION.prizePool)
      expect(p.coin).toBe(COMPETITION.poolCoin);
  });

  it('prize ranges are contiguous from rank 1, never pay a lower rank more, and the leaderboard covers them', () => {
    let next = 1;
    let previous: bigint | undefined;
    for (const p of COMPETITION.prizePool) {
      expect(p.rankFrom).toBe(next);
      expect(p.rankTo).toBeGreaterThanOrEqual(p.rankFrom);
      next = p.rankTo + 1;
      const amount = units(p.amount);
      if (previous !== undefined) expect(amount).toBeLessThanOrEqual(previous);
      previous = amount;
    }
    expect(COMPETITION.leaderboard.length).toBeGreaterThanOrEqual(next - 1);
  });

  it('the leaderboard is ranked by PnL', () => {
    const pnl = COMPETITION.leaderboard.map((e) => Number(e.pnlPercent));
    expect(pnl).toEqual([...pnl].sort((a, b) => b - a));
    expect(COMPETITION.leaderboard.map((e) => e.rank)).toEqual(
      COMPETITION.leaderboard.map((_, i) => i + 1),
    );
  });
});

describe('competition joining', () => {
  it('opens with the registration and closes when trading ends', () => {
    const { opensAt, closesAt } = competitionJoinWindow(COMPETITION);
    const phase = (name: string) =>
      COMPETITION.phases.find((p) => p.phase === name);
    expect(opensAt).toBe(phase('registration')?.startAt);
    expect(closesAt).toBe(phase('trading')?.endAt);
    expect(Date.parse(opensAt)).toBeLessThan(Date.parse(closesAt));
  });
});

describe('red envelopes', () => {
  it('follow the stated rules: their coins, their validity, their state against the clock', () => {
    const latest = EPOCH + ENVELOPE_RULES.maxValidityDays * 86_400_000;
    for (const e of ENVELOPES) {
      expect(ENVELOPE_RULES.coins).toContain(e.coin);
      expect(Date.parse(e.expiresAt)).toBeLessThanOrEqual(latest);
      expect(units(e.amount)).toBeGreaterThan(0n);
      if (e.state === 'expired')
        expect(Date.parse(e.expiresAt)).toBeLessThan(EPOCH);
      else expect(Date.parse(e.expiresAt)).toBeGreaterThan(EPOCH);
    }
    expect(new Set(ENVELOPES.map((e) => e.code)).size).toBe(ENVELOPES.length);
  });
});

describe('contracts and their quote currencies', () => {
  it.each(CONTRACTS.map((c) => [c.symbol, c] as const))(
    '%s: symbol is base + quote, inverse is quoted in USD and settled in the base coin',
    (symbol, c) => {
      expect(symbol.replace(/^B_/, '')).toBe(`${c.baseCoin}${c.quoteCoin}`);
      if (c.type === 'inverse') {
        expect(c.quoteCoin).toBe('USD');
        expect(c.settleCoin).toBe(c.baseCoin);
      } else {
        expect(c.quoteCoin).toBe('USDT');
        expect(c.settleCoin).toBe('USDT');
      }
      expect(units(c.minOrderQty) >= units(c.lotSize)).toBe(true);
      expect(units(c.maxOrderQty) > units(c.minOrderQty)).toBe(true);
    },
  );

  it.each(CONTRACTS.map((c) => [c.symbol, c] as const))(
    '%s: mark and index prices are whole ticks, the mark within 0.3 % of the index, funding within ±0.075 %',
    (_symbol, c) => {
      const tick = units(c.tickSize);
      expect(tick > 0n).toBe(true);
      expect(units(c.indexPrice) % tick).toBe(0n);
      expect(units(c.markPrice) % tick).toBe(0n);
      const index = units(c.indexPrice);
      const gap = units(c.markPrice) - index;
      expect((gap < 0n ? -gap : gap) * 1000n <= index * 3n).toBe(true);
      expect(c.fundingRate).toMatch(/^-?0\.\d{6}$/);
      expect(Math.abs(Number(c.fundingRate))).toBeLessThanOrEqual(0.00075);
      // listed before the announced schedule took effect, which follows its publication
      expect(Date.parse(c.listedAt)).toBeLessThan(
        Date.parse(CONTRACTS_EFFECTIVE_AT),
      );
    },
  );

  it('a coin has one index price: contracts on the same coin agree within a tick, and with the spot price the site quotes', () => {
    const byCoin = new Map<string, (typeof CONTRACTS)[number][]>();
    for (const c of CONTRACTS)
      byCoin.set(c.baseCoin, [...(byCoin.get(c.baseCoin) ?? []), c]);
    for (const [coin, list] of byCoin) {
      const widest = list.reduce((m, c) =>
        units(c.tickSize) > units(m.tickSize) ? c : m,
      );
      for (const c of list) {
        const gap = units(c.indexPrice) - units(widest.indexPrice);
        expect(gap >= 0n && gap < units(widest.tickSize)).toBe(true);
      }
      const spot = TICKERS.find((t) => t.base === coin && t.quote === 'USDT');
      if (spot)
        for (const c of list) {
          const gap = units(spot.last) - units(c.indexPrice);
          expect(gap >= 0n && gap < units(c.tickSize)).toBe(true);
        }
    }
    expect(Date.parse(CONTRACTS_PUBLISHED_AT)).toBeLessThan(
      Date.parse(CONTRACTS_EFFECTIVE_AT),
    );
  });

  it('a list as long as a real exchange: a few hundred contracts', () => {
    expect(CONTRACTS.length).toBeGreaterThanOrEqual(200);
  });

  it('symbols are unique and both kinds exist', () => {
    const symbols = CONTRACTS.map((c) => c.symbol.replace(/^B_/, ''));
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(CONTRACTS.some((c) => c.type === 'inverse')).toBe(true);
    expect(CONTRACTS.some((c) => c.type === 'perpetual')).toBe(true);
  });

  it('margin tiers follow their contract: same symbols, value coin, top leverage, contiguous tiers', () => {
    expect(MARGIN.map((m) => m.symbol)).toEqual(CONTRACTS.map((c) => c.symbol));
    for (const [i, m] of MARGIN.entries()) {
      const c = CONTRACTS[i];
      expect(c).toBeDefined();
      if (!c) continue;
      expect(m.valueCoin).toBe(c.quoteCoin);
      expect(Date.parse(m.effectiveAt)).toBeGreaterThanOrEqual(
        Date.parse(c.listedAt),
      );
      expect(Date.parse(m.effectiveAt)).toBeLessThanOrEqual(
        Date.parse(CONTRACTS_EFFECTIVE_AT),
      );
      expect(m.tiers[0]?.maxLeverage).toBe(c.maxLeverage);
      let from = '0';
      for (const t of m.tiers) {
        expect(t.positionValueMin).toBe(from);
        from = t.positionValueMax;
        expect(
          units(t.maintenanceMarginRate) < units(t.initialMarginRate),
        ).toBe(true);
        expect(Number(t.initialMarginRate)).toBeCloseTo(1 / t.maxLeverage, 4);
      }
    }
  });
});

describe('the other areas', () => {
  it('tickers: symbol is base + quote and the last price lies within the 24 h range', () => {
    for (const t of TICKERS) {
      expect(t.symbol).toBe(`${t.base}${t.quote}`);
      expect(units(t.low24h) <= units(t.last)).toBe(true);
      expect(units(t.last) <= units(t.high24h)).toBe(true);
    }
  });

  it('lucky-draw probabilities add up to 1', () => {
    for (const d of LUCKY_DRAWS)
      expect(d.prizes.reduce((s, p) => s + units(p.probability), 0n)).toBe(
        units('1'),
      );
  });

  it('campaign rewards are the sum of their tasks', () => {
    for (const c of CAMPAIGNS) {
      expect(c.tasks.reduce((s, t) => s + units(t.reward), 0n)).toBe(
        units(c.rewardAmount),
      );
      for (const t of c.tasks) expect(t.coin).toBe(c.rewardCoin);
    }
  });

  it('fee discount is how much less the taker fee is than at VIP 0', () => {
    const base = FEE_TIERS[0];
    expect(base).toBeDefined();
    if (!base) return;
    for (const tier of FEE_TIERS) {
      // taker = taker at VIP 0 × (1 − discount), exactly
      expect(units(tier.takerFee) * units('1')).toBe(
        units(base.takerFee) * (units('1') - units(tier.discount)),
      );
      expect(units(tier.makerFee) <= units(tier.takerFee)).toBe(true);
    }
  });
});

describe('savings products agree with themselves', () => {
  it.each(SAVINGS.map((p) => [p.id, p] as const))(
    '%s: rate bands rise in amount, fall in rate, end unbounded; the headline rate is the best band',
    (_id, p) => {
      expect(p.tiers.length).toBeGreaterThan(0);
      expect(p.tiers.at(-1)?.upTo).toBeNull();
      expect(p.apr).toBe(p.tiers[0]?.apr);
      let floor = units(p.minimum);
      let rate = units(p.apr);
      for (const tier of p.tiers.slice(0, -1)) {
        // every bounded band starts above the minimum and is a real band
        expect(units(tier.upTo ?? '0') > floor).toBe(true);
        floor = units(tier.upTo ?? '0');
        expect(units(tier.apr) <= rate).toBe(true);
        rate = units(tier.apr);
      }
      expect(units(p.tiers.at(-1)?.apr ?? '0') <= rate).toBe(true);
      expect(units(p.minimum) <= units(p.quotaLeft)).toBe(true);
      expect(p.termDays === 0).toBe(p.kind === 'flexible');
    },
  );

  it('the demo savings are products the sandbox sells, within their limits', () => {
    for (const s of DEMO_SAVINGS) {
      const product = SAVINGS.find((p) => p.id === s.productId);
      expect(product, s.productId).toBeDefined();
      if (!product) continue;
      expect(units(s.amount) >= units(product.minimum)).toBe(true);
      expect(units(s.amount) <= units(product.quotaLeft)).toBe(true);
    }
  });
});
