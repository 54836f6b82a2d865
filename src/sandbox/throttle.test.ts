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
