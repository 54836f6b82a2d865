import { fileURLToPath } from 'node:url';

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'waku/config';

export default defineConfig({
  vite: {
    plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
    resolve: {
      alias: [
        {
          // React 19 has useSyncExternalStore: no shim code in the first JS
          find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
          replacement: fileURLToPath(
            new URL(
              './src/lib/client/use-sync-external-store-shim.ts',
              import.meta.url,
            ),
          ),
        },
        // React DOM's Node build renders HTML into one reused buffer with encodeInto; the edge
        // build Waku imports calls TextEncoder.encode for every attribute and text node
        {
          find: /^react-dom\/server\.edge$/,
          replacement: 'react-dom/server.node',
        },
        // the RSC payload inlined into a document without decoding and encoding the HTML again
        // (decision 0010; same bytes, tested against the package it replaces)
        {
          find: /^rsc-html-stream\/server$/,
          replacement: fileURLToPath(
            new URL('./src/lib/server/inject-rsc-payload.ts', import.meta.url),
          ),
        },
      ],
    },
    // the sitemap's <lastmod> for pages whose data has no date (src/lib/server/build-time.ts)
    define: {
      'import.meta.env.SITE_BUILD_TIME': JSON.stringify(
        new Date().toISOString(),
      ),
    },
    build: { reportCompressedSize: false },
  },
});
