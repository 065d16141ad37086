import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'n8n-nodes/test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    pool: 'forks',
    // The CLI tests spawn dist/: never a stale one.
    globalSetup: ['test/support/build-if-stale.ts'],
  },
});
