// `npm run bench:e2e:queues`: what the durable queue (issue #34) does per second, side by side in
// one run:
// - through n8n (regular mode, then queue mode with 2 workers): 500 jobs run by a workflow that
//   starts with the Queue Trigger (Concurrency 10) and does nothing else; jobs/s from the first
//   claim to the last completion (trigger to done);
// - the Redis part alone, on the same redis-server: the Queue Trigger's engine with a handler that
//   returns at once, against a BullMQ Worker (the floor people know) on the same server, same jobs,
//   same concurrency;
// - the Enqueue node's run-data cost: bytes n8n stores per execution for 100 items through Enqueue,
//   against the same workflow with a No Operation node in its place.
// Prints a table and one `bench: queue ...` line per measure. N8N_LOCK_E2E_MODE picks modes.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { jobKey, QUEUE_NODE_TYPES, queueKeys, type JobOptions } from 'n8n-lock-protocol/queues';
import { log, selectedModes, startStack, type E2eMode, type Stack } from './harness/index.js';
import { code, webhook } from './lib/fixtures.js';
import { CREDENTIALS, node, workflow } from './lib/functions-fixtures.js';
import { enqueueJobs } from '../../n8n-nodes/lib/enqueue.js';
import { QueueConsumer } from '../../n8n-nodes/lib/queue-consumer.js';

const N8N_JOBS = 500;
const FLOOR_JOBS = 5_000;
const CONCURRENCY = 10;
const RUN_DATA_ITEMS = 100;
const IDS = { work: 'BnQWork000000001', enqueue: 'BnQEnqueue000001', noop: 'BnQNoop000000001' };

const job = (i: number): JobOptions => ({ jobId: `bench-${i}`, payload: JSON.stringify({ i }), delayMs: 0, attempts: 1, backoff: 'fixed', backoffMs: 0, jitter: 0, retentionMs: 3_600_000 });

function benchWorkflows() {
  const items = () => code('Items', `return Array.from({ length: Number($json.query.count) }, (_, i) => ({ json: { i, customer: 'c-' + i, amount: i * 10 } }));`);
  return [
    workflow(IDS.work, 'Bench queue work', [node('Queue Trigger', QUEUE_NODE_TYPES.queueTrigger, 1, { queue: 'bench-n8n', concurrency: CONCURRENCY, options: {} }, { credentials: CREDENTIALS }), node('Done', 'n8n-nodes-base.noOp', 1, {})]),
    workflow(IDS.enqueue, 'Bench enqueue', [webhook('bench-enqueue'), items(), node('Enqueue', QUEUE_NODE_TYPES.enqueue, 1, { queue: 'bench-run-data', jobSource: 'item', jobId: '', options: {} }, { credentials: CREDENTIALS })]),
    workflow(IDS.noop, 'Bench no enqueue', [webhook('bench-noop'), items(), node('No Operation', 'n8n-nodes-base.noOp', 1, {})]),
  ];
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** 500 jobs through the Queue Trigger of a real n8n: jobs/s from the first execution's start to the last completion. */
async function throughN8n(stack: Stack): Promise<{ perSecond: number; seconds: number }> {
  const { redis } = stack;
  await until('the Queue Trigger to register', async () => (await redis.client.zcard(queueKeys('bench-n8n').consumers)) > 0, 60_000);
  const started = Date.now();
  await enqueueJobs(redis.client, 'bench-n8n', Array.from({ length: N8N_JOBS }, (_, i) => job(i)));
  const ids = Array.from({ length: N8N_JOBS }, (_, i) => `bench-${i}`);
  await until(`${N8N_JOBS} jobs completed`, async () => (await Promise.all(ids.map((id) => redis.client.hget(jobKey('bench-n8n', id), 'state')))).every((s) => s === 'completed'), 600_000);
  const seconds = (Date.now() - started) / 1000;
  return { perSecond: N8N_JOBS / seconds, seconds };
}

/** The Redis part alone: our engine and a BullMQ Worker, the same jobs and concurrency, a handler that returns at once. */
async function floor(port: number): Promise<{ ours: number; bullmq: number }> {
  // BullMQ does not close connections it was given: every one made here is closed at the end, or
  // they would retry for ever once the stack's redis-server stops.
  const opened: Redis[] = [];
  const connection = () => {
    const client = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: null });
    opened.push(client);
    return client;
  };
  const ours = await (async () => {
    const [commands, waker, producer] = [connection(), connection(), connection()];
    for (let i = 0; i < FLOOR_JOBS; i += 500) await enqueueJobs(producer, 'bench-floor', Array.from({ length: Math.min(500, FLOOR_JOBS - i) }, (_, k) => job(i + k)));
    let done = 0;
    const started = Date.now();
    const consumer = new QueueConsumer(commands, waker, { queue: 'bench-floor', consumerId: 'bench', concurrency: CONCURRENCY, leaseMs: 30_000 }, { run: async () => (done++, { status: 'success' as const }) });
    await consumer.start();
    await until('our engine to drain', async () => done >= FLOOR_JOBS && consumer.jobsRunning === 0, 600_000);
    const seconds = (Date.now() - started) / 1000;
    await consumer.stop(0);
    return FLOOR_JOBS / seconds;
  })();
  const bullmq = await (async () => {
    const queue = new Queue('bench-floor', { connection: connection() });
    for (let i = 0; i < FLOOR_JOBS; i += 500) await queue.addBulk(Array.from({ length: Math.min(500, FLOOR_JOBS - i) }, (_, k) => ({ name: 'job', data: { i: i + k }, opts: { jobId: `bench-${i + k}`, removeOnComplete: true } })));
    let done = 0;
    const started = Date.now();
    const worker = new Worker('bench-floor', async () => undefined, { connection: connection(), concurrency: CONCURRENCY });
    worker.on('completed', () => done++);
    await until('BullMQ to drain', async () => done >= FLOOR_JOBS, 600_000);
    const seconds = (Date.now() - started) / 1000;
    await worker.close();
    await queue.close();
    return FLOOR_JOBS / seconds;
  })();
  opened.forEach((client) => client.disconnect());
  return { ours, bullmq };
}

/** Bytes n8n stores for one execution of 100 items through Enqueue, and through a No Operation node instead. */
async function runDataCost(stack: Stack): Promise<{ enqueue: number; noop: number }> {
  const { n8n } = stack;
  const bookmark = await n8n.lastExecutionId();
  for (const path of ['bench-enqueue', 'bench-noop']) {
    const res = await n8n.call(path, { count: RUN_DATA_ITEMS });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  const size = async (id: string) => {
    let bytes = 0;
    await until(`the execution of ${id} to be saved`, async () => ((bytes = (await n8n.executionDataSizes(id, { afterId: bookmark, limit: 1 }))[0]?.bytes ?? 0) > 0), 30_000);
    return bytes;
  };
  return { enqueue: await size(IDS.enqueue), noop: await size(IDS.noop) };
}

async function main() {
  const rows: Array<[string, string]> = [];
  const lines: string[] = [];
  const modes = selectedModes() as E2eMode[];
  for (const mode of modes) {
    const stack = await startStack({ name: `n8n-lock-bench-queues-${mode}`, mode, nodePackage: true, workflows: benchWorkflows(), webhookPaths: ['bench-enqueue', 'bench-noop'], n8n: mode === 'queue' ? { workers: 2, concurrency: 20 } : {} });
    try {
      const through = await throughN8n(stack);
      rows.push([`n8n ${mode} mode${mode === 'queue' ? ' (2 workers)' : ''}: ${N8N_JOBS} jobs, Concurrency ${CONCURRENCY}, trigger to done`, `${through.perSecond.toFixed(1)} jobs/s (${through.seconds.toFixed(1)} s)`]);
      lines.push(`bench: queue n8n mode=${mode} jobs=${N8N_JOBS} concurrency=${CONCURRENCY} jobs_per_s=${through.perSecond.toFixed(1)} wall_s=${through.seconds.toFixed(1)}`);
      if (mode === 'regular') {
        const cost = await runDataCost(stack);
        const perItem = ((cost.enqueue - cost.noop) / RUN_DATA_ITEMS).toFixed(0);
        rows.push([`Enqueue node run data, ${RUN_DATA_ITEMS} items (vs a No Operation node)`, `${cost.enqueue} B vs ${cost.noop} B: +${perItem} B per item`]);
        lines.push(`bench: queue enqueue_run_data items=${RUN_DATA_ITEMS} enqueue_bytes=${cost.enqueue} noop_bytes=${cost.noop} per_item_bytes=${perItem}`);
      }
      // The Redis part alone, once, on the last stack's redis-server (n8n idle meanwhile).
      if (mode === modes[modes.length - 1]) {
        const f = await floor(stack.redis.port);
        rows.push([`Redis part alone: ${FLOOR_JOBS} jobs, Concurrency ${CONCURRENCY}, a handler that returns at once: n8n-lock engine`, `${f.ours.toFixed(0)} jobs/s`]);
        rows.push(['  BullMQ Worker, same redis-server, same jobs and concurrency', `${f.bullmq.toFixed(0)} jobs/s`]);
        lines.push(`bench: queue floor jobs=${FLOOR_JOBS} concurrency=${CONCURRENCY} n8n_lock_jobs_per_s=${f.ours.toFixed(0)} bullmq_jobs_per_s=${f.bullmq.toFixed(0)}`);
      }
    } finally {
      await stack.stop();
    }
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\nn8n-lock bench:e2e queues, ${new Date().toISOString()}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  for (const line of lines) console.log(line);
}

main().catch((error) => {
  log(`bench failed: ${error.message}`);
  process.exit(1);
});
