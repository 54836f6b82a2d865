import { fileURLToPath } from 'node:url';

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'waku/config';

import { firstJsChunkGroup } from './scripts/lib/first-js-chunk.ts';

/**
 * `WAKU_PLAIN=1 npm run build` builds with the two module aliases below turned off, so the site
 * runs on exactly the modules Waku, React DOM and @lingui/react import themselves: the first thing
 * to try after upgrading one of them (docs/framework-workarounds.md).
 */
const plain = process.env.WAKU_PLAIN === '1';

const ownModule = (path: string) =>
  fileURLToPath(new URL(path, import.meta.url));

/** Where we swap a module the framework imports for another one (each in the workarounds doc). */
const frameworkAliases = [
  {
    // React 19 has useSyncExternalStore: no shim code in the first JS
    find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
    replacement: ownModule('./src/lib/client/use-sync-external-store-shim.ts'),
  },
  // React DOM's Node build renders HTML into one reused buffer with encodeInto; the edge
  // build Waku imports calls TextEncoder.encode for every attribute and text node
  {
    find: /^react-dom\/server\.edge$/,
    replacement: 'react-dom/server.node',
  },
];

export default defineConfig({
  // SITE_DIST_DIR: a build into another folder (the version-skew test's second build)
  distDir: process.env.SITE_DIST_DIR || 'dist',
  vite: {
    plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
    resolve: { alias: plain ? [] : frameworkAliases },
    // the sitemap's <lastmod> for pages whose data has no date (src/lib/server/build-time.ts)
    define: {
      'import.meta.env.SITE_BUILD_TIME': JSON.stringify(
        new Date().toISOString(),
      ),
    },
    build: { reportCompressedSize: false },
    // the site's own part of the first JS in one chunk instead of six (decision 0020)
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  firstJsChunkGroup(
                    ownModule('./src/shell/app-root.client.tsx'),
                    'client',
                  ),
                ],
              },
            },
          },
        },
      },
    },
  },
});
