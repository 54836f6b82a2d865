import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Pages take no request bodies beyond small forms; the API proxy has its own limit. */
const PAGE_BODY_LIMIT = 64 * 1024;

/** A request body over `PAGE_BODY_LIMIT` is a 413 before anything reads it. */
export const pageBodyLimit = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: PAGE_BODY_LIMIT,
    onError: (c) => c.text('Payload Too Large\n', 413),
  });
