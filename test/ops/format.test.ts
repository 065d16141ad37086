import { describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/ops/status.js';
import { formatDuration, formatStatusJson, formatStatusTable, formatTtl, renderTable } from '../../src/ops/format.js';
import { MIXED_KEYSPACE, NOW } from './fixtures.js';

const report = buildStatusReport(MIXED_KEYSPACE, { nowMs: NOW, redis: 'redis://:***@redis.internal:6379/0', roundTrips: 2 });

describe('formatDuration / formatTtl', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [59_999, '59s'],
    [60_000, '1m00s'],
    [3_599_000, '59m59s'],
    [3_600_000, '1h00m'],
    [86_399_000, '23h59m'],
    [86_400_000, '1d00h'],
    [3 * 86_400_000 + 5 * 3_600_000, '3d05h'],
    [-3_000, '-3s'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('null TTL is "never", an absent key "-"', () => {
    expect(formatTtl(null)).toBe('never');
    expect(formatTtl(undefined)).toBe('-');
  });
});

describe('formatStatusTable', () => {
  it('renders locks, buckets and the advice for each flag present', () => {
    expect(formatStatusTable(report)).toBe(`Redis redis://:***@redis.internal:6379/0 (default: no --redis-url, $N8N_LOCK_REDIS_URL or --env) at 2025-06-01T12:00:00.000Z

LOCKS: 6 locks, 5 flagged
SCOPE           COUNT  TTL                  HELD FOR  HOLDER                                         LOCK ID  WAITERS  FLAGS
billing-sync        1  59m48s               12s       Invoice Sync (wf AbCdEf0123456789, exec 4711)  4711     ?        ok
crm:contact-42      2  10m00s               -         -                                              -        ?        no-sidecar
drifting            5  1h00m (meta 30m00s)  30m00s    CRM Import (wf AbCdEf0123456789, exec 99)      99       ?        ttl-drift
garbled             1  1m00s                -         (unparseable :meta)                            -        ?        sidecar-unparseable
gone                -  - (meta 30s)         1h00m     Invoice Sync (wf AbCdEf0123456789, exec 12)    12       ?        sidecar-without-counter
orphan              1  never                -         -                                              -        ?        no-ttl,no-sidecar
WAITERS: ? per scope (not recorded per scope: stock waiters poll with GET and leave no trace; the Lock node's wait in BLPOP, and Redis does not say on which key); Lock-node waiters blocked right now, all scopes: unknown (not read)

RATE LIMITS: 3 buckets, 1 flagged
SCOPE          BUCKET  COUNT    TTL  FLAGS
api-user-12  29166666      5    42s  ok
api-user-12  29166665     60     2s  ok
leaky               7      3  never  no-ttl

FLAGS
  no-ttl (1): counter has no TTL: it will never free itself. If no execution still runs the critical section, delete it: n8n-lock unlock <scope> --force
  no-sidecar (2): counter without its :meta sidecar: nobody can prove ownership (crash between INCR and SET, or the sidecar expired first). Wait for the TTL or: n8n-lock unlock <scope> --force
  sidecar-without-counter (1): stale :meta without a counter: the lock is free; harmless, it expires with its TTL or is overwritten by the next holder
  ttl-drift (1): counter and :meta TTLs differ by more than 10 s: some caller re-applies EXPIRE (INCR-first design, or callers with different ttl_seconds). Fix the callers (n8n-lock validate)
  sidecar-unparseable (1): :meta is not the JSON {lock_id, ...} the primitives write: release and cleanup cannot match it. Inspect it, then: n8n-lock unlock <scope> --force
  no-ttl on a rate-limit bucket: it never expires (the INCR ran without expire). Harmless for limiting (buckets rotate), but it leaks; delete it with redis-cli DEL
`);
  });

  it('an empty Redis is two short lines, no headers, no flags section', () => {
    expect(formatStatusTable(buildStatusReport([], { nowMs: NOW, redis: 'redis://127.0.0.1:6379/0', redisSource: 'envs/dev.yml', roundTrips: 1, scopeGlob: 'x*' }))).toBe(
      'Redis redis://127.0.0.1:6379/0 (from envs/dev.yml) at 2025-06-01T12:00:00.000Z, scope x*\n\nLOCKS: 0 locks, 0 flagged\n\nRATE LIMITS: 0 buckets, 0 flagged\n',
    );
  });

  it('the first line says where the URL came from, and says so loudest for the default', () => {
    const firstLine = (redisSource?: string) => formatStatusTable(buildStatusReport([], { nowMs: NOW, redis: 'redis://127.0.0.1:6379/0', redisSource, roundTrips: 1 })).split('\n')[0];
    expect(firstLine(undefined)).toBe('Redis redis://127.0.0.1:6379/0 (default: no --redis-url, $N8N_LOCK_REDIS_URL or --env) at 2025-06-01T12:00:00.000Z');
    expect(firstLine('--redis-url')).toBe('Redis redis://127.0.0.1:6379/0 (from --redis-url) at 2025-06-01T12:00:00.000Z');
    expect(firstLine('$N8N_LOCK_REDIS_URL')).toBe('Redis redis://127.0.0.1:6379/0 (from $N8N_LOCK_REDIS_URL) at 2025-06-01T12:00:00.000Z');
  });

  it('cuts very long scopes and holders so the columns stay readable', () => {
    const long = 'x'.repeat(100);
    const text = formatStatusTable(buildStatusReport([{ key: `n8n-lock-${long}`, value: '1', pttlMs: 1000 }], { nowMs: NOW, redis: 'r', roundTrips: 1 }));
    expect(text).toContain(`${'x'.repeat(47)}…`);
    expect(text).not.toContain('x'.repeat(48));
  });

  it('renderTable pads every column but the last and right-aligns numbers', () => {
    expect(renderTable(['A', 'N', 'Z'], [['long', '7', 'end'], ['s', '123', 'e']], ['left', 'right'])).toEqual(['A       N  Z', 'long    7  end', 's     123  e']);
  });

  it('renders 100,000 rows without overflowing the stack', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [`scope-${i}`, '1']);
    expect(renderTable(['SCOPE', 'COUNT'], rows)).toHaveLength(100_001);
  });
});

describe('formatStatusJson: the documented shape', () => {
  it('is the report, two-space indented, keys in a fixed order', () => {
    const text = formatStatusJson(report);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(text);
    expect(parsed).toEqual(report);
    expect(Object.keys(parsed)).toEqual(['version', 'generated_at', 'redis', 'redis_source', 'scope_glob', 'summary', 'locks', 'waiters', 'rate_limits', 'scan']);
    expect(Object.keys(parsed.locks[0])).toEqual(['scope', 'counter', 'sidecar', 'held_for_ms', 'flags', 'waiters']);
    expect(Object.keys(parsed.rate_limits[0])).toEqual(['scope', 'key', 'bucket', 'count', 'ttl_ms', 'flags']);
    expect(parsed.version).toBe(1);
  });
});
