// The native lock engine (its three Lua scripts and the waiting loop) against a REAL redis-server,
// and its interoperability with the stock primitives' keys, values and messages.
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { acquireLock, extendLock, LockError, releaseLock } from '../lib/lock';
import { closeAllPools, poolFor } from '../lib/pool';
import { acquireRequest, holder } from './support/lock-request';
import { classifyKey } from 'n8n-lock-protocol/keys';
import { parseHolder } from '../../src/ops/status.js';
import { verifyOwnership } from '../../src/primitives/code/lock-release.js';

const clients: Redis[] = [];
const redis = useRedisServer({
  beforeStop: async () => {
    await closeAllPools();
    clients.forEach((c) => c.disconnect());
  },
});

const credential = () => ({ host: '127.0.0.1', port: redis.port, database: 0 });
const pool = () => poolFor(credential(), 'test');
const request = acquireRequest;

describe('acquire, release, extend', () => {
  it('acquire writes the primitives\' counter and sidecar (same TTL) plus a fencing token that only grows', async () => {
    const [first] = await acquireLock(pool(), request());
    expect(first).toMatchObject({ acquired: true, scope: 'crm-1', lock_id: 'L1', key: 'n8n-lock-crm-1', meta_key: 'n8n-lock-crm-1:meta', execution_id: '101' });
    // The token is the server's clock in microseconds (or the last + 1): check it against TIME.
    const [seconds, micros] = (await redis.client.time()).map(Number);
    expect(first.fence).toBeGreaterThan(seconds * 1e6 + micros - 5e6);
    expect(first.fence).toBeLessThanOrEqual(seconds * 1e6 + micros);
    expect(await redis.client.get('n8n-lock-crm-1')).toBe('1');
    const sidecar = JSON.parse((await redis.client.get('n8n-lock-crm-1:meta'))!);
    expect(Object.keys(sidecar)).toEqual(['lock_id', 'workflow_id', 'workflow_name', 'execution_id', 'locked_at', 'fence', 'engine']);
    expect(sidecar).toMatchObject({ lock_id: 'L1', workflow_name: 'CRM Sync', fence: first.fence, engine: 'node', locked_at: first.locked_at });
    // The fence key lives as long as the lock: a per-record scope leaves no key behind for good.
    const fenceTtl = await redis.client.pttl('n8n-lock-crm-1:fence');
    expect(fenceTtl).toBeGreaterThan(59_000);
    expect(fenceTtl).toBeLessThanOrEqual(60_000);
    const [counterTtl, metaTtl] = await Promise.all([redis.client.pttl('n8n-lock-crm-1'), redis.client.pttl('n8n-lock-crm-1:meta')]);
    expect(Math.abs(counterTtl - metaTtl)).toBeLessThan(50);
    expect(counterTtl).toBeGreaterThan(59_000);
    await releaseLock(await pool().command(), 'crm-1', 'L1');
    expect((await acquireLock(pool(), request({ holder: holder('L2') })))[0].fence).toBeGreaterThan(first.fence);
  });

  it('the token keeps growing after the fence key expired, and after an INCR-era token', async () => {
    const [first] = await acquireLock(pool(), request());
    await releaseLock(await pool().command(), 'crm-1', 'L1');
    await redis.client.del('n8n-lock-crm-1:fence'); // as when its TTL ran out
    const [second] = await acquireLock(pool(), request({ holder: holder('L2') }));
    expect(second.fence).toBeGreaterThan(first.fence);
    await releaseLock(await pool().command(), 'crm-1', 'L2');
    // A token written by the earlier engine (INCR, no TTL) is below any clock value.
    await redis.client.set('n8n-lock-crm-1:fence', '7');
    expect((await acquireLock(pool(), request({ holder: holder('L3') })))[0].fence).toBeGreaterThan(second.fence);
    // A token ahead of the clock (a clock that went back) still grows by one.
    await releaseLock(await pool().command(), 'crm-1', 'L3');
    await redis.client.set('n8n-lock-crm-1:fence', String(9e15));
    expect((await acquireLock(pool(), request({ holder: holder('L4') })))[0].fence).toBe(9e15 + 1);
  });

  it('release frees only its own lock; a wrong lock_id is the primitive\'s LOGIC ERROR and deletes nothing; again is idempotent', async () => {
    await acquireLock(pool(), request());
    const r = await pool().command();
    const wrong = await releaseLock(r, 'crm-1', 'someone-else').catch((e) => e);
    expect(wrong).toBeInstanceOf(LockError);
    // The same words as lock_release's Verify Ownership for the same sidecar and lock_id.
    const raw = (await redis.client.get('n8n-lock-crm-1:meta'))!;
    const [stock] = verifyOwnership({ $input: { first: () => ({ json: { lock_meta: raw } }) }, $: () => ({ first: () => ({ json: { scope: 'crm-1', provided_lock_id: 'someone-else', meta_key: 'n8n-lock-crm-1:meta' } }) }) });
    expect(wrong.message).toBe(stock.json.message);
    expect(await redis.client.exists('n8n-lock-crm-1', 'n8n-lock-crm-1:meta')).toBe(2);
    expect(await releaseLock(r, 'crm-1', 'L1')).toEqual({ released: true, idempotent: false, scope: 'crm-1', lock_id: 'L1' });
    expect(await redis.client.exists('n8n-lock-crm-1', 'n8n-lock-crm-1:meta')).toBe(0);
    expect(await releaseLock(r, 'crm-1', 'L1')).toEqual({ released: true, idempotent: true, scope: 'crm-1', lock_id: 'L1' });
  });

  it('release without a sidecar deletes nothing: a successor\'s counter survives', async () => {
    await redis.client.set('n8n-lock-crm-1', '1', 'PX', 60_000); // a stock holder between INCR and SET of its sidecar
    expect(await releaseLock(await pool().command(), 'crm-1', 'L1')).toMatchObject({ idempotent: true });
    expect(await redis.client.get('n8n-lock-crm-1')).toBe('1');
  });

  it('extend re-arms both keys for the holder only', async () => {
    await acquireLock(pool(), request({ ttlSeconds: 5 }));
    const r = await pool().command();
    await expect(extendLock(r, 'crm-1', 'other', 120)).rejects.toThrow(/^LOGIC ERROR: lock on 'crm-1' is held by CRM Sync/);
    expect(await redis.client.pttl('n8n-lock-crm-1')).toBeLessThan(5_001);
    await extendLock(r, 'crm-1', 'L1', 120);
    expect(await redis.client.pttl('n8n-lock-crm-1')).toBeGreaterThan(119_000);
    expect(await redis.client.pttl('n8n-lock-crm-1:meta')).toBeGreaterThan(119_000);
    await releaseLock(r, 'crm-1', 'L1');
    await expect(extendLock(r, 'crm-1', 'L1', 120)).rejects.toThrow(/^Lock on scope 'crm-1' is not held/);
  });
});

describe('waiting', () => {
  it('fail fast and max wait fail with the primitives\' exact messages', async () => {
    await acquireLock(pool(), request());
    await expect(acquireLock(pool(), request({ holder: holder('L2'), waitTillLockReleased: false }))).rejects.toThrow("Lock on scope 'crm-1' is held by another execution (wait_till_lock_released=false)");
    const started = Date.now();
    await expect(acquireLock(pool(), request({ holder: holder('L2'), maxWaitSeconds: 0.5, pollSeconds: 0.2 }))).rejects.toThrow("Timed out after 0.5 s (max_wait_seconds) waiting for lock on scope 'crm-1'");
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    // Bounds tell "gives up at max wait" from "waits on"; wide enough for a loaded CI machine.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a waiter is woken by the release at once, not at its next poll', async () => {
    await acquireLock(pool(), request());
    const waiting = acquireLock(pool(), request({ holder: holder('L2'), pollSeconds: 5 }));
    await new Promise((r) => setTimeout(r, 200));
    const releasedAt = Date.now();
    await releaseLock(await pool().command(), 'crm-1', 'L1');
    const [second] = await waiting;
    // Its next poll would come up to 5 s later; a loaded CI machine may take a few hundred ms.
    expect(Date.now() - releasedAt).toBeLessThan(1500);
    expect(second.fence).toBeGreaterThan(0);
  });

  it('a stock holder (INCR + sidecar, no wake-up) is noticed by the poll', async () => {
    await redis.client.multi().incr('n8n-lock-crm-1').pexpire('n8n-lock-crm-1', 60_000).set('n8n-lock-crm-1:meta', JSON.stringify({ lock_id: 'S1', workflow_id: 'W', workflow_name: 'Stock', execution_id: 'S1', locked_at: new Date().toISOString() }), 'PX', 60_000).exec();
    const waiting = acquireLock(pool(), request({ pollSeconds: 0.2 }));
    await new Promise((r) => setTimeout(r, 300));
    // lock_release (stock): GET the sidecar, compare, DEL sidecar then counter. No wake-up.
    await redis.client.del('n8n-lock-crm-1:meta');
    await redis.client.del('n8n-lock-crm-1');
    const started = Date.now();
    expect((await waiting)[0].acquired).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500); // a 0.2 s poll; wide for a loaded CI machine
  });

  it('20 contenders never overlap, each hands over on release', async () => {
    const inside: number[] = [];
    let current = 0;
    let maxInside = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [lock] = await acquireLock(pool(), request({ holder: holder(`C${i}`), pollSeconds: 1, maxWaitSeconds: 30 }));
        current++;
        maxInside = Math.max(maxInside, current);
        inside.push(lock.fence);
        await new Promise((r) => setTimeout(r, 10));
        current--;
        await releaseLock(await pool().command(), 'crm-1', `C${i}`);
      }),
    );
    expect(maxInside).toBe(1);
    expect(inside.every((fence, i) => i === 0 || fence > inside[i - 1])).toBe(true); // fences strictly increasing in entry order
  });
});

describe('interoperability with the stock engine and the CLI', () => {
  it('a stock caller racing INCR on a native-held key gets 2 and waits; status reads the native holder with its fence', async () => {
    await acquireLock(pool(), request());
    expect(await redis.client.incr('n8n-lock-crm-1')).toBe(2);
    const holderRead = parseHolder(await redis.client.get('n8n-lock-crm-1:meta'));
    expect(holderRead).toEqual({ lock_id: 'L1', workflow_id: 'Wf1', workflow_name: 'CRM Sync', execution_id: '101', locked_at: expect.any(String), fence: expect.any(Number), engine: 'node' });
  });

  it('the fence and wake keys are part of a lock, not locks of their own', () => {
    expect(classifyKey('n8n-lock-crm-1:fence')).toEqual({ kind: 'fence', scope: 'crm-1' });
    expect(classifyKey('n8n-lock-crm-1:wake')).toEqual({ kind: 'wake', scope: 'crm-1' });
  });

  it('connections are reused across operations and closed when idle', async () => {
    const count = async () => ((await redis.client.client('LIST')) as string).trim().split('\n').length;
    const before = await count();
    for (let i = 0; i < 50; i++) {
      await acquireLock(pool(), request({ holder: holder(`R${i}`) }));
      await releaseLock(await pool().command(), 'crm-1', `R${i}`);
    }
    expect(await count()).toBeLessThanOrEqual(before + 2);
    await closeAllPools();
    await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBeLessThanOrEqual(before);
  });
});
