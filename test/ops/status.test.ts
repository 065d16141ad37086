import { describe, expect, it } from 'vitest';
import { buildStatusReport, keysToRecheck, parseReadKeysReply, LOCK_FLAGS, lockFlags, parseHolder, settleReport, statusExitCode, TTL_DRIFT_THRESHOLD_MS, type StatusContext } from '../../src/ops/status.js';
import { HOUR, meta, MIXED_KEYSPACE, NOW, reading } from './fixtures.js';

const CONTEXT: StatusContext = { nowMs: NOW, redis: 'redis://127.0.0.1:6379/0', roundTrips: 2 };

describe('buildStatusReport', () => {
  const report = buildStatusReport(MIXED_KEYSPACE, CONTEXT);
  const byScope = Object.fromEntries(report.locks.map((lock) => [lock.scope, lock]));

  it('a held lock: holder, age, both TTLs, no flags', () => {
    expect(byScope['billing-sync']).toEqual({
      scope: 'billing-sync',
      counter: { key: 'n8n-lock-billing-sync', count: 1, ttl_ms: HOUR - 12_000 },
      sidecar: {
        key: 'n8n-lock-billing-sync:meta',
        ttl_ms: HOUR - 11_990,
        holder: { lock_id: '4711', workflow_id: 'AbCdEf0123456789', workflow_name: 'Invoice Sync', execution_id: '4711', locked_at: '2025-06-01T11:59:48.000Z' },
      },
      held_for_ms: 12_000,
      flags: [],
      waiters: null,
    });
  });

  it('flags each problem', () => {
    expect(byScope.orphan.flags).toEqual(['no-ttl', 'no-sidecar']);
    expect(byScope.orphan.counter?.ttl_ms).toBeNull();
    expect(byScope['crm:contact-42'].flags).toEqual(['no-sidecar']);
    expect(byScope.gone.flags).toEqual(['sidecar-without-counter']);
    expect(byScope.gone.counter).toBeNull();
    expect(byScope.drifting.flags).toEqual(['ttl-drift']);
    expect(byScope.garbled.flags).toEqual(['sidecar-unparseable']);
    expect(byScope.garbled.sidecar).toEqual({ key: 'n8n-lock-garbled:meta', ttl_ms: 60_000, holder: null, raw: 'not json {' });
  });

  it('sorts locks by scope, buckets by scope then newest bucket first; skips vanished and foreign keys', () => {
    expect(report.locks.map((lock) => lock.scope)).toEqual(['billing-sync', 'crm:contact-42', 'drifting', 'garbled', 'gone', 'orphan']);
    expect(report.rate_limits.map((bucket) => [bucket.scope, bucket.bucket, bucket.count, bucket.ttl_ms, bucket.flags])).toEqual([
      ['api-user-12', 29166666, 5, 42_000, []],
      ['api-user-12', 29166665, 60, 2_000, []],
      ['leaky', 7, 3, null, ['no-ttl']],
    ]);
  });

  it('summarises with every flag present in lock_flags, and exits 1 when anything is flagged', () => {
    expect(report.summary).toEqual({
      locks: 6,
      flagged_locks: 5,
      lock_flags: { 'no-ttl': 1, 'no-sidecar': 2, 'sidecar-without-counter': 1, 'ttl-drift': 1, 'sidecar-unparseable': 1, 'counter-not-integer': 0 },
      rate_limit_buckets: 3,
      flagged_rate_limit_buckets: 1,
    });
    expect(Object.keys(report.summary.lock_flags)).toEqual([...LOCK_FLAGS]);
    expect(statusExitCode(report)).toBe(1);
    expect(report.scan).toEqual({ keys_read: MIXED_KEYSPACE.length, round_trips: 2 });
    expect(report.generated_at).toBe('2025-06-01T12:00:00.000Z');
  });

  it('exits 0 when nothing is flagged, including an empty Redis', () => {
    expect(statusExitCode(buildStatusReport([], CONTEXT))).toBe(0);
    expect(statusExitCode(buildStatusReport(MIXED_KEYSPACE.slice(0, 2), CONTEXT))).toBe(0);
  });

  it('--scope filters locks, sidecars and buckets by scope, with Redis glob syntax', () => {
    const filtered = buildStatusReport(MIXED_KEYSPACE, { ...CONTEXT, scopeGlob: '[bg]*' });
    expect(filtered.locks.map((lock) => lock.scope)).toEqual(['billing-sync', 'garbled', 'gone']);
    expect(filtered.rate_limits).toEqual([]);
    expect(buildStatusReport(MIXED_KEYSPACE, { ...CONTEXT, scopeGlob: 'api-*' }).rate_limits).toHaveLength(2);
    expect(filtered.scope_glob).toBe('[bg]*');
  });

  it('a counter that is not an integer, or not a string at all', () => {
    const odd = buildStatusReport([reading('n8n-lock-a', 'abc', 1000), reading('n8n-lock-b', null, 1000, 'WRONGTYPE'), reading('n8n-ratelimit-c-1', 'x', 1000)], CONTEXT);
    expect(odd.locks.map((lock) => lock.flags)).toEqual([
      ['no-sidecar', 'counter-not-integer'],
      ['no-sidecar', 'counter-not-integer'],
    ]);
    expect(odd.rate_limits[0].flags).toEqual(['counter-not-integer']);
  });

  it('a sidecar that is not a string key keeps the error in raw', () => {
    const odd = buildStatusReport([reading('n8n-lock-a', '1', 1000), reading('n8n-lock-a:meta', null, 1000, 'WRONGTYPE')], CONTEXT);
    expect(odd.locks[0].sidecar).toEqual({ key: 'n8n-lock-a:meta', ttl_ms: 1000, holder: null, raw: '<WRONGTYPE>' });
    expect(odd.locks[0].flags).toEqual(['sidecar-unparseable']);
  });
});

describe('lockFlags: ttl-drift threshold', () => {
  const counter = (ttl_ms: number | null) => ({ key: 'k', count: 1, ttl_ms });
  const sidecar = (ttl_ms: number | null) => ({ key: 'k:meta', ttl_ms, holder: parseHolder(meta('1', '2025-06-01T12:00:00Z')) });
  it.each([
    [HOUR, HOUR - TTL_DRIFT_THRESHOLD_MS, []],
    [HOUR, HOUR - TTL_DRIFT_THRESHOLD_MS - 1, ['ttl-drift']],
    [HOUR - TTL_DRIFT_THRESHOLD_MS - 1, HOUR, ['ttl-drift']],
    [null, HOUR, ['no-ttl', 'ttl-drift']],
    [HOUR, null, ['ttl-drift']],
    [null, null, ['no-ttl']],
  ])('counter %s ms vs sidecar %s ms -> %j', (counterTtl, sidecarTtl, flags) => {
    expect(lockFlags({ counter: counter(counterTtl), sidecar: sidecar(sidecarTtl) })).toEqual(flags);
  });
});

describe('parseHolder', () => {
  it('accepts the primitives\' JSON; numbers become strings except lock_id, which must be a string', () => {
    expect(parseHolder('{"lock_id":"7","workflow_id":12,"execution_id":7}')).toEqual({ lock_id: '7', workflow_id: '12', workflow_name: null, execution_id: '7', locked_at: null });
    for (const raw of [null, '', 'nope', '[]', 'null', '"str"', '{"lock_id":7}', '{"workflow_id":"x"}']) expect(parseHolder(raw)).toBeNull();
  });
});

describe('settleReport: transient states of healthy traffic are not flagged', () => {
  it('keeps only flags seen in both readings, takes the newer values, drops entries gone since', () => {
    const first = buildStatusReport(
      [
        reading('n8n-lock-acquiring', '1', HOUR), // INCR done, sidecar SET not yet
        reading('n8n-lock-orphan', '1', -1),
        reading('n8n-lock-released', '1', 5000), // release deleted the sidecar, counter next
        reading('n8n-lock-ok', '1', HOUR),
        reading('n8n-lock-ok:meta', meta('1', '2025-06-01T11:00:00Z'), HOUR),
        reading('n8n-ratelimit-fresh-9', '1', -1), // INCR done, EXPIRE not yet
      ],
      CONTEXT,
    );
    expect(keysToRecheck(first)).toEqual([
      'n8n-lock-acquiring',
      'n8n-lock-acquiring:meta',
      'n8n-lock-orphan',
      'n8n-lock-orphan:meta',
      'n8n-lock-released',
      'n8n-lock-released:meta',
      'n8n-ratelimit-fresh-9',
    ]);
    const again = [
      reading('n8n-lock-acquiring', '1', HOUR - 1000),
      reading('n8n-lock-acquiring:meta', meta('5', '2025-06-01T12:00:00.500Z'), HOUR - 900),
      reading('n8n-lock-orphan', '1', -1),
      reading('n8n-lock-orphan:meta', null, -2),
      reading('n8n-lock-released', null, -2),
      reading('n8n-lock-released:meta', null, -2),
      reading('n8n-ratelimit-fresh-9', '2', 59_000),
    ];
    const settled = settleReport(first, again, { ...CONTEXT, nowMs: NOW + 1000, roundTrips: 3 });
    expect(settled.locks.map((lock) => [lock.scope, lock.flags])).toEqual([
      ['acquiring', []],
      ['ok', []],
      ['orphan', ['no-ttl', 'no-sidecar']],
    ]);
    expect(settled.locks[0].sidecar?.holder?.lock_id).toBe('5');
    expect(settled.locks[0].held_for_ms).toBe(500);
    expect(settled.rate_limits).toEqual([{ scope: 'fresh', key: 'n8n-ratelimit-fresh-9', bucket: 9, count: 2, ttl_ms: 59_000, flags: [] }]);
    expect(settled.summary.flagged_locks).toBe(1);
    expect(settled.scan).toEqual({ keys_read: 6 + 7, round_trips: 3 });
  });

  it('a flag that only the second reading shows is not added', () => {
    const first = buildStatusReport([reading('n8n-lock-a', '1', -1)], CONTEXT);
    const settled = settleReport(first, [reading('n8n-lock-a', '1', -1), reading('n8n-lock-a:meta', 'garbage', 1000)], CONTEXT);
    expect(settled.locks[0].flags).toEqual(['no-ttl']);
  });
});

describe('parseReadKeysReply: the read script\'s flat reply', () => {
  it('three slots per key: value, PTTL, type when not a string', () => {
    expect(parseReadKeysReply(['a', 'b', 'c'], ['1', 5000, null, null, -2, null, null, -1, 'hash'])).toEqual([
      { key: 'a', value: '1', pttlMs: 5000 },
      { key: 'b', value: null, pttlMs: -2 },
      { key: 'c', value: null, pttlMs: -1, readError: 'hash: not a string' },
    ]);
  });

  it('a reply of the wrong length is an error, never a silent partial report', () => {
    expect(() => parseReadKeysReply(['a'], ['1', 5000])).toThrow(/unexpected reply/);
    expect(() => parseReadKeysReply(['a'], 'OK')).toThrow(/unexpected reply/);
  });
});
