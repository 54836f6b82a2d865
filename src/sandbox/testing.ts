import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach } from 'vitest';

import type { FaultSpec, SeenRequest } from './faults.ts';
import { DEMO_ACCOUNT } from './seed.ts';
import { startSandbox, type Sandbox } from './server.ts';

/**
 * The sandbox's fault controls as tests call them over HTTP (unit tests beside product code and
 * the browser tests through tests/helpers/sandbox.ts): inject a fault, clear them, read back the
 * requests they saw.
 */

export type { FaultSpec };

/** A request a fault saw, its query parsed. */
export type RecordedRequest = Omit<SeenRequest, 'query'> & {
  query: URLSearchParams;
};

const control = async (api: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${api}/__sandbox/${path}`, {
    headers: { 'content-type': 'application/json' },
    ...init,
  });
  const envelope = (await res.json()) as { ret_code: number; result: unknown };
  if (res.status !== 200 || envelope.ret_code !== 0)
    throw new Error(
      `the sandbox refused ${init.method ?? 'GET'} /__sandbox/${path} (${res.status}, ret_code ${envelope.ret_code})`,
    );
  return envelope.result;
};

/** Injects a fault; throws when the sandbox refuses it. */
export const injectFault = async (
  api: string,
  fault: FaultSpec,
): Promise<void> => {
  await control(api, 'faults', {
    method: 'POST',
    body: JSON.stringify(fault),
  });
};

/** Removes every injected fault and forgets the requests they saw. */
export const clearFaults = async (api: string): Promise<void> => {
  await control(api, 'faults', { method: 'DELETE' });
};

/** The requests faults saw, oldest first; only those for `path` when given. */
export const faultedRequests = async (
  api: string,
  path?: string,
): Promise<RecordedRequest[]> => {
  const query = path ? `?path=${encodeURIComponent(path)}` : '';
  const { items } = (await control(api, `requests${query}`)) as {
    items: SeenRequest[];
  };
  return items.map((r) => ({ ...r, query: new URLSearchParams(r.query) }));
};

/** The ok envelope around `result`, as a `reply` fault's body. */
export const okBody = (result: unknown) => ({
  ret_code: 0,
  ret_msg: 'OK',
  result,
});

/** A port nothing listens on (bound, then released), for connection-refused tests. */
export const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** The URL a fetch call was given, whatever form it came in. */
export const urlOf = (input: RequestInfo | URL): string =>
  input instanceof Request ? input.url : input.toString();

/** What a `reply` fault answers: a status (default 200), headers, a body, after `ms`, `times` times. */
export type Answer = Pick<
  FaultSpec,
  'status' | 'headers' | 'body' | 'ms' | 'times'
>;

/** Calls to paths under `path` get `answer` (faults added in turn answer in turn). */
export const answer = (api: string, path: string, reply: Answer) =>
  injectFault(api, { pathPrefix: path, kind: 'reply', ...reply });

/** How many requests for `path` the faults saw. */
export const hits = async (api: string, path: string): Promise<number> =>
  (await faultedRequests(api, path)).length;

/**
 * The sandbox API for unit tests that answer through its faults: started with its
 * test controls before the tests of the file (or describe block) that calls this, stopped after
 * them, its faults cleared before each test. `started` gets its URL.
 */
export const withFaultSandbox = (started: (url: string) => void): void => {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ controls: true });
    started(sandbox.url);
  });
  afterAll(() => sandbox?.close());
  beforeEach(async () => {
    if (sandbox) await clearFaults(sandbox.url);
  });
};

/** What a call that must fail rejects with; a call that succeeds fails the test. */
export const failure = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

/**
 * A sandbox of its own for one describe block: a throw-away state file, the session cookie named
 * `tokenCookieName`, started before the block's tests and removed after them. Read `own.url`
 * inside tests (it is filled in `beforeAll`).
 */
export const withOwnSandbox = ({
  tokenCookieName,
  controls = false,
}: {
  tokenCookieName: string;
  /** The test controls (/__sandbox/: the outbox, faults). */
  controls?: boolean;
}): { url: string } => {
  const own = { url: '' };
  let dir = '';
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-own-'));
    sandbox = await startSandbox({
      port: 0,
      dataFile: path.join(dir, 'state.json'),
      tokenCookieName,
      secureCookies: false,
      controls,
    });
    own.url = sandbox.url;
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return own;
};

/** An API call's status and envelope. */
export type ApiAnswer<T> = { status: number; ret_code: number; result: T };

/** One call under /api/v1: a GET without `body`, a POST with it (as JSON), with `cookie` if given. */
export const apiCall = async <T = unknown>(
  api: string,
  pathname: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> => {
  const res = await fetch(`${api}/api/v1${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { ret_code: number; result: T };
  return { status: res.status, ...envelope };
};

/** Logs in (the demo trader by default); the session cookie as a Cookie header's `name=value`. */
export const logIn = async (
  api: string,
  { email, password }: { email: string; password: string } = DEMO_ACCOUNT,
): Promise<string> => {
  const res = await fetch(`${api}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
};
