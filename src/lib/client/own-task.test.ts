import { afterEach, describe, expect, it, vi } from 'vitest';

import { inOwnTask } from './own-task.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('inOwnTask', () => {
  it('runs the work after the current task, not in it', async () => {
    const order: string[] = [];
    inOwnTask(() => order.push('own task'));
    await Promise.resolve(); // microtasks of the current task run first
    order.push('same task');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['same task', 'own task']);
  });

  it('does not run work cancelled before its task', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const cancel = inOwnTask(work);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });

  it('runs each piece of work in a task of its own', async () => {
    const ran: string[] = [];
    inOwnTask(() => {
      ran.push('first');
      // a microtask the first work queues runs before the second work: a task ended between
      queueMicrotask(() => ran.push('end of the first task'));
    });
    inOwnTask(() => ran.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['first', 'end of the first task', 'second']);
  });
});
