import { InputError } from '../errors.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';
import { WorkflowGraph } from '../workflow/graph.js';
import type { Workflow } from '../workflow/schema.js';
import {
  addConnection,
  clone,
  patchResult,
  removeNodes,
  restoreConnectionEntries,
  restoreSettings,
  restoreStateOf,
  roleOf,
  nodesToShift,
  shiftNodes,
  type PatchResult,
  type Role,
} from './common.js';

/**
 * Removes a construct a patcher inserted: the nodes with the given roles. The entry nodes (e.g.
 * Lock Acquire + Lock Restore Items) are bypassed: whatever fed them feeds the restore node's
 * targets again. Exit nodes are dropped with their incoming edges. Then the recorded settings,
 * connection entries and the layout shift are undone.
 */
export function removeConstruct(
  input: Workflow,
  spec: {
    entryRoles: Role[];
    /** The node whose input 0 receives the caller's items from outside the construct. */
    restoreRole: Role;
    /** The node after the restore whose output 0 feeds the original first hops (default: the restore itself). */
    passOnRole?: Role;
    exitRoles: Role[];
    stateRole: Role;
    what: string;
    command: string;
  },
  file: string,
): PatchResult {
  const workflow = clone(input);
  const ours = (roles: Role[]) => workflow.nodes.filter((n) => roles.includes(roleOf(n)!));
  const entryNodes = ours(spec.entryRoles);
  if (entryNodes.length === 0) throw new InputError(`${file}: has no ${spec.what} inserted by n8n-lock (nothing to remove)`);
  const stateNode = entryNodes.find((n) => roleOf(n) === spec.stateRole && restoreStateOf(n));
  const state = stateNode ? restoreStateOf(stateNode) : undefined;
  const graph = new WorkflowGraph(workflow);
  const removing = new Set([...entryNodes, ...ours(spec.exitRoles)].map((n) => n.name));

  // Bypass each restore node: its sources (outside the construct) feed the original first hops again.
  const firstHops: string[] = [];
  for (const restore of entryNodes.filter((n) => roleOf(n) === spec.restoreRole)) {
    const sources = graph.incoming(restore.name, 'main').filter((e) => e.input === 0 && !removing.has(e.from));
    const passOn = spec.passOnRole
      ? graph.successors(restore.name).find((s) => roleOf(graph.node(s)!) === spec.passOnRole) ?? restore.name
      : restore.name;
    const targets = graph.outgoing(passOn, 'main').filter((e) => e.output === 0 && !removing.has(e.to));
    for (const s of sources) for (const t of targets) addConnection(workflow.connections, s.from, t.to, s.output, t.input, t.type);
    firstHops.push(...targets.map((t) => t.to));
  }
  removeNodes(workflow, removing);
  if (state) {
    restoreConnectionEntries(workflow, state.connections as Record<string, unknown> | undefined);
    restoreSettings(workflow, state.settings, state.settingsAbsent);
    shiftNodes(workflow, nodesToShift(workflow, firstHops), -state.shiftX, state.exactX);
  }
  const notes = [`removed ${removing.size} node(s): ${[...removing].map((n) => `"${n}"`).join(', ')}`];
  if (!state) notes.push('no recorded layout or settings to restore (the marker note was edited): positions and settings left as they are');
  return patchResult(input, workflow, notes);
}

export function removeLock(input: Workflow, options: { file?: string } = {}): PatchResult {
  const file = options.file ?? 'workflow';
  // The native Lock Acquire passes the items on itself: it is its own "restore" node.
  const native = input.nodes.some((n) => roleOf(n) === 'lock-acquire' && n.type === LOCK_NODE_TYPE);
  return removeConstruct(
    input,
    {
      entryRoles: ['lock-acquire', 'lock-restore-items'],
      restoreRole: native ? 'lock-acquire' : 'lock-restore-items',
      exitRoles: ['lock-collect', 'lock-release', 'lock-restore-output'],
      stateRole: 'lock-acquire',
      what: 'lock',
      command: 'remove-lock',
    },
    file,
  );
}
