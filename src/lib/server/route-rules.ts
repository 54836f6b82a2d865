import * as v from 'valibot';

import { fetchJson } from '../http/fetch-json.ts';

/**
 * Route rules from the build manifest (spec §7: GET builds/meta/{buildId}.json "to learn route
 * rules; if it fails, the error is logged and the route rules are empty"). The live build's id
 * comes from latest.json; its manifest carries a matcher of rules by exact path (`static`) and
 * by path prefix (`wildcard`, `/en/promo` covering `/en/promo/**`). The site reads the
 * `redirect` rule (a path or `{ to, statusCode }`); other rule kinds are ignored.
 *
 * Rules are loaded per API origin: the first page that needs them waits (bounded by the
 * timeout), later ones read what is loaded and, after `refreshMs`, start one reload behind.
 */
const redirectRule = v.union([
  v.pipe(v.string(), v.maxLength(2048)),
  v.object({
    to: v.pipe(v.string(), v.maxLength(2048)),
    statusCode: v.optional(v.picklist([301, 302, 307, 308])),
  }),
]);
const rulesSchema = v.object({ redirect: v.optional(redirectRule) });
const MAX_RULES = 10_000;
const ruleTable = v.pipe(
  v.record(
    v.pipe(v.string(), v.startsWith('/'), v.maxLength(512)),
    rulesSchema,
  ),
  v.check((t) => Object.keys(t).length <= MAX_RULES, 'too many route rules'),
);
export const buildManifestSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/)),
  timestamp: v.optional(v.number()),
  matcher: v.object({
    static: v.optional(ruleTable, {}),
    wildcard: v.optional(ruleTable, {}),
  }),
});
export type BuildManifest = v.InferOutput<typeof buildManifestSchema>;
const latestSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/)),
});

/** Permanent (301, 308) answers 308, temporary (302, 307) 307: method and body are kept. */
export type RouteRedirect = { readonly to: string; readonly status: 307 | 308 };

/** The redirect a manifest gives a path: the exact rule first, else the longest prefix. */
export const matchRouteRedirect = (
  manifest: Pick<BuildManifest, 'matcher'> | undefined,
  pathname: string,
): RouteRedirect | undefined => {
  if (!manifest) return undefined;
  const exact = manifest.matcher.static[pathname]?.redirect;
  let rule = exact;
  if (rule === undefined) {
    let best = -1;
    for (const [prefix, rules] of Object.entries(manifest.matcher.wildcard)) {
      const base = prefix.replace(/\/\*\*$/, '').replace(/\/$/, '');
      const covers = pathname === base || pathname.startsWith(`${base}/`);
      if (covers && rules.redirect !== undefined && base.length > best) {
        best = base.length;
        rule = rules.redirect;
      }
    }
  }
  if (rule === undefined) return undefined;
  return typeof rule === 'string'
    ? { to: rule, status: 308 }
    : {
        to: rule.to,
        status: rule.statusCode === 302 || rule.statusCode === 307 ? 307 : 308,
      };
};

export type RouteRulesDeps = {
  readonly fetch?: typeof globalThis.fetch;
  readonly log: (msg: string, fields: Record<string, unknown>) => void;
  readonly timeoutMs?: number;
  readonly refreshMs?: number;
  readonly now?: () => number;
};

const getJson = async (
  fetch: typeof globalThis.fetch,
  url: string,
  timeoutMs: number,
): Promise<unknown> => {
  try {
    return await fetchJson(url, {
      fetch,
      signal: AbortSignal.timeout(timeoutMs),
      maxChars: 4_000_000,
    });
  } catch (error) {
    // say which of the two files failed
    if (error instanceof Error && error.message.startsWith('HTTP '))
      throw new Error(`${error.message} for ${new URL(url).pathname}`);
    throw error;
  }
};

export const createRouteRules = (deps: RouteRulesDeps) => {
  const fetch = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? 1500;
  const refreshMs = deps.refreshMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const loaded = new Map<
    string,
    { manifest: BuildManifest | undefined; at: number }
  >();
  const inFlight = new Map<string, Promise<BuildManifest | undefined>>();

  const load = (origin: string): Promise<BuildManifest | undefined> => {
    const running = inFlight.get(origin);
    if (running) return running;
    const job = (async () => {
      let manifest: BuildManifest | undefined;
      try {
        const latest = v.parse(
          latestSchema,
          await getJson(fetch, `${origin}/latest.json?t=${now()}`, timeoutMs),
        );
        manifest = v.parse(
          buildManifestSchema,
          await getJson(
            fetch,
            `${origin}/builds/meta/${latest.id}.json`,
            timeoutMs,
          ),
        );
      } catch (error) {
        // an outage keeps the last good rules; with none yet, the rules are empty
        manifest = loaded.get(origin)?.manifest;
        deps.log(
          manifest
            ? 'build manifest unavailable: the last good route rules serve'
            : 'build manifest unavailable: route rules are empty',
          {
            origin,
            error:
              error instanceof v.ValiError
                ? `invalid manifest: ${error.message}`
                : error instanceof Error && error.name === 'TimeoutError'
                  ? 'timeout'
                  : String(error),
          },
        );
      }
      loaded.set(origin, { manifest, at: now() });
      return manifest;
    })().finally(() => inFlight.delete(origin));
    inFlight.set(origin, job);
    return job;
  };

  return {
    /** The manifest for this API origin (undefined: empty rules). */
    manifest: async (origin: string): Promise<BuildManifest | undefined> => {
      const entry = loaded.get(origin);
      if (!entry) return load(origin);
      if (now() - entry.at >= refreshMs) void load(origin);
      return entry.manifest;
    },
  };
};

export type RouteRules = ReturnType<typeof createRouteRules>;
