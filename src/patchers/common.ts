import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { InputError } from '../errors.js';
import { addConnection } from '../workflow/connections.js';
import { WorkflowGraph } from '../workflow/graph.js';
import type { ConnectionTarget, Workflow, WorkflowNode } from '../workflow/schema.js';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';

const { compare } = fastJsonPatch;

/** What every patcher returns: the new workflow, the RFC 6902 patch from the input, and notes for the user. */
export interface PatchResult {
  workflow: Workflow;
  patch: Operation[];
  notes: string[];
}

export function patchResult(original: Workflow, patched: Workflow, notes: string[]): PatchResult {
  // Entries emptied while rewiring stayed in place (so a refilled one keeps its position in the
  // file); those still empty now go. An empty entry the user had stays.
  for (const [name, entry] of Object.entries(patched.connections)) {
    if (Object.keys(entry).length === 0 && !(original.connections[name] && Object.keys(original.connections[name]).length === 0)) delete patched.connections[name];
  }
  return { workflow: patched, patch: compare(original, patched), notes };
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

// ---------------------------------------------------------------------------------------------
// Marking inserted nodes. Every node a patcher inserts carries a `notes` text naming its role, so
// remove-* finds exactly what was inserted (by role, not by a name the user may have taken), and
// the first node of each construct records what the patch changed outside its own nodes.

export type Role =
  | 'lock-acquire'
  | 'lock-restore-items'
  | 'lock-collect'
  | 'lock-release'
  | 'lock-restore-output'
  | 'rate-limit'
  | 'rate-limit-restore-items'
  | 'rate-limit-gate'
  | 'rate-limit-denied';

/** Changes outside the inserted nodes that remove-* must undo. */
export interface RestoreState {
  /** Horizontal shift applied to every non-trigger node. */
  shiftX: number;
  /** Original values of settings keys the patch set (null = the key was absent). */
  settings?: Record<string, unknown>;
  /** Original x of shifted nodes whose x + shift - shift is not x in floating point. */
  exactX?: Record<string, number>;
  /** True when the workflow had no `settings` object at all before the patch. */
  settingsAbsent?: boolean;
  /**
   * Original `connections` entries of the user's nodes whose outgoing edges the patch rewired
   * (null = no entry), so remove-* can give back the exact original form (empty slots included).
   */
  connections?: Record<string, unknown>;
}

const ROLE_LINE = /^n8n-lock-role: ([a-z-]+)$/m;
const STATE_LINE = /^n8n-lock-restore: (.+)$/m;

export function markNode(node: WorkflowNode, role: Role, command: string, state?: RestoreState): WorkflowNode {
  const lines = [`Inserted by n8n-lock ${command}; remove with n8n-lock ${command.replace(/^add-/, 'remove-').replace(/-to-workflow$/, '')}.`, `n8n-lock-role: ${role}`];
  if (state) lines.push(`n8n-lock-restore: ${JSON.stringify(state)}`);
  return { ...node, notes: lines.join('\n') };
}

export function roleOf(node: WorkflowNode): Role | undefined {
  const m = typeof node.notes === 'string' ? ROLE_LINE.exec(node.notes) : null;
  return m ? (m[1] as Role) : undefined;
}

export function restoreStateOf(node: WorkflowNode): RestoreState | undefined {
  const m = typeof node.notes === 'string' ? STATE_LINE.exec(node.notes) : null;
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]) as RestoreState;
  } catch {
    return undefined;
  }
}

/** `base`, or `base 2`, `base 3`... whichever no node has: inserted nodes never collide with user nodes. */
export function freeName(workflow: Workflow, base: string, taken: Set<string> = new Set()): string {
  const used = new Set([...workflow.nodes.map((n) => n.name), ...taken]);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base} ${i}`)) return `${base} ${i}`;
}

// ---------------------------------------------------------------------------------------------
// Execution order (cli.md): the wirings rely on v1's required-inputs rule.

export function requireExecutionOrderV1(workflow: Workflow, allowSwitch: boolean, file: string): { changed: boolean; original: unknown } {
  const current = workflow.settings?.executionOrder;
  if (current === 'v1') return { changed: false, original: current };
  if (!allowSwitch) {
    const what = current === undefined ? 'has no settings.executionOrder' : `has settings.executionOrder "${String(current)}"`;
    throw new InputError(
      `${file}: ${what}, so n8n runs it on the legacy v0 engine, where the inserted Merge wiring is not guaranteed; ` +
        're-run with --set-execution-order-v1 to switch it to v1 (this changes how n8n orders parallel branches: check the workflow afterwards)',
    );
  }
  workflow.settings = { ...(workflow.settings ?? {}), executionOrder: 'v1' };
  return { changed: true, original: current === undefined ? null : current };
}

/** Puts back settings keys recorded in a RestoreState (null = delete the key). */
export function restoreSettings(workflow: Workflow, saved: Record<string, unknown> | undefined, settingsAbsent = false): void {
  if (!saved) return;
  const settings = { ...(workflow.settings ?? {}) };
  for (const [key, value] of Object.entries(saved)) {
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  if (Object.keys(settings).length === 0 && settingsAbsent) delete workflow.settings;
  else workflow.settings = settings;
}

// ---------------------------------------------------------------------------------------------
// Graph surgery.

/**
 * A connected main output where an execution enters the flow to wrap: a trigger output, or (for
 * a lock in a rate-limited workflow) the rate-limit gate's "allowed" output, so that denied
 * executions never take the lock.
 */
export interface EntryPoint {
  trigger: string;
  output: number;
  targets: ConnectionTarget[];
}

export function entryPoints(graph: WorkflowGraph): EntryPoint[] {
  const entries: EntryPoint[] = [];
  for (const trigger of graph.triggers()) {
    const slots = graph.workflow.connections[trigger.name]?.main ?? [];
    slots.forEach((targets, output) => {
      if (targets && targets.length > 0) entries.push({ trigger: trigger.name, output, targets: targets.map((t) => ({ ...t })) });
    });
  }
  return entries;
}

/** The rate-limit gates' "allowed" outputs, when the workflow is rate limited. */
export function gateEntryPoints(graph: WorkflowGraph): EntryPoint[] {
  // A native Rate Limit node that waits or stops lets only allowed items out: it is its own gate.
  const gateless = (n: WorkflowNode) => roleOf(n) === 'rate-limit' && n.type === RATE_LIMIT_NODE_TYPE && !graph.successors(n.name).some((s) => roleOf(graph.node(s)!) === 'rate-limit-gate');
  return graph.nodes
    .filter((n) => roleOf(n) === 'rate-limit-gate' || gateless(n))
    .map((gate) => ({ trigger: gate.name, output: 0, targets: (graph.workflow.connections[gate.name]?.main?.[0] ?? []).map((t) => ({ ...t })) }))
    .filter((e) => e.targets.length > 0);
}

export { pathEnds, type PathEnd } from '../workflow/paths.js';

/** A connections entry with empty slots and empty types dropped: two entries with the same edges compare equal. */
export function normalizedEntry(entry: unknown): string {
  const out: Record<string, unknown> = {};
  for (const [type, outputs] of Object.entries((entry ?? {}) as Record<string, Array<ConnectionTarget[] | null>>)) {
    const slots = (outputs ?? []).map((t) => (t ?? []).map((x) => `${x.node}|${x.type}|${x.index}`));
    while (slots.length > 0 && slots[slots.length - 1].length === 0) slots.pop();
    if (slots.length > 0) out[type] = slots;
  }
  return JSON.stringify(out);
}

/** After remove-*: where a rewired node's entry has the same edges as before the patch, put back its exact original form. */
export function restoreConnectionEntries(workflow: Workflow, saved: Record<string, unknown> | undefined): void {
  for (const [name, entry] of Object.entries(saved ?? {})) {
    if (!workflow.nodes.some((n) => n.name === name)) continue;
    if (normalizedEntry(workflow.connections[name]) !== normalizedEntry(entry)) continue;
    if (entry === null) delete workflow.connections[name];
    else workflow.connections[name] = clone(entry) as Workflow['connections'][string];
  }
}

/**
 * Removes the edges `predicate` selects. Only entries that lost an edge are tidied (trailing empty
 * slots dropped, as n8n does); every other node's entry stays exactly as the user wrote it. An
 * entry left without edges stays as `{}` in its place until patchResult drops it: the patch may
 * refill it, and JSON object keys that are deleted and added again move to the end of the file.
 */
export function removeEdges(workflow: Workflow, predicate: (from: string, output: number, target: ConnectionTarget, type: string) => boolean): void {
  for (const [from, byType] of Object.entries(workflow.connections)) {
    for (const [type, outputs] of Object.entries(byType)) {
      let typeTouched = false;
      outputs.forEach((targets, output) => {
        if (!targets) return;
        const kept = targets.filter((t) => !predicate(from, output, t, type));
        if (kept.length !== targets.length) {
          outputs[output] = kept;
          typeTouched = true;
        }
      });
      if (!typeTouched) continue;
      while (outputs.length > 0 && (outputs[outputs.length - 1] ?? []).length === 0) outputs.pop();
      if (outputs.length === 0) delete byType[type];
    }
  }
}

/** Removes nodes and every connection from or to them. */
export function removeNodes(workflow: Workflow, names: Set<string>): void {
  workflow.nodes = workflow.nodes.filter((n) => !names.has(n.name));
  for (const name of names) delete workflow.connections[name];
  removeEdges(workflow, (_from, _output, target) => names.has(target.node));
}

export { addConnection };

// ---------------------------------------------------------------------------------------------
// Layout: new nodes go where nothing is; shifted nodes keep their relative layout.

export const COLUMN = 220;

/**
 * The nodes a construct inserted at `starts` pushes right: the flow downstream of its insertion
 * point, plus sticky notes (they annotate the flow). Computed the same way on insert and on
 * remove, so the inverse shift moves exactly the same nodes.
 */
export function nodesToShift(workflow: Workflow, starts: string[]): Set<string> {
  const names = new WorkflowGraph(workflow).reachableFrom(starts);
  for (const node of workflow.nodes) if (node.type === STICKY_NOTE_TYPE) names.add(node.name);
  return names;
}

const STICKY_NOTE_TYPE = 'n8n-nodes-base.stickyNote';

/**
 * Moves `names` right by dx. Returns the original x of nodes that a later shift by -dx would not
 * give back exactly (fractional positions), so the inverse can restore them to the bit.
 */
export function shiftNodes(workflow: Workflow, names: Set<string>, dx: number, exactX: Record<string, number> = {}): Record<string, number> {
  const inexact: Record<string, number> = {};
  for (const node of workflow.nodes) {
    if (!names.has(node.name) || !node.position) continue; // no position: n8n places it, nothing to move
    const [x, y] = node.position;
    const moved = x + dx;
    const recorded = exactX[node.name];
    node.position = [recorded !== undefined && recorded - dx === x ? recorded : moved, y];
    if (recorded === undefined && moved - dx !== x) inexact[node.name] = x;
  }
  return inexact;
}

/** `wanted`, or the nearest spot below it that no node occupies (within a node's footprint). */
export function freePosition(workflow: Workflow, wanted: [number, number], reserved: Array<[number, number]> = []): [number, number] {
  const occupied = [...workflow.nodes.flatMap((n) => (n.position ? [n.position] : [])), ...reserved];
  let [x, y] = wanted;
  while (occupied.some(([ox, oy]) => Math.abs(ox - x) < 160 && Math.abs(oy - y) < 120)) y += 160;
  return [x, y];
}

/**
 * Collects the nodes a patcher inserts: free names that collide neither with user nodes nor with
 * each other, and positions clear of every node placed so far.
 */
export class Insertion {
  readonly nodes: WorkflowNode[] = [];
  private readonly taken = new Set<string>();

  constructor(private readonly workflow: Workflow) {}

  name(base: string): string {
    const name = freeName(this.workflow, base, this.taken);
    this.taken.add(name);
    return name;
  }

  place(wanted: [number, number]): [number, number] {
    return freePosition({ ...this.workflow, nodes: [...this.workflow.nodes, ...this.nodes] }, wanted);
  }

  add(...nodes: WorkflowNode[]): void {
    this.nodes.push(...nodes);
  }

  /** Appends the inserted nodes to the workflow (after the user's nodes, in insertion order). */
  commit(): void {
    this.workflow.nodes.push(...this.nodes);
  }
}

/**
 * Where a node sits, for placing inserted nodes next to it. A node without a position (n8n accepts
 * that and places it itself) counts as the canvas origin; its own JSON is never changed.
 */
export function positionOf(node: WorkflowNode): [number, number] {
  return node.position ?? [0, 0];
}

export function nodeByName(workflow: Workflow, name: string): WorkflowNode {
  const node = workflow.nodes.find((n) => n.name === name);
  if (!node) throw new Error(`internal: no node named ${name}`);
  return node;
}
