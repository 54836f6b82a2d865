import {
  createServer,
  type IncomingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny real HTTP API on 127.0.0.1 for the request client's tests (test code only: nothing in the
 * product imports it). Each test sets the handlers it needs; every request is recorded.
 */
export type RecordedRequest = {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
};

export type Reply = {
  readonly status?: number;
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown;
  readonly delayMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
};

export type Handler = (request: RecordedRequest, hit: number) => Reply;

export type TestApiServer = {
  readonly origin: string;
  readonly requests: readonly RecordedRequest[];
  /** Requests received for `path` so far. */
  hits(path: string): number;
  on(path: string, handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
};

export const ok = (result: unknown): Reply => ({
  body: { ret_code: 0, ret_msg: 'OK', result },
});

export const startTestApiServer = async (): Promise<TestApiServer> => {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const send = (
    res: ServerResponse,
    { status = 200, body, headers = {} }: Reply,
  ): void => {
    if (res.destroyed) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const handler = handlers.get(url.pathname);
      const hit = requests.filter((r) => r.path === url.pathname).length;
      const reply = handler
        ? handler(recorded, hit)
        : { status: 404, body: 'not found' };
      if (!reply.delayMs) return send(res, reply);
      const timer = setTimeout(() => send(res, reply), reply.delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    hits: (path) => requests.filter((r) => r.path === path).length,
    on: (path, handler) => handlers.set(path, handler),
    reset: () => {
      handlers.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

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
