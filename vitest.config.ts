import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests read the shared protocol from its sources, like every other module under test (the built
// dist/ is what the CLI binary and the node package load).
const protocolSources = { find: /^n8n-lock-protocol\/(.*)$/, replacement: fileURLToPath(new URL('./protocol/src/$1.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias: [protocolSources] },
  test: {
    include: ['test/**/*.test.ts', 'n8n-nodes/test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    pool: 'forks',
    // The CLI tests spawn dist/: never a stale one.
    globalSetup: ['test/support/build-if-stale.ts'],
  },
});
