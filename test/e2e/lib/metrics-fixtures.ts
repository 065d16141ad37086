// The workflows of the metrics suite: webhook workflows with the package's Lock (mutex and
// semaphore) and Rate Limit nodes, and a function with its caller. Plain n8n JSON with fixed ids.
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';
import { REDIS_CREDENTIAL } from '../harness/index.js';
import { wait, webhook } from './fixtures.js';
import { callFunction, functionTrigger, node, returnJson, workflow } from './functions-fixtures.js';

const CREDENTIALS = { redis: { id: REDIS_CREDENTIAL.id, name: REDIS_CREDENTIAL.name } };

export const METRICS_WORKFLOW_IDS = {
  lock: 'MxLock0000000001',
  semaphore: 'MxSemaphore00001',
  hold: 'MxHold0000000001',
  rate: 'MxRate0000000001',
  fn: 'MxFunction000001',
  call: 'MxCall0000000001',
} as const;

export const METRICS_WEBHOOKS = ['mx-lock', 'mx-semaphore', 'mx-hold', 'mx-rate', 'mx-call'];

/** The raw Scope parameter of the mutex: one series for every key it is evaluated to. */
export const LOCK_SCOPE_PARAMETER = '=mx-{{ $json.query.k }}';

/** The package's Lock node (acquire unless the parameters say otherwise), with the harness's Redis credential. */
export const lock = (name: string, parameters: Record<string, unknown>) =>
  node(name, LOCK_NODE_TYPE, 1, { operation: 'acquire', lockId: '={{ $execution.id }}', ttlSeconds: 30, waitTillLockReleased: true, maxWaitSeconds: 60, options: {}, ...parameters }, { credentials: CREDENTIALS });

export function metricsWorkflows(): Array<Record<string, unknown>> {
  const ids = METRICS_WORKFLOW_IDS;
  return [
    // A mutex per key: callers of one key wait for each other.
    workflow(ids.lock, 'Mx lock', [webhook('mx-lock'), lock('Acquire', { scope: LOCK_SCOPE_PARAMETER }), wait('Work', 0.3), lock('Release', { operation: 'release', scope: LOCK_SCOPE_PARAMETER })]),
    // Two holders at once, each for 1.5 s: a scrape sees the semaphore full.
    workflow(ids.semaphore, 'Mx semaphore', [webhook('mx-semaphore'), lock('Acquire', { scope: 'mx-pool', maxHolders: 2 }), wait('Work', 1.5), lock('Release', { operation: 'release', scope: 'mx-pool' })]),
    // One long hold (6 s of a 10 s TTL) for the live gauges to show.
    workflow(ids.hold, 'Mx hold', [webhook('mx-hold'), lock('Acquire', { scope: 'mx-held', ttlSeconds: 10 }), wait('Work', 6), lock('Release', { operation: 'release', scope: 'mx-held' })]),
    // 3 calls in any minute; the rest pass flagged (denied). Sliding, not fixed: a fixed window that
    // turned over at the minute while the 7 calls ran allowed more than 3 (stop 43's CI check).
    workflow(ids.rate, 'Mx rate', [webhook('mx-rate'), node('Limit', RATE_LIMIT_NODE_TYPE, 1, { scope: 'mx-api', algorithm: 'sliding-log', maxCalls: 3, windowSeconds: 60, onDenied: 'pass', options: {} }, { credentials: CREDENTIALS })]),
    workflow(ids.fn, 'Mx function', [functionTrigger('mx-double', ['n']), returnJson('Return', '={{ { doubled: $json.n * 2 } }}')]),
    workflow(ids.call, 'Mx call', [webhook('mx-call'), callFunction('Call', 'mx-double', '={{ { n: Number($json.query.n) } }}')]),
  ];
}

