import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createDrain, drainingReadyz, isReadyz, msFromEnv } from './drain.ts';

type Answer = { status: number; body: string; connection: string | undefined };

const get = (port: number, path: string, agent = false): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: agent ? undefined : false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            connection: res.headers.connection,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose /slow answers when the test says so, and counts what it answered. */
const start = async () => {
  const release: (() => void)[] = [];
  let started = 0;
  const server = createServer((req, res) => {
    if (req.url === '/slow') {
      started += 1;
      release.push(() => res.end('slow done'));
      return;
    }
    res.end('ok');
  });
  servers.push(server);
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  return {
    server,
    port: (server.address() as AddressInfo).port,
    release,
    started: () => started,
  };
};

const closed = (server: Server) =>
  new Promise<boolean>((resolve) => {
    if (!server.listening) resolve(true);
    else server.once('close', () => resolve(true));
  });

describe('createDrain', () => {
  it('keeps serving for the drain period with Connection: close, then stops accepting', async () => {
    const { server, port } = await start();
    const drain = createDrain(server, { timeoutMs: 5000 });
    expect(drain.draining()).toBe(false);
    let done = false;
    const finished = drain.begin(300).then(() => (done = true));
    expect(drain.draining()).toBe(true);
    const during = await get(port, '/', true);
    expect(during).toMatchObject({ status: 200, body: 'ok' });
    expect(during.connection).toBe('close');
    expect(done).toBe(false);
    await finished;
    await expect(get(port, '/')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('waits for a request in flight before it resolves', async () => {
    const { server, port, release, started } = await start();
    const drain = createDrain(server, { timeoutMs: 10_000 });
    const slow = get(port, '/slow');
    await expect.poll(started).toBe(1);
    let done = false;
    const finished = drain.begin(0).then(() => (done = true));
    // the drain has stopped accepting connections and waits on the request alone
    await expect.poll(() => server.listening).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release[0]?.();
    await expect(slow).resolves.toMatchObject({
      status: 200,
      body: 'slow done',
    });
    await finished;
    expect(await closed(server)).toBe(true);
  });

  it('cuts requests still open after the shutdown timeout', async () => {
    const { server, port, started } = await start();
    const drain = createDrain(server, { timeoutMs: 200 });
    const slow = get(port, '/slow');
    await expect.poll(started).toBe(1);
    await drain.begin(0);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('begins once', async () => {
    const { server } = await start();
    const drain = createDrain(server, { timeoutMs: 1000 });
    const first = drain.begin(0);
    expect(drain.begin(5000)).toBe(first);
    await first;
  });
});

describe('readiness while draining', () => {
  it('is a 503 that is never stored', async () => {
    const res = drainingReadyz();
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'draining' });
  });

  it.each([
    ['http://127.0.0.1:3000/readyz', true],
    ['http://127.0.0.1:3000/readyz?probe=1', true],
    ['http://h/readyz#x', true],
    ['/readyz', true],
    ['http://127.0.0.1:3000/readyz/', false],
    ['http://127.0.0.1:3000/healthz', false],
    ['http://127.0.0.1:3000/en/readyz', false],
    ['http://127.0.0.1:3000', false],
  ])('isReadyz(%s) is %s', (url, expected) => {
    expect(isReadyz(url)).toBe(expected);
  });
});

describe('msFromEnv', () => {
  it('reads whole milliseconds and falls back when unset', () => {
    expect(msFromEnv(undefined, 5000)).toBe(5000);
    expect(msFromEnv('', 5000)).toBe(5000);
    expect(msFromEnv('0', 5000)).toBe(0);
    expect(msFromEnv('1500', 5000)).toBe(1500);
  });

  it.each(['-1', '1.5', 'abc', '5s'])('refuses %s', (value) => {
    expect(() => msFromEnv(value, 5000)).toThrow(/milliseconds/);
  });
});
