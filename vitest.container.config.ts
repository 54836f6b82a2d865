import { defineConfig } from 'vitest/config';

import base from './vitest.config.ts';

/**
 * The production image built and run with podman (tests/container; npm run test:container). The
 * image build in the file's beforeAll takes minutes on a cold cache.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/container/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
    fileParallelism: false,
  },
});
