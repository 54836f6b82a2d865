import 'server-only';

import type { I18n, Messages } from '@lingui/core';
import { setI18n } from '@lingui/react/server';

import type { Locale } from '../../i18n/locales.ts';
import { log } from '../server/log.ts';
import { findRequestContext } from '../server/request-context.ts';
import { getSiteConfig } from '../server/site-config.ts';
import { clientMessages, serverMessages } from './catalogs.ts';
import { createRemoteCatalog, type RemoteCatalog } from './remote-catalog.ts';
import { createServerI18n } from './setup.ts';

/**
 * One i18n instance per locale, created once and never re-activated (DESIGN decision 5):
 * a request for ja-JP can never see the messages of a concurrent request for de-DE.
 */
const instances = new Map<Locale, I18n>();

const compiledI18n = (locale: Locale): I18n => {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = createServerI18n(locale, serverMessages(locale));
    instances.set(locale, i18n);
  }
  return i18n;
};

let remote: RemoteCatalog | null | undefined;
/** The remote bundles (spec §7) when the deployment enables them (I18N_REMOTE_BUNDLES=1). */
export const getRemoteCatalog = (): RemoteCatalog | null => {
  if (remote === undefined) {
    const config = getSiteConfig().remoteTranslations;
    remote = config.enabled
      ? createRemoteCatalog({
          config,
          compiled: serverMessages,
          compiledClient: clientMessages,
          warn: (msg, fields) => log('warn', msg, fields),
        })
      : null;
  }
  return remote;
};

const remoteFor = <T>(
  pick: (
    catalog: RemoteCatalog,
    context: NonNullable<ReturnType<typeof findRequestContext>>,
  ) => T | undefined,
): T | undefined => {
  const catalog = getRemoteCatalog();
  const context = catalog ? findRequestContext() : undefined;
  return catalog && context ? pick(catalog, context) : undefined;
};

/** The locale's instance for this request: remote bundles merged when they are on. */
export const getServerI18n = (locale: Locale): I18n =>
  remoteFor((catalog, context) => catalog.i18n(context.env, locale)) ??
  compiledI18n(locale);

/** Call at the top of every layout and page: binds the locale's instance to this render. */
export const setupServerI18n = (locale: Locale): I18n => {
  const i18n = getServerI18n(locale);
  setI18n(i18n);
  return i18n;
};

const serialized = new WeakMap<Messages, string>();

/**
 * The messages the client widgets get (the client catalog, remote bundles merged when on) as
 * JSON, serialized once per catalog: one string in the RSC payload instead of a tree of arrays
 * serialized, parsed and inlined again on every render (decision 0008).
 */
export const widgetMessages = (locale: Locale): string => {
  const messages =
    remoteFor((catalog, context) =>
      catalog.clientMessages(context.env, locale),
    ) ?? clientMessages(locale);
  let json = serialized.get(messages);
  if (json === undefined) {
    json = JSON.stringify(messages);
    serialized.set(messages, json);
  }
  return json;
};
