/**
 * Login throttling that nobody can turn against the account holder: failed attempts for an
 * email make every further attempt for it wait a growing delay (capped), but never refuse it,
 * so the right password always logs in — a stranger typing wrong passwords slows guessing, and
 * cannot lock the owner out. The map of failures is bounded in entries and in time.
 */
export type ThrottleOptions = {
  /** Failures within the window before attempts start to wait. */
  freeFailures: number;
  /** The first delay (ms); each further failure doubles it. */
  baseDelayMs: number;
  /** The longest delay (ms). */
  maxDelayMs: number;
  /** How long failures are remembered (ms). */
  windowMs: number;
  /** Emails remembered at most; the least recently failed are forgotten first. */
  maxEntries: number;
  now: () => number;
};

export const THROTTLE_DEFAULTS: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  windowMs: 15 * 60_000,
  maxEntries: 10_000,
  now: Date.now,
};

type Entry = { count: number; last: number };

export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly failures = new Map<string, Entry>();

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...THROTTLE_DEFAULTS, ...options };
  }

  get size(): number {
    return this.failures.size;
  }

  private current(key: string): Entry | undefined {
    const entry = this.failures.get(key);
    if (entry && this.options.now() - entry.last >= this.options.windowMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** How long an attempt for `key` waits before its password is checked (ms). */
  delayFor(key: string): number {
    const count = this.current(key)?.count ?? 0;
    const over = count - this.options.freeFailures;
    if (count === 0 || over < 0) return 0;
    return Math.min(
      this.options.maxDelayMs,
      this.options.baseDelayMs * 2 ** Math.min(over, 30),
    );
  }

  fail(key: string): void {
    const count = (this.current(key)?.count ?? 0) + 1;
    // re-inserted, so the Map's order is least recently failed first
    this.failures.delete(key);
    this.failures.set(key, { count, last: this.options.now() });
    while (this.failures.size > this.options.maxEntries) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
