import { defineConfig } from 'vitest/config';

// The real-n8n suite: one n8n and one redis-server shared by every scenario, run serially.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 1_200_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
