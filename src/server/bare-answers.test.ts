import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSiteConfig } from '../lib/server/site-config.ts';
import { bareSecurityHeaders } from '../middleware/security-headers.ts';
import { answerClientErrors, badRequest } from './bare-answers.ts';

const headers = bareSecurityHeaders(
  loadSiteConfig({ SITE_ORIGIN: 'https://www.example-exchange.com' }),
  false,
);
let server: Server;
let port: number;

beforeAll(async () => {
  const listener = getRequestListener(() => new Response('page'), {
    errorHandler: () => badRequest(headers),
  });
  server = createServer((req, res) => {
    void listener(req, res);
  });
  answerClientErrors(server, headers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
const raw = (request: string | Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(5000, () => socket.destroy());
    socket.end(request);
  });

const statusOf = (answer: string) => Number(answer.slice(9, 12));
const headerNames = (answer: string) =>
  answer
    .split('\r\n\r\n')[0]
    ?.split('\r\n')
    .slice(1)
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase()) ?? [];

const REQUIRED = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
];

describe('answers made beneath the middleware chain carry the security headers', () => {
  it.each([
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    [
      'a 40 KB Cookie',
      `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'x'.repeat(40_000)}\r\n\r\n`,
      431,
    ],
    [
      '1,500 cookie pairs',
      `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${Array.from({ length: 1500 }, (_, i) => `c${i}=vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv`).join('; ')}\r\n\r\n`,
      431,
    ],
    [
      'a 64 KB path',
      `GET /${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      431,
    ],
    [
      'a backslash in the path',
      'GET /en\\..\\x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      400,
    ],
    [
      'an invalid Host',
      'GET /en HTTP/1.1\r\nHost: exa mple.com\r\nConnection: close\r\n\r\n',
      400,
    ],
  ])('%s: %i', async (_name, request, status) => {
    const answer = await raw(request);
    expect(statusOf(answer)).toBe(status);
    const names = headerNames(answer);
    for (const name of REQUIRED) expect(names).toContain(name);
    expect(answer).not.toMatch(/at \S+\.(?:js|ts):\d+/);
  });

  it('raw UTF-8 in the path: 400 with the headers', async () => {
    const answer = await raw(
      Buffer.concat([
        Buffer.from('GET /en/'),
        Buffer.from('日本', 'utf8'),
        Buffer.from(
          ' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
        ),
      ]),
    );
    // Node's parser refuses the bytes (a clientError): our 400
    expect(statusOf(answer)).toBe(400);
    for (const name of REQUIRED) expect(headerNames(answer)).toContain(name);
  });

  it('a well-formed request still reaches the app', async () => {
    const answer = await raw(
      'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(statusOf(answer)).toBe(200);
    expect(answer.endsWith('page')).toBe(true);
  });
});
