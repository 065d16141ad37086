// What the page shows (pure): locks with their holder, the execution's link, age, TTL and fence;
// semaphores n/N; rate-limit windows with their next free slot; a page of locks by search.
import { describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/ops/status.js';
import { dashboardState, downState, pageOf, pageQuery, type DashboardReading, type ViewContext } from '../../src/dashboard/view.js';
import { rateLimitRow } from '../../src/dashboard/rate-limits.js';
import { HOUR, meta, NOW, reading } from '../ops/fixtures.js';

const us = (ms: number) => String(ms * 1000);
const CONTEXT: ViewContext = { nowMs: NOW, readMs: 12, redis: 'redis://127.0.0.1:6379/0', n8nUrl: 'https://n8n.example.com', samples: [], latest: null };

function readingOf(keys: ReturnType<typeof reading>[], extra: Partial<DashboardReading> = {}): DashboardReading {
  const report = buildStatusReport(keys, { nowMs: NOW, redis: '', roundTrips: 1, lockNodeWaiters: { blocked: 2 } });
  const rateLimitEntries = new Map(keys.filter((k) => k.entries).map((k) => [k.key, k.entries!]));
  return { serverNowMs: NOW, report, rateLimitEntries, functions: [], queues: [], series: [], ...extra };
}

describe('dashboardState', () => {
  const keys = [
    reading('n8n-lock-billing', '1', HOUR - 12_000),
    reading('n8n-lock-billing:meta', meta('4711', '2025-06-01T11:59:48.000Z', { fence: 17, engine: 'node' }), HOUR - 12_000),
    reading('n8n-lock-orphan', '1', -1),
    { ...reading('n8n-lock-pool:holders', null, 30_000), readError: 'zset: not a string', entries: ['a', String(NOW + 20_000), 'b', String(NOW + 25_000)] },
    { ...reading('n8n-lock-pool:sidecars', null, 30_000), readError: 'hash: not a string', entries: ['a', meta('a', '2025-06-01T11:59:50.000Z', { max_holders: 3 }), 'b', meta('b', '2025-06-01T11:59:55.000Z', { max_holders: 3 })] },
    { ...reading('n8n-ratelimit-openai:log', null, 50_000), readError: 'zset: not a string', entries: ['c1:1', us(NOW - 10_000), 'c2:1', us(NOW - 5_000), 'c3:1', us(NOW)] },
    reading('n8n-ratelimit-api-29166666', '5', 42_000),
  ];
  const state = dashboardState(readingOf(keys), CONTEXT);

  it('a held lock: holder, a link into n8n, age, TTL left and fence', () => {
    expect(state.locks.find((l) => l.scope === 'billing')).toEqual({
      scope: 'billing',
      holder: { lockId: '4711', workflowId: 'AbCdEf0123456789', workflowName: 'Invoice Sync', executionId: '4711', executionUrl: 'https://n8n.example.com/workflow/AbCdEf0123456789/executions/4711', ageMs: 12_000 },
      ttlMs: HOUR - 12_000,
      fence: 17,
      flags: [],
    });
  });

  it('a counter without a sidecar has no holder to unlock by, and keeps its flags', () => {
    expect(state.locks.find((l) => l.scope === 'orphan')).toMatchObject({ holder: null, ttlMs: null, flags: ['no-ttl', 'no-sidecar'] });
  });

  it('a semaphore: n of N and each holder', () => {
    expect(state.semaphores).toEqual([
      {
        scope: 'pool',
        held: 2,
        max: 3,
        holders: [
          expect.objectContaining({ lockId: 'a', ageMs: 10_000, ttlMs: 20_000 }),
          expect.objectContaining({ lockId: 'b', ageMs: 5_000, ttlMs: 25_000 }),
        ],
      },
    ]);
    expect(state.locks.map((l) => l.scope)).toEqual(['billing', 'orphan']);
  });

  it('rate limits: window usage and when a slot frees', () => {
    expect(state.rateLimits).toEqual([
      { scope: 'api', algorithm: 'stock-fixed', usage: '5 calls in this window', nextFree: 'next window in 42s', ttlMs: 42_000, flags: [] },
      // The log expires a window after its newest entry: 50 s, so the oldest (10 s old) leaves in 40 s.
      { scope: 'openai', algorithm: 'sliding-log', usage: '3 calls in the last 50s', nextFree: 'now if below the limit, else in 40s', ttlMs: 50_000, flags: [] },
    ]);
    expect(state.waitersBlocked).toBe(2);
  });

  it('without --n8n-url there is no link', () => {
    expect(dashboardState(readingOf(keys), { ...CONTEXT, n8nUrl: null }).locks[0].holder?.executionUrl).toBeNull();
  });

  it('while Redis cannot be read: the cause, nothing else', () => {
    expect(downState('cannot connect', CONTEXT)).toMatchObject({ up: false, error: 'cannot connect', locks: [], rateLimits: [] });
  });
});

describe('rateLimitRow', () => {
  const base = { scope: 's', key: 'k', bucket: null, count: 0, flags: [] as never[] };
  it('fixed windows: calls in this window, reserved ones, the next window', () => {
    const window = 60_000;
    const current = Math.floor(NOW / window);
    const row = rateLimitRow({ ...base, algorithm: 'fixed', ttl_ms: (current + 2) * window - NOW }, [String(current), '3', String(current + 1), '2'], NOW);
    expect([row.usage, row.nextFree]).toEqual(['3 calls in this 1m00s window, 2 reserved in later windows', 'now if below the limit, else next window in 1m00s']);
  });

  it('token bucket: tokens left, or reserved and when it is full again', () => {
    expect(rateLimitRow({ ...base, algorithm: 'token-bucket', ttl_ms: 5_000 }, ['tokens', '3.5', 'ts', '1'], NOW)).toMatchObject({ usage: '3 tokens left', nextFree: 'now' });
    expect(rateLimitRow({ ...base, algorithm: 'token-bucket', ttl_ms: 9_000 }, ['tokens', '-2', 'ts', '1'], NOW)).toMatchObject({ usage: '0 tokens left, 2 reserved', nextFree: 'as it refills (full in 8s)' });
  });

  it('a sliding log with calls reserved ahead', () => {
    const row = rateLimitRow({ ...base, algorithm: 'sliding-log', ttl_ms: 70_000 }, ['a:1', us(NOW - 5_000), 'b:1', us(NOW + 10_000)], NOW);
    expect([row.usage, row.nextFree]).toEqual(['1 call in the last 1m00s, 1 reserved ahead', 'after the reserved calls: in 10s; when full, in 55s']);
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 120 }, (_, i) => [reading(`n8n-lock-${i % 2 ? 'billing' : 'crm'}-${String(i).padStart(3, '0')}`, '1', 60_000), reading(`n8n-lock-${i % 2 ? 'billing' : 'crm'}-${String(i).padStart(3, '0')}:meta`, meta(String(i), '2025-06-01T11:59:00.000Z'), 60_000)]).flat();
  const state = dashboardState(readingOf(many), CONTEXT);

  it('pages the locks', () => {
    const third = pageOf(state, pageQuery({ page: '3' }));
    expect([third.page, third.pages, third.locks.rows.length, third.locks.matching, third.locks.total]).toEqual([3, 3, 20, 120, 120]);
    expect(pageOf(state, pageQuery({ page: '99' })).page).toBe(3);
  });

  it('searches by scope: a part of it, or a glob', () => {
    expect(pageOf(state, pageQuery({ q: 'BILLING-00' })).locks.rows.map((l) => l.scope)).toEqual(['billing-001', 'billing-003', 'billing-005', 'billing-007', 'billing-009']);
    const glob = pageOf(state, pageQuery({ q: 'crm-1?0', size: '10' }));
    expect([glob.locks.matching, glob.locks.rows.map((l) => l.scope)]).toEqual([2, ['crm-100', 'crm-110']]);
  });

  it('takes odd parameters as the first page of everything', () => {
    expect(pageQuery({ q: null, page: 'x', size: '-5' })).toEqual({ search: '', page: 1, size: 50 });
    expect(pageQuery({ size: '100000' }).size).toBe(500);
    expect(pageOf(state, pageQuery({ q: '[' })).locks.matching).toBe(0); // not a glob: searched as text
  });
});
