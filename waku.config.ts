import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'waku/config';

export default defineConfig({
  vite: {
    plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
    build: { reportCompressedSize: false },
  },
});
