import { InputError } from '../errors.js';
import { normalizeScopeExpression } from '../workflow/expressions.js';
import { WorkflowGraph } from '../workflow/graph.js';
import { executeWorkflowCall, lockNode, mergeAppend, mergeKeepFirstInput, type WorkflowInput } from '../workflow/nodes.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';
import { isPlaceholderFor, placeholder } from '../workflow/placeholders.js';
import type { Workflow } from '../workflow/schema.js';
import { firstJsonOf, lockAcquireNodes } from './calls.js';
import {
  addConnection,
  clone,
  COLUMN,
  entryPoints,
  Insertion,
  markNode,
  nodeByName,
  pathEnds,
  patchResult,
  removeEdges,
  requireExecutionOrderV1,
  gateEntryPoints,
  nodesToShift,
  shiftNodes,
  type PatchResult,
  type PathEnd,
  positionOf,
  type RestoreState,
} from './common.js';

export const ADD_LOCK_COMMAND = 'add-lock-to-workflow';
export const CLEANUP_HANDLER_ID = placeholder('workflows.error_handler_lock_cleanup.id');

/**
 * The lock's default TTL (the seed's was 86400). With the cleanup handler registered (the default),
 * a failed execution frees its lock at once, and n8n runs the error workflow for executions a
 * regular-mode crash interrupted when it starts again (measured: freed 11 s after the lock was taken,
 * right after the restart). The TTL is the backstop for what nothing else frees (a SIGKILLed
 * queue-mode worker: freed by the TTL), so it matches how long a caller waits by default
 * (max_wait_seconds 300): a crash blocks a scope for minutes, not a day.
 */
export const DEFAULT_TTL_SECONDS = 300;
const MERGE_MAX_INPUTS = 10;

export interface AddLockOptions {
  scopeExpression: string;
  ttlSeconds?: number;
  maxWaitSeconds?: number;
  pollSeconds?: number;
  failFast?: boolean;
  /** Register the cleanup error workflow (the CLI's default; --no-lock-on-error turns it off). */
  lockOnError?: boolean;
  /** Replace an existing different settings.errorWorkflow (else it is kept, with a note). */
  force?: boolean;
  setExecutionOrderV1?: boolean;
  /**
   * 'stock' (default): Execute Workflow calls of the primitives, each followed by a Merge that hands
   * on the caller's items. 'node': the Lock node of n8n-nodes-lock, which passes items through, so
   * no restoring Merges.
   */
  engine?: LockEngine;
  /** Native engine only: at most this many executions hold the scope at once (a semaphore); 1 or absent: the mutex. */
  maxHolders?: number;
  /** For messages: the workflow's file. */
  file?: string;
}

export type LockEngine = 'stock' | 'node';
export const LOCK_ENGINES: readonly LockEngine[] = ['stock', 'node'];

export interface AddLockResult extends PatchResult {
  /** The scope when it is the same for every execution (goes into lockScopes). */
  staticScope: string | undefined;
  /**
   * What frees the lock when an execution fails: 'handler' (settings.errorWorkflow is the cleanup
   * handler), 'kept-other' (a different error workflow was kept: only the TTL), 'ttl' (cleanup off).
   */
  onFailure: 'handler' | 'kept-other' | 'ttl';
}

/**
 * Wraps a workflow in acquire/release calls (cli.md "Patching rules"):
 *
 *   Trigger ─┬─> Lock Acquire ──> Lock Restore Items (input 1)
 *            └──────────────────> Lock Restore Items (input 0) ──> original first hops
 *   every path end ──> [Lock Collect (append)] ─┬─> Lock Release ──> Lock Restore Output (input 1)
 *                                               └──────────────────> Lock Restore Output (input 0)
 *
 * Execute Workflow returns the sub-workflow's output, so each call is followed by a choose-branch
 * Merge that hands on the caller's own items; the release runs once, after every branch that has
 * items has ended.
 */
export function addLock(input: Workflow, options: AddLockOptions): AddLockResult {
  const file = options.file ?? 'workflow';
  const scope = normalizeScopeExpression(options.scopeExpression);
  const workflow = clone(input);

  const existing = lockAcquireNodes(workflow);
  if (existing.length > 0) {
    const how = existing[0].type === LOCK_NODE_TYPE ? 'is a native Lock Acquire' : 'calls lock_acquisition';
    throw new InputError(`${file}: already locked (node "${existing[0].name}" ${how}); remove it first with n8n-lock remove-lock`);
  }
  const engine = options.engine ?? 'stock';
  if ((options.maxHolders ?? 1) > 1 && engine !== 'node') throw new InputError(`--max-holders ${options.maxHolders} needs --engine node: the stock primitives are a mutex (one holder)`);
  const graph = new WorkflowGraph(workflow);
  if (graph.triggers().length === 0) throw new InputError(`${file}: has no (enabled) trigger node: nothing starts it, so there is nothing to lock`);
  // In a rate-limited workflow the lock goes behind the gate: a denied execution never waits for it.
  const gated = gateEntryPoints(graph);
  const entries = gated.length > 0 ? gated : entryPoints(graph);
  if (entries.length === 0) throw new InputError(`${file}: no node follows the trigger: there is nothing to lock`);
  const starts = [...new Set(entries.flatMap((e) => e.targets.map((t) => t.node)))];
  const ends = pathEnds(graph, starts);
  if (ends.length === 0) {
    throw new InputError(`${file}: no path of the flow ends with items (every path loops or stops with an error), so there is no place for the release`);
  }

  // Settings first: a refusal here must happen before anything is built.
  const savedSettings: Record<string, unknown> = {};
  const settingsAbsent = workflow.settings === undefined;
  const order = requireExecutionOrderV1(workflow, Boolean(options.setExecutionOrderV1), file);
  if (order.changed) savedSettings.executionOrder = order.original;
  let onFailure: AddLockResult['onFailure'] = 'ttl';
  let keptErrorWorkflow: unknown;
  if (options.lockOnError) {
    const current = workflow.settings?.errorWorkflow;
    onFailure = 'handler';
    if (!isPlaceholderFor(current, 'workflows.error_handler_lock_cleanup.id')) {
      if (current !== undefined && current !== '' && !options.force) {
        // n8n runs one error workflow per workflow: the user's stays, and the note says how to combine.
        onFailure = 'kept-other';
        keptErrorWorkflow = current;
      } else {
        savedSettings.errorWorkflow = current === undefined ? null : current;
        workflow.settings = { ...(workflow.settings ?? {}), errorWorkflow: CLEANUP_HANDLER_ID };
      }
    }
  }

  // The native engine inserts one node before the first hops (Lock Acquire), the stock one two.
  const state: RestoreState = { shiftX: (engine === 'node' ? 1 : 2) * COLUMN, connections: {} };
  if (Object.keys(savedSettings).length > 0) state.settings = savedSettings;
  if (settingsAbsent && workflow.settings !== undefined) state.settingsAbsent = true;
  for (const name of new Set([...entries.map((e) => e.trigger), ...ends.map((e) => e.node)])) {
    state.connections![name] = clone(workflow.connections[name] ?? null);
  }

  const exactX = shiftNodes(workflow, nodesToShift(workflow, starts), state.shiftX);
  if (Object.keys(exactX).length > 0) state.exactX = exactX;
  const insertion = new Insertion(workflow);
  const inserted = insertion.nodes;
  const nameFor = (base: string) => insertion.name(base);
  const place = (wanted: [number, number]) => insertion.place(wanted);

  // Acquire side: one acquire (+ restore, stock) per entry point (several triggers: each is wrapped).
  const acquireNames: string[] = [];
  for (const entry of entries) {
    const trigger = nodeByName(workflow, entry.trigger);
    const acquire = nameFor('Lock Acquire');
    acquireNames.push(acquire);
    const [tx, ty] = positionOf(trigger);
    removeEdges(workflow, (from, output, _t, type) => from === entry.trigger && output === entry.output && type === 'main');
    if (engine === 'node') {
      inserted.push(markNode(lockNode({ idSeed: `${ADD_LOCK_COMMAND}/${acquire}`, name: acquire, position: place([tx + COLUMN, ty]) }, nativeAcquireParameters(scope.expression, options)), 'lock-acquire', ADD_LOCK_COMMAND));
      addConnection(workflow.connections, entry.trigger, acquire, entry.output, 0);
      for (const target of entry.targets) addConnection(workflow.connections, acquire, target.node, 0, target.index, target.type);
      continue;
    }
    const restore = nameFor('Lock Restore Items');
    inserted.push(
      markNode(executeWorkflowCall({ idSeed: `${ADD_LOCK_COMMAND}/${acquire}`, name: acquire, position: place([tx + COLUMN, ty + 160]) }, placeholder('workflows.lock_acquisition.id'), acquireInputs(scope.expression, options)), 'lock-acquire', ADD_LOCK_COMMAND),
    );
    inserted.push(markNode(mergeKeepFirstInput({ idSeed: `${ADD_LOCK_COMMAND}/${restore}`, name: restore, position: place([tx + 2 * COLUMN, ty]) }), 'lock-restore-items', ADD_LOCK_COMMAND));
    addConnection(workflow.connections, entry.trigger, acquire, entry.output, 0);
    addConnection(workflow.connections, entry.trigger, restore, entry.output, 0);
    addConnection(workflow.connections, acquire, restore, 0, 1);
    for (const target of entry.targets) addConnection(workflow.connections, restore, target.node, 0, target.index, target.type);
  }

  // Release side: every path end into one Merge (cascaded past 10 inputs), then one release.
  const endNodes = ends.map((e) => nodeByName(workflow, e.node));
  const releaseX = Math.max(...endNodes.map((n) => positionOf(n)[0])) + COLUMN;
  const releaseY = Math.round(endNodes.reduce((sum, n) => sum + positionOf(n)[1], 0) / endNodes.length);
  let source: PathEnd;
  let column = 0;
  if (ends.length === 1) {
    source = ends[0];
  } else {
    let pending = [...ends];
    let carried: PathEnd | undefined;
    do {
      const room = MERGE_MAX_INPUTS - (carried ? 1 : 0);
      const batch = [...(carried ? [carried] : []), ...pending.slice(0, room)];
      pending = pending.slice(room);
      const collect = nameFor('Lock Collect');
      inserted.push(markNode(mergeAppend({ idSeed: `${ADD_LOCK_COMMAND}/${collect}`, name: collect, position: place([releaseX + column * COLUMN, releaseY]) }, batch.length), 'lock-collect', ADD_LOCK_COMMAND));
      column++;
      batch.forEach((end, index) => addConnection(workflow.connections, end.node, collect, end.output, index));
      carried = { node: collect, output: 0 };
    } while (pending.length > 0);
    source = carried;
  }
  const release = nameFor('Lock Release');
  if (engine === 'node') {
    inserted.push(
      markNode(
        lockNode({ idSeed: `${ADD_LOCK_COMMAND}/${release}`, name: release, position: place([releaseX + column * COLUMN, releaseY]) }, {
          operation: 'release',
          scope: firstJsonOf(acquireNames, 'lock.scope'),
          lockId: firstJsonOf(acquireNames, 'lock.lock_id'),
        }),
        'lock-release',
        ADD_LOCK_COMMAND,
      ),
    );
    addConnection(workflow.connections, source.node, release, source.output, 0);
  } else {
    const restoreOutput = nameFor('Lock Restore Output');
    inserted.push(
      markNode(
        executeWorkflowCall({ idSeed: `${ADD_LOCK_COMMAND}/${release}`, name: release, position: place([releaseX + column * COLUMN, releaseY + 160]) }, placeholder('workflows.lock_release.id'), [
          { name: 'scope', type: 'string', value: firstJsonOf(acquireNames, 'scope') },
          { name: 'lock_id', type: 'string', value: firstJsonOf(acquireNames, 'lock_id') },
        ]),
        'lock-release',
        ADD_LOCK_COMMAND,
      ),
    );
    inserted.push(markNode(mergeKeepFirstInput({ idSeed: `${ADD_LOCK_COMMAND}/${restoreOutput}`, name: restoreOutput, position: place([releaseX + (column + 1) * COLUMN, releaseY]) }), 'lock-restore-output', ADD_LOCK_COMMAND));
    addConnection(workflow.connections, source.node, release, source.output, 0);
    addConnection(workflow.connections, source.node, restoreOutput, source.output, 0);
    addConnection(workflow.connections, release, restoreOutput, 0, 1);
  }

  // The first acquire carries what remove-lock must undo outside the inserted nodes.
  inserted[0] = markNode(inserted[0], 'lock-acquire', ADD_LOCK_COMMAND, state);
  insertion.commit();

  const notes = describeLock(scope.staticScope, scope.expression, entries.length, ends, graph, order.changed, onFailure, keptErrorWorkflow);
  return { ...patchResult(input, workflow, notes), staticScope: scope.staticScope, onFailure };
}

/** The native Lock node's Acquire: the same inputs as the primitive's, as node parameters. */
function nativeAcquireParameters(scopeExpression: string, options: AddLockOptions): Record<string, unknown> {
  return {
    operation: 'acquire',
    scope: scopeExpression,
    lockId: '={{ $execution.id }}',
    ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
    waitTillLockReleased: !options.failFast,
    maxWaitSeconds: options.maxWaitSeconds ?? 300,
    // Only when it says more than the default, so a mutex's node stays as it was.
    ...((options.maxHolders ?? 1) > 1 ? { maxHolders: options.maxHolders } : {}),
    options: options.pollSeconds !== undefined ? { pollSeconds: options.pollSeconds } : {},
  };
}

function acquireInputs(scopeExpression: string, options: AddLockOptions): WorkflowInput[] {
  const inputs: WorkflowInput[] = [
    { name: 'scope', type: 'string', value: scopeExpression },
    { name: 'ttl_seconds', type: 'number', value: options.ttlSeconds ?? DEFAULT_TTL_SECONDS },
    // The caller's ids: inside the primitive, $execution is the primitive's own execution.
    { name: 'execution_id', type: 'string', value: '={{ $execution.id }}' },
    { name: 'wait_till_lock_released', type: 'boolean', value: !options.failFast },
    { name: 'max_wait_seconds', type: 'number', value: options.maxWaitSeconds ?? 300 },
    { name: 'lock_id', type: 'string', value: '={{ $execution.id }}' },
    { name: 'workflow_id', type: 'string', value: '={{ $workflow.id }}' },
    { name: 'workflow_name', type: 'string', value: '={{ $workflow.name }}' },
  ];
  if (options.pollSeconds !== undefined) inputs.push({ name: 'poll_seconds', type: 'number', value: options.pollSeconds });
  return inputs;
}

function describeLock(
  staticScope: string | undefined,
  expression: string,
  entryCount: number,
  ends: PathEnd[],
  graph: WorkflowGraph,
  switchedOrder: boolean,
  onFailure: AddLockResult['onFailure'],
  keptErrorWorkflow: unknown,
): string[] {
  const notes: string[] = [];
  if (onFailure === 'handler') {
    notes.push(
      staticScope !== undefined
        ? `a failed execution frees its lock: settings.errorWorkflow is the cleanup handler (scope "${staticScope}" is also added to lockScopes of the selected env(s))`
        : `a failed execution frees its lock whatever ${expression} evaluated to: settings.errorWorkflow is the cleanup handler, which finds every held scope by its sidecar`,
    );
  } else if (onFailure === 'kept-other') {
    notes.push(
      `settings.errorWorkflow is already ${JSON.stringify(keptErrorWorkflow)}: kept. n8n runs one error workflow per workflow, so a failed execution's lock is freed only by its TTL. ` +
        'To combine them, copy the cleanup into your error workflow (n8n-lock copy-primitive error_handler_lock_cleanup: every node after its Error Trigger), or re-run with --force to make the cleanup handler this workflow\'s error workflow instead',
    );
  } else {
    notes.push('--no-lock-on-error: a failed execution keeps its lock until the TTL (validate warns: lock-cleanup-on-failure)');
  }
  if (entryCount > 1) notes.push(`${entryCount} entry points are wrapped, each with its own Lock Acquire`);
  const endText = ends.map((e) => (e.output === 0 ? `"${e.node}"` : `"${e.node}" output ${e.output}`)).join(', ');
  notes.push(`the lock is released once, after the flow ends at ${endText}`);
  if (ends.length > 1) notes.push('with several path ends executed, the final output is their combined items (not only the last one\'s)');
  notes.push('a node that outputs zero items (e.g. a Filter that drops everything) ends its path without reaching the release: that lock is freed by the error workflow or its TTL');
  const stops = graph.nodes.filter((n) => n.type === 'n8n-nodes-base.stopAndError').map((n) => `"${n.name}"`);
  if (stops.length > 0) {
    notes.push(`${stops.join(', ')} fail${stops.length === 1 ? 's' : ''} the execution: ${onFailure === 'handler' ? 'the cleanup error workflow frees the lock' : 'the lock stays until its TTL'}`);
  }
  if (switchedOrder) notes.push('settings.executionOrder was set to "v1" (n8n now orders parallel branches the v1 way); remove-lock restores the original setting');
  return notes;
}
