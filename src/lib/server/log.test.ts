import { afterEach, describe, expect, it, vi } from 'vitest';

import { log, reloadLogLevel } from './log.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.LOG_LEVEL;
    reloadLogLevel();
  });

  it('writes the lines of one turn of the event loop together, in order', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    log('info', 'request', { path: '/en' });
    log('info', 'request', { path: '/ja-JP' });
    expect(out).not.toHaveBeenCalled();
    await nextTurn();
    expect(out).toHaveBeenCalledTimes(1);
    const lines = String(out.mock.calls[0]?.[0]).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { path: string }).path)).toEqual([
      '/en',
      '/ja-JP',
    ]);
  });

  it('sends what waits before a warning, and the warning at once to stderr', () => {
    const calls: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      calls.push(`out:${String(chunk)}`);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      calls.push(`err:${String(chunk)}`);
      return true;
    });
    log('info', 'first');
    log('warn', 'second');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^out:.*"msg":"first"/);
    expect(calls[1]).toMatch(/^err:.*"level":"warn","msg":"second"/);
  });

  it('writes at once when a turn has logged 64 KB', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    const filler = 'x'.repeat(1000);
    for (let i = 0; i < 70; i++) log('info', 'request', { filler });
    expect(out).toHaveBeenCalledTimes(1);
    await nextTurn();
    expect(out).toHaveBeenCalledTimes(2);
    const written = out.mock.calls.map((call) => String(call[0])).join('');
    expect(written.trimEnd().split('\n')).toHaveLength(70);
  });

  it('drops what is below the threshold', async () => {
    process.env.LOG_LEVEL = 'warn';
    reloadLogLevel();
    const out = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    log('info', 'quiet');
    await nextTurn();
    expect(out).not.toHaveBeenCalled();
  });
});
