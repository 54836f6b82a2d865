/**
 * The PO format of our catalogs: Lingui's formatter (@lingui/format-po) plus what a translator
 * needs to see in every entry of every catalog (issue 28):
 *
 * - `#. English: …` — the English source of a message with an explicit id (`launchpad.title`),
 *   whose msgid is the key, not the text;
 * - `#. Routes: /launchpad, /launchpad/[id]` — the pages the message appears on, from the route
 *   table and the page modules (`every page` for the shared shell, dialogs and libraries);
 * - the `Language` and `Plural-Forms` headers of the catalog's language.
 *
 * These comments are derived: parsing drops them, serializing writes them again, so they never
 * go stale and never reach the compiled catalogs. lingui.config.ts and every script that reads or
 * writes a PO file use `poFormatter()`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { CatalogFormatter, CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

import { ROUTES, type RouteId } from '../../src/routes.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const ENGLISH_PREFIX = 'English: ';
export const ROUTES_PREFIX = 'Routes: ';
export const EVERY_PAGE = 'every page';

/**
 * gettext `Plural-Forms` by language (the first subtag of the catalog's code): what PO editors
 * (Poedit, Weblate, Crowdin) show translators. Lingui itself uses the CLDR rules (Intl).
 */
export const PLURAL_FORMS: Readonly<Record<string, string>> = {
  de: 'nplurals=2; plural=(n != 1);',
  en: 'nplurals=2; plural=(n != 1);',
  es: 'nplurals=2; plural=(n != 1);',
  fr: 'nplurals=2; plural=(n > 1);',
  ja: 'nplurals=1; plural=0;',
  ko: 'nplurals=1; plural=0;',
  ru: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  th: 'nplurals=1; plural=0;',
  vi: 'nplurals=1; plural=0;',
  zh: 'nplurals=1; plural=0;',
  // the development pseudo-locale is English made longer
  pseudo: 'nplurals=2; plural=(n != 1);',
};

export const pluralFormsOf = (locale: string): string | undefined =>
  PLURAL_FORMS[locale.split('-')[0] ?? locale];

/** Where a feature folder declares its routes' views and words (gathered by src/route-meta.ts). */
export const ROUTE_FILE = /^src\/features\/[^/]+\/meta\.ts$/;

/**
 * Each route's page module file (`src/features/launchpad/list-page.tsx`), read from the feature
 * folders' meta.ts sources (path → text): their `page: () => import('./…')` lines are the one
 * place that names them.
 */
export const pageFilesOf = (
  sources: ReadonlyMap<string, string>,
): Map<RouteId, string> => {
  const files = new Map<RouteId, string>();
  const known = new Set<string>(ROUTES.map((r) => r.id));
  for (const [file, source] of sources) {
    const folder = path.posix.dirname(file);
    for (const m of source.matchAll(
      /^ {2}'?([\w-]+)'?\s*:\s*\{\s*page\s*:\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)/gm,
    )) {
      const [, id, page] = m;
      if (id && page && known.has(id))
        files.set(id as RouteId, `${folder}/${page}`);
    }
  }
  return files;
};

/** The feature folders' meta.ts files and their text. */
export const routeSources = (): Map<string, string> => {
  const features = path.join(root, 'src/features');
  return new Map(
    readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/features/${entry.name}/meta.ts`)
      .filter((file) => existsSync(path.join(root, file)))
      .map((file) => [file, readFileSync(path.join(root, file), 'utf8')]),
  );
};

const routePath = (id: RouteId): string =>
  ROUTES.find((r) => r.id === id)?.path || '/';

/**
 * The routes a message appears on, from the files it was extracted from. A file of a feature
 * folder belongs to the routes whose page lives in that folder (the page itself only, when the
 * file is a page); a feature's meta.ts messages to the route their key names; anything else
 * (layout, dialogs, shared libraries) to every page.
 */
export const routesOf = (
  id: string,
  files: readonly string[],
  pageFiles: ReadonlyMap<RouteId, string>,
): string[] => {
  const routes = new Set<RouteId>();
  for (const file of files) {
    if (ROUTE_FILE.test(file)) {
      const key = id.split('.')[0];
      const route = ROUTES.find((r) => r.id === key);
      if (!route) return [EVERY_PAGE];
      routes.add(route.id);
      continue;
    }
    const pages = [...pageFiles].filter(([, page]) => page === file);
    if (pages.length) {
      for (const [route] of pages) routes.add(route);
      continue;
    }
    const folder = /^src\/features\/[^/]+\//.exec(file)?.[0];
    const inFolder = folder
      ? [...pageFiles].filter(([, page]) => page.startsWith(folder))
      : [];
    if (!inFolder.length) return [EVERY_PAGE];
    for (const [route] of inFolder) routes.add(route);
  }
  return ROUTES.filter((r) => routes.has(r.id)).map((r) => routePath(r.id));
};

const isDerived = (comment: string) =>
  comment.startsWith(ENGLISH_PREFIX) || comment.startsWith(ROUTES_PREFIX);

let pageFilesCache: Map<RouteId, string> | undefined;
const pageFiles = () => (pageFilesCache ??= pageFilesOf(routeSources()));

/** The catalog with the derived comments added to every entry (pure but for the page files). */
export const withTranslatorComments = (
  catalog: CatalogType,
  files: ReadonlyMap<RouteId, string> = pageFiles(),
): CatalogType =>
  Object.fromEntries(
    Object.entries(catalog).map(([id, entry]) => {
      const kept = (entry.comments ?? []).filter((c) => !isDerived(c));
      // Lingui writes `placeholder {0}: …` comments last: keep them there after a round trip
      const placeholders = kept.filter((c) => c.startsWith('placeholder {'));
      const comments = kept.filter((c) => !c.startsWith('placeholder {'));
      const explicit =
        entry.message !== undefined &&
        id !== generateMessageId(entry.message, entry.context);
      if (explicit && entry.message)
        comments.push(`${ENGLISH_PREFIX}${entry.message}`);
      const origins = [...new Set((entry.origin ?? []).map(([f]) => f))];
      if (origins.length && !entry.obsolete)
        comments.push(
          `${ROUTES_PREFIX}${routesOf(id, origins, files).join(', ')}`,
        );
      return [id, { ...entry, comments: [...comments, ...placeholders] }];
    }),
  );

/** Lingui's PO formatter with the translators' comments and the per-language headers. */
export const poFormatter = (): CatalogFormatter => {
  const base = formatter({ lineNumbers: false });
  return {
    catalogExtension: base.catalogExtension,
    ...(base.templateExtension
      ? { templateExtension: base.templateExtension }
      : {}),
    async parse(content, ctx) {
      const catalog = await base.parse(content, ctx);
      if (!catalog) return catalog;
      for (const entry of Object.values(catalog)) {
        const english = entry.comments?.find((c) =>
          c.startsWith(ENGLISH_PREFIX),
        );
        // an explicit id's English survives a parse → serialize round trip (i18n-fill-en-us)
        if (english && entry.message === undefined)
          entry.message = english.slice(ENGLISH_PREFIX.length);
        if (entry.comments)
          entry.comments = entry.comments.filter((c) => !isDerived(c));
      }
      return catalog;
    },
    serialize(catalog, ctx) {
      const plural = ctx.locale ? pluralFormsOf(ctx.locale) : undefined;
      const withHeaders = formatter({
        lineNumbers: false,
        customHeaderAttributes: {
          ...(ctx.locale ? { Language: ctx.locale } : {}),
          ...(plural ? { 'Plural-Forms': plural } : {}),
        },
      });
      return withHeaders.serialize(withTranslatorComments(catalog), ctx);
    },
  };
};
