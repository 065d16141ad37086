// `n8n-lock queue status|peek|retry|purge`: the built binary against a REAL redis-server, with
// jobs put there by the shipped scripts (enqueue, claim, fail). Bad input is one line, exit 2 and
// nothing changed; a queue that does not exist is bad input for retry and purge.
import { describe, expect, it } from 'vitest';
import { claimEval, enqueueEval, failEval, parseClaimReply, queueKeys, type JobOptions } from 'n8n-lock-protocol/queues';
import { runCliAsync } from './support/cli.js';
import { useRedisServer } from './support/use-redis-server.js';

const redis = useRedisServer();
const url = () => `redis://127.0.0.1:${redis.port}/0`;
const cli = (...args: string[]) => runCliAsync(['queue', ...args, '--redis-url', url()]);

const JOB: Omit<JobOptions, 'payload'> = { delayMs: 0, attempts: 1, backoff: 'fixed', backoffMs: 0, jitter: 0, retentionMs: 3_600_000 };
const enqueue = (queue: string, payload: unknown, options: Partial<JobOptions> = {}) => redis.client.eval(...enqueueEval(queue, { ...JOB, payload: JSON.stringify(payload), ...options }));
const claim = async (queue: string, most = 1) => parseClaimReply(await redis.client.eval(...claimEval(queue, { limit: 10, leaseMs: 60_000, consumerId: 'cli-test', most, rnd: 0 }))).jobs;

/** Two waiting jobs, one in flight, two dead (`order-d1` and `order-d2`). */
async function seed(queue = 'orders') {
  for (const id of ['order-d1', 'order-d2']) await enqueue(queue, { dead: id }, { jobId: id });
  for (const job of await claim(queue, 2)) await redis.client.eval(...failEval(queue, job.id, job.attempt, `failed: ${job.id}`, 0));
  await enqueue(queue, { n: 1 }, { jobId: 'order-run' });
  await claim(queue);
  await enqueue(queue, { n: 2 });
  await enqueue(queue, { n: 3 }, { delayMs: 60_000 });
}

const dump = async () => Object.fromEntries(await Promise.all((await redis.client.keys('*')).sort().map(async (key) => [key, await redis.client.dump(key)])));

describe('queue status and peek', () => {
  it('status: counts, the oldest waiting job, consumers; exit 1 with dead jobs, and what to do', async () => {
    await seed();
    const run = await cli('status', '--format', 'json');
    expect([run.status, run.stderr]).toEqual([1, '']);
    const [orders] = JSON.parse(run.stdout).queues;
    expect(orders).toMatchObject({ name: 'orders', waiting: 1, delayed: 1, in_flight: 1, dead: 2, live_consumers: 1, flags: ['dead-jobs'] });
    expect(orders.oldest_waiting_age_ms).toBeGreaterThanOrEqual(0);
    const table = await cli('status');
    expect(table.stdout).toMatch(/orders +1 +1 +1 +2/);
    expect(table.stdout).toContain('dead-jobs: jobs used up their attempts');
  });

  it('status of an empty Redis: no queues, exit 0; of a queue that does not exist: exit 2', async () => {
    expect((await cli('status')).status).toBe(0);
    const missing = await cli('status', 'nope');
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'n8n-lock: no queue named "nope" in this Redis (n8n-lock queue status lists them)']);
  });

  it('peek --state dead: ids, attempts, last errors and payloads', async () => {
    await seed();
    const run = await cli('peek', 'orders', '--state', 'dead', '--format', 'json');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).jobs).toEqual([
      expect.objectContaining({ id: 'order-d1', state: 'dead', attempts: 1, maxAttempts: 1, lastError: 'failed: order-d1', payload: { dead: 'order-d1' } }),
      expect.objectContaining({ id: 'order-d2', state: 'dead', lastError: 'failed: order-d2' }),
    ]);
    expect((await cli('peek', 'orders')).stdout).toMatch(/^ID +STATE/);
  });
});

describe('queue retry', () => {
  it('by id: that dead job goes back to the queue with its attempts reset', async () => {
    await seed();
    const run = await cli('retry', 'orders', 'order-d2');
    expect([run.status, run.stdout]).toEqual([0, 'queue "orders": 1 dead job(s) back in the queue\n']);
    expect(await redis.client.lrange(queueKeys('orders').wait, 0, -1)).toEqual(['1', 'order-d2']);
    expect(await redis.client.zrange(queueKeys('orders').dead, 0, -1)).toEqual(['order-d1']);
  });

  it('--all: every dead job', async () => {
    await seed();
    expect((await cli('retry', 'orders', '--all')).stdout).toBe('queue "orders": 2 dead job(s) back in the queue\n');
    expect(await redis.client.zcard(queueKeys('orders').dead)).toBe(0);
  });

  it.each([
    ['an id that is not dead', ['retry', 'orders', 'order-d1', 'order-run'], /^n8n-lock: not dead in queue "orders": order-run .*nothing was retried$/],
    ['a queue that does not exist', ['retry', 'nope', '--all'], /^n8n-lock: no queue named "nope"/],
    ['neither ids nor --all', ['retry', 'orders'], /^n8n-lock: name the dead jobs to retry, or pass --all$/],
    ['an invalid queue name', ['retry', 'a:b', '--all'], /^n8n-lock: queue name "a:b" contains ":"/],
  ])('%s: one line, exit 2, nothing changed', async (_label, args, message) => {
    await seed();
    const before = await dump();
    const run = await cli(...args);
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(message);
    expect(await dump()).toEqual(before);
  });
});

describe('queue purge', () => {
  it('--dry-run counts and removes nothing; without --force a job in flight refuses (exit 2); --force purges', async () => {
    await seed();
    const before = await dump();
    const dry = await cli('purge', 'orders', '--dry-run', '--force');
    expect([dry.status, dry.stdout]).toEqual([0, 'queue "orders": would purge 1 waiting, 1 delayed, 1 in flight, 2 dead (dry run: nothing removed)\n']);
    const refused = await cli('purge', 'orders');
    expect([refused.status, refused.stderr.trim()]).toEqual([2, expect.stringMatching(/^n8n-lock: queue "orders" has 1 job\(s\) in flight: .*Add --force.*nothing was purged$/)]);
    expect(await dump()).toEqual(before);
    const purged = await cli('purge', 'orders', '--force');
    expect([purged.status, purged.stdout]).toEqual([0, 'queue "orders": purged 1 waiting, 1 delayed, 1 in flight, 2 dead\n']);
    expect(await redis.client.keys('n8n-queue:{orders}:*')).toEqual([]);
    expect((await cli('purge', 'orders')).status).toBe(2); // gone
  });

  it('a queue without jobs in flight needs no --force', async () => {
    await enqueue('calm', { n: 1 });
    expect((await cli('purge', 'calm')).stdout).toBe('queue "calm": purged 1 waiting, 0 delayed, 0 in flight, 0 dead\n');
  });
});
