// One throwaway redis-server per test file, with the hooks every such file wrote out: started
// before its tests, emptied before each, stopped after them (`beforeStop` first: the node
// package's pooled connections, a test's own clients). In its own module so that what imports
// redis-server.ts outside vitest does not load vitest.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startRedis, type TestRedis } from './redis-server.js';

/** The server of this test file: its fields are there from the first test on. */
export function useRedisServer(options: { beforeStop?: () => Promise<void> | void } = {}): TestRedis {
  const redis = {} as TestRedis;
  beforeAll(async () => {
    Object.assign(redis, await startRedis());
  });
  afterAll(async () => {
    await options.beforeStop?.();
    await redis.stop?.();
  });
  beforeEach(async () => {
    await redis.client.flushall();
  });
  return redis;
}
