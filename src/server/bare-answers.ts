import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Answers made beneath the middleware chain, with the same security headers as every other
 * answer: Node's own refusals of a request it cannot parse (clientError: a lower-case method,
 * raw UTF-8 or a broken request line → 400; headers over the limit → 431; a request that took
 * too long → 408), and the adapter's refusal of a request it cannot turn into a URL (a
 * backslash in the path, an invalid Host → 400).
 */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

const statusOfClientError = (code: string | undefined): number =>
  code === 'HPE_HEADER_OVERFLOW'
    ? 431
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : 400;

/** The bytes of a whole HTTP/1.1 answer that closes the connection. */
export const rawAnswer = (
  status: number,
  headers: Readonly<Record<string, string>>,
): string => {
  const reason = REASONS[status] ?? 'Bad Request';
  const body = `${reason}\n`;
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: text/plain; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

/** Replaces Node's bare clientError answers with ours (same status, our headers). */
export const answerClientErrors = (
  server: Server,
  headers: Readonly<Record<string, string>>,
): void => {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // a peer that is gone, or an answer already under way: nothing can be written
    if (
      error.code === 'ECONNRESET' ||
      !socket.writable ||
      ('_httpMessage' in socket && socket._httpMessage)
    ) {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(statusOfClientError(error.code), headers));
  });
};

/** The adapter's answer to a request it cannot turn into a URL. */
export const badRequest = (
  headers: Readonly<Record<string, string>>,
): Response =>
  new Response('Bad Request\n', {
    status: 400,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
