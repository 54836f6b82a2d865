import type { Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import * as v from 'valibot';

import type { CdnHosts, EnvironmentInfo } from '../config/index.ts';
import { fetchJson } from '../http/fetch-json.ts';

/**
 * Remote translation bundles (spec §4, §7, §8): one JSON file per namespace and language on the
 * translations CDN (`getHostSet(env).cdn.translations`), a flat record of message id → ICU
 * string, merged over the compiled catalog when the deployment enables it.
 *
 * - test:       <cdn.translations = static.<domain>/low-cache/release>/<namespace>/test-<language>.json
 * - testnet:    <cdn.translations = static.<domain>/common-static/i18n-upload>/<namespace>/testnet-<language>.json
 * - production: <cdn.translations = static.<domain>/i18n>/<namespace>/<language>.json
 *
 * Every failure (network, status, timeout, oversized or malformed JSON, wrong shape) logs
 * `Failed locale loading` with the namespace and the reason, and loading goes on with what it
 * has: the compiled messages always stay underneath. The server wires it in by configuration
 * (`remote-catalog.ts`, I18N_REMOTE_BUNDLES=1).
 */

/** The failure message of spec §8, logged exactly so. */
export const FAILED_LOCALE_LOADING = 'Failed locale loading';
export const DEFAULT_BUNDLE_TIMEOUT_MS = 1500;
/** A bundle larger than this is refused (characters of JSON). */
export const MAX_BUNDLE_CHARS = 1_000_000;

/** Where `Failed locale loading` goes: console.warn by default, the JSON log on the server. */
export type LocaleWarn = (msg: string, fields: Record<string, unknown>) => void;
const consoleWarn: LocaleWarn = (msg, fields) => console.warn(msg, fields);

/** What a bundle URL needs of a host set: `getHostSet(env)` gives it. */
export type TranslationHosts = {
  readonly cdn: Pick<CdnHosts, 'translations'>;
};

const PREFIX: Record<EnvironmentInfo['env'], string> = {
  test: 'test-',
  testnet: 'testnet-',
  prod: '',
};

/** Path segments keep letters, digits, `_`, `.` and `-` only (no `/`, no `..` tricks). */
const segment = (s: string) => s.replace(/[^\w.-]/g, '').replace(/^\.+/, '');

export const translationBundleUrl = (
  env: Pick<EnvironmentInfo, 'env'>,
  hosts: TranslationHosts,
  namespace: string,
  language: string,
): string =>
  `${hosts.cdn.translations}/${segment(namespace)}/${PREFIX[env.env]}${segment(language)}.json`;

/** A bundle: a flat record of message id → message (an ICU string); arrays are not records. */
export const remoteBundleSchema = v.pipe(
  v.custom<Record<string, unknown>>(
    (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
    'expected an object of message id → message',
  ),
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    v.pipe(v.string(), v.maxLength(10_000)),
  ),
);
export type RemoteMessages = v.InferOutput<typeof remoteBundleSchema>;

export type LoadRemoteMessagesOptions = {
  readonly env: Pick<EnvironmentInfo, 'env'>;
  readonly hosts: TranslationHosts;
  /** Merged in this order: a later namespace wins where two have the same id. */
  readonly namespaces: readonly string[];
  /** The bundle language, e.g. the locale code `ja-JP`. */
  readonly language: string;
  readonly fetch?: typeof globalThis.fetch;
  /** Per bundle, covering the response and its body. */
  readonly timeoutMs?: number;
  readonly warn?: LocaleWarn;
};

const fetchBundle = async (
  url: string,
  fetch: typeof globalThis.fetch,
  timeoutMs: number,
): Promise<RemoteMessages> => {
  let json: unknown;
  try {
    json = await fetchJson(url, {
      fetch,
      signal: AbortSignal.timeout(timeoutMs),
      maxChars: MAX_BUNDLE_CHARS,
    });
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error('malformed JSON');
    if (error instanceof Error && error.message.startsWith('answer larger'))
      throw new Error(error.message.replace('answer', 'bundle'));
    throw error;
  }
  const parsed = v.safeParse(remoteBundleSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : undefined;
    throw new Error(
      `wrong shape: ${where ? `${where}: ` : ''}${issue?.message ?? 'not a record of strings'}`,
    );
  }
  return parsed.output;
};

const reasonOf = (error: unknown): string =>
  error instanceof Error
    ? error.name === 'TimeoutError' || error.name === 'AbortError'
      ? 'timeout'
      : error.message
    : String(error);

/**
 * Fetches every namespace of one language in parallel, each with its own timeout, and merges
 * what arrives (namespace order). Never rejects: a failed bundle logs `Failed locale loading`
 * and contributes nothing.
 */
export const loadRemoteMessages = async ({
  env,
  hosts,
  namespaces,
  language,
  fetch = globalThis.fetch,
  timeoutMs = DEFAULT_BUNDLE_TIMEOUT_MS,
  warn = consoleWarn,
}: LoadRemoteMessagesOptions): Promise<RemoteMessages> => {
  const bundles = await Promise.all(
    namespaces.map(async (namespace) => {
      const url = translationBundleUrl(env, hosts, namespace, language);
      try {
        return await fetchBundle(url, fetch, timeoutMs);
      } catch (error) {
        warn(FAILED_LOCALE_LOADING, {
          namespace,
          language,
          url,
          reason: reasonOf(error),
        });
        return {};
      }
    }),
  );
  return Object.assign({}, ...bundles) as RemoteMessages;
};

/**
 * One locale's messages: the remote ones over the compiled catalog (remote wins where both
 * have an id). Remote strings are compiled here, as `lingui compile` does for the catalog, so
 * placeholders and plurals work; one that is not valid ICU keeps the compiled message and logs
 * `Failed locale loading`.
 */
export const mergeMessages = (
  compiled: Messages,
  remote: RemoteMessages,
  warn: LocaleWarn = consoleWarn,
): Messages => {
  const merged: Messages = { ...compiled };
  for (const [id, message] of Object.entries(remote)) {
    try {
      merged[id] = compileMessageOrThrow(message);
    } catch (error) {
      warn(FAILED_LOCALE_LOADING, {
        id,
        reason: `invalid message: ${reasonOf(error).split('\n')[0] ?? ''}`,
      });
    }
  }
  return merged;
};
