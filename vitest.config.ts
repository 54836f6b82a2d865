import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  resolve: {
    // server-only modules are tested on Node directly: the marker package is a no-op there
    alias: {
      'server-only': new URL('./tests/helpers/empty-module.ts', import.meta.url)
        .pathname,
    },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'bench/lib/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
