// `n8n-lock metrics`, the built binary, against a REAL redis-server: what the node libraries
// recorded comes out with the counts they made (counters, cumulative histogram buckets, _count),
// labelled by the raw parameter; the live state (held locks, a semaphore, a rate-limit window, a
// function's backlog and consumer) is read at scrape; OpenMetrics when asked for; a Redis that
// cannot be read is `n8n_lock_up 0` with the reason on stderr (a grant that refuses a command
// names it); bad input is exit 2 with one line.
import { afterAll, describe, expect, it } from 'vitest';
import { useRedisServer } from '../ops/support/use-redis-server.js';
import { freePort } from '../ops/support/redis-server.js';
import { runCliAsync } from '../ops/support/cli.js';
import { expectPortInUseRefused } from '../support/busy-port.js';
import { acquireLock, releaseLock, type AcquireRequest } from '../../n8n-nodes/lib/lock.js';
import { takeRateLimitSlot } from '../../n8n-nodes/lib/rate-limit.js';
import { recordCall } from '../../n8n-nodes/lib/caller.js';
import { closeAllPools, poolFor } from '../../n8n-nodes/lib/pool.js';
import { recorderFor } from '../../n8n-nodes/lib/metrics.js';
import { DURATION_BUCKETS, type SeriesIdentity } from 'n8n-lock-protocol/metrics';
import { functionKeys, GLOBAL_SCOPE, metaFields } from 'n8n-lock-protocol/functions';
import { parseExposition, sampleOf, startExporterProcess, type ExporterProcess } from './support/exporter.js';

const redis = useRedisServer({ beforeStop: () => closeAllPools() });
const running: ExporterProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
});
const exporter = async (url: string) => {
  const started = await startExporterProcess(['--redis-url', url]);
  running.push(started);
  return started;
};
const scrape = async (url: string, accept?: string) => {
  const response = await fetch(url, accept ? { headers: { accept } } : {});
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

const LOCK: SeriesIdentity = { kind: 'lock', workflowId: 'WfSync', node: 'Lock Contact', subject: '=crm-{{ $json.id }}' };
const recorder = (identity: SeriesIdentity) => recorderFor({}, identity, () => undefined);
const request = (lockId: string, over: Partial<AcquireRequest> = {}): AcquireRequest => ({
  scopes: ['crm-1'],
  maxHolders: 1,
  ttlSeconds: 100,
  holder: { lock_id: lockId, workflow_id: 'WfSync', workflow_name: 'Sync', execution_id: lockId, locked_at: '' },
  waitTillLockReleased: false,
  maxWaitSeconds: 0,
  pollSeconds: 1,
  recorder: recorder(LOCK),
  ...over,
});

describe('n8n-lock metrics', () => {
  it('serves the recorded counts and histograms, labelled by the raw scope, and the live state', async () => {
    const pool = poolFor({ host: '127.0.0.1', port: redis.port }, 'exporter-test');
    // Three acquisitions of per-record scopes through one node: one series.
    for (const scope of ['crm-1', 'crm-2', 'crm-3']) {
      const [lock] = await acquireLock(pool, request(`L-${scope}`, { scopes: [scope] }));
      await releaseLock(await pool.command(), scope, lock.lock_id, 'either', recorder(LOCK));
    }
    await acquireLock(pool, request('held')); // still held at the scrape
    await expect(acquireLock(pool, request('refused'))).rejects.toThrow();
    await acquireLock(pool, request('sem-1', { scopes: ['pool'], maxHolders: 3, holder: { lock_id: 'sem-1', workflow_id: 'WfPool', workflow_name: 'Pool', execution_id: '1', locked_at: '' }, recorder: recorder({ kind: 'lock', workflowId: 'WfPool', node: 'Pool Lock', subject: 'pool' }) }));
    const RATE: SeriesIdentity = { kind: 'rate_limit', workflowId: 'WfApi', node: 'Limit', subject: 'openai' };
    for (const id of ['a', 'b', 'c']) await takeRateLimitSlot(redis.client, { algorithm: 'fixed', scope: 'openai', limit: 2, windowSeconds: 60, maxWaitSeconds: 0, callId: id, cost: 1 }, { recorder: recorder(RATE) });
    recordCall(redis.client, recorder({ kind: 'function_call', workflowId: 'WfCaller', node: 'Call', subject: 'enrich' }), { ok: true, value: 1, callId: 'c', ms: 30 });
    // A function with one registered, live consumer and one call waiting.
    const keys = functionKeys(GLOBAL_SCOPE, 'enrich');
    await redis.client.xgroup('CREATE', keys.stream, keys.group, '0', 'MKSTREAM');
    await redis.client.xadd(keys.stream, '*', 'callId', 'x');
    await redis.client.sadd(keys.consumers, 'c1');
    await redis.client.hset(`function:meta:{${GLOBAL_SCOPE}:enrich}:c1`, metaFields({ consumerId: 'c1', functionName: 'enrich', scope: GLOBAL_SCOPE, workflowId: 'WfFn', nodeId: 'n', parameters: [], callsInFlight: 5, createdAt: Date.now(), lastHeartbeat: Date.now() }));
    await redis.client.xreadgroup('GROUP', keys.group, 'c1', 'COUNT', 1, 'STREAMS', keys.stream, '>');

    const { url } = await exporter(`redis://127.0.0.1:${redis.port}/0`);
    const { status, type, text } = await scrape(url);
    expect([status, type]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    const samples = parseExposition(text);
    const series = { workflow_id: 'WfSync', node: 'Lock Contact', scope: '=crm-{{ $json.id }}' };
    expect(sampleOf(samples, 'n8n_lock_up')?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_acquisitions_total', { ...series, result: 'acquired' })?.value).toBe(4);
    expect(sampleOf(samples, 'n8n_lock_acquisitions_total', { ...series, result: 'refused' })?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_releases_total', { ...series, result: 'released' })?.value).toBe(3);
    // The wait histogram: cumulative buckets ending at +Inf = _count = the acquisitions that got a lock.
    const buckets = samples.filter((s) => s.name === 'n8n_lock_wait_seconds_bucket' && s.labels.node === 'Lock Contact');
    expect(buckets.map((b) => b.labels.le)).toEqual([...DURATION_BUCKETS.map(String), '+Inf']);
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));
    expect(buckets.at(-1)!.value).toBe(4);
    expect(sampleOf(samples, 'n8n_lock_wait_seconds_count', series)?.value).toBe(4);
    expect(sampleOf(samples, 'n8n_lock_hold_seconds_count', series)?.value).toBe(3);
    // Never a series per evaluated scope.
    expect(samples.some((s) => s.labels.scope === 'crm-1')).toBe(false);
    expect(sampleOf(samples, 'n8n_lock_rate_limit_decisions_total', { node: 'Limit', algorithm: 'fixed', outcome: 'allowed' })?.value).toBe(2);
    expect(sampleOf(samples, 'n8n_lock_rate_limit_decisions_total', { node: 'Limit', algorithm: 'fixed', outcome: 'denied' })?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_function_calls_total', { function: 'enrich', outcome: 'answered' })?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_recorded_series')?.value).toBe(4);
    // Live state: one mutex held by WfSync (100 s TTL, just taken), a semaphore permit of WfPool (1 of 3).
    expect(sampleOf(samples, 'n8n_lock_locks_held', { workflow_id: 'WfSync' })?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_hold_ttl_used_ratio', { workflow_id: 'WfSync' })?.value).toBeLessThan(0.2);
    expect(sampleOf(samples, 'n8n_lock_semaphore_holders', { workflow_id: 'WfPool' })?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_semaphore_fullest_ratio', { workflow_id: 'WfPool' })?.value).toBeCloseTo(1 / 3, 5);
    expect(sampleOf(samples, 'n8n_lock_rate_limit_busiest_window', { algorithm: 'fixed' })?.value).toBe(2);
    expect(sampleOf(samples, 'n8n_lock_waiters')?.value).toBe(0);
    const fn = { function: 'enrich', scope: GLOBAL_SCOPE };
    expect(sampleOf(samples, 'n8n_lock_function_backlog', fn)?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_function_pending', fn)?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_function_consumers', fn)?.value).toBe(1);
    expect(sampleOf(samples, 'n8n_lock_function_consumer_idle_seconds', { ...fn, consumer: 'c1' })?.value).toBeLessThan(30);

    // OpenMetrics when the scraper asks for it: counters named without _total in TYPE, # EOF at the end.
    const open = await scrape(url, 'application/openmetrics-text; version=1.0.0,text/plain;version=0.0.4;q=0.5');
    expect(open.type).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
    expect(open.text).toContain('# TYPE n8n_lock_acquisitions counter\n');
    expect(open.text.endsWith('# EOF\n')).toBe(true);
    expect(sampleOf(parseExposition(open.text), 'n8n_lock_acquisitions_total', { ...series, result: 'acquired' })?.value).toBe(4);
  });

  it('a Redis that cannot be reached: n8n_lock_up 0 and the reason on stderr, and the scrape succeeds', async () => {
    const port = await freePort();
    const started = await exporter(`redis://127.0.0.1:${port}/0`);
    const { status, text } = await scrape(started.url);
    expect(status).toBe(200);
    expect(sampleOf(parseExposition(text), 'n8n_lock_up')?.value).toBe(0);
    await scrape(started.url);
    // Said once, not at every scrape.
    expect(started.stderr()).toBe(`n8n-lock metrics: n8n_lock_up 0: cannot connect to Redis at redis://127.0.0.1:${port}/0: connection refused (is redis-server running on that host and port?)\n`);
  });

  it('a grant that refuses a command: n8n_lock_up 0 naming the command', async () => {
    await redis.client.call('ACL', 'SETUSER', 'noscan', 'reset', 'on', '>pw', '~*', '-@all', '+info', '+select', '+client|setname', '+eval', '+hgetall');
    const started = await exporter(`redis://noscan:pw@127.0.0.1:${redis.port}/0`);
    const { text } = await scrape(started.url);
    expect(sampleOf(parseExposition(text), 'n8n_lock_up')?.value).toBe(0);
    expect(started.stderr()).toMatch(/^n8n-lock metrics: n8n_lock_up 0: Redis at redis:\/\/noscan:\*+@127\.0\.0\.1:\d+\/0: NOPERM .*'scan' command/);
  });

  it.each([
    ['an unknown flag', ['--port', '9464'], /^error: unknown option '--port'/],
    ['a bad --listen', ['--listen', 'localhost'], /^n8n-lock: --listen "localhost" is not host:port/],
    ['a --listen port out of range', ['--listen', '127.0.0.1:70000'], /^n8n-lock: --listen "127.0.0.1:70000" has port 70000/],
    ['a bad Redis URL', ['--redis-url', 'http://x'], /^n8n-lock: /],
  ])('%s: exit 2 and one line', async (_label, args, message) => {
    const run = await runCliAsync(['metrics', ...args]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toMatch(message);
  });

  it('a port in use: exit 2 and one line', async () => {
    await expectPortInUseRefused(['metrics', '--redis-url', `redis://127.0.0.1:${redis.port}/0`]);
  });

  it('--help has examples', async () => {
    const run = await runCliAsync(['metrics', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toContain('--listen <host:port>');
  });
});
