import { describe, expect, it } from 'vitest';

import { initialJsFiles, staticImports } from './initial-js-files.ts';

describe('initial JS', () => {
  it('reads static imports and re-exports, not lazy import()', () => {
    expect(
      staticImports(
        '/assets/a.js',
        'import{c as e}from"./b.js";import"./c.js";export{x}from"./d.js";const l=()=>import("./lazy.js");',
      ),
    ).toEqual(['/assets/b.js', '/assets/c.js', '/assets/d.js']);
  });

  it('counts scripts, modulepreloads and inline import() targets with their static closure, each once', () => {
    const modules: Record<string, string> = {
      '/assets/entry.js': 'import{a}from"./shared.js";import("./lazy.js");',
      '/assets/page.js': 'import{a}from"./shared.js";import"./deep.js";',
      '/assets/shared.js': 'export const a=1;',
      '/assets/deep.js': 'import{a}from"./shared.js";',
      '/assets/boot.js': '',
      '/assets/lazy.js': 'import"./never.js";',
    };
    const html =
      '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/page.js"><script>import("/assets/boot.js")</script>';
    const files = initialJsFiles(html, (file) => modules[file] ?? '');
    expect(files.sort()).toEqual(
      [
        '/assets/boot.js',
        '/assets/deep.js',
        '/assets/entry.js',
        '/assets/page.js',
        '/assets/shared.js',
      ].sort(),
    );
  });
});
