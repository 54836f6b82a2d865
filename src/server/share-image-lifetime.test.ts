import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('./share-image-worker.ts', () => ({
  drawShareCard: () =>
    Promise.resolve(new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
}));

// before the module (and lru-cache, which reads `performance` when it loads) is imported
vi.useFakeTimers({
  toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'],
});
afterAll(() => {
  vi.useRealTimers();
});
const { keptImages, shareImage } = await import('./share-image.ts');

describe('drawn share images', () => {
  it('are kept 5 minutes, then dropped with no requests (fake timers)', async () => {
    // lru-cache counts a start at 0 as none: the clock starts later, as a real one does
    vi.advanceTimersByTime(1000);
    expect((await shareImage('en', undefined, 'launchpad.png')).status).toBe(
      200,
    );
    vi.advanceTimersByTime(60_000);
    expect((await shareImage('de-DE', undefined, 'launchpad.png')).status).toBe(
      200,
    );
    expect(keptImages()).toBe(2);
    vi.advanceTimersByTime(240_001);
    expect(keptImages()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(keptImages()).toBe(0);
  });
});
