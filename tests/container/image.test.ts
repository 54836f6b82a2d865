/**
 * The production image (deploy/container/Containerfile) built and run as an operator would
 * (issue 43): built with podman on a Debian base made with mmdebstrap (scripts/lib/container.ts;
 * layers cached between runs), run with a read-only root filesystem on the host's network with
 * API_ORIGIN pointing at a sandbox API on the host. Pages answer 200 with the security headers,
 * share images draw in every script, the process is not root and writes only to /tmp, the
 * HEALTHCHECK passes, the sandbox starts only when asked, `podman stop` drains, and the image
 * stays within its size budget.
 * `npm run test:container`; `npm test` runs it after the browser suite, or says in one line why
 * this machine cannot run containers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildImage,
  ensureBaseImage,
  ensureContainerTools,
  imageSize,
  podman,
  podmanAsync,
} from '../../scripts/lib/container.ts';
import { startSandbox, type Running } from '../../scripts/lib/processes.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { shareImagePath } from '../../src/lib/share-image.ts';
import { routePath, type RouteId } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/chromium.ts';
import { freePortIn } from '../helpers/ports.ts';

const IMAGE = 'localhost/exchange-web:test';
/**
 * The image's size budget, uncompressed as podman reports it. Measured 578.8 MB (2026-11-27): the
 * Debian minbase of mmdebstrap 170 MB, the Node 24 binary 127 MB, the runtime node_modules (the
 * fonts cut to what the share images read) and the build. The budget leaves about 10% headroom: a
 * large new runtime dependency, or a build stage's tooling leaking into the runtime stage (every
 * weight of the fonts alone is 270 MB more), fails it.
 */
const SIZE_BUDGET_BYTES = 640 * 1000 * 1000;
/** This test's processes listen in their own range of loopback ports. */
const PORTS = [4100, 4199] as const;
const DRAIN_MS = 3000;

/** The security headers every page carries (tests/e2e/security-headers.test.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];
const PAGES: readonly [Locale, RouteId][] = [
  ['en', 'home'],
  ['en', 'launchpad'],
  ['ja-JP', 'savings'],
  ['de-DE', 'fee-discount'],
  ['th-TH', 'launchpad'],
];

const names: string[] = [];
let sandbox: Running | undefined;
let dataDir = '';

/** A free port of the range not handed out before in this file (a container may not be up yet). */
let lastPort = PORTS[0] - 1;
const port = async () => (lastPort = await freePortIn(lastPort + 1, PORTS[1]));

/** Starts a container of the image in the background; its name is removed after the file. */
const run = (name: string, env: Record<string, string>) => {
  names.push(name);
  const result = podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network=host',
    '--read-only',
    ...Object.entries(env).flatMap(([key, value]) => [
      '--env',
      `${key}=${value}`,
    ]),
    IMAGE,
  ]);
  expect(result.status, result.stderr).toBe(0);
};

const logs = (name: string) => {
  const result = podman(['logs', name]);
  return `${result.stdout}${result.stderr}`;
};

const state = (name: string) =>
  podman([
    'inspect',
    '--format',
    '{{.State.Status}} {{.State.ExitCode}}',
    name,
  ]).stdout.trim();

/** Waits until the container's /readyz answers 200 (it asks the API too). */
const ready = async (name: string, origin: string) => {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const answer = await fetch(`${origin}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await answer?.body?.cancel();
    if (!state(name).startsWith('running'))
      throw new Error(`${name} stopped (${state(name)}):\n${logs(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} not ready in 90 s:\n${logs(name)}`);
};

const get = (url: string) =>
  fetch(url, { headers: { 'user-agent': PERSON_UA }, redirect: 'manual' });

/** The site on the host's sandbox, read-only, as a container: its origin. */
const startSite = async (name: string, env: Record<string, string> = {}) => {
  const sitePort = await port();
  const origin = `http://127.0.0.1:${sitePort}`;
  run(name, {
    PORT: String(sitePort),
    HOST: '127.0.0.1',
    SITE_ORIGIN: origin,
    API_ORIGIN: sandbox?.url ?? '',
    // nothing leaves loopback: the public icon API is a closed local port
    ICON_API_ORIGINS: 'http://127.0.0.1:9',
    ...env,
  });
  await ready(name, origin);
  return origin;
};

beforeAll(async () => {
  const support = ensureContainerTools();
  if (!support.ok) throw new Error(`cannot run containers: ${support.reason}`);
  const started = performance.now();
  const madeBase = ensureBaseImage();
  const based = performance.now();
  buildImage(IMAGE);
  const built = performance.now();
  console.log(
    `container test: base image ${madeBase ? `made in ${((based - started) / 1000).toFixed(1)} s` : 'present'}, image built in ${((built - based) / 1000).toFixed(1)} s`,
  );
  dataDir = mkdtempSync(path.join(tmpdir(), 'exchange-container-'));
  sandbox = await startSandbox({
    siteOrigin: 'http://127.0.0.1',
    dataFile: path.join(dataDir, 'state.json'),
    port: await port(),
    quiet: true,
  });
}, 1_800_000);

afterAll(async () => {
  for (const name of names) podman(['rm', '--force', '--time', '0', name]);
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the production image', () => {
  it('stays within its size budget', () => {
    const size = imageSize(IMAGE);
    console.log(
      `container test: image size ${(size / 1e6).toFixed(1)} MB (budget ${SIZE_BUDGET_BYTES / 1e6} MB)`,
    );
    expect(size).toBeLessThanOrEqual(SIZE_BUDGET_BYTES);
  });

  it('serves pages with the security headers as a non-root user on a read-only root', async () => {
    const name = `exchange-web-test-${process.pid}-pages`;
    const origin = await startSite(name);
    for (const [locale, route] of PAGES) {
      const address = `${origin}${routePath(locale, route, undefined, 'prefix')}`;
      const page = await get(address);
      const body = await page.text();
      expect(page.status, address).toBe(200);
      expect(body, address).toContain(`<html lang="${locale}"`);
      for (const header of SECURITY_HEADERS)
        expect(page.headers.get(header), `${address} ${header}`).toBeTruthy();
    }
    // share images: satori and resvg with the fonts the image keeps, one script each
    for (const locale of ['en', 'ja-JP', 'th-TH', 'ko-KR', 'zh-MY', 'zh-TW']) {
      const address = `${origin}${shareImagePath(locale, 'launchpad')}`;
      const image = await get(address);
      await image.arrayBuffer();
      expect(image.status, address).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    for (const file of ['/sitemap.xml', '/robots.txt']) {
      const answer = await get(`${origin}${file}`);
      await answer.body?.cancel();
      expect(answer.status, file).toBe(200);
    }

    const inside = (script: string) =>
      podman(['exec', name, 'node', '-e', script]);
    const uid = inside('process.stdout.write(String(process.getuid()))');
    expect(uid.stdout).not.toBe('0');
    expect(uid.stdout).toMatch(/^\d+$/);
    const rootWrite = inside(
      "require('node:fs').writeFileSync('/app/probe', 'x')",
    );
    expect(rootWrite.status).not.toBe(0);
    expect(rootWrite.stderr).toContain('EROFS');
    const tmpWrite = inside(
      "require('node:fs').writeFileSync('/tmp/probe', 'x')",
    );
    expect(tmpWrite.status, tmpWrite.stderr).toBe(0);

    // the image's HEALTHCHECK (podman refuses a container without one)
    const health = podman(['healthcheck', 'run', name]);
    expect(health.status, `${health.stdout}${health.stderr}`).toBe(0);
  });

  it('refuses to start without API_ORIGIN, and starts the sandbox when SANDBOX_IN_PRODUCTION=1 asks', async () => {
    const refused = podman([
      'run',
      '--rm',
      '--network=host',
      '--read-only',
      '--env',
      `PORT=${await port()}`,
      IMAGE,
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('API_ORIGIN is not set');

    const name = `exchange-web-test-${process.pid}-sandbox`;
    const origin = await startSite(name, {
      API_ORIGIN: '',
      SANDBOX_IN_PRODUCTION: '1',
      SANDBOX_PORT: String(await port()),
    });
    const api = await get(`${origin}/api/v1/market/tickers`);
    expect(api.status).toBe(200);
    expect(await api.json()).toHaveProperty('result');
    expect(logs(name)).toContain('using the embedded sandbox API');
  });

  it('drains on podman stop: /readyz 503 at once, pages served for SHUTDOWN_DRAIN_MS, exit 0', async () => {
    const name = `exchange-web-test-${process.pid}-drain`;
    const origin = await startSite(name, {
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const page = `${origin}${routePath('en', 'launchpad', undefined, 'prefix')}`;
    const started = performance.now();
    const stopped = podmanAsync(['stop', '--time', '60', name]);

    let readyz = 200;
    while (readyz !== 503 && performance.now() - started < DRAIN_MS) {
      const answer = await fetch(`${origin}/readyz`);
      await answer.body?.cancel();
      readyz = answer.status;
    }
    expect(readyz).toBe(503);
    const noticed = performance.now() - started;
    // still serving pages, well inside the drain period
    const during = await get(page);
    await during.body?.cancel();
    expect(during.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(DRAIN_MS);

    const stop = await stopped;
    const took = performance.now() - started;
    console.log(
      `container test: /readyz 503 after ${noticed.toFixed(0)} ms, container stopped after ${took.toFixed(0)} ms (drain ${DRAIN_MS} ms)`,
    );
    expect(stop.code, stop.output).toBe(0);
    expect(took).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(state(name)).toBe('exited 0');
    expect(logs(name)).toContain('drained: every request answered');
    await expect(fetch(page)).rejects.toThrow();
  });
});
