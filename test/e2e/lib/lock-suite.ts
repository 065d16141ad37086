// The real thing: n8n 2.41 and redis-server, running the JSON n8n-lock emits and patches, in
// regular mode (one n8n process, SQLite) and in queue mode (main + 2 workers running the
// executions, PostgreSQL). Every scenario logs its numbers with the mode; `npm run test:e2e`
// prints them. One definition, run once per mode by lock.<mode>.e2e.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumersKey, GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';
import { INSTALL_ROUTE, log, median, N8N_1X, N8N_VERSION, selectedModes, sleep, waitFor, type E2eMode, type N8nServer, type RedisServer } from '../harness/index.js';
import { useStack } from '../harness/vitest.js';
import { buildRepository, envIds, n8nLock, REDIS_CREDENTIAL_ID, type Deployment } from './deploy.js';
import { defineDeployScenario } from './deploy-scenario.js';
import { webhookPaths } from './fixtures.js';
import { maxInAnyWindow } from '../../model/rate-limit.js';

const key = (scope: string) => `n8n-lock-${scope}`;

export function overlaps(intervals: Array<{ start: number; end: number }>): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let count = 0;
  for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length && sorted[j].start < sorted[i].end; j++) count++;
  return count;
}


/**
 * What the `n8n-version:` line reports, by the scenarios that prove it: the stock lock under
 * contention and error cleanup, the native Lock and Rate Limit nodes, one function call, deploy
 * then pull (the package is installed by the stack).
 */
const VERSION_CHECKS = { stock_lock: ['1', '5'], native: ['12', '15'], functions: ['17'], deploy: ['deploy'] } as const;
/** A scenario's title starts with its number, the deploy scenario's with "13. deploy". */
const titlePrefix = (scenario: string) => (scenario === 'deploy' ? '13. deploy' : `${scenario}. `);

/** N8N_LOCK_E2E_SMOKE=1 (the n8n-version matrix on other n8n versions): only those scenarios. */
const SMOKE = process.env.N8N_LOCK_E2E_SMOKE === '1';
const SMOKE_SET = new Set<string>(['pinned', ...Object.values(VERSION_CHECKS).flat()]);
const picked = (scenario: string) => !SMOKE || SMOKE_SET.has(scenario);

export function defineLockSuite(mode: E2eMode, engine: 'stock' | 'node' = 'stock'): void {
  const selected = selectedModes().includes(mode);
  if (!selected) log(`lock scenarios in ${mode} mode (engine ${engine}): not selected (N8N_LOCK_E2E_MODE=${process.env.N8N_LOCK_E2E_MODE})`);
  describe.skipIf(!selected)(`n8n ${N8N_VERSION} + redis-server, ${mode} mode, ${engine} engine`, () => {
    let deployment: Deployment;
    // One n8n (queue mode: main + 2 workers) + redis-server for the whole file: the repository is
    // built with the real CLI inside the stack's directory, rendered, imported and published; the
    // stack waits for every webhook and worker.
    const stack = useStack({
      name: `n8n-lock-e2e-${mode}-${engine}`,
      mode,
      // The native engine's Lock node comes from the community package, installed as a user would.
      nodePackage: engine === 'node',
      // Deployed as a user would: `n8n-lock deploy` through n8n's public API (ids minted by n8n
      // and written back into envs/e2e.yml, everything that must run published, published).
      // Regular mode deploys with one package import, queue mode workflow by workflow: both
      // paths of deploy run every scenario. n8n 1.x has no package import: workflow by workflow.
      deploy: (dir) => {
        deployment = buildRepository(dir, engine, mode === 'queue' || N8N_1X ? 'api' : 'package');
        return { repo: deployment.repo, env: 'e2e', via: deployment.via };
      },
      webhookPaths: webhookPaths(engine),
      redisCredential: { id: REDIS_CREDENTIAL_ID, name: 'Redis e2e' },
    });
    let n8n: N8nServer;
    let redis: RedisServer;
    beforeAll(() => {
      if (stack.current) ({ n8n, redis } = stack.current);
      if (deployment) deployment.ids = envIds(deployment.repo);
    });
    // The native suite proves everything the n8n-version line names: print it from the outcomes.
    if (engine === 'node') {
      afterAll(({}, suite) => {
        // vitest hands afterAll the suite it was declared in, its tests finished.
        const tests = suite.tasks.filter((task) => task.type === 'test');
        const verdict = (scenarios: readonly string[]) => {
          const proving = tests.filter((t) => scenarios.some((scenario) => t.name.startsWith(titlePrefix(scenario))));
          return proving.length > 0 && proving.every((t) => t.result?.state === 'pass') ? 'ok' : 'fail';
        };
        const v = Object.fromEntries(Object.entries(VERSION_CHECKS).map(([name, scenarios]) => [name, verdict(scenarios)]));
        const installed = stack.current?.nodePackage ? INSTALL_ROUTE : 'fail';
        log(`n8n-version: version=${N8N_VERSION} mode=${mode} stock_lock=${v.stock_lock} native=${v.native} functions=${v.functions} package=${installed} deploy=${v.deploy}`);
      });
    }
    const queue = mode === 'queue';

    /** The sidecar of a scope once its holder has taken it. */
    async function holderOf(scope: string): Promise<{ execution_id: string; locked_at: string; lock_id: string }> {
      return waitFor(`a holder of ${scope}`, 5000, async () => {
        const raw = await redis.client.get(key(scope) + ':meta');
        return raw ? JSON.parse(raw) : undefined;
      }, 100);
    }

    /**
     * A scope's lock, looked at once per look(): while `executionId` holds it (its sidecar says so)
     * its TTL must only go down (ttlIncreased); the first look that finds another holder or none
     * sets freedAt.
     */
    function lockWatch(scope: string, executionId: string) {
      const watch = { freedAt: 0, ttlIncreased: false, previousTtl: Infinity };
      const look = async () => {
        const [[, raw], [, ttl]] = (await redis.client.multi().get(key(scope) + ':meta').pttl(key(scope)).exec()) as [[null, string | null], [null, number]];
        if (raw && JSON.parse(raw).execution_id === executionId) {
          if (ttl > watch.previousTtl + 50) watch.ttlIncreased = true;
          watch.previousTtl = ttl;
        } else if (!watch.freedAt) watch.freedAt = Date.now();
      };
      return Object.assign(watch, { look });
    }

    async function intervalsOf(list: string) {
      return (await redis.client.lrange(list, 0, -1)).map((s) => JSON.parse(s) as { start: number; end: number; execution: string });
    }

    /** Queue mode: `workers=2 jobs=[a,b]`, the executions each worker started since `before`. */
    function jobsSince(before: number[]): { line: string; jobs: number[] } {
      const jobs = n8n.jobsPerWorker().map((n, i) => n - (before[i] ?? 0));
      return { line: queue ? ` workers=${n8n.workers.length} jobs=[${jobs.join(',')}]` : '', jobs };
    }

  it.runIf(picked('pinned'))(`runs the pinned n8n ${N8N_VERSION}`, () => {
    expect(n8n.version).toBe(N8N_VERSION);
    expect(n8n.mode).toBe(mode);
    expect(n8n.workers.length).toBe(queue ? 2 : 0);
  });

  const callers = queue ? 40 : 20;
  it.runIf(picked('1'))(`1. mutual exclusion: ${callers} concurrent callers never overlap in the critical section`, async () => {
    const before = n8n.jobsPerWorker();
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: callers }, () => n8n.call('critical')));
    const wall = (Date.now() - started) / 1000;
    const intervals = await intervalsOf('e2e-intervals');
    const found = overlaps(intervals);
    const sorted = [...intervals].sort((a, b) => a.start - b.start);
    const gaps = sorted.slice(1).map((x, i) => x.start - sorted[i].end);
    await sleep(500); // the workers' "started execution" lines are all written by now
    const { line, jobs } = jobsSince(before);
    log(`scenario 1: mode=${mode} engine=${engine} overlaps=${found} ok=${responses.filter((r) => r.status === 200).length}/${callers}${line} wall=${wall.toFixed(1)}s serial-bound=${(callers * 0.3).toFixed(1)}s handover median=${median(gaps)}ms max=${Math.max(...gaps)}ms`);
    expect(responses.map((r) => r.status)).toEqual(Array(callers).fill(200));
    expect(intervals).toHaveLength(callers);
    expect(found).toBe(0);
    expect(await redis.client.exists(key('e2e-mutex'), key('e2e-mutex') + ':meta')).toBe(0);
    if (queue) {
      // Every execution ran on a worker, and both workers ran some: contention really crossed processes.
      expect(jobs.reduce((a, b) => a + b, 0)).toBe(callers);
      expect(jobs.every((n) => n > 0)).toBe(true);
      const workersOfSection = new Set(intervals.map((i) => n8n.workerOf(i.execution)?.name));
      expect(workersOfSection.size).toBe(2);
    }
  });

  it.runIf(engine === 'node' && picked('12'))('12. mixed scope: half the callers use the stock primitives, half the native Lock node; they never overlap', async () => {
    const half = queue ? 20 : 10;
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 2 * half }, (_, i) => n8n.call(i % 2 === 0 ? 'mixed-stock' : 'mixed-native')));
    const wall = (Date.now() - started) / 1000;
    const intervals = await intervalsOf('e2e-mixed-intervals');
    const found = overlaps(intervals);
    log(`scenario 12: mode=${mode} engine=mixed overlaps=${found} ok=${responses.filter((r) => r.status === 200).length}/${2 * half} (${half} stock + ${half} native) wall=${wall.toFixed(1)}s serial-bound=${(2 * half * 0.1).toFixed(1)}s`);
    expect(responses.map((r) => r.status)).toEqual(Array(2 * half).fill(200));
    expect(intervals).toHaveLength(2 * half);
    expect(found).toBe(0);
    expect(await redis.client.exists(key('e2e-mixed'), key('e2e-mixed') + ':meta')).toBe(0);
  });

  // ---- capacity (issue #21): the native engine only; each prints the line the issue names ----

  /** The most intervals open at one instant. */
  const mostAtOnce = (intervals: Array<{ start: number; end: number }>) => {
    const events = intervals.flatMap((i) => [[i.start, 1], [i.end, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let open = 0;
    let most = 0;
    for (const [, delta] of events) most = Math.max(most, (open += delta));
    return most;
  };

  it.runIf(engine === 'node' && picked('13'))('13. semaphore: 30 callers, Max Holders 3: never more than 3 inside, and 3 at some point', async () => {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 30 }, () => n8n.call('semaphore')));
    const wall = (Date.now() - started) / 1000;
    const intervals = await intervalsOf('e2e-semaphore-intervals');
    const seen = mostAtOnce(intervals);
    const ok = responses.filter((r) => r.status === 200).length;
    log(`semaphore: mode=${mode} callers=30 max_holders=3 holders_max_seen=${seen} ok=${ok}/30`);
    log(`scenario 13: mode=${mode} engine=${engine} semaphore wall=${wall.toFixed(1)}s bound=${((30 / 3) * 0.5).toFixed(1)}s (30 sections of 0.5 s, 3 at a time)`);
    expect(ok).toBe(30);
    expect(intervals).toHaveLength(30);
    expect(seen).toBe(3);
    expect(await redis.client.exists(key('e2e-semaphore') + ':holders', key('e2e-semaphore') + ':sidecars')).toBe(0);
  });

  it.runIf(engine === 'node' && picked('14'))('14. every item\'s scope at once: batches with overlapping scope sets in opposite orders never overlap nor deadlock', async () => {
    const sets = ['m-a,m-b,m-c', 'm-c,m-b,m-a', 'm-b,m-d', 'm-d,m-a', 'm-c'];
    const executions = queue ? 30 : 20;
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: executions }, (_, i) => n8n.call('multi-scope', { scopes: sets[i % sets.length] })));
    const wall = (Date.now() - started) / 1000;
    const intervals = (await redis.client.lrange('e2e-multi-intervals', 0, -1)).map((s) => JSON.parse(s) as { scope: string; start: number; end: number; execution: string });
    const byScope = new Map<string, Array<{ start: number; end: number }>>();
    for (const interval of intervals) byScope.set(interval.scope, [...(byScope.get(interval.scope) ?? []), interval]);
    const found = [...byScope.values()].reduce((sum, list) => sum + overlaps(list), 0);
    const failed = responses.filter((r) => r.status !== 200);
    log(`multi-scope: mode=${mode} executions=${executions} overlaps=${found} deadlocks=${failed.length} wall_s=${wall.toFixed(1)}`);
    if (failed.length) log(`multi-scope: first failure ${failed[0].status} ${JSON.stringify(failed[0].body).slice(0, 300)}`);
    expect(failed).toHaveLength(0);
    expect(found).toBe(0);
    expect(intervals).toHaveLength(sets.reduce((n, set, i) => n + set.split(',').length * Math.ceil((executions - i) / sets.length), 0));
    expect(await redis.client.exists(...['m-a', 'm-b', 'm-c', 'm-d'].map(key))).toBe(0);
  });

  it.runIf(engine === 'node' && picked('15'))('15. the Rate Limit node around a window edge (limit 5 per 10 s, 12 calls just before and 12 just after): sliding-log exactly the limit in any window', async () => {
    const windowMs = 10_000;
    const algorithms = ['sliding-log', 'token-bucket', 'fixed'] as const;
    const workflowOf = { 'sliding-log': deployment.ids.rate_sliding_log, 'token-bucket': deployment.ids.rate_token_bucket, fixed: deployment.ids.rate_fixed };
    const afterId = await n8n.lastExecutionId();
    // The Rate Limit node is judged by what n8n ran (each execution's Work node), not by the webhook
    // answers: in queue mode n8n's main can lose the answer of an execution that finished
    // (Bull's job.finished() race: docs/measurements.md#n8n-versions). A lost answer is counted.
    let answersLost = 0;
    const call = (algorithm: string) => n8n.call(`rate-${algorithm}`, {}, { timeoutMs: 30_000 }).catch(() => void answersLost++);
    const perBurst = 12;
    const perAlgorithm = 2 * perBurst;
    const fire = (algorithm: string) => Promise.all(Array.from({ length: perBurst }, () => call(algorithm)));
    // One algorithm at a time, each around an edge of its own: 36 calls at once reached the Rate Limit
    // node up to 5 s late on n8n 1.123 (the last algorithm's first burst decided after the edge, so both
    // bursts fell in one fixed window); 12 at once do not. The second burst goes at the edge whatever
    // became of the first one's answers.
    const edges = {} as Record<(typeof algorithms)[number], number>;
    const answered: Promise<unknown>[] = [];
    for (const algorithm of algorithms) {
      let edge = Math.ceil(Date.now() / windowMs) * windowMs;
      if (edge - Date.now() < 5500) edge += windowMs;
      edges[algorithm] = edge;
      await sleep(edge - 5000 - Date.now());
      answered.push(fire(algorithm));
      await sleep(Math.max(0, edge - Date.now()) + 300);
      answered.push(fire(algorithm));
    }
    await Promise.all(answered);
    for (const algorithm of algorithms) {
      const finished = await waitFor(`${perAlgorithm} finished executions of rate-${algorithm}`, 60_000, async () => {
        const runs = (await n8n.executionTimes(workflowOf[algorithm], afterId)).filter((e) => e.stoppedAt !== null);
        return runs.length >= perAlgorithm ? runs : undefined;
      });
      const executions = await n8n.nodeTimings(workflowOf[algorithm], { afterId });
      const allowedAt = executions.filter((e) => e.nodes.Work).map((e) => Number(e.nodes.Work.json?.at));
      const max = maxInAnyWindow(allowedAt, windowMs);
      // When each allowed call's Work node ran, in seconds from its edge (the first burst's are negative).
      const fromEdge = allowedAt.map((at) => ((at - edges[algorithm]) / 1000).toFixed(1)).join(',');
      log(`rate: mode=${mode} algorithm=${algorithm} allowed=${allowedAt.length} max_in_any_window=${max} limit=5 executions=${finished.length} work_s_from_edge=${fromEdge}`);
      expect(finished.map((e) => e.status)).toEqual(Array(perAlgorithm).fill('success'));
      expect(allowedAt.every(Number.isFinite)).toBe(true);
      if (algorithm === 'sliding-log') expect(max).toBe(5);
      // burst 5 + 0.5 per second: at most 10 in any 10 s
      if (algorithm === 'token-bucket') expect(max).toBeLessThanOrEqual(10);
      if (algorithm === 'fixed') expect(max).toBe(10);
    }
    // In queue mode a lost answer is n8n's: its execution succeeded (checked above), and Bull lost
    // the completion main waits on (1.123.81 lost 2 of these 72 in one run; scripts/bull-finished-race.mjs
    // measures the race alone). Regular mode has no Bull: there every call is answered.
    log(`rate: mode=${mode} calls=${algorithms.length * perAlgorithm} answers_lost=${answersLost}`);
    if (mode === 'regular') expect(answersLost).toBe(0);
  });

  it.runIf(engine === 'node' && picked('17'))('17. a function call: Call Function runs e2e-double(21) in the Function trigger\'s workflow and answers 42', async () => {
    // A published Function trigger serves once it has registered its consumer.
    await waitFor('the e2e-double function to register', 60_000, async () => ((await redis.client.scard(consumersKey(GLOBAL_SCOPE, 'e2e-double'))) > 0 ? true : undefined), 250);
    const res = await n8n.call('fn-call-double', { n: '21' });
    log(`scenario 17: mode=${mode} engine=${engine} status=${res.status} functionResult=${JSON.stringify(res.body?.functionResult)} round_trip_ms=${res.ms.toFixed(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.functionResult).toEqual({ n: 21, doubled: 42 });
  });

  it.runIf(engine === 'node' && picked('16'))('16. throttle: 30 calls at once, at most 5 per 2 s, waiting for their slots: all complete, each woken at its slot', async () => {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 30 }, () => n8n.call('throttle')));
    const wall = (Date.now() - started) / 1000;
    const bodies = responses.filter((r) => r.status === 200).map((r) => r.body as { at: number; slot_at_ms: number });
    // The limit holds for the slots the script gave (the Redis clock); the Work node runs a few ms after its slot.
    const maxSlots = maxInAnyWindow(bodies.map((b) => b.slot_at_ms), 2000);
    const maxObserved = maxInAnyWindow(bodies.map((b) => b.at), 2000);
    // How late each call's Work node ran after its slot (one host: Redis and n8n share its clock).
    const late = bodies.map((b) => b.at - b.slot_at_ms).sort((a, b) => a - b);
    const medianLateMs = late[Math.floor(late.length / 2)];
    const ideal = (Math.ceil(30 / 5) - 1) * 2;
    log(`throttle: mode=${mode} calls=30 completed=${bodies.length} max_in_any_window=${maxSlots} limit=5 window_s=2 wall_s=${wall.toFixed(1)} ideal_s=${ideal} late_ms_median=${Math.round(medianLateMs)} late_ms_max=${Math.round(late.at(-1)!)}`);
    log(`scenario 16: mode=${mode} engine=${engine} throttle: most Work nodes in any 2 s as n8n ran them ${maxObserved} (the slots' own: ${maxSlots})`);
    expect(bodies).toHaveLength(30);
    expect(maxSlots).toBe(5);
    // The throttle's own claim: a waiter sleeps until its slot. One that polled would wake a random
    // part of its poll period late (a median of half of it: 500 ms for a 1 s poll); a sleeper's
    // median lateness is n8n's step from the Rate Limit node to the Work node (8 ms in both modes
    // on a 2-core VM; the maximum 41 ms regular, 324 ms queue). The median, not the maximum: the
    // first Code node of a run may wait for its task runner.
    expect(medianLateMs).toBeGreaterThanOrEqual(0);
    expect(medianLateMs).toBeLessThanOrEqual(250);
    // Only a guard against a hang: wall time mixes the throttle with n8n's own webhook-to-response
    // latency (queue mode: the Redis queue and a worker's pickup, 0.8-2.0 s over the ideal on a
    // 2-core VM), which the lateness above leaves out.
    expect(wall).toBeLessThanOrEqual(ideal * 2);
  });

  it.runIf(picked('2'))('2. fail-fast: while one holds the scope, a --fail-fast caller fails at once with the lock-held message', async () => {
    const holder = await n8n.call('probe-acquire', { scope: 'e2e-held', ttl: 60, execution_id: 'holder-exec' });
    expect(holder.body).toMatchObject({ acquired: true, scope: 'e2e-held', count: 1 });
    const direct = await n8n.call('probe-acquire', { scope: 'e2e-held', wait: 'false' });
    expect(direct.body.error).toBe("Lock on scope 'e2e-held' is held by another execution (wait_till_lock_released=false)");
    const patched = await n8n.call('fail-fast');
    const message = await n8n.lastErrorMessage(deployment.ids.fail_fast);
    log(`scenario 2: mode=${mode} engine=${engine} fail-fast direct=${direct.ms.toFixed(0)}ms patched=${patched.ms.toFixed(0)}ms status=${patched.status} message="${message}"`);
    expect(patched.status).toBe(500);
    expect(patched.ms).toBeLessThan(3000);
    expect(message).toBe("Lock on scope 'e2e-held' is held by another execution (wait_till_lock_released=false)");
    const released = await n8n.call('probe-release', { scope: 'e2e-held', lock_id: holder.body.lock_id });
    expect(released.body).toEqual({ released: true, idempotent: false, scope: 'e2e-held', lock_id: holder.body.lock_id });
    expect((await n8n.call('fail-fast')).status).toBe(200);
  });

  it.runIf(picked('3'))('3. timeout: a waiter with max_wait_seconds 3 fails after about 3 s', async () => {
    const holder = await n8n.call('probe-acquire', { scope: 'e2e-timeout', ttl: 60 });
    expect(holder.body.acquired).toBe(true);
    const waiter = await n8n.call('probe-acquire', { scope: 'e2e-timeout', max_wait: 3, poll: 1 });
    log(`scenario 3: mode=${mode} engine=${engine} timeout after ${(waiter.ms / 1000).toFixed(2)} s (max_wait 3 s, poll 1 s) message="${waiter.body.error}"`);
    expect(waiter.body.error).toBe("Timed out after 3 s (max_wait_seconds) waiting for lock on scope 'e2e-timeout'");
    expect(waiter.ms).toBeGreaterThanOrEqual(3000);
    expect(waiter.ms).toBeLessThan(3000 + 1000 + 1500); // max_wait + one poll + n8n overhead
    expect(await redis.client.get(key('e2e-timeout'))).toBe('1'); // the waiter never touched the holder's key
    await n8n.call('probe-release', { scope: 'e2e-timeout', lock_id: holder.body.lock_id });
  });

  it.runIf(picked('4'))('4. ownership: a wrong lock_id stops with LOGIC ERROR and deletes nothing; a repeated release is idempotent', async () => {
    const holder = await n8n.call('probe-acquire', { scope: 'e2e-owner', ttl: 60, lock_id: 'right-id' });
    expect(holder.body.acquired).toBe(true);
    const wrong = await n8n.call('probe-release', { scope: 'e2e-owner', lock_id: 'wrong-id' });
    log(`scenario 4: mode=${mode} engine=${engine} wrong lock_id -> "${wrong.body.error}"`);
    expect(wrong.body.error).toMatch(new RegExp(`^LOGIC ERROR: lock on 'e2e-owner' is held by E2E probe_acquire \\(workflow ${deployment.ids.probe_acquire}, execution \\d+\\) since .+, not by lock_id wrong-id$`));
    expect(await redis.client.exists(key('e2e-owner'), key('e2e-owner') + ':meta')).toBe(2);
    const right = await n8n.call('probe-release', { scope: 'e2e-owner', lock_id: 'right-id' });
    expect(right.body).toEqual({ released: true, idempotent: false, scope: 'e2e-owner', lock_id: 'right-id' });
    const again = await n8n.call('probe-release', { scope: 'e2e-owner', lock_id: 'right-id' });
    expect(again.body).toEqual({ released: true, idempotent: true, scope: 'e2e-owner', lock_id: 'right-id' });
    expect(await redis.client.exists(key('e2e-owner'), key('e2e-owner') + ':meta')).toBe(0);
  });

  it.runIf(picked('5'))('5. error cleanup with default options: a failing execution frees its lock, static or dynamic scope, within 2 s; another execution\'s lock survives', async () => {
    const other = await n8n.call('probe-acquire', { scope: 'e2e-other', ttl: 120, execution_id: 'someone-else' });
    expect(other.body.acquired).toBe(true);
    /** Calls a failing workflow; how long after its HTTP 500 its lock (both keys) was gone. */
    const failAndWatch = async (path: string, query: Record<string, string>, scope: string) => {
      const failed = await n8n.call(path, query);
      expect(failed.status).toBe(500);
      const started = Date.now();
      while (Date.now() - started < 10_000) {
        if ((await redis.client.exists(key(scope), key(scope) + ':meta')) === 0) return Date.now() - started;
        await sleep(50);
      }
      return -1;
    };
    const before = await n8n.lastExecutionId();
    const staticFreed = await failAndWatch('failing', {}, 'e2e-cleanup');
    const dynamicFreed = await failAndWatch('failing-dynamic', { id: '42' }, 'e2e-dyn-42');
    // The lock is gone before n8n has saved the cleanup executions: wait for both records.
    const cleanups = await waitFor('two finished cleanup executions', 15_000, async () => {
      const done = (await n8n.executions(deployment.ids.error_handler_lock_cleanup, { afterId: before })).filter((e) => !['new', 'running', 'waiting'].includes(e.status));
      return done.length >= 2 ? done : undefined;
    }, 250);
    const ranOn = queue ? ` error-workflow on ${[...new Set(cleanups.map((c) => n8n.workerOf(c.id)?.name ?? 'no worker'))].join(', ')}` : '';
    log(`scenario 5: mode=${mode} engine=${engine} static scope freed ${staticFreed} ms after the HTTP 500, dynamic scope (e2e-dyn-42) ${dynamicFreed} ms;${ranOn} e2e-other still held: ${await redis.client.exists(key('e2e-other'))}`);
    expect(staticFreed).toBeGreaterThanOrEqual(0);
    expect(staticFreed).toBeLessThan(2000);
    expect(dynamicFreed).toBeGreaterThanOrEqual(0);
    expect(dynamicFreed).toBeLessThan(2000);
    for (const c of cleanups) expect([c.status, c.mode]).toEqual(['success', 'error']);
    if (queue) for (const c of cleanups) expect(n8n.workerOf(c.id)).toBeDefined(); // the error workflow is a job a worker runs
    expect(await redis.client.exists(key('e2e-other'), key('e2e-other') + ':meta')).toBe(2);
    expect(JSON.parse((await redis.client.get(key('e2e-other') + ':meta'))!).execution_id).toBe('someone-else');
    await n8n.call('probe-release', { scope: 'e2e-other', lock_id: other.body.lock_id });
  });

  it.runIf(picked('7'))('7. rate limit: limit 5 per 10 s window, 12 concurrent calls in one window: 5 allowed, 7 denied, the work ran 5 times', async () => {
    // Start right after a window edge so all 12 calls land in one bucket.
    const windowMs = 10_000;
    await sleep(windowMs - (Date.now() % windowMs) + 200);
    const before = n8n.jobsPerWorker();
    const results = await Promise.all(Array.from({ length: 12 }, () => n8n.call('limited')));
    const allowed = results.filter((r) => r.body.allowed !== false).length;
    const denied = results.filter((r) => r.body.allowed === false).length;
    await sleep(1500); // whatever n8n runs at the end of an execution has run by now
    const work = Number(await redis.client.get('e2e-work-count'));
    const { line, jobs } = jobsSince(before);
    log(`scenario 7: mode=${mode} engine=${engine} allowed=${allowed} denied=${denied} protected-work-ran=${work} (limit 5, window 10 s)${line}`);
    if (queue) expect(jobs.every((n) => n > 0)).toBe(true); // counted across both workers
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(allowed).toBe(5);
    expect(denied).toBe(7);
    expect(results.find((r) => r.body.allowed === false)!.body).toMatchObject({ allowed: false, scope: 'e2e-rate', limit: 5 });
    expect(work).toBe(5);
  });

  it.runIf(picked('11'))('11. rate limit around a window edge, limit 5 per 10 s, 12 calls just before and 12 just after: fixed allows 2 x limit, sliding about the limit', async () => {
    const windowMs = 10_000;
    // 24 concurrent executions take seconds (queue mode: a job each): start 5 s before an edge.
    let edge = Math.ceil(Date.now() / windowMs) * windowMs;
    if (edge - Date.now() < 5500) edge += windowMs;
    await sleep(edge - 5000 - Date.now());
    const fire = (path: string) => Promise.all(Array.from({ length: 12 }, async () => ({ at: Date.now(), res: await n8n.call(path) })));
    const before = await Promise.all([fire('edge-fixed'), fire('edge-sliding')]);
    const answeredBeforeEdge = edge - Date.now();
    await sleep(Math.max(0, edge - Date.now()) + 300);
    const after = await Promise.all([fire('edge-fixed'), fire('edge-sliding')]);
    for (const [i, algorithm] of (['fixed', 'sliding'] as const).entries()) {
      const calls = [...before[i], ...after[i]];
      expect(calls.every((c) => c.res.status === 200)).toBe(true);
      const allowedAt = calls.filter((c) => c.res.body.allowed !== false).map((c) => c.at);
      const max = maxInAnyWindow(allowedAt, windowMs);
      log(
        `scenario 11: mode=${mode} engine=${engine} ${algorithm}: allowed=${allowedAt.length} max_in_any_window=${max} limit=5 (before the edge ${before[i].filter((c) => c.res.body.allowed !== false).length}, ` +
          `after ${after[i].filter((c) => c.res.body.allowed !== false).length}; the first bursts were answered ${answeredBeforeEdge} ms before the edge)`,
      );
      if (algorithm === 'fixed') expect(max).toBe(10);
      else expect(max).toBeLessThanOrEqual(5 + 1);
    }
  });

  it.runIf(picked('8'))('8. data flow: a lastNode webhook answers the same wrapped and unwrapped; an If with an unconnected branch releases on both', async () => {
    const plain = await n8n.call('echo-plain', { a: '1', b: 'zwei' });
    const locked = await n8n.call('echo-locked', { a: '1', b: 'zwei' });
    log(`scenario 8: mode=${mode} engine=${engine} unlocked ${plain.ms.toFixed(0)} ms, locked ${locked.ms.toFixed(0)} ms, same body: ${JSON.stringify(plain.body) === JSON.stringify(locked.body)}`);
    expect(plain.status).toBe(200);
    expect(locked.body).toEqual(plain.body);
    expect(locked.body).toEqual({ echo: { a: '1', b: 'zwei' }, n: 42 });
    for (const go of ['yes', 'no']) {
      const res = await n8n.call('branchy', { go });
      expect(res.status).toBe(200);
      expect(await redis.client.exists(key('e2e-branch'), key('e2e-branch') + ':meta')).toBe(0);
    }
    // And the lock was really taken on both branches (a holder makes the next caller wait).
    const holder = await n8n.call('probe-acquire', { scope: 'e2e-branch', ttl: 60 });
    const blocked = n8n.call('branchy', { go: 'no' });
    await sleep(1500);
    expect(await redis.client.get(key('e2e-branch'))).toBe('1');
    await n8n.call('probe-release', { scope: 'e2e-branch', lock_id: holder.body.lock_id });
    expect((await blocked).status).toBe(200);
  });

  it.runIf(picked('9'))('9. n8n-lock validate accepts everything the suite imports', () => {
    const result = n8nLock(deployment.repo, ['validate', '--env', 'e2e']);
    log(`scenario 9: mode=${mode} engine=${engine} validate exit ${result.status}`);
    expect(result.stderr.includes("unknown command 'validate'")).toBe(false);
    expect(result.status, result.stderr).toBe(0);
  });

  it.runIf(picked('10'))('10. a workflow without settings.executionOrder is refused, and with --set-execution-order-v1 it excludes', async () => {
    expect(deployment.legacyRefusal.status).toBe(2);
    expect(deployment.legacyRefusal.stderr).toContain('--set-execution-order-v1');
    const responses = await Promise.all(Array.from({ length: 8 }, () => n8n.call('legacy')));
    const intervals = await intervalsOf('e2e-legacy-intervals');
    log(`scenario 10: mode=${mode} engine=${engine} legacy workflow switched to v1: overlaps=${overlaps(intervals)} ok=${responses.filter((r) => r.status === 200).length}/8`);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(intervals).toHaveLength(8);
    expect(overlaps(intervals)).toBe(0);
  });

  /** Cleanup executions after `bookmark` and whether the lock was freed before its TTL ran out. */
  async function howFreed(bookmark: number, freedAfterSeconds: number) {
    const cleanups = await n8n.executions(deployment.ids.error_handler_lock_cleanup, { afterId: bookmark });
    const early = freedAfterSeconds < 19;
    return { cleanups, early, by: early ? `the error workflow (${cleanups.map((c) => `#${c.id} ${c.status}`).join(', ') || 'none found'})` : 'its TTL' };
  }

  it.runIf(!queue && picked('6'))('6. crash: kill n8n while an execution holds a lock (TTL 20 s, cleanup registered); callers every second after restart never extend it; it frees by the TTL at the latest', async () => {
    const accepted = await n8n.call('slow'); // responds at once, then holds the lock for 40 s
    expect(accepted.status).toBe(200);
    const meta = await holderOf('e2e-crash');
    const lockedAt = Date.parse(meta.locked_at);
    const bookmark = await n8n.lastExecutionId();
    await n8n.kill();
    log(`scenario 6: mode=${mode} engine=${engine} n8n killed ${Date.now() - lockedAt} ms after the lock was taken; ttl left ${await redis.client.ttl(key('e2e-crash'))} s`);
    // The lock is watched in Redis from the kill on, not through n8n: however long n8n takes to
    // start again (24 s once, under load, longer than the TTL), the TTL alone must free it, and it
    // must never grow while the dead execution is the holder.
    const watch = lockWatch('e2e-crash', meta.execution_id);
    const watching = (async () => {
      while (!watch.freedAt && Date.now() - lockedAt < 40_000) {
        await watch.look();
        await sleep(100);
      }
    })();
    await n8n.start(['probe-acquire']);
    let acquiredAt = 0;
    let callers = 0;
    while (Date.now() - lockedAt < 40_000) {
      callers++;
      const res = await n8n.call('probe-acquire', { scope: 'e2e-crash', ttl: 20, wait: 'false' });
      if (res.body.acquired) {
        acquiredAt = Date.now();
        await n8n.call('probe-release', { scope: 'e2e-crash', lock_id: res.body.lock_id });
        break;
      }
      expect(res.body.error).toMatch(/is held by another execution/);
      await sleep(1000);
    }
    await watching;
    const { freedAt, ttlIncreased } = watch;
    const freedAfter = (freedAt - lockedAt) / 1000;
    const freed = await howFreed(bookmark, freedAfter);
    const crashed = (await n8n.executions(deployment.ids.slow, { afterId: Number(meta.execution_id) - 1, limit: 5 })).find((e) => String(e.id) === String(meta.execution_id));
    log(
      `scenario 6: mode=${mode} engine=${engine} ${callers} callers after restart; freed ${freedAfter.toFixed(1)} s after it was taken (TTL 20 s), by ${freed.by}; a caller got it ${((acquiredAt - lockedAt) / 1000).toFixed(1)} s after; ` +
        `the killed execution is stored as ${crashed?.status ?? 'unknown'}; TTL increased while held: ${ttlIncreased}`,
    );
    expect(freedAt).toBeGreaterThan(0);
    expect(acquiredAt).toBeGreaterThan(0);
    expect(ttlIncreased).toBe(false);
    expect(freedAfter).toBeLessThan(20 + 2.5);
    if (freed.early) expect(freed.cleanups.some((c) => c.status === 'success')).toBe(true); // nothing else frees it early
  });

  it.runIf(queue && picked('6'))('6. crash: SIGKILL the worker whose execution holds the lock (TTL 20 s) while others wait; it frees by its TTL, never extended, and the other worker\'s waiters get it', async () => {
    const accepted = await n8n.call('slow'); // responds at once, then holds the lock for 40 s
    expect(accepted.status).toBe(200);
    const meta = await holderOf('e2e-crash');
    const lockedAt = Date.parse(meta.locked_at);
    const crashBookmark = await n8n.lastExecutionId();
    const holderWorker = await waitFor(`the worker that started execution ${meta.execution_id}`, 10_000, async () => n8n.workerOf(meta.execution_id));
    const survivor = n8n.workers.find((w) => w !== holderWorker)!;
    // Waiters on the same scope until at least two of them wait on the surviving worker.
    const bookmark = await n8n.lastExecutionId();
    const startedOn = (worker: typeof survivor) => worker.executions().filter((id) => id > bookmark);
    const waiters: Array<Promise<unknown>> = [];
    for (let i = 0; i < 16 && (waiters.length < 4 || startedOn(survivor).length < 2); i++) {
      waiters.push(n8n.call('crash-waiter', {}, { timeoutMs: 90_000 }).catch((error: Error) => error));
      await sleep(200);
    }
    await sleep(1000); // every waiter has polled the held key at least once
    const survivorWaiters = startedOn(survivor);
    const doomedWaiters = startedOn(holderWorker);
    await holderWorker.kill();
    const killedAt = Date.now();
    log(`scenario 6: mode=${mode} engine=${engine} SIGKILLed ${holderWorker.name} (it ran the holder, execution ${meta.execution_id}) ${killedAt - lockedAt} ms after the lock was taken; waiters on ${survivor.name}: ${survivorWaiters.length}, on ${holderWorker.name}: ${doomedWaiters.length}`);
    expect(survivorWaiters.length).toBeGreaterThanOrEqual(2);

    // Watch the lock: while the dead holder's sidecar is there its TTL must only go down; then the
    // surviving worker's waiters take it, one at a time.
    const watch = lockWatch('e2e-crash', meta.execution_id);
    while (Date.now() - lockedAt < 60_000) {
      await watch.look();
      if ((await redis.client.llen('e2e-crash-intervals')) >= survivorWaiters.length) break;
      await sleep(100);
    }
    const { freedAt, ttlIncreased } = watch;
    const intervals = await intervalsOf('e2e-crash-intervals');
    const firstEntry = Math.min(...intervals.map((i) => i.start));
    const after = await n8n.call('echo-plain', { after: 'crash' });
    const freed = await howFreed(crashBookmark, (freedAt - lockedAt) / 1000);
    log(
      `scenario 6: mode=${mode} engine=${engine} lock freed ${((freedAt - lockedAt) / 1000).toFixed(1)} s after it was taken (TTL 20 s), by ${freed.by}; TTL increased while held: ${ttlIncreased}; ` +
        `first waiter entered ${((firstEntry - lockedAt) / 1000).toFixed(1)} s after; ${intervals.length} waiters of ${survivor.name} ran, overlaps=${overlaps(intervals)}; n8n still serving: HTTP ${after.status}`,
    );
    expect(freedAt).toBeGreaterThan(0);
    expect(ttlIncreased).toBe(false);
    if (freed.early) expect(freed.cleanups.some((c) => c.status === 'success')).toBe(true); // nothing else frees it early
    expect((firstEntry - lockedAt) / 1000).toBeLessThan(20 + 3.5); // TTL + one poll + n8n overhead
    expect(intervals.length).toBeGreaterThanOrEqual(survivorWaiters.length);
    expect(intervals.every((i) => survivorWaiters.includes(Number(i.execution)))).toBe(true);
    expect(overlaps(intervals)).toBe(0);
    expect(after.status).toBe(200);
    // The killed worker comes back, so the stack is whole again for anything after this.
    await holderWorker.start();
    void Promise.allSettled(waiters);
  });

  defineDeployScenario(() => ({ stack: stack.current, deployment, mode, engine }), picked('deploy'));
  });
}
