import { InputError } from '../errors.js';
import { normalizeScopeExpression } from '../workflow/expressions.js';
import { WorkflowGraph } from '../workflow/graph.js';
import { executeWorkflowCall, ifNode, mergeKeepFirstInput, rateLimitNode, setFields, stopAndErrorNode } from '../workflow/nodes.js';
import { placeholder, targetWorkflowKey } from '../workflow/placeholders.js';
import { RATE_LIMIT_ALGORITHMS, type RateLimitAlgorithm } from '../primitives/index.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';
import { RATE_LIMIT_ALGORITHMS as PROTOCOL_ALGORITHMS, type RateLimitAlgorithm as NativeAlgorithm } from 'n8n-lock-protocol/keys';
import { rateLimitCalls } from './calls.js';
import {
  addConnection,
  clone,
  COLUMN,
  entryPoints,
  Insertion,
  markNode,
  nodeByName,
  patchResult,
  removeEdges,
  requireExecutionOrderV1,
  nodesToShift,
  shiftNodes,
  type PatchResult,
  positionOf,
  type RestoreState,
  type EntryPoint,
} from './common.js';

export const ADD_RATE_LIMIT_COMMAND = 'add-rate-limit-to-workflow';

export interface AddRateLimitOptions {
  limit: number;
  windowSeconds: number;
  /** Default: one window per workflow (`$workflow.id`). */
  scopeExpression?: string;
  /** passthrough and stop with either engine; wait (for the call's slot) with the native engine only. */
  onDenied?: 'passthrough' | 'stop' | 'wait';
  /** Stock: fixed (rate_limit_check, the default) or sliding (rate_limit_sliding). Native: sliding-log (the default), token-bucket or fixed. */
  algorithm?: RateLimitAlgorithm | NativeRateLimitAlgorithm;
  /** stock (the primitives) or node (the Rate Limit node of n8n-nodes-lock). */
  engine?: 'stock' | 'node';
  /** With --on-denied wait: the longest a call waits for its slot (default 300). */
  maxWaitSeconds?: number;
  setExecutionOrderV1?: boolean;
  file?: string;
}

/**
 * Gates a workflow with rate_limit_check, or rate_limit_sliding for the sliding window (cli.md):
 *
 *   Trigger ─┬─> Rate Limit ──────────> Rate Limit Restore Items (input 1)
 *            └─────────────────────────> Rate Limit Restore Items (input 0) ──> Rate Limit Allowed?
 *   Rate Limit Allowed?  true ──> original first hops (with the original items)
 *                        false ─> Rate Limit Denied (Set: passthrough) | (Stop and Error: stop)
 *
 * Both Merge inputs always run, so the Merge never fires with partial data; the gate reads the
 * decision BY NAME from the Rate Limit node.
 */
export function addRateLimit(input: Workflow, options: AddRateLimitOptions): PatchResult {
  const file = options.file ?? 'workflow';
  if (!Number.isInteger(options.limit) || options.limit <= 0) throw new InputError(`--limit must be a whole number greater than 0 (got ${options.limit})`);
  if (!(options.windowSeconds > 0)) throw new InputError(`--window-seconds must be greater than 0 (got ${options.windowSeconds})`);
  const scope = normalizeScopeExpression(options.scopeExpression ?? '={{ $workflow.id }}');
  const workflow = clone(input);
  const native = options.engine === 'node';
  const onDenied = options.onDenied ?? 'passthrough';
  const algorithm = options.algorithm ?? (native ? 'sliding-log' : 'fixed');
  const primitive = native ? undefined : RATE_LIMIT_ALGORITHMS[algorithm as RateLimitAlgorithm];
  if (native && !(NATIVE_RATE_LIMIT_ALGORITHMS as readonly string[]).includes(algorithm)) throw new InputError(`--algorithm with --engine node must be ${NATIVE_RATE_LIMIT_ALGORITHMS.join(', ')} (got ${JSON.stringify(algorithm)})`);
  if (!native && !primitive) throw new InputError(`--algorithm must be fixed or sliding (got ${JSON.stringify(algorithm)}); sliding-log and token-bucket need --engine node`);
  if (!native && onDenied === 'wait') throw new InputError('--on-denied wait needs --engine node: the stock primitives can only allow or deny');
  if (options.maxWaitSeconds !== undefined && onDenied !== 'wait') throw new InputError('--max-wait-seconds applies to --on-denied wait only');
  const existing = rateLimitCalls(workflow);
  if (existing.length > 0) {
    throw new InputError(`${file}: already rate limited (node "${existing[0].name}" calls ${targetWorkflowKey(existing[0].parameters ?? {})}); remove it first with n8n-lock remove-rate-limit`);
  }
  const graph = new WorkflowGraph(workflow);
  if (graph.triggers().length === 0) throw new InputError(`${file}: has no (enabled) trigger node: nothing starts it, so there is nothing to rate limit`);
  const entries = entryPoints(graph);
  if (entries.length === 0) throw new InputError(`${file}: no node follows the trigger: there is nothing to rate limit`);

  // Native: one node (wait, stop), or the node and its gate (passthrough: denied items go to Rate Limit Denied).
  const nativeGated = native && onDenied === 'passthrough';
  const state: RestoreState = { shiftX: (native ? (nativeGated ? 2 : 1) : 3) * COLUMN, connections: {} };
  const settingsAbsent = workflow.settings === undefined;
  const order = requireExecutionOrderV1(workflow, Boolean(options.setExecutionOrderV1), file);
  if (order.changed) state.settings = { executionOrder: order.original };
  if (settingsAbsent && order.changed) state.settingsAbsent = true;
  for (const entry of entries) state.connections![entry.trigger] = clone(workflow.connections[entry.trigger] ?? null);

  const starts = [...new Set(entries.flatMap((e) => e.targets.map((t) => t.node)))];
  const exactX = shiftNodes(workflow, nodesToShift(workflow, starts), state.shiftX);
  if (Object.keys(exactX).length > 0) state.exactX = exactX;
  const insertion = new Insertion(workflow);
  const inserted = insertion.nodes;
  const nameFor = (base: string) => insertion.name(base);
  const place = (wanted: [number, number]) => insertion.place(wanted);
  const seed = (name: string) => `${ADD_RATE_LIMIT_COMMAND}/${name}`;

  for (const entry of entries) {
    if (native) {
      addNativeRateLimit(workflow, entry, { nameFor, place, seed, inserted }, scope.expression, algorithm as NativeRateLimitAlgorithm, options, onDenied);
      continue;
    }
    const [tx, ty] = positionOf(nodeByName(workflow, entry.trigger));
    const call = nameFor('Rate Limit');
    const restore = nameFor('Rate Limit Restore Items');
    const gate = nameFor('Rate Limit Allowed?');
    const denied = nameFor('Rate Limit Denied');
    const decision = (field: string) => `$('${call.replace(/'/g, "\\'")}').first().json.${field}`;
    inserted.push(
      markNode(
        executeWorkflowCall({ idSeed: seed(call), name: call, position: place([tx + COLUMN, ty + 160]) }, placeholder(`workflows.${primitive!}.id`), [
          { name: 'scope', type: 'string', value: scope.expression },
          { name: 'limit', type: 'number', value: options.limit },
          { name: 'windowSeconds', type: 'number', value: options.windowSeconds },
        ]),
        'rate-limit',
        ADD_RATE_LIMIT_COMMAND,
      ),
      markNode(mergeKeepFirstInput({ idSeed: seed(restore), name: restore, position: place([tx + 2 * COLUMN, ty]) }), 'rate-limit-restore-items', ADD_RATE_LIMIT_COMMAND),
      markNode(ifNode({ idSeed: seed(gate), name: gate, position: place([tx + 3 * COLUMN, ty]) }, decision('allowed')), 'rate-limit-gate', ADD_RATE_LIMIT_COMMAND),
      markNode(
        onDenied === 'stop'
          ? stopAndErrorNode(
              { idSeed: seed(denied), name: denied, position: place([tx + 4 * COLUMN, ty + 200]) },
              `=Rate limit exceeded for scope '{{ ${decision('scope')} }}': {{ ${decision('count')} }} calls in this ${options.windowSeconds} s window, limit {{ ${decision('limit')} }}`,
            )
          : setFields({ idSeed: seed(denied), name: denied, position: place([tx + 4 * COLUMN, ty + 200]) }, [
              { name: 'allowed', type: 'boolean', value: false },
              { name: 'scope', type: 'string', value: `={{ ${decision('scope')} }}` },
              { name: 'count', type: 'number', value: `={{ ${decision('count')} }}` },
              { name: 'limit', type: 'number', value: `={{ ${decision('limit')} }}` },
            ]),
        'rate-limit-denied',
        ADD_RATE_LIMIT_COMMAND,
      ),
    );
    removeEdges(workflow, (from, output, _t, type) => from === entry.trigger && output === entry.output && type === 'main');
    addConnection(workflow.connections, entry.trigger, call, entry.output, 0);
    addConnection(workflow.connections, entry.trigger, restore, entry.output, 0);
    addConnection(workflow.connections, call, restore, 0, 1);
    addConnection(workflow.connections, restore, gate, 0, 0);
    for (const target of entry.targets) addConnection(workflow.connections, gate, target.node, 0, target.index, target.type);
    addConnection(workflow.connections, gate, denied, 1, 0);
  }
  inserted[0] = markNode(inserted[0], 'rate-limit', ADD_RATE_LIMIT_COMMAND, state);
  insertion.commit();

  const notes = native
    ? nativeRateLimitNotes(options, algorithm as NativeRateLimitAlgorithm, scope.expression, onDenied)
    : [
        `at most ${options.limit} execution(s) per ${options.windowSeconds} s window for scope ${scope.expression} (fixed window: up to ${2 * options.limit} across a window edge)`,
        onDenied === 'stop'
          ? 'a denied execution fails with a Stop and Error (the message says scope, count and limit)'
          : 'a denied execution ends with { allowed: false, scope, count, limit } and never runs the original flow',
      ];
  if (order.changed) notes.push('settings.executionOrder was set to "v1" (n8n now orders parallel branches the v1 way); remove-rate-limit restores the original setting');
  return patchResult(input, workflow, notes);
}

/** The Rate Limit node's algorithms, as the protocol defines them. */
export const NATIVE_RATE_LIMIT_ALGORITHMS = PROTOCOL_ALGORITHMS;
export type NativeRateLimitAlgorithm = NativeAlgorithm;

/**
 * The native engine's gate: the Rate Limit node of n8n-nodes-lock right after the trigger, passing
 * the items on (with `rate_limit`). Waiting or stopping, it is the whole gate; passing through, an
 * If after it sends denied items to Rate Limit Denied instead of the original first hops.
 * Token bucket from --limit and --window-seconds: bursts of limit, refilled at limit / window per second.
 */
function addNativeRateLimit(
  workflow: Workflow,
  entry: EntryPoint,
  at: { nameFor: (base: string) => string; place: (wanted: [number, number]) => [number, number]; seed: (name: string) => string; inserted: WorkflowNode[] },
  scope: string,
  algorithm: NativeRateLimitAlgorithm,
  options: AddRateLimitOptions,
  onDenied: 'passthrough' | 'stop' | 'wait',
): void {
  const [tx, ty] = positionOf(nodeByName(workflow, entry.trigger));
  const limiter = at.nameFor('Rate Limit');
  const limits =
    algorithm === 'token-bucket' ? { ratePerSecond: options.limit / options.windowSeconds, burst: options.limit } : { maxCalls: options.limit, windowSeconds: options.windowSeconds };
  const parameters = {
    scope,
    algorithm,
    ...limits,
    onDenied: onDenied === 'passthrough' ? 'pass' : onDenied,
    ...(onDenied === 'wait' ? { maxWaitSeconds: options.maxWaitSeconds ?? 300 } : {}),
    options: {},
  };
  const nodes: WorkflowNode[] = [markNode(rateLimitNode({ idSeed: at.seed(limiter), name: limiter, position: at.place([tx + COLUMN, ty]) }, parameters), 'rate-limit', ADD_RATE_LIMIT_COMMAND)];
  removeEdges(workflow, (from, output, _t, type) => from === entry.trigger && output === entry.output && type === 'main');
  addConnection(workflow.connections, entry.trigger, limiter, entry.output, 0);
  let passOn = limiter;
  if (onDenied === 'passthrough') {
    const gate = at.nameFor('Rate Limit Allowed?');
    const denied = at.nameFor('Rate Limit Denied');
    nodes.push(
      markNode(ifNode({ idSeed: at.seed(gate), name: gate, position: at.place([tx + 2 * COLUMN, ty]) }, '$json.rate_limit.allowed'), 'rate-limit-gate', ADD_RATE_LIMIT_COMMAND),
      markNode(
        setFields({ idSeed: at.seed(denied), name: denied, position: at.place([tx + 3 * COLUMN, ty + 200]) }, [
          { name: 'allowed', type: 'boolean', value: false },
          { name: 'scope', type: 'string', value: '={{ $json.rate_limit.scope }}' },
          { name: 'retry_after_ms', type: 'number', value: '={{ $json.rate_limit.retry_after_ms }}' },
          { name: 'limit', type: 'number', value: '={{ $json.rate_limit.limit }}' },
        ]),
        'rate-limit-denied',
        ADD_RATE_LIMIT_COMMAND,
      ),
    );
    addConnection(workflow.connections, limiter, gate, 0, 0);
    addConnection(workflow.connections, gate, denied, 1, 0);
    passOn = gate;
  }
  for (const target of entry.targets) addConnection(workflow.connections, passOn, target.node, 0, target.index, target.type);
  at.inserted.push(...nodes);
}

function nativeRateLimitNotes(options: AddRateLimitOptions, algorithm: NativeRateLimitAlgorithm, scope: string, onDenied: 'passthrough' | 'stop' | 'wait'): string[] {
  const what = {
    'sliding-log': `at most ${options.limit} execution(s) in any ${options.windowSeconds} s interval for scope ${scope} (sliding log: exact)`,
    'token-bucket': `bursts of up to ${options.limit} execution(s), then ${+(options.limit / options.windowSeconds).toFixed(6)} per second, for scope ${scope} (token bucket)`,
    fixed: `at most ${options.limit} execution(s) per ${options.windowSeconds} s clock window for scope ${scope} (fixed window: up to ${2 * options.limit} across a window edge)`,
  }[algorithm];
  const denied = {
    wait: `a call past the limit waits for its slot (in arrival order, up to ${options.maxWaitSeconds ?? 300} s, then fails)`,
    stop: 'a denied execution fails, saying when to retry',
    passthrough: 'a denied execution ends with { allowed: false, scope, retry_after_ms, limit } and never runs the original flow',
  }[onDenied];
  return [what, denied, 'the Rate Limit node of n8n-nodes-lock (install the community package in n8n); items pass on with a rate_limit field'];
}
