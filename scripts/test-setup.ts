/**
 * npm run test:setup — installs and checks, each piece on its own, what the tests need from a
 * fresh Debian machine: chromium, fontconfig, nginx with its brotli filter, and a font for the script of every locale (checked
 * with `fc-list :lang=<tag>`, not inferred from the browser). Prints what it found and what it
 * installed; exits 1 with one line naming what is missing when it cannot install it.
 * `npm test` runs it first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { LOCALE_CODES } from '../src/i18n/locales.ts';
import { aptInstall, canInstall } from './lib/apt.ts';
import { BROTLI_MODULE } from './lib/edge.ts';
import {
  CHROMIUM,
  LOCALE_FONTS,
  chromiumPresent,
  fontsFor,
  missingFont,
} from './lib/system-needs.ts';

type Piece = {
  readonly name: string;
  /** What was found, or undefined when the piece is missing. */
  readonly found: () => string | undefined;
  /** The Debian package that provides it (none: it cannot be installed from here). */
  readonly debianPackage?: string;
};

const pieces: Piece[] = [
  {
    name: `chromium (${CHROMIUM})`,
    found: () =>
      chromiumPresent()
        ? spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim()
        : undefined,
    // a CHROMIUM_PATH of one's own is not ours to install
    ...(process.env.CHROMIUM_PATH ? {} : { debianPackage: 'chromium' }),
  },
  {
    name: 'fontconfig (fc-list)',
    found: () =>
      spawnSync('fc-list', ['--version'], { encoding: 'utf8' }).status === 0
        ? 'fc-list'
        : undefined,
    debianPackage: 'fontconfig',
  },
  // the edge tests (tests/e2e/edge.test.ts) run Debian's nginx with its brotli filter
  {
    name: 'nginx (/usr/sbin/nginx)',
    found: () =>
      existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined,
    debianPackage: 'nginx-light',
  },
  {
    name: 'nginx brotli filter',
    found: () => (existsSync(BROTLI_MODULE) ? BROTLI_MODULE : undefined),
    debianPackage: 'libnginx-mod-http-brotli-filter',
  },
  ...LOCALE_CODES.map((locale): Piece => ({
    name: `font for ${locale} (${LOCALE_FONTS[locale].script}, :lang=${LOCALE_FONTS[locale].fcLang})`,
    found: () => {
      const fonts = fontsFor(LOCALE_FONTS[locale].fcLang);
      return fonts?.length
        ? `${fonts.slice(0, 3).join(', ')}${fonts.length > 3 ? ` and ${fonts.length - 3} more` : ''}`
        : undefined;
    },
    debianPackage: LOCALE_FONTS[locale].debianPackage,
  })),
];

const failures: string[] = [];
const tried = new Map<string, boolean>();
for (const piece of pieces) {
  const found = piece.found();
  if (found) {
    console.log(`✔ ${piece.name}: found ${found}`);
    continue;
  }
  const pkg = piece.debianPackage;
  if (pkg && !tried.has(pkg)) {
    console.log(`… ${piece.name}: missing, installing Debian's ${pkg}`);
    tried.set(pkg, aptInstall([pkg]));
  }
  const after = piece.found();
  if (after) {
    console.log(`✔ ${piece.name}: installed ${pkg ?? ''}, found ${after}`);
    continue;
  }
  failures.push(
    pkg
      ? `${piece.name} is missing and \`apt-get install ${pkg}\` ${canInstall() ? 'failed' : 'needs root (run it as root, or with sudo)'}`
      : `${piece.name} is missing: set CHROMIUM_PATH to a Chromium binary, or unset it to install Debian's chromium`,
  );
}

// the same check the browser suite makes, so what passes here passes there
for (const locale of LOCALE_CODES) {
  const problem = missingFont(locale);
  if (problem && !failures.some((f) => f.includes(`for ${locale} `)))
    failures.push(problem);
}

if (failures.length) {
  for (const failure of failures) console.error(`✘ test:setup: ${failure}`);
  process.exit(1);
}
console.log('test:setup: everything the tests need is here');
