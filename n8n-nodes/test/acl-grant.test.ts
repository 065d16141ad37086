// The documented ACL grant (src/ops/acl.ts), enforced: every path of the Lock node, the function
// nodes' engine, the queue nodes' engine and the CLI runs as a user holding exactly that grant on a REAL redis-server
// (a missing command or key pattern is NOPERM and fails the path), while MONITOR records every
// command they send, scripts' commands included; the test fails when the code sends one the grant
// does not list, and prints what the grant lists that these paths never used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis, type TestRedis } from '../../test/ops/support/redis-server.js';
import { runCliAsync } from '../../test/ops/support/cli.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aclSetUserArguments, aclSetUserLine, NATIVE_COMMANDS, STOCK_NODE_COMMANDS } from '../../src/ops/acl.js';
import { ROOT } from '../../test/support/paths.js';
import { GLOBAL_SCOPE, responseKey, streamKey } from 'n8n-lock-protocol/functions';
import { acquireLock, extendLock, releaseLock, type AcquireRequest } from '../lib/lock';
import { closeAllPools, poolFor } from '../lib/pool';
import { answerEntry, valueAnswer } from '../lib/answer';
import { callFunction, type CallRequest } from '../lib/caller';
import { FunctionConsumer, type RunOutcome } from '../lib/consumer';
import { connectOnce, close } from '../lib/redis';
import { takeRateLimitSlot } from '../lib/rate-limit';
import { RATE_LIMIT_ALGORITHMS } from 'n8n-lock-protocol/rate-limit';
import { recorderFor } from '../lib/metrics';
import { recordCall } from '../lib/caller';
import { RECORDING_ERRORS_KEY } from 'n8n-lock-protocol/metrics';
import { startExporterProcess } from '../../test/metrics/support/exporter.js';
import { jobKey } from 'n8n-lock-protocol/queues';
import { enqueueJobs } from '../lib/enqueue';
import { QueueConsumer } from '../lib/queue-consumer';

const USER = 'n8nlock';
const PASSWORD = 'grant-pw';
let redis: TestRedis;
let monitor: Redis | undefined;
const used = new Set<string>();
const SUBCOMMAND_COMMANDS = new Set(['client', 'xgroup', 'acl', 'config', 'object', 'script', 'xinfo']);

beforeAll(async () => {
  redis = await startRedis();
  await redis.client.call('ACL', 'SETUSER', ...aclSetUserArguments(USER, PASSWORD, { stockPrimitives: false }));
  // MONITOR shows every command with the address of the client that sent it ("lua" for a
  // script's own calls; AUTH's arguments are redacted). Everything but this test's admin
  // connection is the restricted user's.
  const admin = String(await redis.client.call('CLIENT', 'INFO')).match(/\baddr=(\S+)/)![1];
  monitor = await redis.client.monitor();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    const name = String(args[0]).toLowerCase();
    if (source === admin || name === 'auth' || name === 'hello') return;
    used.add(SUBCOMMAND_COMMANDS.has(name) && args[1] ? `${name}|${String(args[1]).toLowerCase()}` : name);
  });
});
afterAll(async () => {
  await closeAllPools();
  monitor?.disconnect();
  await redis?.stop();
});

const credential = { host: '127.0.0.1', port: 0, user: USER, password: PASSWORD, database: 0 };
/** Every path records, as the nodes do with recording on: the grant must cover the metrics keys and commands too. */
const recorder = (kind: 'lock' | 'rate_limit' | 'function_call' | 'function_consumer') => recorderFor({}, { kind, workflowId: 'Wf', node: 'ACL', subject: '={{ $json.scope }}' }, (message) => { throw new Error(message); });
const asUser = () => ({ ...credential, port: redis.port });
const waitUntil = async (condition: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the documented ACL grant', () => {
  it('the Lock node: acquire, a waiter woken by release, extend, release', async () => {
    const pool = poolFor(asUser(), 'acl');
    const request = (lockId: string): AcquireRequest => ({
      scopes: ['acl-scope'],
      maxHolders: 1,
      ttlSeconds: 30,
      holder: { lock_id: lockId, workflow_id: 'Wf', workflow_name: 'ACL', execution_id: lockId, locked_at: '' },
      waitTillLockReleased: true,
      maxWaitSeconds: 10,
      pollSeconds: 1,
      recorder: recorder('lock'),
    });
    const [first] = await acquireLock(pool, request('L1'));
    expect(first.acquired).toBe(true);
    const waiter = acquireLock(pool, request('L2'));
    await new Promise((r) => setTimeout(r, 100));
    await releaseLock(await pool.command(), 'acl-scope', 'L1', 'either', recorder('lock'));
    expect((await waiter)[0].lock_id).toBe('L2');
    await extendLock(await pool.command(), 'acl-scope', 'L2', 60, Date.now(), undefined, recorder('lock'));
    await releaseLock(await pool.command(), 'acl-scope', 'L2', 'either', recorder('lock'));
    // Recorded, not refused: no recording error was counted.
    expect(await redis.client.exists(RECORDING_ERRORS_KEY)).toBe(0);
  });

  it('capacity: a semaphore (acquire, full, extend, release), two scopes at once, the three rate-limit algorithms with a wait', async () => {
    const pool = poolFor(asUser(), 'acl-capacity');
    const holder = (lockId: string) => ({ lock_id: lockId, workflow_id: 'Wf', workflow_name: 'ACL', execution_id: lockId, locked_at: '' });
    const base = { ttlSeconds: 30, waitTillLockReleased: false, maxWaitSeconds: 0, pollSeconds: 1, recorder: recorder('lock') };
    await acquireLock(pool, { ...base, scopes: ['acl-sem'], maxHolders: 2, holder: holder('S1') });
    await acquireLock(pool, { ...base, scopes: ['acl-sem'], maxHolders: 2, holder: holder('S2') });
    await expect(acquireLock(pool, { ...base, scopes: ['acl-sem'], maxHolders: 2, holder: holder('S3') })).rejects.toThrow('has all 2 holders');
    await extendLock(await pool.command(), 'acl-sem', 'S1', 60, Date.now(), undefined, recorder('lock'));
    await releaseLock(await pool.command(), 'acl-sem', 'S1', 'either', recorder('lock'));
    await acquireLock(pool, { ...base, scopes: ['acl-a', 'acl-b'], maxHolders: 1, holder: holder('M1') });
    for (const scope of ['acl-a', 'acl-b']) await releaseLock(await pool.command(), scope, 'M1');
    for (const algorithm of RATE_LIMIT_ALGORITHMS) {
      for (let i = 0; i < 3; i++) await takeRateLimitSlot(await pool.command(), { algorithm, scope: 'acl-rate', limit: 2, windowSeconds: 0.2, ratePerSecond: 10, maxWaitSeconds: 1, callId: `r${i}`, cost: 1 }, { recorder: recorder('rate_limit') });
    }
    expect(await redis.client.exists(RECORDING_ERRORS_KEY)).toBe(0);
  });

  it('the function nodes: a call answered, a failure, a malformed message dead-lettered, a dead consumer\'s call reclaimed, stop', async () => {
    const connections: Redis[] = [];
    const connect = async (name: string) => {
      const c = await connectOnce(asUser(), name);
      connections.push(c);
      return c;
    };
    const consumers: FunctionConsumer[] = [];
    const start = async (id: string, run: (json: Record<string, unknown>, ctx: any, r: Redis) => Promise<RunOutcome>) => {
      const commands = await connect(`${id}-commands`);
      const consumer = new FunctionConsumer(commands, await connect(`${id}-reader`), {
        functionName: 'aclfn', scope: GLOBAL_SCOPE, workflowId: 'wf', nodeId: id, consumerId: id, parameters: [], callsInFlight: 5, maxDeliveries: 3, blockMs: 100, heartbeatMs: 100, liveWithinMs: 500, recorder: recorder('function_consumer'),
      }, { run: (json, ctx) => run(json, ctx, commands) });
      await consumer.start();
      consumers.push(consumer);
      return consumer;
    };
    try {
      const request = (params: Record<string, unknown>, timeoutMs = 5_000): CallRequest => ({ functionName: 'aclfn', scope: GLOBAL_SCOPE, params, timeoutMs, depth: 1, caller: 'acl/1' });
      // A consumer that takes calls and never answers, then stops heartbeating: the rescuer claims them.
      const dying = await start('dying', () => new Promise<RunOutcome>(() => undefined));
      const caller = await connect('caller');
      const stuck = callFunction(caller, request({ n: 1 }, 10_000));
      await waitUntil(async () => dying.callsRunning === 1, 3_000);
      await dying.stop(0);
      await start('rescuer', async (json, ctx, r) => {
        if (json.fail) return { status: 'error', message: 'failed on purpose' };
        await answerEntry(r, { stream: ctx.stream, group: ctx.group, messageId: ctx.messageId, callId: ctx.callId, deadline: ctx.deadline }, valueAnswer(ctx.callId, json.n));
        return { status: 'success' };
      });
      expect(await stuck).toMatchObject({ ok: true, value: 1 });
      const answered = await callFunction(caller, request({ n: 2 }));
      recordCall(caller, recorder('function_call'), answered);
      expect(answered).toMatchObject({ ok: true, value: 2 });
      expect(await callFunction(caller, request({ fail: true }))).toMatchObject({ ok: false, message: 'failed on purpose' });
      await redis.client.xadd(streamKey(GLOBAL_SCOPE, 'aclfn'), '*', 'callId', 'bad', 'params', '{not json', 'responseChannel', responseKey(GLOBAL_SCOPE, 'aclfn', 'bad'), 'deadline', String(Date.now() + 5_000));
      await waitUntil(async () => (await redis.client.llen(responseKey(GLOBAL_SCOPE, 'aclfn', 'bad'))) === 1, 3_000);
    } finally {
      await Promise.all(consumers.map((c) => c.stop(0)));
      await Promise.all(connections.map((c) => close(c)));
    }
  });

  it('the queue nodes: enqueue (a duplicate id too), claim with a wait, lease renewals, complete, retry after backoff, dead letter, a delayed job', async () => {
    const commands = await connectOnce(asUser(), 'acl-queue');
    const waker = await connectOnce(asUser(), 'acl-queue-waker');
    const job = { delayMs: 0, attempts: 2, backoff: 'exponential' as const, backoffMs: 50, jitter: 0.5, retentionMs: 60_000 };
    const consumer = new QueueConsumer(commands, waker, { queue: 'aclq', consumerId: 'acl', concurrency: 2, leaseMs: 300, blockMs: 100, heartbeatMs: 100, rateLimit: { maxJobs: 10, windowSeconds: 1 } }, {
      run: async (json) => {
        await new Promise((r) => setTimeout(r, 150)); // past a renewal
        return json.fail ? { status: 'error', message: 'failed on purpose' } : { status: 'success' };
      },
    });
    try {
      await consumer.start();
      await new Promise((r) => setTimeout(r, 150)); // blocked on the wake list
      await enqueueJobs(commands, 'aclq', [{ ...job, jobId: 'ok', payload: '{}' }, { ...job, jobId: 'ok', payload: '{}' }, { ...job, jobId: 'bad', payload: '{"fail":true}' }, { ...job, payload: '{}', delayMs: 100 }]);
      await waitUntil(async () => (await redis.client.hget(jobKey('aclq', 'ok'), 'state')) === 'completed' && (await redis.client.hget(jobKey('aclq', 'bad'), 'state')) === 'dead' && (await redis.client.hget(jobKey('aclq', '1'), 'state')) === 'completed', 5_000);
    } finally {
      await consumer.stop(0);
      await Promise.all([close(commands), close(waker)]);
    }
  });

  it('the CLI: status, functions status, unlock, queue status|peek|retry|purge', async () => {
    await redis.client.set('n8n-lock-cli-scope', '1', 'EX', 60);
    await redis.client.set('n8n-runtime-settings', '{}'); // n8n's own key, outside the grant
    const url = `redis://${USER}:${PASSWORD}@127.0.0.1:${redis.port}/0`;
    const status = await runCliAsync(['status', '--redis-url', url, '--recheck-ms', '0', '--format', 'json']);
    expect([status.status, status.stderr]).toEqual([1, '']); // flagged: a counter without sidecar
    const functions = await runCliAsync(['functions', 'status', '--redis-url', url, '--format', 'json']);
    expect(functions.stderr).toBe('');
    const unlock = await runCliAsync(['unlock', 'cli-scope', '--force', '--redis-url', url]);
    expect([unlock.status, unlock.stdout + unlock.stderr]).toEqual([0, expect.stringContaining("'cli-scope' is free")]);
    // The exporter reads the series recorded above, the live state and the function streams (XINFO CONSUMERS).
    const exporter = await startExporterProcess(['--redis-url', url]);
    try {
      const text = await (await fetch(exporter.url)).text();
      expect(text).toContain('\nn8n_lock_up 1\n');
      expect(text).toMatch(/\nn8n_lock_function_backlog\{function="aclfn",scope="__global__"\} \d+\n/);
      expect(exporter.stderr()).toBe('');
    } finally {
      await exporter.stop();
    }
    expect(await redis.client.exists(RECORDING_ERRORS_KEY)).toBe(0);
    // The queue the queue test left: one dead job.
    for (const args of [['status'], ['peek', 'aclq', '--state', 'dead'], ['retry', 'aclq', '--all'], ['purge', 'aclq', '--dry-run'], ['purge', 'aclq', '--force']]) {
      const run = await runCliAsync(['queue', ...args, '--redis-url', url]);
      expect([args, run.status, run.stderr]).toEqual([args, args[0] === 'status' ? 1 : 0, '']);
    }
  });

  it('every command those paths sent is in the grant; the ACL log has no refusal', async () => {
    const granted = new Set<string>([...NATIVE_COMMANDS, ...STOCK_NODE_COMMANDS]);
    const missing = [...used].filter((c) => !granted.has(c) && !granted.has(c.split('|')[0]));
    expect(missing).toEqual([]);
    expect(await redis.client.call('ACL', 'LOG')).toEqual([]);
    const unused = NATIVE_COMMANDS.filter((c) => !used.has(c));
    console.log(`acl: commands_used=${used.size} granted=${NATIVE_COMMANDS.length} unused_here=${unused.join(',') || 'none'}`);
  });

  it('the Redis deployments guide documents exactly this grant', () => {
    expect(readFileSync(join(ROOT, 'docs', 'redis-deployments.md'), 'utf8')).toContain(`\n${aclSetUserLine()}\n`);
  });
});
