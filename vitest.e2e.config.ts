import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests read the shared protocol from its sources, like every other module under test (the built
// dist/ is what the CLI binary and the node package load).
const protocolSources = { find: /^n8n-lock-protocol\/(.*)$/, replacement: fileURLToPath(new URL('./protocol/src/$1.ts', import.meta.url)) };

// The real-n8n suite: one n8n and one redis-server shared by every scenario, run serially.
export default defineConfig({
  resolve: { alias: [protocolSources] },
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 1_200_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
