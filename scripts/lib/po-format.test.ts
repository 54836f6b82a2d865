import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parsePoFile } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';

import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import { PSEUDO_LOCALE } from '../../src/lib/i18n/pseudo.ts';
import { ROUTES } from '../../src/routes.ts';
import {
  ENGLISH_PREFIX,
  EVERY_PAGE,
  pageFilesOf,
  pluralFormsOf,
  poFormatter,
  ROUTES_PREFIX,
  routeSources,
  routesOf,
} from './po-format.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pageFiles = pageFilesOf(routeSources());

describe('routes of a message', () => {
  it('finds the page module of every route', () => {
    expect([...pageFiles.keys()].sort()).toEqual(
      ROUTES.map((r) => r.id).sort(),
    );
  });
  it('maps pages, feature folders, route meta and shared code to routes', () => {
    expect(
      routesOf('x', ['src/features/launchpad/list-page.tsx'], pageFiles),
    ).toEqual(['/launchpad']);
    expect(
      routesOf('x', ['src/features/launchpad/labels.ts'], pageFiles),
    ).toEqual(['/launchpad', '/launchpad/[id]']);
    expect(
      routesOf('home.title', ['src/features/home/meta.ts'], pageFiles),
    ).toEqual(['/']);
    expect(
      routesOf(
        'launchpad-project.title',
        ['src/features/launchpad/meta.ts'],
        pageFiles,
      ),
    ).toEqual(['/launchpad/[id]']);
    expect(
      routesOf('x', ['src/components/layout/site-nav.tsx'], pageFiles),
    ).toEqual([EVERY_PAGE]);
  });
});

describe('the PO format', () => {
  const en = 'nplurals=2; plural=(n != 1);';
  it('writes the English of explicit ids, the routes and the plural header; parsing drops them', async () => {
    const format = poFormatter();
    const text = await format.serialize(
      {
        'launchpad.title': {
          message: 'Launchpad: new token launches',
          translation: 'ローンチパッド',
          origin: [['src/features/launchpad/meta.ts', 1]],
          comments: [],
        },
        [generateMessageId('Close')]: {
          message: 'Close',
          translation: '閉じる',
          origin: [['src/components/app/dialog-frame.client.tsx', 3]],
          comments: [],
        },
      },
      {
        locale: 'ja-JP',
        sourceLocale: 'en',
        filename: 'messages.po',
        existing: undefined,
      },
    );
    expect(text).toContain('"Language: ja-JP\\n"');
    expect(text).toContain('"Plural-Forms: nplurals=1; plural=0;\\n"');
    expect(text).toContain(
      '#. English: Launchpad: new token launches\n#. Routes: /launchpad\n#. js-lingui-explicit-id',
    );
    expect(text).toContain('#. Routes: every page\n#: src/components');
    const parsed = await format.parse(text, {
      locale: 'ja-JP',
      sourceLocale: 'en',
      filename: 'messages.po',
    });
    expect(parsed['launchpad.title']?.comments).toEqual([]);
    expect(parsed['launchpad.title']?.translation).toBe('ローンチパッド');
    expect(parsed['launchpad.title']?.message).toBe(
      'Launchpad: new token launches',
    );
    expect(pluralFormsOf('ru-RU')).toMatch(/^nplurals=3;/);
    expect(pluralFormsOf('en-US')).toBe(en);
  });

  it('gives translators the English, the routes and the headers in every catalog', () => {
    for (const locale of [...LOCALE_CODES, PSEUDO_LOCALE]) {
      const po = parsePoFile(
        readFileSync(path.join(root, 'locale', locale, 'messages.po'), 'utf8'),
      );
      expect(po.headers.Language, locale).toBe(locale);
      const plural = pluralFormsOf(locale);
      expect(plural, locale).toBeDefined();
      expect(po.headers['Plural-Forms'], locale).toBe(plural);
      // one category means one form: nplurals=1 exactly where CLDR has only "other"
      const intl = locale === PSEUDO_LOCALE ? 'en' : locale;
      const categories = new Intl.PluralRules(intl).resolvedOptions()
        .pluralCategories;
      expect(plural?.startsWith('nplurals=1;'), locale).toBe(
        categories.length === 1,
      );
      const live = po.items.filter((item) => !item.obsolete);
      expect(live.length).toBeGreaterThan(100);
      for (const item of live) {
        const comments = item.extractedComments;
        const explicit = comments.includes('js-lingui-explicit-id');
        const english = comments.find((c) => c.startsWith(ENGLISH_PREFIX));
        // English as the msgid, or as a comment when the msgid is a key
        if (explicit) expect(english, `${locale} ${item.msgid}`).toBeTruthy();
        else expect(english, `${locale} ${item.msgid}`).toBeUndefined();
        expect(
          comments.some((c) => c.startsWith(ROUTES_PREFIX)),
          `${locale} ${item.msgid}`,
        ).toBe(true);
      }
    }
  });
});
