// The parts of the deployment matrix, each run against a deployment through the same code the
// nodes and the CLI run: the Lock node's engine (pool, scripts, waiting), the function nodes'
// engine (consumer, caller, answer script) and the CLI binary. Each throws on the first thing that
// does not work (node:assert, so a part also runs in a child process with its own environment,
// such as NODE_EXTRA_CA_CERTS for a private CA); the matrix prints a line per part only after it returned.
import assert from 'node:assert/strict';
import { acquireLock, extendLock, releaseLock, type AcquireRequest } from '../../lib/lock';
import { randomUUID } from 'node:crypto';
import { takeRateLimitSlot } from '../../lib/rate-limit';
import { RATE_LIMIT_ALGORITHMS } from 'n8n-lock-protocol/rate-limit';
import { semaphoreKeys } from 'n8n-lock-protocol/semaphore';
import { closeAllPools, poolFor } from '../../lib/pool';
import { answerEntry, valueAnswer } from '../../lib/answer';
import { callFunction, type CallRequest } from '../../lib/caller';
import { FunctionConsumer, type RunOutcome } from '../../lib/consumer';
import { close, connectOnce, connectResilient, keyLayoutOfClient, type RedisClient, type RedisCredential } from '../../lib/redis';
import { GLOBAL_SCOPE } from 'n8n-lock-protocol/functions';
import { nativeLockKeys } from 'n8n-lock-protocol/native-lock';
import { runCliAsync } from '../../../test/ops/support/cli.js';
import { recorderFor } from '../../lib/metrics';
import { parseExposition, sampleOf, startExporterProcess } from '../../../test/metrics/support/exporter.js';
import { startCliServer } from '../../../test/support/cli-server.js';
import { jobKey, queueKeys, type JobOptions } from 'n8n-lock-protocol/queues';
import { enqueueJobs } from '../../lib/enqueue';
import { QueueConsumer } from '../../lib/queue-consumer';

/**
 * Scopes a user may write, chosen to break naive hash tags: braces, an empty tag `{}`, a `}` before
 * any `{`, percent signs, and plain names whose slots fall on different masters of a Cluster.
 */
export const TRICKY_SCOPES = ['crm-1', 'crm-2', 'invoice-77', '{tenant}-sync', '}x{', '{}', 'a{b}c', '100%', '%7B', 'ünïcødé scope'];

const waitUntil = async (condition: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const lockRequest = (scope: string, lockId: string, maxHolders = 1): AcquireRequest => ({
  scopes: [scope],
  maxHolders,
  ttlSeconds: 30,
  holder: { lock_id: lockId, workflow_id: 'WfMatrix', workflow_name: 'Matrix', execution_id: lockId, locked_at: '' },
  waitTillLockReleased: true,
  maxWaitSeconds: 10,
  pollSeconds: 5,
});

/**
 * The Lock node's engine on every tricky scope: acquire (fence grows), a second holder waits and is
 * woken by the release (not by the 5 s poll), extend, release; the four keys of a scope are in one
 * hash slot. `slotOf` reads a key's slot where the test can (a Cluster); the slots of the scopes are returned.
 */
export async function exerciseLock(credential: RedisCredential, slotOf?: (key: string) => Promise<number>): Promise<{ slots: Set<number> }> {
  const pool = poolFor(credential, 'matrix');
  const scopeSlots = new Set<number>();
  try {
    for (const scope of TRICKY_SCOPES) {
      const [first] = await acquireLock(pool, lockRequest(scope, `${scope}-L1`));
      assert.ok(first.fence > 0);
      if (slotOf) {
        const slots = await Promise.all(nativeLockKeys(scope, keyLayoutOfClient(await pool.command())).map(slotOf));
        assert.equal(new Set(slots).size, 1, `keys of scope ${JSON.stringify(scope)} in slots ${slots}`);
        scopeSlots.add(slots[0]);
      }
      const started = Date.now();
      const waiter = acquireLock(pool, lockRequest(scope, `${scope}-L2`));
      await new Promise((r) => setTimeout(r, 100));
      await releaseLock(await pool.command(), scope, `${scope}-L1`);
      const [second] = await waiter;
      assert.equal(second.lock_id, `${scope}-L2`);
      assert.ok(second.fence > first.fence, `fence ${second.fence} after ${first.fence}`);
      assert.ok(Date.now() - started < 3_000, 'woken by the release, not by the 5 s poll');
      await extendLock(await pool.command(), scope, `${scope}-L2`, 60);
      assert.equal((await releaseLock(await pool.command(), scope, `${scope}-L2`)).idempotent, false);
      // The semaphore's keys share the scope's slot too (its script touches three of them at once).
      const [permit] = await acquireLock(pool, lockRequest(scope, `${scope}-P1`, 2));
      assert.equal(permit.holders, 1);
      if (slotOf) assert.equal(new Set(await Promise.all(semaphoreKeys(scope, keyLayoutOfClient(await pool.command())).map(slotOf))).size, 1);
      assert.equal((await releaseLock(await pool.command(), scope, `${scope}-P1`)).idempotent, false);
      // A rate-limit scope of its own per run: the limit (1 a minute) outlives this test on a shared server.
      for (const algorithm of RATE_LIMIT_ALGORITHMS) {
        const slot = await takeRateLimitSlot(await pool.command(), { algorithm, scope: `${scope}:${randomUUID()}`, limit: 1, windowSeconds: 60, ratePerSecond: 1, maxWaitSeconds: 0, callId: 'c1', cost: 1 });
        assert.equal(slot.allowed, true, `${algorithm} on ${JSON.stringify(scope)}`);
      }
    }
    return { slots: scopeSlots };
  } finally {
    await closeAllPools();
  }
}

/** The function nodes' engine: a call answered through the answer script, an error, a malformed message dead-lettered. */
export async function exerciseFunctions(credential: RedisCredential, name = 'matrix.fn'): Promise<void> {
  const connections: RedisClient[] = [];
  const consumers: FunctionConsumer[] = [];
  try {
    const commands = await connectResilient(credential, 'matrix-commands');
    const reader = await connectResilient(credential, 'matrix-reader');
    connections.push(commands, reader);
    const consumer = new FunctionConsumer(commands, reader, {
      functionName: name, scope: GLOBAL_SCOPE, workflowId: 'wf', nodeId: 'n', consumerId: `matrix-${Date.now()}`, parameters: [], callsInFlight: 5, maxDeliveries: 3, blockMs: 100, heartbeatMs: 100,
    }, {
      run: async (json, ctx): Promise<RunOutcome> => {
        if (json.fail) return { status: 'error', message: 'failed on purpose' };
        await answerEntry(commands, { stream: ctx.stream, group: ctx.group, messageId: ctx.messageId, callId: ctx.callId, deadline: ctx.deadline }, valueAnswer(ctx.callId, { doubled: Number(json.n) * 2 }));
        return { status: 'success' };
      },
    });
    await consumer.start();
    consumers.push(consumer);
    const caller = await connectOnce(credential, 'matrix-caller');
    connections.push(caller);
    const request = (params: Record<string, unknown>): CallRequest => ({ functionName: name, scope: GLOBAL_SCOPE, params, timeoutMs: 5_000, depth: 1, caller: 'matrix/1' });
    const answers = await Promise.all([1, 2, 3].map((n) => callFunction(caller, request({ n }))));
    assert.deepEqual(answers.map((a) => (a.ok ? a.value : a.message)), [{ doubled: 2 }, { doubled: 4 }, { doubled: 6 }]);
    const failed = await callFunction(caller, request({ fail: true }));
    assert.deepEqual([failed.ok, failed.ok ? undefined : failed.message], [false, 'failed on purpose']);
    await waitUntil(() => consumer.callsRunning === 0, 3_000);
  } finally {
    await Promise.all(consumers.map((c) => c.stop(0)));
    await Promise.all(connections.map((c) => close(c)));
  }
}

/**
 * The CLI binary: `status` sees a lock the Lock node's engine holds (on a Cluster: whichever master
 * its slot is on), `unlock --lock-id` frees it, `functions status` reads the function streams.
 */
export async function exerciseCli(credential: RedisCredential, url: string, extraArgs: string[] = []): Promise<void> {
  const pool = poolFor(credential, 'matrix-cli');
  try {
    const scopes = ['cli-a', 'cli-b', 'cli-c', 'cli-{d}'];
    for (const scope of scopes) await acquireLock(pool, lockRequest(scope, `${scope}-holder`));
    const status = await runCliAsync(['status', '--redis-url', url, '--recheck-ms', '0', '--format', 'json', ...extraArgs]);
    assert.deepEqual([status.status, status.stderr], [0, '']);
    const report = JSON.parse(status.stdout) as { locks: Array<{ scope: string; sidecar: { holder: { lock_id: string } } | null; flags: string[] }> };
    assert.deepEqual(report.locks.filter((l) => scopes.includes(l.scope)).map((l) => [l.scope, l.sidecar?.holder.lock_id, l.flags]), [...scopes].sort().map((s) => [s, `${s}-holder`, []]));
    for (const scope of scopes) {
      // --force: no n8n here to confirm the test holder's execution has stopped, and unlock refuses without one.
      const unlock = await runCliAsync(['unlock', scope, '--lock-id', `${scope}-holder`, '--force', '--redis-url', url, ...extraArgs]);
      assert.equal(unlock.status, 0, unlock.stderr);
      assert.match(unlock.stderr, new RegExp(`'${scope.replace(/[{}]/g, '\\$&')}' is free`));
    }
    const after = await runCliAsync(['status', '--redis-url', url, '--recheck-ms', '0', '--format', 'json', ...extraArgs]);
    assert.deepEqual((JSON.parse(after.stdout) as { locks: Array<{ scope: string }> }).locks.filter((l) => scopes.includes(l.scope)), []);
    const functions = await runCliAsync(['functions', 'status', '--redis-url', url, '--format', 'json', ...extraArgs]);
    assert.deepEqual([functions.status === 2, functions.stderr], [false, '']);
  } finally {
    await closeAllPools();
  }
}

/**
 * Metrics: the Lock node's engine records acquisitions of several scopes through one node (on a
 * Cluster beside the decision, in other slots), the Rate Limit node's engine records a decision,
 * and `n8n-lock metrics` (every master of a Cluster) serves exactly those counts with n8n_lock_up 1.
 */
export async function exerciseMetrics(credential: RedisCredential, url: string, extraArgs: string[] = []): Promise<void> {
  const pool = poolFor(credential, 'matrix-metrics');
  const workflowId = `WfMetrics-${randomUUID()}`;
  const recorder = (kind: 'lock' | 'rate_limit') => recorderFor(credential, { kind, workflowId, node: 'Matrix', subject: '={{ $json.scope }}' }, (message) => assert.fail(message));
  try {
    for (const scope of TRICKY_SCOPES.slice(0, 4)) {
      const [lock] = await acquireLock(pool, { ...lockRequest(scope, `${scope}-M`), recorder: recorder('lock') });
      await releaseLock(await pool.command(), scope, lock.lock_id, 'either', recorder('lock'));
    }
    await takeRateLimitSlot(await pool.command(), { algorithm: 'token-bucket', scope: `metrics-${randomUUID()}`, limit: 1, windowSeconds: 0, ratePerSecond: 1, maxWaitSeconds: 0, callId: 'm', cost: 1 }, { recorder: recorder('rate_limit') });
    await (await pool.command()).ping(); // a Cluster's recordings were sent beside the decisions: let them land
    const exporter = await startExporterProcess(['--redis-url', url, ...extraArgs]);
    try {
      let samples = parseExposition(await (await fetch(exporter.url)).text());
      for (let tries = 0; tries < 20 && (sampleOf(samples, 'n8n_lock_releases_total', { workflow_id: workflowId, result: 'released' })?.value ?? 0) < 4; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        samples = parseExposition(await (await fetch(exporter.url)).text());
      }
      assert.equal(sampleOf(samples, 'n8n_lock_up')?.value, 1, exporter.stderr());
      assert.equal(sampleOf(samples, 'n8n_lock_acquisitions_total', { workflow_id: workflowId, result: 'acquired' })?.value, 4);
      assert.equal(sampleOf(samples, 'n8n_lock_wait_seconds_count', { workflow_id: workflowId })?.value, 4);
      assert.equal(sampleOf(samples, 'n8n_lock_releases_total', { workflow_id: workflowId, result: 'released' })?.value, 4);
      assert.equal(sampleOf(samples, 'n8n_lock_rate_limit_decisions_total', { workflow_id: workflowId, algorithm: 'token-bucket', outcome: 'allowed' })?.value, 1);
      assert.equal(exporter.stderr(), '');
    } finally {
      await exporter.stop();
    }
  } finally {
    await closeAllPools();
  }
}


/**
 * `n8n-lock dashboard` with actions: locks held on scopes with braces and non-ASCII text are in its
 * state as a page gets it, and each is freed by its unlock action, by the lock_id the page drew
 * (the same compare-and-delete script as `unlock`, on whichever master holds the scope).
 */
export async function exerciseDashboard(credential: RedisCredential, url: string, extraArgs: string[] = []): Promise<void> {
  const pool = poolFor(credential, 'matrix-dashboard');
  const token = 'matrix-dashboard-token-0123';
  const scopes = ['dash-a', '{dash}-b', 'dash ünïcødé'];
  try {
    for (const scope of scopes) await acquireLock(pool, lockRequest(scope, `${scope}-holder`));
    const server = await startCliServer(['dashboard', '--redis-url', url, '--allow-actions', ...extraArgs], { N8N_LOCK_DASHBOARD_TOKEN: token });
    try {
      const state = (await (await fetch(`${server.url}api/state?q=dash`)).json()) as { up: boolean; error: string | null; locks: { rows: Array<{ scope: string; holder: { lockId: string } | null }> } };
      assert.equal(state.up, true, state.error ?? '');
      assert.deepEqual(state.locks.rows.map((l) => [l.scope, l.holder?.lockId]).sort(), scopes.map((s) => [s, `${s}-holder`]).sort());
      for (const scope of scopes) {
        const response = await fetch(`${server.url}api/unlock`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-n8n-lock-token': token }, body: JSON.stringify({ scope, lockId: `${scope}-holder`, force: true }) });
        const answer = (await response.json()) as { outcome?: string; lines?: string[]; error?: string };
        assert.equal(answer.outcome, 'deleted', answer.lines?.join('\n') ?? answer.error);
        // Freed: a new holder gets it at once.
        const [again] = await acquireLock(pool, { ...lockRequest(scope, `${scope}-again`), waitTillLockReleased: false });
        await releaseLock(await pool.command(), scope, again.lock_id, 'either');
      }
      assert.doesNotMatch(server.stderr(), /Redis unreadable/);
    } finally {
      await server.stop();
    }
  } finally {
    await closeAllPools();
  }
}

/** Queue names whose hash tags fall on different masters of a 3-master Cluster. */
const QUEUE_NAMES = ['matrix-q1', 'matrix-q2', 'matrix-q3', 'orders.eu', 'a'];

/**
 * The queue nodes' engine and `n8n-lock queue`: on every queue a consumer runs two jobs, one of
 * which fails its only attempt and is dead; `queue status` lists every queue (on a Cluster,
 * whichever master its slot is on), `queue retry` brings the dead job back and it fails again,
 * `queue purge` removes the queue. On a Cluster every key of one queue is in one slot.
 */
export async function exerciseQueues(credential: RedisCredential, url: string, extraArgs: string[] = [], slotOf?: (key: string) => Promise<number>): Promise<{ slots: Set<number> }> {
  const connections: RedisClient[] = [];
  const consumers: QueueConsumer[] = [];
  const job = (jobId: string, fail: boolean): JobOptions => ({ jobId, payload: JSON.stringify({ fail }), delayMs: 0, attempts: 1, backoff: 'fixed', backoffMs: 0, jitter: 0, retentionMs: 60_000 });
  const slots = new Set<number>();
  try {
    const producer = await connectOnce(credential, 'matrix-producer');
    connections.push(producer);
    for (const queue of QUEUE_NAMES) {
      const [commands, waker] = [await connectResilient(credential, 'matrix-queue'), await connectResilient(credential, 'matrix-waker')];
      connections.push(commands, waker);
      const consumer = new QueueConsumer(commands, waker, { queue, consumerId: `matrix-${queue}`, concurrency: 2, leaseMs: 5_000, blockMs: 100, heartbeatMs: 200 }, {
        run: async (json) => (json.fail ? { status: 'error', message: 'failed on purpose' } : { status: 'success' }),
      });
      await consumer.start();
      consumers.push(consumer);
      await enqueueJobs(producer, queue, [job('ok-1', false), job('bad-1', true)]);
      if (slotOf) {
        const queueSlots = new Set(await Promise.all([...Object.values(queueKeys(queue)), jobKey(queue, 'ok-1')].map(slotOf)));
        assert.equal(queueSlots.size, 1, `the keys of queue ${queue} are in ${queueSlots.size} slots`);
        slots.add([...queueSlots][0]);
      }
    }
    const stateOf = (queue: string, id: string) => producer.hget(jobKey(queue, id), 'state');
    const settled = async () => (await Promise.all(QUEUE_NAMES.flatMap((q) => [stateOf(q, 'ok-1'), stateOf(q, 'bad-1')]))).join() === QUEUE_NAMES.flatMap(() => ['completed', 'dead']).join();
    await waitUntil(settled, 10_000);
    const cli = (...args: string[]) => runCliAsync(['queue', ...args, '--redis-url', url, ...extraArgs]);
    const status = await cli('status', '--format', 'json');
    assert.deepEqual([status.status, status.stderr], [1, '']); // flagged: dead jobs
    const listed = (JSON.parse(status.stdout) as { queues: Array<{ name: string; dead: number }> }).queues.filter((q) => QUEUE_NAMES.includes(q.name));
    assert.deepEqual(listed.map((q) => [q.name, q.dead]), [...QUEUE_NAMES].sort().map((name) => [name, 1]));
    const retried = await cli('retry', QUEUE_NAMES[0], 'bad-1');
    assert.deepEqual([retried.status, retried.stderr], [0, '']);
    await waitUntil(async () => (await stateOf(QUEUE_NAMES[0], 'bad-1')) === 'dead' && (await producer.hget(jobKey(QUEUE_NAMES[0], 'bad-1'), 'timeline'))!.split(',').length === 4, 10_000);
    for (const queue of QUEUE_NAMES) {
      const purged = await cli('purge', queue, '--force');
      assert.deepEqual([purged.status, purged.stderr], [0, '']);
    }
  } finally {
    await Promise.all(consumers.map((c) => c.stop(0)));
    await Promise.all(connections.map((c) => close(c)));
  }
  return { slots };
}

export const PARTS = { lock: exerciseLock, functions: exerciseFunctions, cli: exerciseCli, metrics: exerciseMetrics, queues: exerciseQueues, dashboard: exerciseDashboard } as const;
export type PartName = keyof typeof PARTS;
