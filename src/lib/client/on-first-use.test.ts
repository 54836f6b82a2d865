import { describe, expect, it, vi } from 'vitest';

import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads the module once, on the first call', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const get = onFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValueOnce('loaded');
    const get = onFirstUse(load);
    await expect(get()).rejects.toThrow('chunk missing');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits for the reload when Waku answered a missing chunk with one (the import resolves to nothing)', async () => {
    const get = onFirstUse<string>(() => Promise.resolve(undefined));
    const first = await Promise.race([
      get().then(() => 'settled'),
      // a few macrotasks: the load and its handlers have run by then
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('pending'), 20),
      ),
    ]);
    expect(first).toBe('pending');
  });
});
