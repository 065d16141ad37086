// Vitest glue: one stack per test file, started in beforeAll, stopped in afterAll (kept on disk when
// a test failed), per-test timings logged. Outside CI a machine without redis-server or without
// access to the npm registry skips the file loudly; under CI=true that is a failure, never a skip.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startStack, type Stack, type StackOptions } from './index.js';
import { isCI, log, seconds, Unavailable } from './util.js';

export interface StackHandle {
  /** The running stack (tests are skipped before they run when prerequisites are missing, never under CI). */
  need(): Stack;
  /** The stack if it started (for afterAll code). */
  readonly current: Stack | undefined;
}

export function useStack(options: StackOptions | (() => StackOptions)): StackHandle {
  let stack: Stack | undefined;
  let unavailable: string | undefined;
  let failed = false;
  let testStarted = 0;

  beforeAll(async () => {
    try {
      stack = await startStack(typeof options === 'function' ? options() : options);
    } catch (error) {
      if (error instanceof Unavailable && !isCI()) {
        unavailable = error.message;
        log(`!!! SKIPPING the real-n8n tests: ${unavailable}`);
        log('!!! (under CI=true this is a failure)');
        return;
      }
      throw error;
    }
  }, 40 * 60_000);

  beforeEach((ctx) => {
    if (unavailable) ctx.skip(`real-n8n prerequisites missing: ${unavailable}`);
    testStarted = Date.now();
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') failed = true;
    if (stack) log(`test "${ctx.task.name}": ${ctx.task.result?.state ?? 'done'} in ${seconds(Date.now() - testStarted)}`);
  });

  afterAll(async () => {
    await stack?.stop({ keep: failed });
  }, 120_000);

  return {
    need() {
      if (!stack) throw new Error('the n8n stack did not start (see beforeAll)');
      return stack;
    },
    get current() {
      return stack;
    },
  };
}
