// The user workflows the suite deploys: plain n8n JSON as a user would keep it in git. The lock
// and rate-limit wiring is added by the real CLI (add-lock-to-workflow, add-rate-limit-to-workflow).
import { FUNCTION_NODE_TYPES } from 'n8n-lock-protocol/functions';

const REDIS = { redis: { id: '{{@:env:credentials.redis.id}}', name: '{{@:env:credentials.redis.name}}' } };
let counter = 0;
const uuid = (n: number) => `e2e00000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Node = Record<string, unknown> & { name: string };

function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}): Node {
  counter++;
  return { parameters, id: uuid(counter), name, type: `n8n-nodes-base.${type}`, typeVersion, position: [counter * 220, 0], ...extra };
}

/** A node of the n8n-nodes-lock package (its full type), on the env's Redis credential. */
function packageNode(name: string, type: string, parameters: Record<string, unknown>): Node {
  counter++;
  return { parameters, id: uuid(counter), name, type, typeVersion: 1, position: [counter * 220, 0], credentials: REDIS };
}

export const webhook = (path: string, responseMode: 'lastNode' | 'onReceived' = 'lastNode') =>
  node('Webhook', 'webhook', 2.1, { path, responseMode, options: {} }, { webhookId: uuid(1000 + ++counter) });
export const code = (name: string, jsCode: string) => node(name, 'code', 2, { jsCode });
/** n8n's No Operation node: what n8n charges for running any node, with no work of its own. */
export const noOp = (name: string) => node(name, 'noOp', 1, {});
export const wait = (name: string, seconds: number) => node(name, 'wait', 1.1, { amount: seconds, unit: 'seconds' }, { webhookId: uuid(2000 + ++counter) });
export const redisPush = (name: string, list: string) =>
  node(name, 'redis', 1, { operation: 'push', list, messageData: '={{ JSON.stringify($json) }}', tail: true }, { credentials: REDIS });
export const redisIncr = (name: string, key: string) => node(name, 'redis', 1, { operation: 'incr', key, expire: true, ttl: 600 }, { credentials: REDIS });
export const ifTrue = (name: string, expression: string) =>
  node(name, 'if', 2.2, {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [{ id: uuid(3000 + ++counter), leftValue: `={{ ${expression} }}`, rightValue: '', operator: { type: 'boolean', operation: 'true', singleValue: true } }],
      combinator: 'and',
    },
    options: {},
  });

/** Calls a primitive directly; onError keeps the primitive's error message as `{ error }` in the response. */
export function callPrimitive(name: string, key: string, inputs: Array<{ name: string; type: string; value: unknown }>): Node {
  return node(
    name,
    'executeWorkflow',
    1.2,
    {
      workflowId: { __rl: true, value: `{{@:env:workflows.${key}.id}}`, mode: 'id' },
      workflowInputs: {
        mappingMode: 'defineBelow',
        value: Object.fromEntries(inputs.map((i) => [i.name, i.value])),
        matchingColumns: [],
        schema: inputs.map((i) => ({ id: i.name, displayName: i.name, required: false, defaultMatch: false, display: true, canBeUsedToMatch: true, type: i.type, removed: false })),
        attemptToConvertTypes: false,
        convertFieldsToString: true,
      },
      options: {},
    },
    {
      onError: 'continueRegularOutput',
      // The probes break two lock rules on purpose; validate must accept them only with a reason.
      notes: 'n8n-lock-disable lock-acquire-inputs, lock-release-on-every-path, rate-limit-gate -- e2e probe: returns the primitive result or error as data; the test acts on it',
    },
  );
}

/** A linear workflow: the nodes in order, each feeding the next. */
export function chain(name: string, nodes: Node[], settings: Record<string, unknown> | null = { executionOrder: 'v1' }) {
  const connections: Record<string, unknown> = {};
  for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
  return { name, nodes, connections, ...(settings ? { settings } : {}) };
}

const q = (field: string) => `$json.query.${field}`;

/** Every user workflow of the suite, by key; with the native engine also the mixed-scope pair. */
export function userWorkflows(engine: 'stock' | 'node' = 'stock'): Record<string, unknown> {
  counter = 0;
  const section = (list: string, holdSeconds: number) => [
    code('Enter', 'return [{ json: { start: Date.now() } }];'),
    wait('Hold', holdSeconds),
    code('Leave', "return [{ json: { start: $('Enter').first().json.start, end: Date.now(), execution: $execution.id } }];"),
    redisPush('Record', list),
  ];
  const branchy = chain('E2E Branchy', [webhook('branchy'), ifTrue('Go?', `${q('go')} === 'yes'`), code('Yes', "return [{ json: { branch: 'yes' } }];")]);
  // The If's false output stays unconnected on purpose.
  (branchy.connections as any)['Go?'] = { main: [[{ node: 'Yes', type: 'main', index: 0 }]] };
  return {
    critical: chain('E2E Critical', [webhook('critical'), ...section('e2e-intervals', 0.3)]),
    // Exported without settings.executionOrder: n8n would run it on the legacy v0 engine.
    legacy: chain('E2E Legacy Order', [webhook('legacy'), ...section('e2e-legacy-intervals', 0.2)], null),
    fail_fast: chain('E2E Fail Fast', [webhook('fail-fast'), code('Work', 'return [{ json: { worked: true } }];')]),
    failing: chain('E2E Failing', [webhook('failing'), code('Explode', "throw new Error('boom inside the critical section');")]),
    failing_dynamic: chain('E2E Failing Dynamic', [webhook('failing-dynamic'), code('Explode', "throw new Error('boom inside a dynamic-scope lock');")]),
    slow: chain('E2E Slow Holder', [webhook('slow', 'onReceived'), wait('Hold Long', 40), code('Done', 'return [{ json: { done: true } }];')]),
    // Waits for the slow holder's scope in the queue-mode crash scenario.
    crash_waiter: chain('E2E Crash Waiter', [webhook('crash-waiter'), ...section('e2e-crash-intervals', 0.1)]),
    limited: chain('E2E Limited', [webhook('limited'), redisIncr('Protected Work', 'e2e-work-count')]),
    // The same work behind a fixed and a sliding window, called in bursts around a window edge.
    edge_fixed: chain('E2E Edge Fixed', [webhook('edge-fixed'), code('Work', 'return [{ json: { worked: true } }];')]),
    edge_sliding: chain('E2E Edge Sliding', [webhook('edge-sliding'), code('Work', 'return [{ json: { worked: true } }];')]),
    echo_plain: chain('E2E Echo Plain', [webhook('echo-plain'), code('Echo', "return [{ json: { echo: $('Webhook').first().json.query, n: 42 } }];")]),
    echo_locked: chain('E2E Echo Locked', [webhook('echo-locked'), code('Echo', "return [{ json: { echo: $('Webhook').first().json.query, n: 42 } }];")]),
    branchy,
    // One scope, two engines: the stock primitives and the native Lock node, both writing their
    // critical sections to one list.
    ...(engine === 'node'
      ? {
          mixed_stock: chain('E2E Mixed Stock', [webhook('mixed-stock'), ...section('e2e-mixed-intervals', 0.1)]),
          mixed_native: chain('E2E Mixed Native', [webhook('mixed-native'), ...section('e2e-mixed-intervals', 0.1)]),
          // Capacity (issue #21): at most 3 at once; every item's scope at once; the Rate Limit node.
          semaphore: chain('E2E Semaphore', [webhook('semaphore'), ...section('e2e-semaphore-intervals', 0.5)]),
          multi_scope: multiScope(),
          rate_sliding_log: chain('E2E Rate Sliding Log', [webhook('rate-sliding-log'), code('Work', 'return [{ json: { worked: true, at: Date.now() } }];')]),
          rate_token_bucket: chain('E2E Rate Token Bucket', [webhook('rate-token-bucket'), code('Work', 'return [{ json: { worked: true, at: Date.now() } }];')]),
          rate_fixed: chain('E2E Rate Fixed', [webhook('rate-fixed'), code('Work', 'return [{ json: { worked: true, at: Date.now() } }];')]),
          throttle: chain('E2E Throttle', [webhook('throttle'), code('Work', "return [{ json: { worked: true, at: Date.now(), slot_at_ms: $('Rate Limit').first().json.rate_limit.slot_at_ms } }];")]),
          // One callable function and its caller (the functions suite has the rest).
          fn_double: chain('E2E Fn Double', [
            packageNode('Function', FUNCTION_NODE_TYPES.function, { functionName: 'e2e-double', scope: 'global', parameters: { parameter: [{ name: 'n' }] }, options: {} }),
            packageNode('Return', FUNCTION_NODE_TYPES.returnFromFunction, { respondWith: 'json', value: '={{ { n: $json.n, doubled: $json.n * 2 } }}' }),
          ]),
          fn_call_double: chain('E2E Fn Call Double', [
            webhook('fn-call-double'),
            packageNode('Call double', FUNCTION_NODE_TYPES.callFunction, { functionName: 'e2e-double', scope: 'global', parameters: '={{ { n: Number($json.query.n) } }}', timeout: 30, options: {} }),
          ]),
        }
      : {}),
    probe_acquire: chain('E2E Probe Acquire', [
      webhook('probe-acquire'),
      callPrimitive('Acquire', 'lock_acquisition', [
        { name: 'scope', type: 'string', value: `={{ ${q('scope')} }}` },
        { name: 'ttl_seconds', type: 'number', value: `={{ Number(${q('ttl')} ?? 60) }}` },
        { name: 'execution_id', type: 'string', value: `={{ ${q('execution_id')} ?? $execution.id }}` },
        { name: 'wait_till_lock_released', type: 'boolean', value: `={{ ${q('wait')} !== 'false' }}` },
        { name: 'max_wait_seconds', type: 'number', value: `={{ Number(${q('max_wait')} ?? 10) }}` },
        { name: 'lock_id', type: 'string', value: `={{ ${q('lock_id')} ?? $execution.id }}` },
        { name: 'workflow_id', type: 'string', value: '={{ $workflow.id }}' },
        { name: 'workflow_name', type: 'string', value: '={{ $workflow.name }}' },
        { name: 'poll_seconds', type: 'number', value: `={{ Number(${q('poll')} ?? 1) }}` },
      ]),
    ]),
    probe_release: chain('E2E Probe Release', [
      webhook('probe-release'),
      callPrimitive('Release', 'lock_release', [
        { name: 'scope', type: 'string', value: `={{ ${q('scope')} }}` },
        { name: 'lock_id', type: 'string', value: `={{ ${q('lock_id')} }}` },
      ]),
    ]),
    probe_rate: chain('E2E Probe Rate', [
      webhook('probe-rate'),
      callPrimitive('Check', 'rate_limit_check', [
        { name: 'scope', type: 'string', value: `={{ ${q('scope')} }}` },
        { name: 'limit', type: 'number', value: `={{ Number(${q('limit')}) }}` },
        { name: 'windowSeconds', type: 'number', value: `={{ Number(${q('window')}) }}` },
      ]),
    ]),
  };
}

/**
 * A batch of records, each locked by its own scope in ONE Lock node (the scopes of all items at
 * once), written by hand as a user would in the editor: the Webhook's `scopes` query (comma
 * separated, in the caller's order) becomes one item per scope; each item's interval is recorded.
 */
function multiScope() {
  const lock = (name: string, parameters: Record<string, unknown>): Node => {
    counter++;
    return { parameters: { ...parameters, options: {} }, id: uuid(counter), name, type: 'n8n-nodes-lock.lock', typeVersion: 1, position: [counter * 220, 0], credentials: REDIS };
  };
  return chain('E2E Multi Scope', [
    webhook('multi-scope'),
    code('Records', "return String($json.query.scopes).split(',').map((scope) => ({ json: { scope } }));"),
    lock('Lock Acquire', { operation: 'acquire', scope: '={{ $json.scope }}', lockId: '={{ $execution.id }}', ttlSeconds: 60, waitTillLockReleased: true, maxWaitSeconds: 120 }),
    code('Enter', 'return $input.all().map((item, i) => ({ json: { scope: item.json.scope, start: Date.now() }, pairedItem: { item: i } }));'),
    wait('Hold', 0.2),
    code('Leave', "return $input.all().map((item, i) => ({ json: { scope: item.json.scope, start: item.json.start, end: Date.now(), execution: $execution.id }, pairedItem: { item: i } }));"),
    redisPush('Record', 'e2e-multi-intervals'),
    // Each item releases the lock of its own scope (the Release takes the distinct scopes of its items).
    lock('Lock Release', { operation: 'release', scope: "={{ $('Lock Acquire').item.json.lock.scope }}", lockId: "={{ $('Lock Acquire').item.json.lock.lock_id }}" }),
  ]);
}

/** Webhook paths to wait for before the suite starts calling. */
export const webhookPaths = (engine: 'stock' | 'node' = 'stock') => [...WEBHOOK_PATHS, ...(engine === 'node' ? NATIVE_WEBHOOK_PATHS : [])];
export const NATIVE_WEBHOOK_PATHS = ['mixed-stock', 'mixed-native', 'semaphore', 'multi-scope', 'rate-sliding-log', 'rate-token-bucket', 'rate-fixed', 'throttle', 'fn-call-double'];
export const WEBHOOK_PATHS = ['critical', 'legacy', 'fail-fast', 'failing', 'failing-dynamic', 'edge-fixed', 'edge-sliding', 'slow', 'crash-waiter', 'limited', 'echo-plain', 'echo-locked', 'branchy', 'probe-acquire', 'probe-release', 'probe-rate'];
