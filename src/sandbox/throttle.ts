/**
 * Login throttling per email (known or not, so it tells nothing about which accounts exist):
 * failed attempts for an email make every further attempt for it wait a growing delay
 * (capped), and at most `maxInFlight` attempts for one email are under way at once (waiting or
 * being checked) — another is refused at once (429 with Retry-After), so guesses cannot be sent
 * in parallel to get around the delay. A refusal only lasts while attempts are under way: a
 * stranger typing wrong passwords slows guessing, and the owner gets in as soon as a turn is
 * free. The maps are bounded in entries and in time.
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
  /** Attempts for one email under way at once; another is refused. */
  maxInFlight: number;
  now: () => number;
};

export const THROTTLE_DEFAULTS: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  windowMs: 15 * 60_000,
  maxEntries: 10_000,
  maxInFlight: 2,
  now: Date.now,
};

type Entry = { count: number; last: number };

export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly failures = new Map<string, Entry>();
  /** Attempts under way per email (an entry lives only while one is). */
  private readonly inFlight = new Map<string, number>();

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

  /**
   * Starts an attempt for `key`: false when `maxInFlight` are already under way (refuse it);
   * true otherwise, and then `end(key)` must follow.
   */
  begin(key: string): boolean {
    const running = this.inFlight.get(key) ?? 0;
    if (running >= this.options.maxInFlight) return false;
    this.inFlight.set(key, running + 1);
    return true;
  }

  end(key: string): void {
    const running = (this.inFlight.get(key) ?? 0) - 1;
    if (running > 0) this.inFlight.set(key, running);
    else this.inFlight.delete(key);
  }

  /** When a refused attempt may try again (seconds): once the current wait is over, at least 1. */
  retryAfterSeconds(key: string): number {
    return Math.max(1, Math.ceil(this.delayFor(key) / 1000));
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
