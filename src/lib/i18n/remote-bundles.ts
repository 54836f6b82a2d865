import * as v from 'valibot';

import type { EnvironmentInfo, HostSet } from '../config/index.ts';

/**
 * Remote translation bundles (spec §7): one JSON file per namespace and language on the
 * translations CDN, merged over the compiled catalog when configured. Test environments read the
 * low-cache release path with the prefix `test-`, testnet the common-static i18n-upload path with
 * `testnet-`, production the plain language file. A failure logs "Failed locale loading" and the
 * compiled messages stay.
 */
export const translationBundleUrl = (
  env: Pick<EnvironmentInfo, 'env'>,
  hosts: Pick<HostSet, 'cdn'>,
  namespace: string,
  language: string,
): string => {
  const safe = (s: string) => encodeURIComponent(s.replace(/[^\w.-]/g, ''));
  const prefix =
    env.env === 'test' ? 'test-' : env.env === 'testnet' ? 'testnet-' : '';
  return `${hosts.cdn.translations}/${safe(namespace)}/${prefix}${safe(language)}.json`;
};

const bundleSchema = v.record(
  v.pipe(v.string(), v.maxLength(200)),
  v.pipe(v.string(), v.maxLength(10_000)),
);
export type RemoteMessages = v.InferOutput<typeof bundleSchema>;

export type LoadRemoteOptions = {
  readonly urls: readonly string[];
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly warn?: (message: string, detail: Record<string, unknown>) => void;
};

/** Fetches every bundle (in parallel, each with a timeout) and merges what arrives, in order. */
export const loadRemoteMessages = async ({
  urls,
  fetch = globalThis.fetch,
  timeoutMs = 1500,
  warn = (message, detail) => console.warn(message, detail),
}: LoadRemoteOptions): Promise<RemoteMessages> => {
  const results = await Promise.all(
    urls.map(async (url) => {
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const parsed = v.safeParse(bundleSchema, await res.json());
        if (!parsed.success)
          throw new Error(
            `malformed bundle: ${parsed.issues[0]?.message ?? ''}`,
          );
        return parsed.output;
      } catch (error) {
        warn('Failed locale loading', {
          url,
          reason: error instanceof Error ? error.message : String(error),
        });
        return {};
      }
    }),
  );
  return Object.assign({}, ...results) as RemoteMessages;
};

/** Remote messages over the compiled ones (remote wins where both have an id). */
export const mergeMessages = <T extends Record<string, unknown>>(
  compiled: T,
  remote: RemoteMessages,
): T => ({ ...compiled, ...remote });
