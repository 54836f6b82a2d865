import type { Context } from 'hono';

import { log } from '../lib/server/log.ts';

/** The status logged for a request whose client hung up before its answer (nginx's 499). */
export const CLIENT_CLOSED = 499;

/** Whether the client went away: its request's signal aborts when the connection closes. */
export const clientClosed = (c: Context): boolean => c.req.raw.signal.aborted;

/**
 * The chain's last resort. A client that hung up is not a server error: its request is logged
 * as aborted with 499 (at info level, never counted among errors) and the answer, which nobody
 * reads, is empty. Anything else is logged as an error and answered with a plain 500.
 */
export const onError = (error: Error, c: Context): Response => {
  if (clientClosed(c)) {
    log('info', 'request aborted', { path: c.req.path });
    return new Response(null, { status: CLIENT_CLOSED });
  }
  log('error', 'unhandled error', { path: c.req.path, error: String(error) });
  return new Response('Internal Server Error\n', {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
