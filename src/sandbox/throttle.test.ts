import { describe, expect, it } from 'vitest';

import { LoginThrottle } from './throttle.ts';

describe('LoginThrottle', () => {
  it('lets the first failures through, then doubles the delay up to its cap', () => {
    let now = 0;
    const throttle = new LoginThrottle({
      freeFailures: 2,
      baseDelayMs: 100,
      maxDelayMs: 500,
      now: () => now,
    });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(throttle.delayFor('a@x.org'));
      throttle.fail('a@x.org');
      now += 1;
    }
    expect(delays).toEqual([0, 0, 100, 200, 400, 500, 500]);
    expect(throttle.delayFor('b@x.org')).toBe(0);
  });

  it('forgets failures after the window and on a success', () => {
    let now = 0;
    const throttle = new LoginThrottle({
      freeFailures: 0,
      windowMs: 1000,
      now: () => now,
    });
    throttle.fail('a@x.org');
    expect(throttle.delayFor('a@x.org')).toBeGreaterThan(0);
    now = 999;
    expect(throttle.delayFor('a@x.org')).toBeGreaterThan(0);
    now = 1999;
    expect(throttle.delayFor('a@x.org')).toBe(0);
    throttle.fail('a@x.org');
    throttle.succeed('a@x.org');
    expect(throttle.delayFor('a@x.org')).toBe(0);
  });

  it('remembers a bounded number of emails, the least recently failed forgotten first', () => {
    const throttle = new LoginThrottle({ freeFailures: 0, maxEntries: 100 });
    for (let i = 0; i < 5000; i++) throttle.fail(`user${i}@x.org`);
    expect(throttle.size).toBe(100);
    expect(throttle.delayFor('user0@x.org')).toBe(0);
    expect(throttle.delayFor('user4999@x.org')).toBeGreaterThan(0);
  });
});

describe('LoginThrottle in flight', () => {
  it('admits at most maxInFlight attempts per email at once, each other email its own', () => {
    const throttle = new LoginThrottle({ maxInFlight: 2 });
    expect(throttle.begin('a@x.org')).toBe(true);
    expect(throttle.begin('a@x.org')).toBe(true);
    expect(throttle.begin('a@x.org')).toBe(false);
    expect(throttle.begin('b@x.org')).toBe(true);
    throttle.end('a@x.org');
    expect(throttle.begin('a@x.org')).toBe(true);
    expect(throttle.begin('a@x.org')).toBe(false);
    throttle.end('a@x.org');
    throttle.end('a@x.org');
    throttle.end('b@x.org');
    expect(throttle.begin('a@x.org')).toBe(true);
  });

  it('tells a refused attempt to come back once the current wait is over (at least 1 s)', () => {
    const throttle = new LoginThrottle({ freeFailures: 0, baseDelayMs: 1250 });
    expect(throttle.retryAfterSeconds('a@x.org')).toBe(1);
    throttle.fail('a@x.org');
    expect(throttle.retryAfterSeconds('a@x.org')).toBe(3);
  });
});
