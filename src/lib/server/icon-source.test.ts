import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createIconService,
  ICON_URL_MAX,
  type IconSet,
} from './icon-source.ts';

const LOCAL: IconSet = {
  prefix: 'lucide',
  width: 24,
  height: 24,
  icons: {
    house: { body: '<path d="M1 1h2"/>' },
    wallet: { body: '<path d="M2 2h3"/>', width: 20 },
  },
  aliases: { home: { parent: 'house' } },
};

/** Public-API stand-ins on loopback: one answers, one hangs, one refuses. */
let answering: Server;
let hanging: Server;
let answeringOrigin = '';
let hangingOrigin = '';
let refusedOrigin = '';
const asked: string[] = [];
beforeAll(async () => {
  answering = createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const names = (url.searchParams.get('icons') ?? '').split(',');
    const icons: Record<string, { body: string }> = {};
    for (const n of names)
      if (n === 'evil') icons[n] = { body: '<script>alert(1)</script>' };
      else if (n !== 'nope') icons[n] = { body: `<path id="${n}"/>` };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ prefix: 'mdi', icons, width: 24, height: 24 }));
  });
  hanging = createServer(() => {
    // never answers
  });
  await new Promise<void>((r) => answering.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  answeringOrigin = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`;
  hangingOrigin = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  // a port that was just free: nothing listens, the connection is refused
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  refusedOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  answering.closeAllConnections();
  hanging.closeAllConnections();
  await new Promise((r) => answering.close(r));
  await new Promise((r) => hanging.close(r));
});

const service = (origins: string[], logs: unknown[] = []) =>
  createIconService({
    localSets: { lucide: () => LOCAL },
    fallbackOrigins: origins,
    log: (msg, fields) => logs.push({ msg, ...fields }),
  });
const url = (path: string) => new URL(`http://site${path}`);
const body = (answer: { body: string }) => JSON.parse(answer.body) as IconSet;

describe('the icon endpoint', () => {
  it('serves the installed set first, aliases included, cached immutably', async () => {
    const icons = service([refusedOrigin]);
    const answer = await icons.json(
      url('/icons/lucide.json?icons=house,wallet,home'),
      'lucide',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const set = body(answer);
    expect(Object.keys(set.icons)).toEqual(['house', 'wallet', 'home']);
    expect(set.icons.home?.body).toBe(LOCAL.icons.house?.body);
    expect(set.not_found).toBeUndefined();
  });

  it('with the fallback unreachable: local icons still served, the rest not_found, cached briefly, logged', async () => {
    const logs: unknown[] = [];
    const icons = service([refusedOrigin], logs);
    const started = Date.now();
    const answer = await icons.json(
      url('/icons/lucide.json?icons=house,sparkles'),
      'lucide',
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(Object.keys(body(answer).icons)).toEqual(['house']);
    expect(body(answer).not_found).toEqual(['sparkles']);
    expect(logs).toHaveLength(1);
  });

  it('asks the public API for what the local set lacks, rotating past a host that hangs, within 1500 ms', async () => {
    const icons = service([hangingOrigin, answeringOrigin]);
    const started = Date.now();
    const answer = await icons.json(
      url('/icons/mdi.json?icons=account,nope'),
      'mdi',
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(700); // the second host starts 750 ms in
    expect(took).toBeLessThan(1500);
    expect(Object.keys(body(answer).icons)).toEqual(['account']);
    expect(body(answer).not_found).toEqual(['nope']);
    expect(asked.at(-1)).toBe('/mdi.json?icons=account,nope');
  });

  it('gives up after 1500 ms when every host hangs', async () => {
    const icons = service([hangingOrigin, hangingOrigin]);
    const started = Date.now();
    const answer = await icons.json(url('/icons/mdi.json?icons=a'), 'mdi');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(body(answer).not_found).toEqual(['a']);
  });

  it('never serves an icon from elsewhere that carries script', async () => {
    const icons = service([answeringOrigin]);
    const answer = await icons.json(
      url('/icons/mdi.json?icons=evil,ok'),
      'mdi',
    );
    expect(Object.keys(body(answer).icons)).toEqual(['ok']);
    expect(body(answer).not_found).toEqual(['evil']);
  });

  it.each([
    ['no names', '/icons/lucide.json', 400],
    ['a bad name', '/icons/lucide.json?icons=house,..%2Fetc', 400],
    ['uppercase', '/icons/lucide.json?icons=House', 400],
    [
      'too many names',
      `/icons/lucide.json?icons=${Array.from({ length: 65 }, (_, i) => `i${i}`).join(',')}`,
      400,
    ],
    [
      'a URL over 500 characters',
      `/icons/lucide.json?icons=${'a'.repeat(ICON_URL_MAX)}`,
      414,
    ],
  ])('refuses %s', async (_, path, status) => {
    const icons = service([refusedOrigin]);
    const answer = await icons.json(url(path), 'lucide');
    expect(answer.status).toBe(status);
    expect(answer.body).toMatch(/\w/);
  });

  it('serves one icon as SVG, and 404 for one that does not exist', async () => {
    const icons = service([refusedOrigin]);
    const svg = await icons.svg(
      url('/icons/lucide/wallet.svg'),
      'lucide',
      'wallet',
    );
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="0 0 20 24"><path d="M2 2h3"/></svg>',
    );
    const missing = await icons.svg(
      url('/icons/lucide/zzz.svg'),
      'lucide',
      'zzz',
    );
    expect(missing.status).toBe(404);
  });
});
