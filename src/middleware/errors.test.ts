import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { accessLog, requestIds } from './access-log.ts';
import { onError } from './errors.ts';

const lines: { level: string; msg: string; fields: Record<string, unknown> }[] =
  [];
vi.mock('../lib/server/log.ts', () => ({
  logEnabled: () => true,
  log: (level: string, msg: string, fields: Record<string, unknown> = {}) => {
    lines.push({ level, msg, fields });
  },
}));

const app = new Hono();
app.use(requestIds());
app.use(accessLog());
app.get('/hang-up', async (c) => {
  // a render that fails because its client went away (the request's signal aborted)
  await new Promise<void>((resolve) =>
    c.req.raw.signal.addEventListener('abort', () => resolve()),
  );
  throw new DOMException('This operation was aborted', 'AbortError');
});
app.get('/broken', () => {
  throw new Error('a bug');
});
app.onError(onError);

beforeEach(() => {
  lines.length = 0;
});

describe('aborted requests', () => {
  it('are logged as 499 at info level, never as an unhandled error or a 500', async () => {
    const controller = new AbortController();
    const pending = app.request(
      new Request('http://localhost/hang-up', { signal: controller.signal }),
    );
    controller.abort();
    const res = await pending;
    expect(res.status).toBe(499);
    expect(lines.some((l) => l.level === 'error')).toBe(false);
    expect(lines.some((l) => l.msg === 'unhandled error')).toBe(false);
    const request = lines.find((l) => l.msg === 'request');
    expect(request?.level).toBe('info');
    expect(request?.fields.status).toBe(499);
    expect(request?.fields.aborted).toBe(true);
  });

  it('a server error is still an error and a 500', async () => {
    const res = await app.request('http://localhost/broken');
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Internal Server Error\n');
    expect(lines.find((l) => l.msg === 'unhandled error')?.level).toBe('error');
    const request = lines.find((l) => l.msg === 'request');
    expect(request?.level).toBe('error');
    expect(request?.fields.status).toBe(500);
  });
});
