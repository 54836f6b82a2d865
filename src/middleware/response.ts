import type { Context } from 'hono';

/** Replace the response outright (Hono would otherwise merge the old headers into it). */
export const replaceResponse = (c: Context, res: Response): void => {
  c.res = undefined;
  c.res = res;
};

/** Headers of a response that may be immutable (a fetch() response): clone when needed. */
export const mutableResponse = (c: Context): Response => {
  const res = c.res;
  try {
    res.headers.set('x-mutable-check', '1');
    res.headers.delete('x-mutable-check');
    return res;
  } catch {
    const copy = new Response(res.body, res);
    replaceResponse(c, copy);
    return copy;
  }
};
