import { defineConfig } from 'vitest/config';

import base from './vitest.config.ts';

/** Browser and HTTP tests against the production build (npm run build first). */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
