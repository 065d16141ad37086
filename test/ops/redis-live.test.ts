// Against a REAL redis-server started by this file on a free loopback port (never 6379).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { evalUnlock, openRedis, readLockKeys, RedisUnavailableError } from '../../src/ops/redis-client.js';
import { parseRedisUrl } from '../../src/ops/redis-url.js';
import { buildStatusReport } from '../../src/ops/status.js';
import { describeUnlock, parseUnlockReply, unlockExitCode, type UnlockRequest } from '../../src/ops/unlock.js';
import { InputError } from '../../src/errors.js';
import { freePort, startRedis, type TestRedis } from './support/redis-server.js';
import { meta } from './fixtures.js';
import { formatStatusTable } from '../../src/ops/format.js';
import { SEMAPHORE_ACQUIRE_SCRIPT, semaphoreKeys } from 'n8n-lock-protocol/semaphore';
import { sidecarPrefix } from 'n8n-lock-protocol/native-lock';
import { rateLimitEval } from 'n8n-lock-protocol/rate-limit';

let redis: TestRedis;
let secured: TestRedis;
beforeAll(async () => {
  [redis, secured] = await Promise.all([startRedis(), startRedis({ password: 's3cret/pw' })]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), secured?.stop()]);
});
beforeEach(async () => {
  await redis.client.flushall();
});

async function unlock(request: UnlockRequest, client: Redis = redis.client) {
  return parseUnlockReply(await evalUnlock(client, request), request, Date.now());
}

async function seedMixed(client: Redis): Promise<void> {
  const now = Date.now();
  await client
    .multi()
    .set('n8n-lock-billing-sync', '1', 'EX', 3600)
    .set('n8n-lock-billing-sync:meta', meta('4711', new Date(now - 12_000).toISOString()), 'EX', 3600)
    .set('n8n-lock-orphan', '1')
    .set('n8n-lock-crm:contact-42', '2', 'EX', 600)
    .set('n8n-ratelimit-api-user-12-29166666', '5', 'EX', 60)
    .set('n8n-ratelimit-api-user-12-29166665', '60', 'EX', 3)
    .hset('n8n-lock-hashed', 'x', '1')
    .set('unrelated-key', 'x')
    .exec();
}

describe('status against a real Redis', () => {
  it('reads held locks, orphans, counters without sidecar, wrong types and rate-limit buckets', async () => {
    await seedMixed(redis.client);
    const scan = await readLockKeys(redis.client);
    const report = buildStatusReport(scan.readings, { nowMs: Date.now(), redis: redis.url, roundTrips: scan.roundTrips });
    const flags = Object.fromEntries(report.locks.map((lock) => [lock.scope, lock.flags]));
    expect(flags).toEqual({
      'billing-sync': [],
      'crm:contact-42': ['no-sidecar'],
      hashed: ['no-ttl', 'no-sidecar', 'counter-not-integer'],
      orphan: ['no-ttl', 'no-sidecar'],
    });
    const held = report.locks[0];
    expect(held.sidecar?.holder?.lock_id).toBe('4711');
    expect(held.held_for_ms).toBeGreaterThanOrEqual(12_000);
    expect(held.held_for_ms).toBeLessThan(20_000);
    expect(held.counter?.ttl_ms).toBeGreaterThan(3_590_000);
    expect(report.rate_limits.map((bucket) => [bucket.scope, bucket.bucket, bucket.count])).toEqual([
      ['api-user-12', 29166666, 5],
      ['api-user-12', 29166665, 60],
    ]);
    expect(scan.roundTrips).toBe(2); // one SCAN call and one pipeline for 7 keys
  });

  it('a semaphore scope reads as holders n/N with its live holders; the native rate limit keys with their algorithm', async () => {
    const [holders, sidecars] = semaphoreKeys('api');
    const fence = 'n8n-lock-api:fence';
    for (const id of ['A', 'B']) await redis.client.eval(SEMAPHORE_ACQUIRE_SCRIPT, 3, holders, sidecars, fence, '60000', '3', id, sidecarPrefix({ lock_id: id, workflow_id: 'Wf1', workflow_name: 'Enrich', execution_id: id, locked_at: new Date().toISOString() }));
    for (let i = 0; i < 2; i++) await redis.client.eval(...rateLimitEval({ algorithm: 'sliding-log', scope: 'openai', limit: 5, windowSeconds: 60, maxWaitSeconds: 0, callId: `c${i}`, cost: 1 }));
    await redis.client.eval(...rateLimitEval({ algorithm: 'token-bucket', scope: 'crm', limit: 10, windowSeconds: 0, ratePerSecond: 1, maxWaitSeconds: 0, callId: 'x', cost: 3 }));
    const scan = await readLockKeys(redis.client);
    const report = buildStatusReport(scan.readings, { nowMs: Date.now(), redis: redis.url, roundTrips: scan.roundTrips });
    const api = report.locks.find((lock) => lock.scope === 'api')!;
    expect(api.flags).toEqual([]);
    expect(api.semaphore?.max_holders).toBe(3);
    expect(api.semaphore?.holders.map((hold) => [hold.lock_id, hold.holder?.workflow_name])).toEqual([['A', 'Enrich'], ['B', 'Enrich']]);
    expect(formatStatusTable(report)).toMatch(/\napi +holders 2\/3 +\S+ +\S+ +Enrich \(wf Wf1, exec A\) \+1 more +A,B +\? +ok\n/);
    expect(report.rate_limits.map((bucket) => [bucket.scope, bucket.algorithm, bucket.count, bucket.flags])).toEqual([
      ['crm', 'token-bucket', 7, []],
      ['openai', 'sliding-log', 2, []],
    ]);
  });

  it("under an ACL user limited to n8n-lock's keys, a foreign key the pattern matches is not read (it was NOPERM, exit 2)", async () => {
    await seedMixed(redis.client);
    await redis.client.set('n8n-runtime-settings', '{}'); // n8n's own key: SCAN's pattern matches it
    await redis.client.call('ACL', 'SETUSER', 'lockonly', 'on', '>pw', 'resetkeys', '~n8n-lock-*', '~n8n-ratelimit-*', '+@all');
    const restricted = new Redis({ port: redis.port, host: '127.0.0.1', username: 'lockonly', password: 'pw', lazyConnect: true });
    try {
      await restricted.connect();
      const scan = await readLockKeys(restricted);
      expect(scan.readings.map((r) => r.key)).not.toContain('n8n-runtime-settings');
      expect(scan.readings.map((r) => r.key)).toContain('n8n-lock-billing-sync');
      // A grant without our keys: the error names the command and the first key.
      await redis.client.call('ACL', 'SETUSER', 'lockonly', 'resetkeys', '~other-*');
      await expect(readLockKeys(restricted)).rejects.toThrow(/^NOPERM .* \(EVAL of the read script on \d+ key\(s\), first "n8n-/);
    } finally {
      restricted.disconnect();
      await redis.client.call('ACL', 'DELUSER', 'lockonly');
    }
  });

  it('pages through SCAN, reads each key once, and counts a round trip per SCAN page plus one', async () => {
    const pipeline = redis.client.pipeline();
    for (let i = 0; i < 2000; i++) pipeline.set(`n8n-lock-s${i}`, '1', 'EX', 600).set(`n8n-lock-s${i}:meta`, meta(String(i), new Date().toISOString()), 'EX', 600);
    for (let i = 0; i < 3000; i++) pipeline.set(`other-${i}`, 'x');
    await pipeline.exec();
    const before = await commandCalls();
    const scan = await readLockKeys(redis.client, { scanCount: 500, readChunk: 300 });
    const after = await commandCalls();
    expect(new Set(scan.readings.map((r) => r.key)).size).toBe(4000);
    expect(scan.readings).toHaveLength(4000);
    const scanCalls = after.scan - before.scan;
    expect(scanCalls).toBeGreaterThanOrEqual(Math.floor(7000 / 500));
    // Each page's read is sent without waiting, riding along with the next SCAN.
    expect(scan.roundTrips).toBe(scanCalls + 1);
    expect(after.eval - before.eval).toBeGreaterThanOrEqual(4000 / 300);
    const report = buildStatusReport(scan.readings, { nowMs: Date.now(), redis: redis.url, roundTrips: scan.roundTrips });
    expect(report.summary).toMatchObject({ locks: 2000, flagged_locks: 0 });
  });

  it('a SCAN that returns a key twice still reads it once', async () => {
    await redis.client.set('n8n-lock-dup', '1', 'EX', 60);
    const scan = await readLockKeys(Object.assign(Object.create(redis.client), {
      scan: async (cursor: string) => (cursor === '0' ? ['1', ['n8n-lock-dup']] : ['0', ['n8n-lock-dup']]),
    }));
    expect(scan.readings).toEqual([{ key: 'n8n-lock-dup', value: '1', pttlMs: expect.any(Number) }]);
    expect(scan.roundTrips).toBe(3);
  });
});

async function commandCalls(): Promise<{ scan: number; eval: number }> {
  const stats = await redis.client.info('commandstats');
  const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  return { scan: calls('scan'), eval: calls('eval') };
}

describe('unlock against a real Redis (one Lua compare-and-delete)', () => {
  const heldBy = async (lockId: string, ttl = 600) => {
    await redis.client.multi().set('n8n-lock-billing', '1', 'EX', ttl).set('n8n-lock-billing:meta', meta(lockId, new Date(Date.now() - 5000).toISOString()), 'EX', ttl).exec();
  };
  const keys = () => redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta');

  it('a wrong lock_id leaves both keys and names the holder', async () => {
    await heldBy('4711');
    const result = await unlock({ scope: 'billing', mode: 'lock-id', lockId: '4712', dryRun: false });
    expect(result).toMatchObject({ outcome: 'mismatch', keysDeleted: 0 });
    expect(result.sidecar?.holder?.lock_id).toBe('4711');
    expect(await keys()).toBe(2);
  });

  it('the right lock_id deletes both', async () => {
    await heldBy('4711');
    const result = await unlock({ scope: 'billing', mode: 'lock-id', lockId: '4711', dryRun: false });
    expect(result).toMatchObject({ outcome: 'deleted', keysDeleted: 2 });
    expect(result.held_for_ms).toBeGreaterThanOrEqual(5000);
    expect(await keys()).toBe(0);
  });

  it('--dry-run decides the same but deletes nothing', async () => {
    await heldBy('4711');
    expect(await unlock({ scope: 'billing', mode: 'lock-id', lockId: '4711', dryRun: true })).toMatchObject({ outcome: 'deleted', keysDeleted: 0 });
    expect(await unlock({ scope: 'billing', mode: 'force', dryRun: true })).toMatchObject({ outcome: 'deleted', keysDeleted: 0 });
    expect(await keys()).toBe(2);
  });

  it('a semaphore scope: --lock-id frees that holder\'s permit only, a lock_id without one is refused, --force frees them all; --dry-run deletes nothing', async () => {
    const [holders, sidecars] = semaphoreKeys('api');
    // A TTL under a minute keeps the line's ttl in whole seconds: 60000 read within the same millisecond prints "1m00s".
    for (const id of ['A', 'B']) await redis.client.eval(SEMAPHORE_ACQUIRE_SCRIPT, 3, holders, sidecars, 'n8n-lock-api:fence', '30000', '3', id, sidecarPrefix({ lock_id: id, workflow_id: 'Wf1', workflow_name: 'Enrich', execution_id: id, locked_at: new Date(Date.now() - 2000).toISOString() }));
    const refused = await unlock({ scope: 'api', mode: 'lock-id', lockId: 'C', dryRun: false });
    expect([refused.outcome, unlockExitCode(refused), describeUnlock(refused).stderr]).toEqual(['no-permit', 1, ["unlock: refused, lock_id C holds none of the 2 permits of 'api' (a semaphore: n8n-lock status lists its holders); nothing deleted"]]);
    expect(await unlock({ scope: 'api', mode: 'lock-id', lockId: 'A', dryRun: true })).toMatchObject({ outcome: 'permit-released', keysDeleted: 0 });
    expect(await redis.client.zcard(holders)).toBe(2);
    const freed = await unlock({ scope: 'api', mode: 'lock-id', lockId: 'A', dryRun: false });
    expect([freed.outcome, freed.keysDeleted, unlockExitCode(freed)]).toEqual(['permit-released', 1, 0]);
    expect(freed.held_for_ms).toBeGreaterThanOrEqual(2000);
    expect(describeUnlock(freed).stdout[0]).toMatch(/^deleted the permit of lock_id A in n8n-lock-api:holders \(held by Enrich \(workflow Wf1, execution A, fence \d+\), lock_id A, for 2s; ttl \d+s\)$/);
    expect([await redis.client.zrange(holders, 0, -1), await redis.client.hkeys(sidecars)]).toEqual([['B'], ['B']]);
    const forced = await unlock({ scope: 'api', mode: 'force', dryRun: false });
    expect([forced.outcome, forced.keysDeleted]).toEqual(['permits-deleted', 2]);
    expect(await redis.client.exists(holders, sidecars)).toBe(0);
    expect((await unlock({ scope: 'api', mode: 'force', dryRun: false })).outcome).toBe('not-locked');
  });

  it('--lock-id refuses an orphan (no sidecar) and an unparseable sidecar; --force deletes them', async () => {
    await redis.client.set('n8n-lock-billing', '1');
    expect(await unlock({ scope: 'billing', mode: 'lock-id', lockId: '1', dryRun: false })).toMatchObject({ outcome: 'no-sidecar', keysDeleted: 0 });
    const forced = await unlock({ scope: 'billing', mode: 'force', dryRun: false });
    expect(forced).toMatchObject({ outcome: 'deleted', keysDeleted: 1, counter: { key: 'n8n-lock-billing', value: '1', ttl_ms: null }, sidecar: null });
    expect(await keys()).toBe(0);

    await redis.client.multi().set('n8n-lock-billing', '1').set('n8n-lock-billing:meta', '{"lock_id": 7}').exec();
    expect(await unlock({ scope: 'billing', mode: 'lock-id', lockId: '7', dryRun: false })).toMatchObject({ outcome: 'unparseable', keysDeleted: 0 });
    expect(await unlock({ scope: 'billing', mode: 'force', dryRun: false })).toMatchObject({ outcome: 'deleted', keysDeleted: 2 });
  });

  it('--force deletes a non-string key under our name too, and reports its type', async () => {
    await redis.client.hset('n8n-lock-billing:meta', 'lock_id', '1');
    const result = await unlock({ scope: 'billing', mode: 'force', dryRun: false });
    expect(result).toMatchObject({ outcome: 'deleted', keysDeleted: 1, sidecar: { value: '<hash: not a string>' } });
  });

  it('nothing to unlock: not-locked, idempotent', async () => {
    expect(await unlock({ scope: 'billing', mode: 'lock-id', lockId: '1', dryRun: false })).toMatchObject({ outcome: 'not-locked', keysDeleted: 0 });
  });

  it('50 concurrent unlock attempts on 50 connections delete exactly once, and never the next holder', async () => {
    await heldBy('A');
    const clients = await Promise.all(Array.from({ length: 50 }, () => openRedis(parseRedisUrl(redis.url))));
    // A competitor that acquires the way lock_acquisition does (GET, then INCR + SET when free)
    // as soon as the lock is gone; the 49 late attempts must not delete ITS lock.
    const competitor = await openRedis(parseRedisUrl(redis.url));
    let acquiredByB = false;
    const acquireLoop = (async () => {
      for (let i = 0; i < 2000 && !acquiredByB; i++) {
        if ((await competitor.get('n8n-lock-billing')) === null) {
          await competitor.multi().incr('n8n-lock-billing').expire('n8n-lock-billing', 600).set('n8n-lock-billing:meta', meta('B', new Date().toISOString()), 'EX', 600).exec();
          acquiredByB = true;
        }
      }
    })();
    try {
      const results = await Promise.all(clients.map((client, i) => unlock({ scope: 'billing', mode: 'lock-id', lockId: i % 2 === 0 ? 'A' : 'not-A', dryRun: false }, client)));
      await acquireLoop;
      const deleted = results.filter((r) => r.outcome === 'deleted');
      expect(deleted).toHaveLength(1);
      expect(deleted[0].keysDeleted).toBe(2);
      expect(results.reduce((sum, r) => sum + r.keysDeleted, 0)).toBe(2);
      expect(acquiredByB).toBe(true);
      expect(JSON.parse((await redis.client.get('n8n-lock-billing:meta'))!).lock_id).toBe('B');
      expect(await redis.client.get('n8n-lock-billing')).toBe('1');
      const outcomes = results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.outcome]: (acc[r.outcome] ?? 0) + 1 }), {});
      // Every other attempt saw A (mismatch for 'not-A'), B (mismatch) or the gap between (not-locked).
      expect(Object.keys(outcomes).every((outcome) => ['deleted', 'mismatch', 'not-locked'].includes(outcome))).toBe(true);
    } finally {
      for (const client of [...clients, competitor]) client.disconnect();
    }
  });
});

describe('connecting: fail fast with one clear line', () => {
  it('nothing listening: connection refused, quickly', async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await openRedis(parseRedisUrl(`redis://:hunter2@127.0.0.1:${port}/0`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(`cannot connect to Redis at redis://:***@127.0.0.1:${port}/0: connection refused (is redis-server running on that host and port?)`);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a peer that accepts TCP but never answers: gives up at the deadline', async () => {
    const silent: Server = createServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      const error = await openRedis(parseRedisUrl(`redis://127.0.0.1:${port}/0`), 1500).catch((e: unknown) => e);
      expect((error as Error).message).toBe(`cannot connect to Redis at redis://127.0.0.1:${port}/0: no answer within 1.5 s`);
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      silent.close();
    }
  });

  it('wrong password and missing password are told apart; the right one works', async () => {
    const wrong = await openRedis(parseRedisUrl(`redis://:nope@127.0.0.1:${secured.port}/0`)).catch((e: unknown) => e);
    expect((wrong as Error).message).toBe(`cannot connect to Redis at redis://:***@127.0.0.1:${secured.port}/0: wrong password (or username)`);
    const missing = await openRedis(parseRedisUrl(`redis://127.0.0.1:${secured.port}/0`)).catch((e: unknown) => e);
    expect((missing as Error).message).toContain('the server requires a password');
    const client = await openRedis(parseRedisUrl(secured.url));
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
  });

  it('a database index the server does not have', async () => {
    const error = await openRedis(parseRedisUrl(`redis://127.0.0.1:${redis.port}/99`)).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/DB index is out of range/);
  });
});
