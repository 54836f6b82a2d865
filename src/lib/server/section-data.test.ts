import { describe, expect, it, vi } from 'vitest';

import {
  findRequestContext,
  runWithRequestContext,
} from './request-context.ts';
import { sectionFellBack, sectionData } from './section-data.ts';
import { requestContextFor } from './test-request-context.ts';

describe('a section’s data within its budget', () => {
  it('is the value when the load answers in time', async () => {
    await expect(sectionData(() => Promise.resolve(7), 50)).resolves.toEqual({
      ok: true,
      value: 7,
    });
  });

  it('is a failure, never a rejection, when the load fails or throws', async () => {
    const error = new Error('schema');
    await expect(sectionData(() => Promise.reject(error), 50)).resolves.toEqual(
      { ok: false, reason: 'failed', error },
    );
    await expect(
      sectionData(() => {
        throw error;
      }, 50),
    ).resolves.toEqual({ ok: false, reason: 'failed', error });
  });

  it('is a timeout once the budget has run out, whatever the load does later', async () => {
    vi.useFakeTimers();
    try {
      const settled = sectionData(
        () =>
          new Promise<number>((resolve) => setTimeout(() => resolve(1), 5000)),
        2500,
      );
      await vi.advanceTimersByTimeAsync(2500);
      await expect(settled).resolves.toEqual({ ok: false, reason: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a section waiting for its data', () => {
  it('says so to its request until its data, its failure or its budget settles it', async () => {
    const context = requestContextFor();
    let answer!: (value: number) => void;
    let fail!: (error: Error) => void;
    const settled = runWithRequestContext(context, () => [
      sectionData(
        () =>
          new Promise<number>((resolve) => {
            answer = resolve;
          }),
        1000,
      ),
      sectionData(
        () =>
          new Promise<number>((_resolve, reject) => {
            fail = reject;
          }),
        1000,
      ),
    ]);
    expect(context.sectionsWaiting).toBe(2);
    answer(1);
    await settled[0];
    expect(context.sectionsWaiting).toBe(1);
    fail(new Error('down'));
    await settled[1];
    expect(context.sectionsWaiting).toBe(0);

    vi.useFakeTimers();
    try {
      const late = runWithRequestContext(context, () =>
        sectionData(() => new Promise<number>(() => undefined), 2500),
      );
      expect(context.sectionsWaiting).toBe(1);
      await vi.advanceTimersByTimeAsync(2500);
      await expect(late).resolves.toEqual({ ok: false, reason: 'timeout' });
      expect(context.sectionsWaiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a section that falls back', () => {
  it('marks the render; a crawler’s essential section asks for 503 with Retry-After', () => {
    for (const [isBot, essential, status] of [
      [false, true, undefined],
      [true, false, undefined],
      [true, true, 503],
    ] as const) {
      const context = requestContextFor({ isBot });
      runWithRequestContext(context, () => {
        sectionFellBack({ ok: false, reason: 'timeout' }, essential);
      });
      expect(context.sectionFellBack).toBe(true);
      expect(context.status?.code).toBe(status);
      if (status) expect(context.status?.retryAfter).toBe(30);
    }
    expect(findRequestContext()).toBeUndefined();
  });
});
