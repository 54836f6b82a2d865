import type { I18n, Messages } from '@lingui/core';

import type { Locale } from '../../i18n/locales.ts';
import { getHostSet, type EnvironmentInfo } from '../config/index.ts';
import type { RemoteTranslationsConfig } from '../server/site-config.ts';
import {
  loadRemoteMessages,
  mergeMessages,
  type LocaleWarn,
} from './remote-bundles.ts';
import { createServerI18n } from './setup.ts';

/**
 * The server side of spec §4 "language switching merges fetched message bundles per locale":
 * when remote bundles are enabled, each (translations folder, locale) gets its own i18n
 * instance built from the compiled catalog with the fetched bundles merged over it, plus the
 * same merge for the client catalog's ids. The first request for a locale waits for the
 * bundles (bounded by the per-bundle timeout); later ones use what is loaded and, once it is
 * older than the TTL, start one refresh in the background. A failed fetch keeps the compiled
 * messages (remote-bundles logs `Failed locale loading`), so pages never break on the CDN.
 *
 * The table is bounded: keys come from the deployment's allowed hosts × the locale table.
 */
type Loaded = {
  readonly i18n: I18n;
  readonly client: Messages;
  readonly loadedAt: number;
};

export type RemoteCatalogDeps = {
  readonly config: RemoteTranslationsConfig;
  readonly compiled: (locale: Locale) => Messages;
  readonly compiledClient: (locale: Locale) => Messages;
  readonly warn: LocaleWarn;
  readonly fetch?: typeof globalThis.fetch;
  readonly now?: () => number;
};

export const createRemoteCatalog = (deps: RemoteCatalogDeps) => {
  const now = deps.now ?? Date.now;
  const loaded = new Map<string, Loaded>();
  const inFlight = new Map<string, Promise<Loaded>>();

  const hostsFor = (env: EnvironmentInfo) =>
    deps.config.baseUrl
      ? { cdn: { translations: deps.config.baseUrl } }
      : getHostSet(env);
  const keyOf = (env: EnvironmentInfo, locale: Locale) =>
    `${env.env}|${hostsFor(env).cdn.translations}|${locale}`;

  const load = (key: string, env: EnvironmentInfo, locale: Locale) => {
    const running = inFlight.get(key);
    if (running) return running;
    const job = loadRemoteMessages({
      env,
      hosts: hostsFor(env),
      namespaces: deps.config.namespaces,
      language: locale,
      timeoutMs: deps.config.timeoutMs,
      warn: deps.warn,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    })
      .then((remote) => {
        const messages = mergeMessages(
          deps.compiled(locale),
          remote,
          deps.warn,
        );
        const client: Messages = {};
        for (const id of Object.keys(deps.compiledClient(locale))) {
          const message = messages[id];
          if (message !== undefined) client[id] = message;
        }
        const entry: Loaded = {
          i18n: createServerI18n(locale, messages),
          client,
          loadedAt: now(),
        };
        loaded.set(key, entry);
        return entry;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, job);
    return job;
  };

  return {
    /** Before a render: the first time waits for the bundles; a stale entry refreshes behind. */
    prepare: async (env: EnvironmentInfo, locale: Locale): Promise<void> => {
      const key = keyOf(env, locale);
      const entry = loaded.get(key);
      if (!entry) {
        await load(key, env, locale);
        return;
      }
      if (now() - entry.loadedAt >= deps.config.ttlMs)
        void load(key, env, locale).catch(() => undefined);
    },
    /** The merged instance for this environment and locale, once prepared. */
    i18n: (env: EnvironmentInfo, locale: Locale): I18n | undefined =>
      loaded.get(keyOf(env, locale))?.i18n,
    clientMessages: (
      env: EnvironmentInfo,
      locale: Locale,
    ): Messages | undefined => loaded.get(keyOf(env, locale))?.client,
  };
};

export type RemoteCatalog = ReturnType<typeof createRemoteCatalog>;
