import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';

import {
  createIconService,
  iconSetSchema,
  type IconAnswer,
  type IconService,
} from '../lib/server/icon-source.ts';
import { log } from '../lib/server/log.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';

const require = createRequire(import.meta.url);

/** The installed icon set (@iconify-json/lucide), read on first use. */
const lucide = () =>
  v.parse(
    iconSetSchema,
    JSON.parse(
      readFileSync(require.resolve('@iconify-json/lucide/icons.json'), 'utf8'),
    ),
  );

/** Brand icons of the social channels (@iconify-json/simple-icons, CC0), read on first use. */
const simpleIcons = () =>
  v.parse(
    iconSetSchema,
    JSON.parse(
      readFileSync(
        require.resolve('@iconify-json/simple-icons/icons.json'),
        'utf8',
      ),
    ),
  );

const JSON_PATH = /^\/icons\/([a-z0-9-]{1,40})\.json$/;
const SVG_PATH = /^\/icons\/([a-z0-9-]{1,40})\/([a-z0-9-]{1,80})\.svg$/;

const respond = (answer: IconAnswer, head: boolean): Response =>
  new Response(head ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });

/** `/icons/<prefix>.json?icons=…` and `/icons/<prefix>/<name>.svg` (see icon-source.ts). */
export const icons = (config: SiteConfig): MiddlewareHandler => {
  let service: IconService | undefined;
  const get = () =>
    (service ??= createIconService({
      localSets: { lucide, 'simple-icons': simpleIcons },
      fallbackOrigins: config.iconApiOrigins,
      log: (msg, fields) => log('warn', msg, fields),
    }));
  return async (c, next) => {
    if (!c.req.path.startsWith('/icons/')) return next();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' },
      });
    const url = new URL(c.req.url);
    const json = JSON_PATH.exec(c.req.path);
    if (json?.[1])
      return respond(await get().json(url, json[1]), method === 'HEAD');
    const svg = SVG_PATH.exec(c.req.path);
    if (svg?.[1] && svg[2])
      return respond(await get().svg(url, svg[1], svg[2]), method === 'HEAD');
    return new Response('Not Found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  };
};
