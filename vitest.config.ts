import { availableParallelism } from 'node:os';
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
    // Hooks do real work too: pull.test.ts builds the e2e repository with about 30 CLI runs, the
    // Action test deletes a checkout with its npm install. On a loaded 2-core machine (CI runs the
    // files in parallel) both passed 10 s, the default, and failed a run that was otherwise green.
    hookTimeout: 60_000,
    pool: 'forks',
    // One file per core. Vitest's default leaves a core idle (cores - 1: one file at a time on a
    // 2-core machine), but most files spend their time waiting on what they spawn (the CLI,
    // redis-server, git, npm): `npm test` took 566 s with one worker and 388 s with two, same machine.
    maxWorkers: availableParallelism(),
    // The CLI tests spawn dist/: never a stale one.
    globalSetup: ['test/support/build-if-stale.ts'],
  },
});
