// The workflows of the queue suite: producers with the Enqueue node and consumers that start with
// the Queue Trigger of the packed n8n-nodes-lock package. Plain n8n JSON with fixed ids.
import { QUEUE_NODE_TYPES } from 'n8n-lock-protocol/queues';
import { code, redisPush, wait, webhook } from './fixtures.js';
import { CREDENTIALS, node, stopAndError, workflow } from './functions-fixtures.js';

export const QUEUE_WORKFLOW_IDS = { produce: 'QProduce00000001', work: 'QWork00000000001', poison: 'QPoison000000001', slow: 'QSlow00000000001' } as const;
export const QUEUE_WEBHOOKS = ['q-produce'];

export const QUEUES = { load: 'e2e-load', dlq: 'e2e-dlq', crash: 'e2e-crash' } as const;
/** Lists the consumers push each finished job's item to (the stock Redis node), read by the test. */
export const DONE_LISTS = { load: 'e2e-queue-done:load', crash: 'e2e-queue-done:crash' } as const;
/** The load scenario's limit: 3 at once across every process. */
export const LOAD_CONCURRENCY = 3;
/** The crash scenario's lease: short, so a killed process's job comes back soon. */
export const CRASH_LEASE_SECONDS = 5;

const queueTrigger = (queue: string, concurrency: number, options: Record<string, unknown> = {}) =>
  node('Queue Trigger', QUEUE_NODE_TYPES.queueTrigger, 1, { queue, concurrency, options }, { credentials: CREDENTIALS });

/** The stock Redis node's push, with the harness's credential itself (the lock suite's fixtures carry env placeholders). */
const pushDone = (list: string) => ({ ...redisPush('Done', list), credentials: CREDENTIALS });

const enqueue = (queue: string, jobId: string) => node('Enqueue', QUEUE_NODE_TYPES.enqueue, 1, { queue, jobSource: 'item', jobId, options: {} }, { credentials: CREDENTIALS });

export function queueWorkflows(): Array<Record<string, unknown>> {
  const ids = QUEUE_WORKFLOW_IDS;
  return [
    // GET /webhook/q-produce?batch=b&count=n: n jobs load-<b>-<i>, enqueued by one execution.
    workflow(ids.produce, 'Q produce', [
      webhook('q-produce'),
      code('Jobs', 'return Array.from({ length: Number($json.query.count) }, (_, i) => ({ json: { batch: Number($json.query.batch), i } }));'),
      enqueue(QUEUES.load, '=load-{{ $json.batch }}-{{ $json.i }}'),
      code('Count', 'const all = $input.all(); return [{ json: { enqueued: all.length, created: all.filter((item) => item.json.job.created).length } }];'),
    ]),
    workflow(ids.work, 'Q work', [queueTrigger(QUEUES.load, LOAD_CONCURRENCY), pushDone(DONE_LISTS.load)]),
    workflow(ids.poison, 'Q poison', [queueTrigger(QUEUES.dlq, 1), stopAndError('Fail', 'poison job: always fails')]),
    workflow(ids.slow, 'Q slow', [queueTrigger(QUEUES.crash, 2, { leaseSeconds: CRASH_LEASE_SECONDS }), wait('Work 3 s', 3), pushDone(DONE_LISTS.crash)]),
  ];
}
