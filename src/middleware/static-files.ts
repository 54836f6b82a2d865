import path from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

import { dropInvalidRange } from './range.ts';

/**
 * The build's public files (dist/public), precompressed copies first: hashed assets immutable
 * for a year, anything else an hour. Only paths that name a file (an extension) are looked up
 * on disk, so pages skip the stat; a Range header this server would misread is dropped first.
 */
export const staticFiles = (
  distDir: string,
  basePath: string,
): MiddlewareHandler => {
  const serveFiles = serveStatic({
    root: path.join(distDir, 'public'),
    precompressed: true,
    rewriteRequestPath: (p) => p.slice(basePath.length - 1),
    onFound: (p, c) => {
      c.header(
        'cache-control',
        p.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  return (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path)) return next();
    dropInvalidRange(c);
    return serveFiles(c, next);
  };
};
