import * as v from 'valibot';

import { fetchJson } from '../http/fetch-json.ts';

/**
 * The icon endpoint (spec §7, §9): `GET /icons/<prefix>.json?icons=a,b` answers the named icons
 * in Iconify's JSON shape, and `GET /icons/<prefix>/<name>.svg` one icon as SVG.
 *
 * - The local set comes first: an installed icon-set package (`@iconify-json/lucide`).
 * - Names it lacks (or another prefix) are asked of the public icon API hosts, one after the
 *   other with a 750 ms rotation (the next host starts when the previous has not answered yet),
 *   all within 1500 ms; what no one answers is listed under `not_found`.
 * - A request URL longer than 500 characters is refused (414); names are checked (400).
 * - Complete answers are cached immutably; an answer missing icons because the fallback
 *   failed is cached for a minute only, so it is asked again.
 */
export const ICON_URL_MAX = 500;
export const ICON_FALLBACK_TIMEOUT_MS = 1500;
export const ICON_ROTATION_MS = 750;
export const MAX_ICONS_PER_REQUEST = 64;

const UNSAFE_SVG = /<\s*script|<\s*foreignObject|\son[a-z]+\s*=|javascript:/i;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PREFIX = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const iconSchema = v.object({
  body: v.pipe(v.string(), v.maxLength(100_000)),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  left: v.optional(v.number()),
  top: v.optional(v.number()),
});
type IconData = v.InferOutput<typeof iconSchema>;
export const iconSetSchema = v.object({
  prefix: v.string(),
  icons: v.record(v.string(), iconSchema),
  aliases: v.optional(
    v.record(
      v.string(),
      v.object({
        parent: v.string(),
        width: v.optional(v.number()),
        height: v.optional(v.number()),
      }),
    ),
  ),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  not_found: v.optional(v.array(v.string())),
});
export type IconSet = v.InferOutput<typeof iconSetSchema>;

export type IconAnswer = {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
};

export type IconServiceDeps = {
  /** The installed sets by prefix (read lazily, once). */
  readonly localSets: Record<string, () => IconSet>;
  /** Public icon API origins, tried in rotation. */
  readonly fallbackOrigins: readonly string[];
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly rotationMs?: number;
  readonly log?: (msg: string, fields: Record<string, unknown>) => void;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const RETRY_SOON = 'public, max-age=60';

const plain = (status: number, message: string): IconAnswer => ({
  status,
  headers: {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  },
  body: `${message}\n`,
});

/** The icon with its alias resolved, or undefined. */
const lookup = (set: IconSet, name: string): IconData | undefined => {
  const own = set.icons[name];
  if (own) return own;
  const alias = set.aliases?.[name];
  const parent = alias ? set.icons[alias.parent] : undefined;
  return parent && alias
    ? {
        ...parent,
        ...(alias.width ? { width: alias.width } : {}),
        ...(alias.height ? { height: alias.height } : {}),
      }
    : undefined;
};

export const createIconService = (deps: IconServiceDeps) => {
  const fetch = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? ICON_FALLBACK_TIMEOUT_MS;
  const rotationMs = deps.rotationMs ?? ICON_ROTATION_MS;
  const loaded = new Map<string, IconSet>();
  const local = (prefix: string): IconSet | undefined => {
    const known = loaded.get(prefix);
    if (known) return known;
    const load = deps.localSets[prefix];
    if (!load) return undefined;
    const set = load();
    loaded.set(prefix, set);
    return set;
  };

  /** The public API, host after host (750 ms apart), the first good answer wins; never throws. */
  const fromFallback = async (
    prefix: string,
    names: readonly string[],
  ): Promise<IconSet | undefined> => {
    if (names.length === 0 || deps.fallbackOrigins.length === 0)
      return undefined;
    const deadline = AbortSignal.timeout(timeoutMs);
    const controllers: AbortController[] = [];
    const ask = async (origin: string, delay: number): Promise<IconSet> => {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (deadline.aborted) throw new Error('timeout');
      const controller = new AbortController();
      controllers.push(controller);
      const json = await fetchJson(
        `${origin}/${prefix}.json?icons=${names.join(',')}`,
        {
          fetch,
          signal: AbortSignal.any([deadline, controller.signal]),
          maxChars: 2_000_000,
        },
      );
      return v.parse(iconSetSchema, json);
    };
    try {
      return await Promise.any(
        deps.fallbackOrigins.map((origin, i) => ask(origin, i * rotationMs)),
      );
    } catch (error) {
      deps.log?.('icon fallback failed', {
        prefix,
        icons: names.length,
        error:
          error instanceof AggregateError
            ? error.errors.map((e) => String(e)).join('; ')
            : String(error),
      });
      return undefined;
    } finally {
      for (const controller of controllers) controller.abort();
    }
  };

  /** The icons of one prefix: local first, the rest from the fallback. */
  const resolve = async (prefix: string, names: readonly string[]) => {
    const set = local(prefix);
    const found: Record<string, IconData> = {};
    const missing: string[] = [];
    for (const name of names) {
      const icon = set ? lookup(set, name) : undefined;
      if (icon) found[name] = icon;
      else missing.push(name);
    }
    let fallbackFailed = false;
    if (missing.length) {
      const remote = await fromFallback(prefix, missing);
      if (!remote) fallbackFailed = true;
      for (const name of missing) {
        const icon = remote ? lookup(remote, name) : undefined;
        // served from this origin: an icon from elsewhere never carries script
        if (icon && !UNSAFE_SVG.test(icon.body)) found[name] = icon;
      }
    }
    const notFound = names.filter((n) => !found[n]);
    return {
      set: {
        prefix,
        icons: found,
        width: set?.width ?? 24,
        height: set?.height ?? 24,
        ...(notFound.length ? { not_found: notFound } : {}),
      },
      fallbackFailed,
    };
  };

  const checkUrl = (url: URL): IconAnswer | undefined =>
    url.pathname.length + url.search.length > ICON_URL_MAX
      ? plain(414, `Icon request longer than ${ICON_URL_MAX} characters`)
      : undefined;

  return {
    /** `/icons/<prefix>.json?icons=a,b` */
    json: async (url: URL, prefix: string): Promise<IconAnswer> => {
      const tooLong = checkUrl(url);
      if (tooLong) return tooLong;
      const names = (url.searchParams.get('icons') ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (!PREFIX.test(prefix)) return plain(400, 'Unknown icon set name');
      if (names.length === 0)
        return plain(400, 'Name the icons: ?icons=name,name');
      if (names.length > MAX_ICONS_PER_REQUEST)
        return plain(400, `At most ${MAX_ICONS_PER_REQUEST} icons a request`);
      const bad = names.find((n) => !NAME.test(n));
      if (bad !== undefined)
        return plain(400, 'Icon names use a-z, 0-9 and single hyphens');
      const { set, fallbackFailed } = await resolve(prefix, [
        ...new Set(names),
      ]);
      return {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': fallbackFailed ? RETRY_SOON : IMMUTABLE,
        },
        body: JSON.stringify(set),
      };
    },
    /** `/icons/<prefix>/<name>.svg` */
    svg: async (
      url: URL,
      prefix: string,
      name: string,
    ): Promise<IconAnswer> => {
      const tooLong = checkUrl(url);
      if (tooLong) return tooLong;
      if (!PREFIX.test(prefix) || !NAME.test(name))
        return plain(400, 'Icon names use a-z, 0-9 and single hyphens');
      const { set, fallbackFailed } = await resolve(prefix, [name]);
      const icon = set.icons[name];
      if (!icon)
        return {
          ...plain(404, 'No such icon'),
          headers: {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': fallbackFailed ? 'no-store' : RETRY_SOON,
          },
        };
      const width = icon.width ?? set.width;
      const height = icon.height ?? set.height;
      return {
        status: 200,
        headers: {
          'content-type': 'image/svg+xml; charset=utf-8',
          'cache-control': IMMUTABLE,
        },
        body: `<svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}">${icon.body}</svg>`,
      };
    },
  };
};

export type IconService = ReturnType<typeof createIconService>;
