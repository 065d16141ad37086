// What the nodes record for Prometheus, against a REAL redis-server: every outcome of the Lock
// node (mutex and semaphore), the Rate Limit node and the function nodes lands in its series with
// the counts the decisions had; the series is labelled by the raw parameter; recording rides in
// the decision's own script (no extra command on a standalone server: INFO commandstats counts
// the EVALs); the credential's switch turns it off; and a recording that fails (a key of
// another type, a grant without the metrics keys) never changes the decision.
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { acquireLock, extendLock, LockError, releaseLock, type AcquireRequest } from '../lib/lock';
import { takeRateLimitSlot } from '../lib/rate-limit';
import { recordCall } from '../lib/caller';
import { closeAllPools, poolFor } from '../lib/pool';
import { close, connectOnce } from '../lib/redis';
import { acquireRequest, holder } from './support/lock-request';
import { recorderFor, type Recorder } from '../lib/metrics';
import { DURATION_BUCKETS, METRICS_SCAN_PATTERN, parseSeries, RECORDING_ERRORS_KEY, seriesKey, type SeriesIdentity, type StoredSeries } from 'n8n-lock-protocol/metrics';
import { loadNode } from './support/load-node.js';
import { scriptRuns } from './support/script-runs';

// The pooled connections end with the server.
const redis = useRedisServer({ beforeStop: () => closeAllPools() });

const credential = () => ({ host: '127.0.0.1', port: redis.port, database: 0 });
const pool = () => poolFor(credential(), 'metrics-test');
const warnings: string[] = [];
const LOCK: SeriesIdentity = { kind: 'lock', workflowId: 'Wf1', node: 'Lock Contact', subject: '=crm-{{ $json.id }}' };
const recorder = (identity: SeriesIdentity = LOCK): Recorder => recorderFor({}, identity, (message) => warnings.push(message))!;
const request = (over: Partial<AcquireRequest> = {}): AcquireRequest => acquireRequest({ pollSeconds: 0.05, recorder: recorder(), ...over });

async function series(identity: SeriesIdentity = LOCK): Promise<StoredSeries> {
  const parsed = parseSeries(seriesKey(identity), await redis.client.hgetall(seriesKey(identity)));
  if (!parsed) throw new Error(`no series ${seriesKey(identity)}`);
  return parsed;
}
const counter = (s: StoredSeries, metric: Parameters<StoredSeries['counters']['get']>[0], labels: string) => s.counters.get(metric)?.get(labels) ?? 0;
/** Fire-and-forget recordings (timeouts, calls) have been sent; a PING behind them on the same connection answers after they ran. */
const settle = async () => (await pool().command()).ping();

describe('Lock node recording', () => {
  it('acquired, waited, released and extended: counts, the wait and the hold, and the labels as written', async () => {
    const [first] = await acquireLock(pool(), request());
    // A second execution waits for the first to release.
    const waiting = acquireLock(pool(), request({ holder: holder('L2') }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const redisClient = await pool().command();
    await extendLock(redisClient, 'crm-1', first.lock_id, 60, Date.now(), undefined, recorder());
    await releaseLock(redisClient, 'crm-1', first.lock_id, 'either', recorder());
    const [second] = await waiting;
    await releaseLock(redisClient, 'crm-1', second.lock_id, 'either', recorder());
    const s = await series();
    expect(s.labels).toEqual({ workflow_id: 'Wf1', node: 'Lock Contact', scope: '=crm-{{ $json.id }}' });
    expect(counter(s, 'acquisitions', 'acquired')).toBe(2);
    expect(counter(s, 'releases', 'released')).toBe(2);
    expect(counter(s, 'extends', 'extended')).toBe(1);
    const wait = s.histograms.get('wait_seconds')!.get('')!;
    expect(wait.count).toBe(2);
    expect(wait.sum).toBeGreaterThan(0.25); // the second waited about 300 ms
    expect(wait.sum).toBeLessThan(5);
    expect(wait.buckets.reduce((a, b) => a + b, 0)).toBe(2);
    const hold = s.histograms.get('hold_seconds')!.get('')!;
    expect(hold.count).toBe(2);
    // The first held ~300 ms, by the Redis clock: in the (0.25, 0.5] bucket.
    expect(hold.buckets[DURATION_BUCKETS.indexOf(0.5)]).toBeGreaterThanOrEqual(1);
    // The idle expiry is armed on every write.
    const ttl = await redis.client.ttl(seriesKey(LOCK));
    expect(ttl).toBeGreaterThan(7 * 24 * 3600 - 10);
  });

  it('refused, timed out, not the owner, expired: each with its result', async () => {
    await acquireLock(pool(), request());
    await expect(acquireLock(pool(), request({ holder: holder('L2'), waitTillLockReleased: false }))).rejects.toThrow(LockError);
    await expect(acquireLock(pool(), request({ holder: holder('L3'), maxWaitSeconds: 0.2 }))).rejects.toMatchObject({ kind: 'timeout' });
    const client = await pool().command();
    await expect(releaseLock(client, 'crm-1', 'L9', 'either', recorder())).rejects.toMatchObject({ kind: 'not-owner' });
    await expect(extendLock(client, 'crm-1', 'L9', 60, Date.now(), undefined, recorder())).rejects.toMatchObject({ kind: 'not-owner' });
    await releaseLock(client, 'crm-1', 'L1', 'either', recorder());
    // Released already: the Release operation finds nothing (expired, as far as it can tell).
    await releaseLock(client, 'crm-1', 'L1', 'either', recorder());
    await expect(extendLock(client, 'crm-1', 'L1', 60, Date.now(), undefined, recorder())).rejects.toMatchObject({ kind: 'not-held' });
    await settle();
    const s = await series();
    expect(Object.fromEntries(s.counters.get('acquisitions')!)).toEqual({ acquired: 1, refused: 1, timed_out: 1 });
    expect(Object.fromEntries(s.counters.get('releases')!)).toEqual({ released: 1, not_owner: 1, expired: 1 });
    expect(Object.fromEntries(s.counters.get('extends')!)).toEqual({ not_owner: 1, not_held: 1 });
    // Only acquisitions that got their lock are observed as waits: _count equals acquired.
    expect(s.histograms.get('wait_seconds')!.get('')!.count).toBe(1);
  });

  it('the end-of-execution release records a lock it released, and nothing after a Release node did', async () => {
    await acquireLock(pool(), request());
    const client = await pool().command();
    await releaseLock(client, 'crm-1', 'L1', 'either', recorder());
    await releaseLock(client, 'crm-1', 'L1', 'mutex', recorder()); // the execution ends
    await acquireLock(pool(), request({ holder: holder('L2') }));
    await releaseLock(client, 'crm-1', 'L2', 'mutex', recorder()); // no Release node: the end releases it
    const s = await series();
    expect(Object.fromEntries(s.counters.get('releases')!)).toEqual({ released: 2 });
    expect(s.histograms.get('hold_seconds')!.get('')!.count).toBe(2);
  });

  it('a semaphore records like the mutex: acquisitions, refusals, releases with their hold', async () => {
    const sem = (lockId: string, over: Partial<AcquireRequest> = {}) => request({ maxHolders: 2, holder: holder(lockId), ...over });
    await acquireLock(pool(), sem('A'));
    await acquireLock(pool(), sem('B'));
    await expect(acquireLock(pool(), sem('C', { waitTillLockReleased: false }))).rejects.toMatchObject({ kind: 'held' });
    const client = await pool().command();
    await releaseLock(client, 'crm-1', 'A', 'either', recorder());
    await releaseLock(client, 'crm-1', 'B', 'semaphore', recorder());
    await releaseLock(client, 'crm-1', 'B', 'either', recorder()); // gone already
    const s = await series();
    expect(Object.fromEntries(s.counters.get('acquisitions')!)).toEqual({ acquired: 2, refused: 1 });
    expect(Object.fromEntries(s.counters.get('releases')!)).toEqual({ released: 2, expired: 1 });
    expect(s.histograms.get('hold_seconds')!.get('')!.count).toBe(2);
  });

  it('recording adds no command on a standalone server: the decision script records itself', async () => {
    await redis.client.config('RESETSTAT');
    const [lock] = await acquireLock(pool(), request());
    await releaseLock(await pool().command(), 'crm-1', lock.lock_id, 'either', recorder());
    expect(await scriptRuns(redis.client)).toBe(2);
    expect(counter(await series(), 'acquisitions', 'acquired')).toBe(1);
  });

  it('what a decision records is compiled once: 30 acquisitions, each with its own wait, add no script to Redis\'s cache', async () => {
    const cachedScripts = async () => Number(/number_of_cached_scripts:(\d+)/.exec(String(await redis.client.info('memory')))![1]);
    const once = async (i: number) => {
      const [lock] = await acquireLock(pool(), request({ holder: holder(`S${i}`) }));
      await releaseLock(await pool().command(), 'crm-1', lock.lock_id, 'either', recorder());
    };
    await once(0);
    const before = await cachedScripts();
    for (let i = 1; i <= 30; i++) await once(i);
    expect(await cachedScripts()).toBe(before);
    expect(counter(await series(), 'acquisitions', 'acquired')).toBe(31);
  });
});

describe('Rate Limit node recording', () => {
  const RATE: SeriesIdentity = { kind: 'rate_limit', workflowId: 'Wf2', node: 'Limit API', subject: 'openai' };
  it('allowed, waited and denied per algorithm, and the waits', async () => {
    const take = (id: string, maxWaitSeconds: number) =>
      takeRateLimitSlot(redis.client, { algorithm: 'sliding-log', scope: 'openai', limit: 2, windowSeconds: 0.3, maxWaitSeconds, callId: id, cost: 1 }, { recorder: recorder(RATE) });
    expect((await take('a', 0)).allowed).toBe(true);
    expect((await take('b', 0)).allowed).toBe(true);
    expect((await take('c', 0)).allowed).toBe(false);
    const waited = await take('d', 5);
    expect(waited.waited_ms).toBeGreaterThan(0);
    await takeRateLimitSlot(redis.client, { algorithm: 'fixed', scope: 'openai', limit: 5, windowSeconds: 60, maxWaitSeconds: 0, callId: 'e', cost: 1 }, { recorder: recorder(RATE) });
    const s = await series(RATE);
    expect(s.labels).toEqual({ workflow_id: 'Wf2', node: 'Limit API', scope: 'openai' });
    expect(Object.fromEntries(s.counters.get('rate_limit_decisions')!)).toEqual({ 'sliding-log,allowed': 2, 'sliding-log,denied': 1, 'sliding-log,waited': 1, 'fixed,allowed': 1 });
    const wait = s.histograms.get('rate_limit_wait_seconds')!.get('sliding-log')!;
    expect(wait.count).toBe(3); // allowed and waited calls, not the denied one
    expect(wait.sum).toBeCloseTo(waited.waited_ms / 1000, 2);
  });
});

describe('function recording', () => {
  const CALLS: SeriesIdentity = { kind: 'function_call', workflowId: 'Wf3', node: 'Enrich', subject: 'enrich' };
  it('calls by outcome with their latency', async () => {
    recordCall(redis.client, recorder(CALLS), { ok: true, value: 1, callId: 'c1', ms: 12 });
    recordCall(redis.client, recorder(CALLS), { ok: false, kind: 'timeout', message: 'late', callId: 'c2', ms: 5_000 });
    recordCall(redis.client, recorder(CALLS), { ok: false, kind: 'function-error', message: 'boom', callId: 'c3', ms: 40 });
    recordCall(redis.client, recorder(CALLS), { ok: false, kind: 'no-consumer', message: 'nobody', ms: 3_000 });
    await redis.client.ping();
    const s = await series(CALLS);
    expect(s.labels).toEqual({ workflow_id: 'Wf3', node: 'Enrich', function: 'enrich' });
    expect(Object.fromEntries(s.counters.get('function_calls')!)).toEqual({ answered: 1, timed_out: 1, errored: 2 });
    const latency = s.histograms.get('function_call_seconds')!.get('')!;
    expect(latency.count).toBe(4);
    expect(latency.sum).toBeCloseTo(8.052, 3);
    expect(latency.buckets[DURATION_BUCKETS.indexOf(5)]).toBe(2); // 3 s and 5 s: both in (2.5, 5]
  });

  it('a recording sent just before its connection closes still lands, though the server first answers NOSCRIPT (as the Call Function lanes close after their last call)', async () => {
    await redis.client.script('FLUSH');
    const lane = await connectOnce(credential(), 'metrics-test-lane');
    recordCall(lane, recorder(CALLS), { ok: true, value: 1, callId: 'c1', ms: 5 });
    await close(lane);
    expect(Object.fromEntries((await series(CALLS)).counters.get('function_calls')!)).toEqual({ answered: 1 });
    expect(warnings.filter((w) => w.includes('recording metrics failed'))).toEqual([]);
  });

  it('an observation above the last bound counts in _count and +Inf only; the sum is kept in whole microseconds', async () => {
    recordCall(redis.client, recorder(CALLS), { ok: true, value: 1, callId: 'c1', ms: 7_200_000.0004 });
    await redis.client.ping();
    const hash = await redis.client.hgetall(seriesKey(CALLS));
    expect(hash[`function_call_seconds{}:b${DURATION_BUCKETS.length + 1}`]).toBe('1');
    expect(hash['function_call_seconds{}:us']).toBe('7200000000');
    const latency = (await series(CALLS)).histograms.get('function_call_seconds')!.get('')!;
    expect([latency.count, latency.sum, latency.buckets.slice(0, DURATION_BUCKETS.length).every((n) => n === 0)]).toEqual([1, 7200, true]);
  });

  it('a series written before (a :count field, a float :sum) is read as it was, and new observations add to it', async () => {
    const parsed = parseSeries(seriesKey(CALLS), { '#workflow_id': 'Wf3', 'function_call_seconds{}:b1': '2', 'function_call_seconds{}:count': '3', 'function_call_seconds{}:sum': '4000.5' });
    expect(parsed!.histograms.get('function_call_seconds')!.get('')).toMatchObject({ count: 3, sum: 4000.5 });
    const mixed = parseSeries(seriesKey(CALLS), { 'function_call_seconds{}:b1': '5', 'function_call_seconds{}:count': '3', 'function_call_seconds{}:sum': '0.5', 'function_call_seconds{}:us': '250000' });
    expect(mixed!.histograms.get('function_call_seconds')!.get('')).toMatchObject({ count: 5, sum: 0.75 });
  });
});

describe('the switch and the failures', () => {
  it('the n8n-lock credential switches recording off: nothing is written', async () => {
    expect(recorderFor({ recordMetrics: false }, LOCK, () => undefined)).toBeUndefined();
    expect(recorderFor({}, LOCK, () => undefined)).toBeDefined();
    const [lock] = await acquireLock(pool(), request({ recorder: undefined }));
    await releaseLock(await pool().command(), 'crm-1', lock.lock_id);
    expect(await redis.client.keys(METRICS_SCAN_PATTERN)).toEqual([]);
  });

  it('a series key of another type: the lock is still taken and released, the failure is counted', async () => {
    await redis.client.set(seriesKey(LOCK), 'not a hash');
    const [lock] = await acquireLock(pool(), request());
    expect(lock.acquired).toBe(true);
    expect(await redis.client.get('n8n-lock-crm-1')).toBe('1');
    await releaseLock(await pool().command(), 'crm-1', lock.lock_id, 'either', recorder());
    expect(await redis.client.exists('n8n-lock-crm-1')).toBe(0);
    expect(await redis.client.hget(RECORDING_ERRORS_KEY, 'count')).toBe('2');
  });

  it('a grant without the metrics keys: the lock works, recording fails quietly', async () => {
    await redis.client.call('ACL', 'SETUSER', 'oldgrant', 'reset', 'on', '>pw', '~n8n-lock-*', '-@all', '+eval', '+get', '+set', '+del', '+exists', '+pttl', '+pexpire', '+rpush', '+ltrim', '+time', '+info', '+select', '+client|setname', '+blpop', '+ping', '+quit');
    const limited = { ...credential(), user: 'oldgrant', password: 'pw' };
    const [lock] = await acquireLock(poolFor(limited, 'old-grant'), request());
    expect(lock.acquired).toBe(true);
    await releaseLock(await poolFor(limited, 'old-grant').command(), 'crm-1', lock.lock_id, 'either', recorder());
    expect(await redis.client.exists('n8n-lock-crm-1')).toBe(0);
    expect(await redis.client.exists(seriesKey(LOCK))).toBe(0);
  });
});

describe('the built Lock node', () => {
  const logger = { error() {}, warn() {}, info() {}, debug() {} };
  const run = (credentialData: Record<string, unknown>, authentication = 'redis') => {
    const node = { id: 'n1', name: 'Lock Record', type: 'n8n-nodes-lock.lock', typeVersion: 1, parameters: { scope: '=rec-{{ $json.id }}' } };
    const parameters: Record<string, unknown> = { authentication, operation: 'acquire', scope: 'rec-7', lockId: 'E1', ttlSeconds: 60, maxHolders: 1, waitTillLockReleased: true, maxWaitSeconds: 5, options: {} };
    return loadNode('Lock').execute.call({
      logger,
      getNode: () => node,
      getInputData: () => [{ json: { id: 7 } }],
      getNodeParameter: (name: string, _i: number, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
      getCredentials: async () => ({ host: '127.0.0.1', port: redis.port, database: 0, ...credentialData }),
      getWorkflow: () => ({ id: 'WfNode', name: 'Node wf' }),
      getExecutionId: () => 'E1',
    });
  };

  it('labels by the scope as written (one series, whatever the record), and obeys the credential switch', async () => {
    await run({});
    const identity: SeriesIdentity = { kind: 'lock', workflowId: 'WfNode', node: 'Lock Record', subject: '=rec-{{ $json.id }}' };
    const s = await series(identity);
    expect(s.labels.scope).toBe('=rec-{{ $json.id }}');
    expect(counter(s, 'acquisitions', 'acquired')).toBe(1);
    await redis.client.flushall();
    await run({ topology: 'standalone', recordMetrics: false }, 'n8nLockRedisApi');
    expect(await redis.client.get('n8n-lock-rec-7')).toBe('1');
    expect(await redis.client.keys(METRICS_SCAN_PATTERN)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
