// Capacity control against a REAL redis-server: the semaphore (Max Holders), every item's scope
// taken at once, and the Rate Limit node's three algorithms, both through the engine and through
// the built nodes (bad input: an error naming the parameter, nothing written).
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { acquireLock, extendLock, releaseLock, type AcquireRequest } from '../lib/lock';
import { closeAllPools, poolFor } from '../lib/pool';
import { takeRateLimitSlot } from '../lib/rate-limit';
import { classifyKey } from 'n8n-lock-protocol/keys';
import type { RateLimitRequest } from 'n8n-lock-protocol/rate-limit';
import { maxInAnyWindow } from '../../test/model/rate-limit.js';
import { loadNode } from './support/load-node.js';
import { scriptRuns } from './support/script-runs';

const redis = useRedisServer({ beforeStop: closeAllPools });

const credential = () => ({ host: '127.0.0.1', port: redis.port, database: 0 });
const pool = () => poolFor(credential(), 'test');
const holder = (lockId: string) => ({ lock_id: lockId, workflow_id: 'Wf1', workflow_name: 'API Sync', execution_id: lockId, locked_at: '' });
const request = (over: Partial<AcquireRequest> = {}): AcquireRequest => ({
  scopes: ['api'],
  maxHolders: 3,
  ttlSeconds: 60,
  holder: holder('L1'),
  waitTillLockReleased: true,
  maxWaitSeconds: 10,
  pollSeconds: 1,
  ...over,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const keysInRedis = async () => (await redis.client.keys('*')).sort();

describe('semaphore (Max Holders above 1)', () => {
  it('admits N holders with growing fences, refuses the N+1st, and a release lets exactly one waiter in at once', async () => {
    const held = [];
    for (const id of ['A', 'B', 'C']) held.push((await acquireLock(pool(), request({ holder: holder(id) })))[0]);
    expect(held.map((lock) => lock.holders)).toEqual([1, 2, 3]);
    expect(held[1].fence).toBeGreaterThan(held[0].fence);
    expect(held[2].fence).toBeGreaterThan(held[1].fence);
    await expect(acquireLock(pool(), request({ holder: holder('D'), waitTillLockReleased: false }))).rejects.toThrow("Lock on scope 'api' has all 3 holders (Max Holders) taken by other executions (wait_till_lock_released=false)");
    const waiters = ['D', 'E'].map((id) => acquireLock(pool(), request({ holder: holder(id), pollSeconds: 5 })).then(([lock]) => ({ id, at: Date.now(), lock })));
    await sleep(200);
    const releasedAt = Date.now();
    await releaseLock(await pool().command(), 'api', 'A');
    const first = await Promise.race(waiters);
    expect(first.at - releasedAt).toBeLessThan(1500); // not its next poll, 5 s later (wide for a loaded CI machine)
    expect(await redis.client.zcard('n8n-lock-api:holders')).toBe(3);
    await releaseLock(await pool().command(), 'api', 'B');
    await Promise.all(waiters);
    expect(await redis.client.zcard('n8n-lock-api:holders')).toBe(3);
  });

  it('30 contenders for 3 permits: never more than 3 inside, and 3 at some point', async () => {
    let inside = 0;
    let maxInside = 0;
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await acquireLock(pool(), request({ holder: holder(`C${i}`), maxWaitSeconds: 30 }));
        maxInside = Math.max(maxInside, ++inside);
        await sleep(15);
        inside--;
        await releaseLock(await pool().command(), 'api', `C${i}`);
      }),
    );
    expect(maxInside).toBe(3);
    expect(await redis.client.exists('n8n-lock-api:holders')).toBe(0);
  });

  it('a crashed holder frees its permit by its TTL; extend keeps a live one; release of an unknown lock_id is idempotent', async () => {
    await acquireLock(pool(), request({ holder: holder('crashed'), maxHolders: 2, ttlSeconds: 1 }));
    await acquireLock(pool(), request({ holder: holder('alive'), maxHolders: 2, ttlSeconds: 1 }));
    await extendLock(await pool().command(), 'api', 'alive', 30);
    await sleep(1100);
    const [next] = await acquireLock(pool(), request({ holder: holder('next'), maxHolders: 2, waitTillLockReleased: false }));
    expect(next.holders).toBe(2);
    expect(await redis.client.zrange('n8n-lock-api:holders', 0, -1)).toEqual(['alive', 'next'].sort());
    expect(await redis.client.hkeys('n8n-lock-api:sidecars')).toEqual(expect.arrayContaining(['alive', 'next']));
    expect(await redis.client.hlen('n8n-lock-api:sidecars')).toBe(2);
    expect(await releaseLock(await pool().command(), 'api', 'nobody')).toMatchObject({ idempotent: true });
    expect(JSON.parse((await redis.client.hget('n8n-lock-api:sidecars', 'next'))!)).toMatchObject({ lock_id: 'next', engine: 'node', max_holders: 2, fence: next.fence });
  });

  it('a release that knows what it took runs one script: the mutex kind never looks for a permit, the semaphore kind never for a mutex', async () => {
    const evals = () => scriptRuns(redis.client);
    await acquireLock(pool(), request({ holder: holder('P'), maxHolders: 2 }));
    for (const [kind, lockId, scripts] of [['mutex', 'gone', 1], ['either', 'gone', 2], ['semaphore', 'P', 1]] as const) {
      const before = await evals();
      const result = await releaseLock(await pool().command(), 'api', lockId, kind);
      expect([kind, await evals() - before, result.idempotent]).toEqual([kind, scripts, lockId === 'gone']);
    }
  });

  it('its keys are part of the lock, not locks of their own', () => {
    expect(classifyKey('n8n-lock-api:holders')).toEqual({ kind: 'holders', scope: 'api' });
    expect(classifyKey('n8n-lock-api:sidecars')).toEqual({ kind: 'sidecars', scope: 'api' });
  });
});

describe('every item\'s scope, all at once', () => {
  it('takes all scopes or none; two executions with overlapping sets in opposite orders never deadlock', async () => {
    const [a, b] = await acquireLock(pool(), request({ maxHolders: 1, scopes: ['r1', 'r2'], holder: holder('X') }));
    expect([a.scope, b.scope]).toEqual(['r1', 'r2']);
    // r2 is held: nothing of r3 is taken while Y waits.
    await expect(acquireLock(pool(), request({ maxHolders: 1, scopes: ['r3', 'r2'], holder: holder('Y'), waitTillLockReleased: false }))).rejects.toThrow("Lock on scope 'r2' is held by another execution");
    expect(await redis.client.exists('n8n-lock-r3')).toBe(0);
    await releaseLock(await pool().command(), 'r1', 'X');
    await releaseLock(await pool().command(), 'r2', 'X');
    let inside = 0;
    let overlaps = 0;
    const sets = [['s1', 's2', 's3'], ['s3', 's2', 's1'], ['s2', 's4'], ['s4', 's1']];
    const holding = new Set<string>();
    await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const scopes = sets[i % sets.length];
        await acquireLock(pool(), request({ maxHolders: 1, scopes, holder: holder(`M${i}`), maxWaitSeconds: 30, pollSeconds: 0.2 }));
        if (scopes.some((scope) => holding.has(scope))) overlaps++;
        scopes.forEach((scope) => holding.add(scope));
        inside++;
        await sleep(5);
        scopes.forEach((scope) => holding.delete(scope));
        inside--;
        for (const scope of scopes) await releaseLock(await pool().command(), scope, `M${i}`);
      }),
    );
    expect(overlaps).toBe(0);
    expect(inside).toBe(0);
  });
});

describe('Lock node: Max Holders and per-item scopes', () => {
  const run = (parameters: Record<string, unknown>, items: Array<Record<string, unknown>>) =>
    loadNode('Lock').execute.call({
      logger: { error() {}, warn() {}, info() {}, debug() {} },
      getNode: () => ({ id: 'n', name: 'Lock', type: 'x', typeVersion: 1, parameters: {} }),
      getInputData: () => items.map((json) => ({ json })),
      getNodeParameter: (name: string, i: number, fallback?: unknown) => {
        const all: Record<string, unknown> = { operation: 'acquire', lockId: 'L1', ttlSeconds: 60, waitTillLockReleased: false, maxWaitSeconds: 1, options: {}, ...parameters };
        return name in all ? (typeof all[name] === 'function' ? (all[name] as (i: number) => unknown)(i) : all[name]) : fallback;
      },
      getCredentials: async () => credential(),
      getWorkflow: () => ({ id: 'Wf1', name: 'Sync' }),
      getExecutionId: () => '7',
      onExecutionFinish: () => undefined,
    });

  it('each item carries the lock of its own scope; Release frees them all', async () => {
    const [out] = await run({ scope: (i: number) => `crm-${i % 2}` }, [{}, {}, {}]);
    expect(out.map((item: any) => item.json.lock.scope)).toEqual(['crm-0', 'crm-1', 'crm-0']);
    expect(await redis.client.exists('n8n-lock-crm-0', 'n8n-lock-crm-1')).toBe(2);
    await run({ operation: 'release', scope: (i: number) => `crm-${i % 2}` }, out.map((item: any) => item.json));
    expect(await redis.client.exists('n8n-lock-crm-0', 'n8n-lock-crm-1')).toBe(0);
  });

  it('Max Holders 2: the node takes a permit and says how many hold it', async () => {
    const [out] = await run({ scope: 'api', maxHolders: 2 }, [{}]);
    expect(out[0].json.lock).toMatchObject({ scope: 'api', holders: 1, max_holders: 2 });
    const [again] = await run({ scope: 'api', maxHolders: 2, lockId: 'L2' }, [{}]);
    expect(again[0].json.lock.holders).toBe(2);
    await expect(run({ scope: 'api', maxHolders: 2, lockId: 'L3' }, [{}])).rejects.toThrow("has all 2 holders (Max Holders) taken");
    await run({ operation: 'release', scope: 'api' }, [{}]);
    expect(await redis.client.zrange('n8n-lock-api:holders', 0, -1)).toEqual(['L2']);
  });

  it.each([
    [{ scope: 'api', maxHolders: 0 }, [{}], /^Parameter "Max Holders" must be a whole number of at least 1, got 0/],
    [{ scope: 'api', maxHolders: 2.5 }, [{}], /^Parameter "Max Holders" must be a whole number of at least 1/],
    [{ scope: (i: number) => (i === 1 ? ' ' : 'api') }, [{}, {}], /^Parameter "Scope" is empty for item 1/],
    [{ scope: (i: number) => `api-${i}`, maxHolders: 3 }, [{}, {}], /^Parameter "Max Holders" is 3, and the items name 2 scopes \("api-0", "api-1"\): a semaphore admits holders of one scope/],
    [{ scope: 'api:holders' }, [{}], /^Parameter "Scope" of item 0 ends with ":holders"/],
  ])('bad input %j: an error naming the parameter, nothing written', async (parameters, items, message) => {
    await expect(run(parameters, items)).rejects.toThrow(message);
    expect(await keysInRedis()).toEqual([]);
  });
});

describe('rate limits (the server clock, reservations in arrival order)', () => {
  const direct = async (over: Partial<RateLimitRequest>, id: string) => takeRateLimitSlot(await pool().command(), { algorithm: 'sliding-log', scope: 'api', limit: 5, windowSeconds: 1, maxWaitSeconds: 0, callId: id, cost: 1, ...over });

  it.each(['sliding-log', 'fixed'] as const)('%s denies the call past the limit with retry_after_ms, and a denied call takes no slot', async (algorithm) => {
    const outcomes = [];
    for (let i = 0; i < 7; i++) outcomes.push(await direct({ algorithm, windowSeconds: 5 }, `c${i}`));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
    const denied = outcomes.filter((o) => !o.allowed);
    expect(denied).toHaveLength(2);
    expect(denied[0].retry_after_ms).toBeGreaterThan(0);
    expect(denied[0].retry_after_ms).toBeLessThanOrEqual(5000);
    if (algorithm === 'sliding-log') expect(await redis.client.zcard('n8n-ratelimit-api:log')).toBe(5);
  });

  it('token-bucket: burst at once, then one token per 1/rate s', async () => {
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await direct({ algorithm: 'token-bucket', limit: 3, ratePerSecond: 10 }, `t${i}`));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false]);
    expect(outcomes[3].retry_after_ms).toBeGreaterThan(50);
    expect(outcomes[3].retry_after_ms).toBeLessThanOrEqual(100);
    await sleep(120);
    expect((await direct({ algorithm: 'token-bucket', limit: 3, ratePerSecond: 10 }, 't4')).allowed).toBe(true);
  });

  it.each([
    ['sliding-log', { limit: 5, windowSeconds: 1 }],
    ['fixed', { limit: 5, windowSeconds: 1 }],
    ['token-bucket', { limit: 5, ratePerSecond: 5 }],
  ] as const)('%s, wait: 20 concurrent callers all pass, in arrival order, within the limit at the times they pass', async (algorithm, limits) => {
    const passedAt: number[] = [];
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const outcome = await direct({ algorithm, ...limits, maxWaitSeconds: 10 }, `w${i}`);
        passedAt.push(Date.now());
        return outcome;
      }),
    );
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    // Reservations in the order the scripts ran: each waits at least as long as the one before.
    const waits = outcomes.map((o) => o.waited_ms).sort((a, b) => a - b);
    if (algorithm === 'token-bucket') {
      // burst 5 then 5 per second: at most 5 + 5 x t in any interval of t seconds (checked at t = 1 s)
      expect(maxInAnyWindow(passedAt, 1000)).toBeLessThanOrEqual(10);
    } else if (algorithm === 'sliding-log') {
      // The timers fire a few ms late, never early: the limit holds with a margin of the timer's slack.
      expect(maxInAnyWindow(passedAt, 990)).toBeLessThanOrEqual(5);
    }
    // 20 calls at 5 per second: the last waits about 3 s (fixed: its windows start on the clock's
    // second, so between 2 and 3 s).
    expect(waits[19]).toBeGreaterThanOrEqual(algorithm === 'fixed' ? 2000 : 2900);
    expect(Date.now() - started).toBeLessThan(9000); // a hang guard: max wait is 10 s
  });

  it('a call whose slot is beyond max wait is denied and takes nothing', async () => {
    for (let i = 0; i < 5; i++) await direct({ windowSeconds: 10 }, `f${i}`);
    const denied = await direct({ windowSeconds: 10, maxWaitSeconds: 2 }, 'late');
    expect(denied).toMatchObject({ allowed: false });
    expect(denied.retry_after_ms).toBeGreaterThan(9000);
    expect(await redis.client.zcard('n8n-ratelimit-api:log')).toBe(5);
  });

  it('the keys are recognised as the native rate limit\'s', () => {
    expect(classifyKey('n8n-ratelimit-api:log')).toEqual({ kind: 'native-rate-limit', scope: 'api', algorithm: 'sliding-log' });
    expect(classifyKey('n8n-ratelimit-api:bucket')).toEqual({ kind: 'native-rate-limit', scope: 'api', algorithm: 'token-bucket' });
    expect(classifyKey('n8n-ratelimit-api-123')).toEqual({ kind: 'rate-limit', scope: 'api', bucket: 123 });
  });
});

describe('Rate Limit node', () => {
  const run = (parameters: Record<string, unknown>, items: Array<Record<string, unknown>> = [{}]) =>
    loadNode('RateLimit').execute.call({
      logger: { error() {}, warn() {}, info() {}, debug() {} },
      getNode: () => ({ id: 'n', name: 'Rate Limit', type: 'x', typeVersion: 1, parameters: {} }),
      getInputData: () => items.map((json) => ({ json })),
      getNodeParameter: (name: string, i: number, fallback?: unknown) => {
        const all: Record<string, unknown> = { scope: 'api', algorithm: 'sliding-log', maxCalls: 2, windowSeconds: 5, ratePerSecond: 1, burst: 2, onDenied: 'pass', maxWaitSeconds: 1, options: {}, ...parameters };
        // As n8n does: a parameter its display options hide is absent, and reading it without a fallback throws.
        const hidden = [...(all.algorithm === 'token-bucket' ? ['maxCalls', 'windowSeconds'] : ['ratePerSecond', 'burst']), ...(all.onDenied === 'wait' ? [] : ['maxWaitSeconds'])];
        if (hidden.includes(name) && !(name in parameters)) {
          if (fallback === undefined) throw new Error(`Could not get parameter "${name}"`);
          return fallback;
        }
        return name in all ? (typeof all[name] === 'function' ? (all[name] as (i: number) => unknown)(i) : all[name]) : fallback;
      },
      getCredentials: async () => credential(),
      getExecutionId: () => '9',
      getWorkflow: () => ({ id: 'WfRate' }),
    });

  it('pass: allowed items carry allowed: true; past the limit allowed: false with retry_after_ms', async () => {
    const [first] = await run({});
    expect(first[0].json.rate_limit).toMatchObject({ allowed: true, scope: 'api', algorithm: 'sliding-log', limit: 2 });
    await run({});
    const [third] = await run({});
    expect(third[0].json.rate_limit).toMatchObject({ allowed: false });
    expect(third[0].json.rate_limit.retry_after_ms).toBeGreaterThan(0);
  });

  it('stop: the node fails saying when to retry', async () => {
    await run({}, [{}, {}]);
    await expect(run({ onDenied: 'stop' })).rejects.toThrow(/^Rate limit on scope 'api' reached \(sliding-log\): retry in \d+ ms/);
  });

  it('items of different scopes are separate calls', async () => {
    const [out] = await run({ scope: (i: number) => `api-${i % 2}`, maxCalls: 1 }, [{}, {}]);
    expect(out.map((item: any) => item.json.rate_limit.allowed)).toEqual([true, true]);
  });

  it.each([
    [{ maxCalls: 0 }, /^Parameter "Max Calls" must be a whole number of at least 1, got 0/],
    [{ windowSeconds: -1 }, /^Parameter "Window \(Seconds\)" must be a number above 0, got -1/],
    [{ windowSeconds: 'abc' }, /^Parameter "Window \(Seconds\)" must be a number above 0/],
    [{ algorithm: 'token-bucket', burst: 0 }, /^Parameter "Burst" must be a whole number of at least 1, got 0/],
    [{ algorithm: 'token-bucket', ratePerSecond: 0 }, /^Parameter "Rate \(Per Second\)" must be a number above 0/],
    [{ scope: '' }, /^Parameter "Scope" is empty for item 0/],
    [{ algorithm: 'leaky' }, /^Parameter "Algorithm" must be one of sliding-log, token-bucket, fixed/],
    [{ onDenied: 'wait', maxWaitSeconds: -2 }, /^Parameter "Max Wait \(Seconds\)" must be 0 or more/],
    [{ onDenied: 'wait', scope: (i: number) => `s${i}` }, /^Parameter "Scope" names 2 scopes in one batch, and On Denied is Wait for a Slot/],
    [{ maxCalls: (i: number) => 2 + i }, /^Items 0 and 1 both name scope "api" with different limit parameters/],
  ])('bad input %j: an error naming the parameter, nothing written', async (parameters, message) => {
    await expect(run(parameters, [{}, {}])).rejects.toThrow(message);
    expect(await keysInRedis()).toEqual([]);
  });

  it('a bad parameter on the second scope of a batch: refused before the first scope takes its slot', async () => {
    await expect(run({ scope: (i: number) => `s${i}`, maxCalls: (i: number) => (i === 1 ? 0 : 2) }, [{}, {}])).rejects.toThrow(/^Parameter "Max Calls" must be a whole number of at least 1, got 0/);
    expect(await keysInRedis()).toEqual([]);
  });

  it('a batch larger than the limit could never pass: refused naming the parameter', async () => {
    await expect(run({ maxCalls: 2 }, [{}, {}, {}])).rejects.toThrow(/^Parameter "Max Calls" is 2, and 3 items of scope "api" arrive in one batch/);
    expect(await keysInRedis()).toEqual([]);
  });
});
