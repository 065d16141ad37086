// Durable queues against a REAL redis-server started here: the Enqueue node's bad input (one error
// naming the parameter and the item, nothing written), dedup by job id, and the Queue Trigger's
// engine with n8n replaced by `run`: one concurrency limit across two consumers, FIFO at 1,
// retries with backoff inside their jitter bounds, dead letters, a lapsed lease delivered again,
// delays and the rate limit. The Queue Trigger node itself runs once through its done promise;
// the e2e suite runs the same files inside a real n8n.
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { backoffBounds, DEFAULTS, enqueueEval, jobKey, parseEnqueueReply, parseTimeline, queueKeys, retryGaps, type JobOptions } from 'n8n-lock-protocol/queues';
import { useRedisServer } from '../../test/ops/support/use-redis-server.js';
import { QueueConsumer, QUEUE_JOB_FIELD, type QueueConsumerConfig } from '../lib/queue-consumer';
import type { RunOutcome } from '../lib/execution-outcome';
import { loadNode } from './support/load-node.js';
import { stubExecuteContext, stubTriggerContext } from './support/execute-context.js';

const consumers: QueueConsumer[] = [];
const clients: Redis[] = [];
const redis = useRedisServer({
  beforeStop: () => {
    clients.forEach((c) => c.disconnect());
  },
});
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop(0)));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keysInRedis = async () => (await redis.client.keys('*')).sort();

function client(): Redis {
  const c = new Redis({ port: redis.port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  clients.push(c);
  return c;
}

const JOB: Omit<JobOptions, 'payload'> = { delayMs: 0, attempts: 1, backoff: 'fixed', backoffMs: 0, jitter: 0, retentionMs: 3_600_000 };

async function enqueue(queue: string, payload: unknown, options: Partial<JobOptions> = {}) {
  return parseEnqueueReply(await redis.client.eval(...enqueueEval(queue, { ...JOB, payload: JSON.stringify(payload), ...options })));
}

type Run = (json: Record<string, unknown>) => Promise<RunOutcome>;

async function startConsumer(queue: string, run: Run, config: Partial<QueueConsumerConfig> = {}): Promise<{ consumer: QueueConsumer; commands: Redis; waker: Redis }> {
  const commands = client();
  const waker = client();
  const consumer = new QueueConsumer(commands, waker, { queue, consumerId: `test:${consumers.length}`, concurrency: 1, leaseMs: 5_000, blockMs: 200, heartbeatMs: 100, ...config }, { run });
  await consumer.start();
  consumers.push(consumer);
  return { consumer, commands, waker };
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

/** n8n-workflow makes a BigInt serialisable; a cycle is what an expression can return that JSON cannot carry. */
function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { n: 1 };
  value.self = value;
  return value;
}

const stateOf = async (queue: string, id: string) => redis.client.hget(jobKey(queue, id), 'state');

describe('Enqueue node: bad input is one error naming the parameter and the item, and writes nothing', () => {
  const enqueueNode = (parameters: Record<string, unknown>, items: Array<Record<string, unknown>> = [{ a: 1 }, { a: 2 }]) =>
    loadNode('Enqueue').execute.call(stubExecuteContext(redis.port, { queue: 'orders', jobSource: 'item', jobId: '', options: {}, ...parameters }, items));

  it.each([
    ['a payload that is not JSON-serialisable (item 1: a cycle)', { jobSource: 'expression', jobData: (i: number) => (i === 1 ? cyclic() : { n: 1 }) }, /^The job cannot be written as JSON: .*circular.* \(item 1\)$/s],
    ['Job Data text that is not JSON', { jobSource: 'expression', jobData: '{"n": ' }, /^Parameter "Job Data" is not valid JSON: .* \(item 0\)$/],
    ['an empty queue name', { queue: '  ' }, /^Parameter "Queue Name" is empty \(item 0\)$/],
    ['an invalid queue name', { queue: 'a:b' }, /^Parameter "Queue Name" contains ":"/],
    ['attempts below 1', { options: { attempts: 0 } }, /^Parameter "Attempts" must be a whole number of at least 1, got 0/],
    ['a negative delay', { options: { delaySeconds: -1 } }, /^Parameter "Delay \(Seconds\)" must be 0 or more, got -1 \(item 0\)$/],
    ['a delay beyond the retention', { options: { delaySeconds: 7_201, retentionHours: 2 } }, /^Parameter "Delay \(Seconds\)" is 7201, beyond the Retention of 2 hours/],
    ['a job id that is all digits (kept for generated ids)', { jobId: (i: number) => (i === 1 ? '42' : 'a-1') }, /^Parameter "Job ID" is all digits.* \(item 1\)$/],
    ['a jitter above 1', { options: { jitter: 2 } }, /^Parameter "Jitter" must be between 0 and 1, got 2/],
  ])('%s', async (_label, parameters, message) => {
    const error = await enqueueNode(parameters).catch((e: Error & { context?: { itemIndex?: number } }) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(message);
    expect(error.context?.itemIndex).toBeTypeOf('number');
    expect(await keysInRedis()).toEqual([]);
  });

  it('returns the job ids; a job id already queued returns the existing job, not an error, and adds nothing', async () => {
    const [first] = await enqueueNode({ jobId: (i: number) => `order-${i}` });
    expect(first.map((item: { json: Record<string, unknown> }) => item.json.job)).toEqual([
      { queue: 'orders', id: 'order-0', created: true, state: 'waiting' },
      { queue: 'orders', id: 'order-1', created: true, state: 'waiting' },
    ]);
    const [again] = await enqueueNode({ jobId: () => 'order-1', options: { resultField: 'queued' } }, [{ a: 9 }]);
    expect(again[0].json).toEqual({ a: 9, queued: { queue: 'orders', id: 'order-1', created: false, state: 'waiting' } });
    expect(await redis.client.lrange(queueKeys('orders').wait, 0, -1)).toEqual(['order-0', 'order-1']);
    expect(JSON.parse((await redis.client.hget(jobKey('orders', 'order-1'), 'payload'))!)).toEqual({ a: 2 });
    // Without a job id, the queue numbers them.
    const [numbered] = await enqueueNode({});
    expect(numbered.map((item: { json: { job: { id: string } } }) => item.json.job.id)).toEqual(['1', '2']);
  });
});

describe('Queue Trigger engine', () => {
  it('one concurrency limit across two consumers: 60 jobs, each completed once, never more than 3 at once', async () => {
    let running = 0;
    let most = 0;
    const runs = new Map<number, number>();
    const run: Run = async (json) => {
      running++;
      most = Math.max(most, running);
      runs.set(json.i as number, (runs.get(json.i as number) ?? 0) + 1);
      await sleep(10 + Math.random() * 40);
      running--;
      return { status: 'success' };
    };
    await startConsumer('burst', run, { concurrency: 3 });
    await startConsumer('burst', run, { concurrency: 3 });
    for (let i = 0; i < 60; i++) await enqueue('burst', { i });
    await until('all 60 completed', async () => (await redis.client.zcard(queueKeys('burst').active)) === 0 && runs.size === 60 && (await redis.client.llen(queueKeys('burst').wait)) === 0);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(most).toBe(3);
    for (let id = 1; id <= 60; id++) expect(await stateOf('burst', String(id))).toBe('completed');
  });

  it('concurrency 1: jobs run in the order they were added, across two consumers', async () => {
    const order: number[] = [];
    const run: Run = async (json) => {
      order.push(json.i as number);
      await sleep(5);
      return { status: 'success' };
    };
    for (let i = 0; i < 20; i++) await enqueue('fifo', { i });
    await startConsumer('fifo', run);
    await startConsumer('fifo', run);
    await until('20 ran', () => order.length === 20);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('a job that always fails: 3 attempts, exponential backoff from 300 ms with jitter 0.5 inside its bounds, then the dead-letter set with its last error', async () => {
    const starts: number[] = [];
    const contexts: unknown[] = [];
    // A consumer that only polled would claim a retry up to blockMs late; with blockMs at 10 s, a
    // claim within WOKEN_SLACK_MS of its due time was woken for it. The slack is for a loaded CI
    // machine (two cores, other suites running), far below the 10 s a poll would take.
    const WOKEN_SLACK_MS = 2_000;
    await startConsumer(
      'poison',
      async (json) => {
        starts.push(Date.now());
        contexts.push(json[QUEUE_JOB_FIELD]);
        return { status: 'error', message: `boom ${starts.length}` };
      },
      { blockMs: 10_000 },
    );
    const { id } = await enqueue('poison', { p: 1 }, { attempts: 3, backoff: 'exponential', backoffMs: 300, jitter: 0.5 });
    await until('dead', async () => (await stateOf('poison', id)) === 'dead');
    expect(starts).toHaveLength(3);
    for (const attempt of [1, 2]) {
      const gap = starts[attempt] - starts[attempt - 1];
      const { minMs, maxMs } = backoffBounds('exponential', 300, 0.5, attempt);
      // The wake-up is the delayed job's own time, not the next poll.
      expect(gap).toBeGreaterThanOrEqual(minMs);
      expect(gap).toBeLessThanOrEqual(maxMs + WOKEN_SLACK_MS);
    }
    // The job's own timeline (server clock): the backoff chosen is inside its bounds, and the next
    // claim comes once the job is due, as soon as the trigger wakes for it.
    const gaps = retryGaps(parseTimeline(await redis.client.hget(jobKey('poison', id), 'timeline')));
    expect(gaps).toHaveLength(2);
    gaps.forEach(({ delayMs, gapMs }, i) => {
      const { minMs, maxMs } = backoffBounds('exponential', 300, 0.5, i + 1);
      expect(delayMs).toBeGreaterThanOrEqual(minMs);
      expect(delayMs).toBeLessThanOrEqual(maxMs);
      expect(gapMs).toBeGreaterThanOrEqual(delayMs);
      expect(gapMs).toBeLessThanOrEqual(delayMs + WOKEN_SLACK_MS);
    });
    expect(contexts.map((c) => (c as { attempt: number }).attempt)).toEqual([1, 2, 3]);
    expect(contexts[0]).toMatchObject({ queue: 'poison', jobId: id, maxAttempts: 3 });
    expect(await redis.client.zscore(queueKeys('poison').dead, id)).not.toBeNull();
    expect(await redis.client.hmget(jobKey('poison', id), 'attempts', 'lastError')).toEqual(['3', 'boom 3']);
  });

  it('a process that dies mid-job: its lease lapses and the job runs again elsewhere, as attempt 2', async () => {
    const seen: Array<{ who: string; attempt: number }> = [];
    const doomed = await startConsumer('crash', async (json) => {
      seen.push({ who: 'doomed', attempt: (json[QUEUE_JOB_FIELD] as { attempt: number }).attempt });
      return new Promise<RunOutcome>(() => undefined);
    }, { leaseMs: 600 });
    const { id } = await enqueue('crash', { x: 1 }, { attempts: 3 });
    await until('taken by the doomed consumer', () => seen.length === 1);
    // SIGKILL, as far as Redis can tell: its connections vanish and nothing renews the lease.
    doomed.commands.disconnect();
    doomed.waker.disconnect();
    await startConsumer('crash', async (json) => {
      seen.push({ who: 'survivor', attempt: (json[QUEUE_JOB_FIELD] as { attempt: number }).attempt });
      return { status: 'success' };
    }, { leaseMs: 600 });
    await until('completed by the survivor', async () => (await stateOf('crash', id)) === 'completed');
    expect(seen).toEqual([{ who: 'doomed', attempt: 1 }, { who: 'survivor', attempt: 2 }]);
  });

  it('a payload that is not an object reaches the execution as { payload }', async () => {
    const items: Array<Record<string, unknown>> = [];
    await startConsumer('plain', async (json) => {
      items.push(json);
      return { status: 'success' };
    });
    await enqueue('plain', 'just text');
    await until('ran', () => items.length === 1);
    expect(items[0]).toMatchObject({ payload: 'just text', [QUEUE_JOB_FIELD]: { queue: 'plain', jobId: '1', attempt: 1 } });
  });

  it('a delayed job starts no sooner than its delay', async () => {
    const started: number[] = [];
    // blockMs at 10 s: a start within 2 s of its due time was woken for it, not found by a poll
    // (the slack is for a loaded CI machine).
    await startConsumer(
      'later',
      async () => {
        started.push(Date.now());
        return { status: 'success' };
      },
      { blockMs: 10_000 },
    );
    const added = Date.now();
    await enqueue('later', {}, { delayMs: 500 });
    await until('ran', () => started.length === 1);
    expect(started[0] - added).toBeGreaterThanOrEqual(490);
    expect(started[0] - added).toBeLessThan(500 + 2_000);
  });

  it('the rate limit: at most 4 jobs start per second, across consumers', async () => {
    const started: number[] = [];
    const run: Run = async () => {
      started.push(Date.now());
      return { status: 'success' };
    };
    for (let i = 0; i < 8; i++) await enqueue('paced', { i });
    await startConsumer('paced', run, { concurrency: 8, rateLimit: { maxJobs: 4, windowSeconds: 1 } });
    await startConsumer('paced', run, { concurrency: 8, rateLimit: { maxJobs: 4, windowSeconds: 1 } });
    await until('8 ran', () => started.length === 8);
    started.sort((a, b) => a - b);
    expect(started[4] - started[0]).toBeGreaterThanOrEqual(950);
  });
});

describe('Queue Trigger node', () => {
  it("the editor's literal defaults (the n8n lint wants literals) are the protocol's DEFAULTS", () => {
    const defaults = (node: string, collection: string) => Object.fromEntries((loadNode(node).description.properties.find((p: { name: string }) => p.name === collection).options as Array<{ name: string; default: unknown }>).map((o) => [o.name, o.default]));
    expect(defaults('Enqueue', 'options')).toMatchObject({ attempts: DEFAULTS.attempts, backoff: DEFAULTS.backoff, backoffSeconds: DEFAULTS.backoffMs / 1000, jitter: DEFAULTS.jitter, retentionHours: DEFAULTS.retentionMs / 3_600_000 });
    expect(defaults('QueueTrigger', 'options')).toMatchObject({ leaseSeconds: DEFAULTS.leaseMs / 1000 });
  });

  it('activation with Concurrency 0 fails naming the parameter and writes nothing', async () => {
    await expect(loadNode('QueueTrigger').trigger.call(stubTriggerContext(redis.port, { queue: 'q', concurrency: 0, options: {} }))).rejects.toThrow(/^Parameter "Concurrency" must be a whole number of at least 1, got 0/);
    expect(await keysInRedis()).toEqual([]);
  });

  it('one execution per job; the done promise acknowledges it: success completes, an error retries', async () => {
    const emitted: Array<Record<string, unknown>> = [];
    const trigger = await loadNode('QueueTrigger').trigger.call(
      stubTriggerContext(redis.port, { queue: 'node', concurrency: 2, options: {} }, (data, _response, done) => {
        const json = data[0][0].json;
        emitted.push(json);
        if (json.fail && (json[QUEUE_JOB_FIELD] as { attempt: number }).attempt === 1) done.resolve({ status: 'error', data: { resultData: { error: { message: 'first try fails' } } } });
        else done.resolve({ status: 'success', data: { resultData: {} } });
      }),
    );
    try {
      const ok = await enqueue('node', { n: 1 });
      const flaky = await enqueue('node', { fail: true }, { jobId: 'flaky', attempts: 2 });
      await until('both completed', async () => (await stateOf('node', ok.id)) === 'completed' && (await stateOf('node', flaky.id)) === 'completed');
    } finally {
      await trigger.closeFunction();
    }
    expect(emitted.find((json) => json.n === 1)).toMatchObject({ n: 1, [QUEUE_JOB_FIELD]: { queue: 'node', jobId: '1', attempt: 1, maxAttempts: 1 } });
    expect(emitted.filter((json) => json.fail).map((json) => (json[QUEUE_JOB_FIELD] as { attempt: number }).attempt)).toEqual([1, 2]);
    expect(await redis.client.hget(jobKey('node', 'flaky'), 'lastError')).toBe('first try fails');
  });
});
