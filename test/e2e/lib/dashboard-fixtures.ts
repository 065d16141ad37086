// The workflows of the dashboard suite: the package's Lock node holding a scope briefly, holding
// another for long (its holder is then killed), a waiter on that one, a Rate Limit node and a
// function with its caller, so that every section of the page has something real to show.
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';
import { wait, webhook } from './fixtures.js';
import { callFunction, CREDENTIALS, functionTrigger, node, returnJson, workflow } from './functions-fixtures.js';
import { lock } from './metrics-fixtures.js';

export const DASHBOARD_WORKFLOW_IDS = {
  brief: 'DbBrief000000001',
  stuck: 'DbStuck000000001',
  waiter: 'DbWaiter00000001',
  rate: 'DbRate0000000001',
  fn: 'DbFunction000001',
  call: 'DbCall0000000001',
} as const;

export const DASHBOARD_WEBHOOKS = ['db-brief', 'db-stuck', 'db-wait', 'db-rate', 'db-call'];
/** How long the brief holder holds its lock. */
export const BRIEF_HOLD_S = 3;
export const FUNCTION_NAME = 'db-double';

export function dashboardWorkflows(): Array<Record<string, unknown>> {
  const ids = DASHBOARD_WORKFLOW_IDS;
  return [
    // Answers at once, then holds 'db-brief' for a few seconds: the page must show it come and go.
    workflow(ids.brief, 'Db brief', [webhook('db-brief', 'onReceived'), lock('Acquire', { scope: 'db-brief' }), wait('Work', BRIEF_HOLD_S), lock('Release', { operation: 'release', scope: 'db-brief' })]),
    // Answers at once, then holds 'db-stuck' (TTL 5 minutes) for 50 s; its process is killed meanwhile.
    workflow(ids.stuck, 'Db stuck', [webhook('db-stuck', 'onReceived'), lock('Acquire', { scope: 'db-stuck', ttlSeconds: 300 }), wait('Work', 50), lock('Release', { operation: 'release', scope: 'db-stuck' })]),
    // Waits (up to 2 minutes) for 'db-stuck', then answers: it proceeds only once the page frees it.
    workflow(ids.waiter, 'Db waiter', [webhook('db-wait'), lock('Acquire', { scope: 'db-stuck', maxWaitSeconds: 120 }), lock('Release', { operation: 'release', scope: 'db-stuck' })]),
    workflow(ids.rate, 'Db rate', [webhook('db-rate'), node('Limit', RATE_LIMIT_NODE_TYPE, 1, { scope: 'db-api', algorithm: 'sliding-log', maxCalls: 3, windowSeconds: 60, onDenied: 'pass', options: {} }, { credentials: CREDENTIALS })]),
    workflow(ids.fn, 'Db function', [functionTrigger(FUNCTION_NAME, ['n']), returnJson('Return', '={{ { doubled: $json.n * 2 } }}')]),
    workflow(ids.call, 'Db call', [webhook('db-call'), callFunction('Call', FUNCTION_NAME, '={{ { n: Number($json.query.n) } }}')]),
  ];
}
