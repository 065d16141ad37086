// Executes every Code-node body: directly as the function in src/primitives/code/*.js, and as the
// emitted jsCode string in a vm, with fake $input / $('Node') / $execution.
import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest';
import * as acquisition from '../../src/primitives/code/lock-acquisition.js';
import * as release from '../../src/primitives/code/lock-release.js';
import * as cleanup from '../../src/primitives/code/error-handler-lock-cleanup.js';
import * as rateLimit from '../../src/primitives/code/rate-limit-check.js';
import * as rateLimitSliding from '../../src/primitives/code/rate-limit-sliding.js';
import { PRIMITIVES } from '../../src/primitives/index.js';
import { directContext, runCodeNode, type CodeNodeContext } from '../support/code-node.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
// Bodies read the clock (deadline_ms, locked_at, bucket): every test runs on a frozen clock so the
// direct call and the emitted jsCode see the same time.
beforeEach(() => freezeTime());
afterEach(() => vi.useRealTimers());
function freezeTime() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

function jsCode(primitive: keyof typeof PRIMITIVES, node: string, lockScopes = '[]'): string {
  const found = PRIMITIVES[primitive].build().nodes.find((n) => n.name === node);
  return String(found!.parameters.jsCode).replace('{{@:env:lockScopes}}', lockScopes);
}

/** Runs a body both ways and checks they agree. */
async function both(fn: (ctx: any) => any, code: string, context: CodeNodeContext, extra: Record<string, unknown> = {}) {
  const direct = fn({ ...directContext(context), ...extra });
  const emitted = await runCodeNode(code, context);
  expect(JSON.parse(JSON.stringify(emitted))).toEqual(JSON.parse(JSON.stringify(direct)));
  return direct.map((i: any) => i.json);
}

const item = (json: Record<string, unknown>) => [{ json }];

describe('lock_acquisition: Build Lock Context', () => {
  const code = jsCode('lock_acquisition', 'Build Lock Context');
  const run = (json: Record<string, unknown>) => {
    freezeTime(); // deadline_ms is computed from the clock: both runs must see the same one
    return both(acquisition.buildLockContext, code, { input: item(json), executionId: 'sub-9' });
  };

  it('applies the defaults to unmapped (null) inputs', async () => {
    freezeTime();
    const [ctx] = await run({ scope: 'sheet', ttl_seconds: null, execution_id: 'e1', wait_till_lock_released: null, max_wait_seconds: null, lock_id: null, workflow_id: null, workflow_name: null, poll_seconds: null });
    expect(ctx).toEqual({
      scope: 'sheet', key: 'n8n-lock-sheet', meta_key: 'n8n-lock-sheet:meta', ttl_seconds: 300, wait_till_lock_released: true,
      max_wait_seconds: 300, poll_seconds: 0.5, execution_id: 'e1', lock_id: 'e1', workflow_id: '', workflow_name: '', deadline_ms: NOW + 300_000,
    });
  });

  it('keeps explicit values, fractional polls and fail-fast', async () => {
    freezeTime();
    const [ctx] = await run({ scope: ' crm-42 ', ttl_seconds: 5.2, execution_id: 'e1', wait_till_lock_released: false, max_wait_seconds: 3, lock_id: 'L', workflow_id: 'W', workflow_name: 'Flow', poll_seconds: 0.1 });
    expect(ctx).toMatchObject({ scope: 'crm-42', ttl_seconds: 6, wait_till_lock_released: false, max_wait_seconds: 3, poll_seconds: 0.1, lock_id: 'L', workflow_id: 'W', workflow_name: 'Flow', deadline_ms: NOW + 3000 });
  });

  it('normalises the string "false" and ignores nonsense numbers', async () => {
    const [ctx] = await run({ scope: 's', wait_till_lock_released: 'false', ttl_seconds: 'abc', max_wait_seconds: -1, execution_id: 'e' });
    expect(ctx.wait_till_lock_released).toBe(false);
    expect(ctx.ttl_seconds).toBe(300);
    expect(ctx.max_wait_seconds).toBe(300);
  });

  it('falls back to the sub-workflow execution id only to keep the field non-empty', async () => {
    const [ctx] = await run({ scope: 's', execution_id: null, lock_id: null });
    expect(ctx.execution_id).toBe('sub-9');
    expect(ctx.lock_id).toBe('sub-9');
  });

  it.each([null, '', '   ', undefined])('rejects a missing scope (%s)', async (scope) => {
    expect(() => acquisition.buildLockContext(directContext({ input: item({ scope }) }))).toThrow('lock_acquisition: scope is required');
    await expect(runCodeNode(code, { input: item({ scope }) })).rejects.toThrow('lock_acquisition: scope is required');
  });
});

describe('lock_acquisition: Check Lock State / Evaluate Acquired / Build Acquire Output', () => {
  const context = { scope: 's', key: 'n8n-lock-s', meta_key: 'n8n-lock-s:meta', lock_id: 'L', execution_id: 'E', workflow_id: 'W', workflow_name: 'N', deadline_ms: 1 };
  const nodes = { 'Build Lock Context': item(context) };

  it.each([
    [null, true],
    ['', true],
    ['1', false],
    ['3', false],
  ])('lock_value %s -> free %s', async (value, free) => {
    const [out] = await both(acquisition.checkLockState, jsCode('lock_acquisition', 'Check Lock State'), { input: item({ lock_value: value }), nodes });
    expect(out).toEqual({ ...context, free });
  });

  it('count 1 acquires and stamps locked_at', async () => {
    freezeTime();
    const [out] = await both(acquisition.evaluateAcquired, jsCode('lock_acquisition', 'Evaluate Acquired'), { input: item({ 'n8n-lock-s': 1 }), nodes });
    expect(out).toEqual({ ...context, count: 1, acquired: true, locked_at: new Date(NOW).toISOString() });
  });

  it('count 2 lost the race', async () => {
    const [out] = await both(acquisition.evaluateAcquired, jsCode('lock_acquisition', 'Evaluate Acquired'), { input: item({ 'n8n-lock-s': 2 }), nodes });
    expect(out).toMatchObject({ count: 2, acquired: false, locked_at: null });
  });

  it('reads the INCR result even when the property is not exactly the key', async () => {
    const [out] = await both(acquisition.evaluateAcquired, jsCode('lock_acquisition', 'Evaluate Acquired'), { input: item({ other: 1 }), nodes });
    expect(out.acquired).toBe(true);
  });

  it('Build Acquire Output surfaces exactly the documented fields', async () => {
    const held = { ...context, count: 1, acquired: true, locked_at: 'T', ttl_seconds: 5, deadline_ms: 9, free: true };
    const [out] = await both(acquisition.buildAcquireOutput, jsCode('lock_acquisition', 'Build Acquire Output'), { input: item(held) });
    expect(out).toEqual({ acquired: true, count: 1, scope: 's', lock_id: 'L', key: 'n8n-lock-s', meta_key: 'n8n-lock-s:meta', workflow_id: 'W', workflow_name: 'N', execution_id: 'E', locked_at: 'T' });
  });
});

describe('lock_release', () => {
  const ctx = { scope: 's', key: 'n8n-lock-s', meta_key: 'n8n-lock-s:meta', provided_lock_id: 'L1' };
  const nodes = { 'Build Release Context': item(ctx) };
  const verify = (lock_meta: unknown) => both(release.verifyOwnership, jsCode('lock_release', 'Verify Ownership'), { input: item({ lock_meta }), nodes });

  it('Build Release Context computes the keys', async () => {
    const [out] = await both(release.buildReleaseContext, jsCode('lock_release', 'Build Release Context'), { input: item({ scope: 's', lock_id: 'L1' }) });
    expect(out).toEqual(ctx);
  });

  it('requires scope and lock_id', () => {
    expect(() => release.buildReleaseContext(directContext({ input: item({ scope: '', lock_id: 'x' }) }))).toThrow('lock_release: scope is required');
    expect(() => release.buildReleaseContext(directContext({ input: item({ scope: 's', lock_id: null }) }))).toThrow(/lock_id is required/);
  });

  it('absent sidecar: released, idempotent', async () => {
    expect(await verify(null)).toEqual([{ released: true, idempotent: true, scope: 's', lock_id: 'L1' }]);
  });

  it('matching sidecar: released, not idempotent', async () => {
    expect(await verify(JSON.stringify({ lock_id: 'L1', execution_id: '7' }))).toEqual([{ released: true, idempotent: false, scope: 's', lock_id: 'L1' }]);
  });

  it('foreign sidecar: LOGIC ERROR naming the holder', async () => {
    const [out] = await verify(JSON.stringify({ lock_id: 'L2', workflow_id: 'W2', workflow_name: 'Other', execution_id: '8', locked_at: '2026-01-01T00:00:00.000Z' }));
    expect(out.released).toBe(false);
    expect(out.message).toBe("LOGIC ERROR: lock on 's' is held by Other (workflow W2, execution 8) since 2026-01-01T00:00:00.000Z, not by lock_id L1");
  });

  it('unparseable sidecar: not released, LOGIC ERROR that points at the operator tools', async () => {
    const [out] = await verify('{not json');
    expect(out.released).toBe(false);
    expect(out.message).toMatch(/^LOGIC ERROR: lock on 's' has an unreadable sidecar/);
  });
});

describe('error_handler_lock_cleanup', () => {
  const payload = { execution: { id: '47', error: { message: 'boom' } }, workflow: { id: 'WF', name: 'Flow' } };
  // Input: Find Lock Sidecars' one item `{ keys }`; the payload comes from the Error Trigger.
  const prepare = (scopes: string, keys: unknown = [], json: Record<string, unknown> = payload) =>
    both(cleanup.prepareScopeList, jsCode('error_handler_lock_cleanup', 'Prepare Scope List', scopes), { input: item({ keys }), nodes: { 'Error Trigger': item(json) } }, { lockScopes: JSON.parse(scopes) });

  it('no sidecar and empty lockScopes: no item, so n8n runs nothing after it', async () => {
    expect(await prepare('[]')).toEqual([]);
  });

  it('fans out one item per distinct scope: found sidecars (dynamic scopes too), then lockScopes', async () => {
    const out = await prepare('["a", "b", "a", ""]', ['n8n-lock-crm-42:meta', 'n8n-lock-a:meta', 'n8n-lock-x:y:meta', 'other:meta', 'n8n-lock-:meta']);
    expect(out.map((o: any) => [o.scope, o.key, o.meta_key, o.failed_execution_id])).toEqual([
      ['a', 'n8n-lock-a', 'n8n-lock-a:meta', '47'],
      ['crm-42', 'n8n-lock-crm-42', 'n8n-lock-crm-42:meta', '47'],
      ['x:y', 'n8n-lock-x:y', 'n8n-lock-x:y:meta', '47'],
      ['b', 'n8n-lock-b', 'n8n-lock-b:meta', '47'],
    ]);
  });

  it('found sidecars alone are enough (an env without lockScopes); a missing keys list counts as none', async () => {
    expect((await prepare('[]', ['n8n-lock-crm-7:meta'])).map((o: any) => o.scope)).toEqual(['crm-7']);
    expect((await prepare('["s"]', undefined)).map((o: any) => o.scope)).toEqual(['s']);
  });

  it('a trigger failure without execution id matches nothing: no item', async () => {
    expect(await prepare('["a"]', ['n8n-lock-b:meta'], { execution: {}, workflow: {} })).toEqual([]);
  });

  const prepared = ['a', 'b', 'c', 'd'].map((scope) => ({ json: { scope, key: `n8n-lock-${scope}`, meta_key: `n8n-lock-${scope}:meta`, failed_execution_id: '47' } }));

  it('keeps only scopes whose sidecar names the failed execution', async () => {
    const metas = [JSON.stringify({ execution_id: '47' }), JSON.stringify({ execution_id: '48' }), null, 'garbage'];
    const out = await both(cleanup.filterOwnedScopes, jsCode('error_handler_lock_cleanup', 'Filter Owned Scopes'), {
      input: metas.map((lock_meta) => ({ json: { lock_meta } })),
      nodes: { 'Prepare Scope List': prepared },
    });
    expect(out.map((o: any) => [o.scope, o.owned, o.holder_execution_id])).toEqual([
      ['a', true, '47'],
      ['b', false, '48'],
      ['c', false, null],
      ['d', false, null],
    ]);
  });

  it('Log Cleanup summarises owned scopes', async () => {
    const filtered = prepared.map((p, i) => ({ json: { ...p.json, owned: i === 0 } }));
    const [out] = await both(cleanup.logCleanup, jsCode('error_handler_lock_cleanup', 'Log Cleanup'), {
      input: [],
      nodes: { 'Prepare Scope List': prepared, 'Filter Owned Scopes': filtered },
    });
    expect(out).toEqual({ cleaned: true, cleaned_count: 1, scopes: ['a'], checked_scopes: ['a', 'b', 'c', 'd'], failed_execution_id: '47' });
  });

  it('Log Cleanup with nothing owned', async () => {
    const filtered = prepared.map((p) => ({ json: { ...p.json, owned: false } }));
    const [none] = await both(cleanup.logCleanup, jsCode('error_handler_lock_cleanup', 'Log Cleanup'), { input: [], nodes: { 'Prepare Scope List': prepared, 'Filter Owned Scopes': filtered } });
    expect(none).toMatchObject({ cleaned: false, cleaned_count: 0, scopes: [] });
  });
});

describe('rate_limit_check', () => {
  it('Build Bucket Key puts the window number in the key', async () => {
    freezeTime();
    const [out] = await both(rateLimit.buildBucketKey, jsCode('rate_limit_check', 'Build Bucket Key'), { input: item({ scope: 'api', limit: 5, windowSeconds: 10 }) });
    const bucket = Math.floor(NOW / 10_000);
    expect(out).toEqual({ scope: 'api', limit: 5, windowSeconds: 10, ttl_seconds: 10, bucket, key: `n8n-ratelimit-api-${bucket}` });
  });

  it.each([
    [{ scope: '', limit: 1, windowSeconds: 1 }, 'scope is required'],
    [{ scope: 's', limit: 0, windowSeconds: 1 }, 'limit must be a number > 0'],
    [{ scope: 's', limit: null, windowSeconds: 1 }, 'limit must be a number > 0'],
    [{ scope: 's', limit: 1, windowSeconds: -2 }, 'windowSeconds must be a number > 0'],
  ])('rejects %j', (json, message) => {
    expect(() => rateLimit.buildBucketKey(directContext({ input: item(json) }))).toThrow(message);
  });

  it.each([
    [4, true],
    [5, true],
    [6, false],
  ])('count %i against limit 5 -> allowed %s', async (count, allowed) => {
    const key = 'n8n-ratelimit-api-1';
    const [out] = await both(rateLimit.buildResult, jsCode('rate_limit_check', 'Build Result'), {
      input: item({ [key]: count }),
      nodes: { 'Build Bucket Key': item({ scope: 'api', limit: 5, key }) },
    });
    expect(out).toEqual({ allowed, scope: 'api', count, limit: 5 });
  });
});

describe('rate_limit_sliding', () => {
  it('Build Window Keys: this and the previous window, and the weight of the previous one', async () => {
    // NOW is 12:00:00 UTC; a 7 s window: NOW sits 3/7 of the way into its window.
    const [out] = await both(rateLimitSliding.buildWindowKeys, jsCode('rate_limit_sliding', 'Build Window Keys'), { input: item({ scope: 'api', limit: 5, windowSeconds: 7 }) });
    const bucket = Math.floor(NOW / 7000);
    const into = (NOW - bucket * 7000) / 7000;
    expect(out).toEqual({ scope: 'api', limit: 5, windowSeconds: 7, ttl_seconds: 14, bucket, key: `n8n-ratelimit-api-${bucket}`, previous_key: `n8n-ratelimit-api-${bucket - 1}`, previous_weight: 1 - into });
    expect(out.previous_weight).toBeGreaterThan(0);
    expect(out.previous_weight).toBeLessThanOrEqual(1);
  });

  it.each([
    [{ scope: ' ', limit: 1, windowSeconds: 1 }, 'rate_limit_sliding: scope is required'],
    [{ scope: 's', limit: -1, windowSeconds: 1 }, 'rate_limit_sliding: limit must be a number > 0'],
    [{ scope: 's', limit: 1, windowSeconds: null }, 'rate_limit_sliding: windowSeconds must be a number > 0'],
  ])('rejects %j', (json, message) => {
    expect(() => rateLimitSliding.buildWindowKeys(directContext({ input: item(json) }))).toThrow(message);
  });

  it.each([
    // previous count, weight, this window's count -> estimate, allowed (limit 5)
    [null, 0.5, 1, 1, true],
    ['4', 0.5, 3, 5, true],
    ['4', 0.5, 4, 6, false],
    ['10', 0.01, 5, 5.1, false],
    ['not a number', 0.9, 5, 5, true],
  ])('previous %s x %s + count %i = %s -> allowed %s', async (previous, weight, count, estimate, allowed) => {
    const key = 'n8n-ratelimit-api-2';
    const [out] = await both(rateLimitSliding.buildResult, jsCode('rate_limit_sliding', 'Build Result'), {
      input: item({ [key]: count }),
      nodes: {
        'Build Window Keys': item({ scope: 'api', limit: 5, key, previous_weight: weight }),
        'GET Previous Window': item({ previous_count: previous }),
      },
    });
    expect(out).toEqual({ allowed, scope: 'api', count, limit: 5, estimate, previous_count: previous === null || previous === 'not a number' ? 0 : Number(previous) });
  });
});
