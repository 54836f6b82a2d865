import { splitDecimal } from '../../lib/format/decimal.ts';

/** The competition page's pure figures: its trading window, prize totals and PnL bars. */

type Phase = { phase: string; startAt: string; endAt: string };

/**
 * The trading phase and where `now` stands in it; joining is open from the registration's
 * start (the trading phase's, without one) until trading ends. Undefined without a trading
 * phase.
 */
export const tradingWindow = (phases: readonly Phase[], now: number) => {
  const trading = phases.find((p) => p.phase === 'trading');
  const registration = phases.find((p) => p.phase === 'registration');
  if (!trading) return undefined;
  const start = Date.parse(trading.startAt);
  const end = Date.parse(trading.endAt);
  const opens = Date.parse(registration?.startAt ?? trading.startAt);
  const stage: 'before' | 'during' | 'after' =
    now < start ? 'before' : now < end ? 'during' : 'after';
  return { trading, stage, joinOpen: now >= opens && now < end };
};

/**
 * The competition's year as its own dates give it (UTC, as the page shows times): the
 * trading phase's (the first phase's without one), `2026–2027` when it runs into the next
 * year; empty without a date.
 */
export const competitionYear = (phases: readonly Phase[]): string => {
  const span = phases.find((p) => p.phase === 'trading') ?? phases[0];
  if (!span) return '';
  const [from, to] = [span.startAt, span.endAt].map((at) => {
    const time = Date.parse(at);
    return Number.isNaN(time) ? undefined : new Date(time).getUTCFullYear();
  });
  if (from === undefined) return to === undefined ? '' : String(to);
  return to === undefined || to === from ? String(from) : `${from}–${to}`;
};

/** What `count` ranks paid `amount` each add up to, as a decimal string ('9750' × 40 → '390000'). */
export const rangeTotal = (amount: string, count: number): string => {
  const parts = splitDecimal(amount);
  if (!parts || !Number.isSafeInteger(count) || count < 0) return '';
  const scale = parts.fraction.length;
  const product = BigInt(`${parts.whole}${parts.fraction}`) * BigInt(count);
  const digits = product.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const sign = parts.negative && product !== 0n ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
};

/** A PnL bar's length: the entry's share of the best return, in percent (0–100, one decimal). */
export const barWidth = (pnl: string, best: string): number => {
  const value = Number(pnl);
  const top = Number(best);
  if (!(value > 0) || !(top > 0)) return 0;
  return Math.min(100, Math.round((value / top) * 1000) / 10);
};
