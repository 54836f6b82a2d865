import { beforeEach, describe, expect, it } from 'vitest';

import { latestBuildUrl, readBuildId } from './build-id.ts';
import { createSignal } from './kernel.ts';
import { barFrame, estimatedProgress, settledAt } from './loading-progress.ts';
import { browserPlatform } from './platform.ts';
import { guardedReload, mayReload, RELOAD_AT_KEY } from './reload-guard.ts';
import {
  loginDraft,
  restoreStore,
  showToast,
  snapshotStore,
  toastQueue,
  transferDraft,
} from './store.ts';

/** The widgets' signals as a page starts: each test begins there. */
const startAfresh = () => {
  loginDraft.set({ email: '' });
  transferDraft.set(null);
  toastQueue.clear();
};

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
};

describe('reload guard (spec §4: 10 s window)', () => {
  it('allows the first reload and refuses another within 10 s, then allows again', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    expect(guardedReload({ storage, now: 1_000, reload })).toBe(true);
    expect(storage.data.get(RELOAD_AT_KEY)).toBe('1000');
    expect(guardedReload({ storage, now: 5_000, reload })).toBe(false);
    expect(guardedReload({ storage, now: 10_999, reload })).toBe(false);
    expect(guardedReload({ storage, now: 11_000, reload })).toBe(true);
    expect(reloads).toBe(2);
  });

  it('saves the store before reloading, never when refused', () => {
    const storage = memoryStorage();
    const calls: string[] = [];
    guardedReload({
      storage,
      now: 0,
      beforeReload: () => calls.push('save'),
      reload: () => calls.push('reload'),
    });
    guardedReload({
      storage,
      now: 1,
      beforeReload: () => calls.push('save'),
      reload: () => calls.push('reload'),
    });
    expect(calls).toEqual(['save', 'reload']);
  });

  it('never reloads when storage is blocked, and ignores garbage or future timestamps', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(mayReload(blocked, 0)).toBe(false);
    const storage = memoryStorage();
    storage.setItem(RELOAD_AT_KEY, 'garbage');
    expect(mayReload(storage, 0)).toBe(true);
    storage.setItem(RELOAD_AT_KEY, String(50_000));
    // a clock set back: the stored time is in the future, not a recent reload
    expect(mayReload(storage, 1_000)).toBe(true);
  });
});

describe('loading bar timeline (spec §9: throttle 200, duration 2000, hide 500, reset 400)', () => {
  it('stays hidden for navigations shorter than the throttle', () => {
    expect(barFrame(0, undefined, 150)).toEqual({
      visible: false,
      progress: 0,
    });
    expect(barFrame(0, 180, 190)).toEqual({ visible: false, progress: 0 });
    expect(barFrame(0, 180, 5_000)).toEqual({ visible: false, progress: 0 });
  });

  it('climbs from 0 towards 100 without reaching it, half-way at the duration', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2000)).toBeCloseTo(50, 5);
    const samples = [250, 500, 1000, 2000, 8000, 60_000].map((ms) =>
      estimatedProgress(ms),
    );
    for (let i = 1; i < samples.length; i++)
      expect(samples[i]).toBeGreaterThan(samples[i - 1] ?? 0);
    expect(estimatedProgress(10 ** 9)).toBeLessThan(100);
    expect(barFrame(0, undefined, 1000).visible).toBe(true);
  });

  it('fills, stays 500 ms, hides, and resets 400 ms later', () => {
    const done = 1_000;
    // [ms after done, visible, progress]
    const frames = [
      [0, true, 100],
      [499, true, 100],
      [500, false, 100],
      [899, false, 100],
      [900, false, 0],
    ] as const;
    for (const [after, visible, progress] of frames)
      expect(barFrame(0, done, done + after)).toEqual({ visible, progress });
    expect(settledAt(done)).toBe(done + 900);
  });
});

describe('latest.json', () => {
  it('reads the id of a plain file and of an API envelope, and refuses anything else', () => {
    expect(readBuildId({ id: 'build-42' })).toBe('build-42');
    expect(readBuildId({ ret_code: 0, result: { id: 'sandbox-x1.2' } })).toBe(
      'sandbox-x1.2',
    );
    for (const bad of [
      null,
      'id',
      42,
      {},
      { id: '' },
      { id: 'a b' },
      { id: 'x'.repeat(65) },
      { result: null },
    ])
      expect(readBuildId(bad)).toBeUndefined();
  });

  it('asks with a timestamp query so no cache answers', () => {
    expect(latestBuildUrl(1_700_000_000_000)).toBe(
      '/latest.json?t=1700000000000',
    );
  });
});

describe('browser platform header', () => {
  it('tells the app, phones and desktops apart', () => {
    expect(
      browserPlatform(
        'Mozilla/5.0 (Linux; Android 14) ExchangeApp/3.12.0 (android)',
      ),
    ).toBe('android');
    expect(
      browserPlatform(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) ExchangeApp/3.1.0 ios',
      ),
    ).toBe('ios');
    expect(
      browserPlatform(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      ),
    ).toBe('h5');
    expect(
      browserPlatform(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
      ),
    ).toBe('h5');
    expect(
      browserPlatform(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
        5,
      ),
    ).toBe('h5');
    expect(
      browserPlatform(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
        0,
      ),
    ).toBe('pc');
    expect(
      browserPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0'),
    ).toBe('pc');
    expect(browserPlatform('')).toBe('pc');
  });
});

describe('signals (the one client store)', () => {
  it('tells each subscriber of a change, not of the same value, and stops when asked', () => {
    const draft = createSignal<{ email: string } | null>(null);
    const heard: (string | undefined)[] = [];
    const stop = draft.subscribe(() => heard.push(draft.get()?.email));
    const also = draft.subscribe(() => heard.push('second'));
    const value = { email: 'a@example.com' };
    draft.set(value);
    draft.set(value);
    expect(heard).toEqual(['a@example.com', 'second']);
    stop();
    draft.set(null);
    expect(heard).toEqual(['a@example.com', 'second', 'second']);
    also();
    draft.set(value);
    expect(heard).toHaveLength(3);
    expect(draft.get()).toBe(value);
  });
});

describe('store snapshot across a guarded reload', () => {
  beforeEach(startAfresh);

  it('keeps drafts and visible toasts, never anything else', () => {
    loginDraft.set({ email: 'demo@example-exchange.com' });
    transferDraft.set({
      from: 'ACCOUNT_TYPE_SPOT',
      to: 'ACCOUNT_TYPE_FUND',
      coin: 'USDT',
      amount: '10',
    });
    showToast({ kind: 'success', title: 'Transfer complete' });
    const json = JSON.stringify(snapshotStore());
    expect(json).not.toMatch(/password|b_t_c_k/);

    // the page after the reload starts afresh, then puts the snapshot back
    startAfresh();
    expect(restoreStore(json)).toBe(true);
    expect(loginDraft.get()).toEqual({
      email: 'demo@example-exchange.com',
    });
    expect(transferDraft.get()?.amount).toBe('10');
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual([
      'Transfer complete',
    ]);
  });

  it('ignores malformed or tampered snapshots', () => {
    for (const raw of [
      null,
      '',
      '{',
      '[]',
      '"x"',
      JSON.stringify({ atoms: { loginDraft: { email: 5 } } }),
      JSON.stringify({ atoms: { userAtom: { uid: 'x' } } }),
      JSON.stringify({ toasts: [{ kind: 'evil', title: 'x' }, 'x', null] }),
    ]) {
      startAfresh();
      restoreStore(raw);
      expect(loginDraft.get()).toEqual({ email: '' });
      expect(transferDraft.get()).toBeNull();
      expect(toastQueue.visibleToasts).toEqual([]);
    }
  });
});

describe('toasts (spec §8, §9: 3000 ms)', () => {
  beforeEach(startAfresh);

  it('every toast is queued to close after 3000 ms', () => {
    showToast({ kind: 'warning', title: '33004', detail: 'x' });
    showToast({ kind: 'error', title: 'Error' });
    const shown = toastQueue.visibleToasts;
    expect(shown).toHaveLength(2);
    for (const toast of shown) expect(toast.timeout).toBe(3000);
  });
});
