import { FUNCTION_NODE_TYPES } from 'n8n-lock-protocol/functions';
import type { ConnectionTarget, Workflow, WorkflowNode } from './schema.js';

/** An edge of the workflow graph, keyed by node NAME as n8n does. */
export interface Edge {
  from: string;
  output: number;
  to: string;
  input: number;
  type: string;
}

const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/**
 * Node types that start an execution. n8n marks triggers in their node descriptions; a workflow
 * file does not say, so we use the naming convention every trigger follows plus the few
 * exceptions (webhook, form, chat, error, manual, schedule and polling nodes).
 */
export function isTriggerType(type: string): boolean {
  // The Function trigger of n8n-nodes-lock is named "function" (n8n-nodes-base.function is the legacy Code node, no trigger).
  if (type === FUNCTION_NODE_TYPES.function) return true;
  const short = type.split('.').pop() ?? type;
  return (
    /trigger$/i.test(short) ||
    ['webhook', 'formTrigger', 'chatTrigger', 'errorTrigger', 'manualTrigger', 'scheduleTrigger', 'cron', 'interval', 'start', 'n8nTrigger', 'mcpTrigger', 'emailReadImap'].includes(short)
  );
}

type NodeLike = { type?: unknown; disabled?: unknown };

/** Enabled triggers of `nodes` other than those matching `startedBy` (by type suffix). */
function hasTriggerBesides(nodes: NodeLike[], startedBy: RegExp): boolean {
  return nodes.some((n) => typeof n.type === 'string' && n.disabled !== true && isTriggerType(n.type) && !startedBy.test(n.type));
}

/** A trigger n8n 2.x publishes: any but the manual one (a workflow with only that cannot be published). */
export function hasPublishableTrigger(nodes: NodeLike[]): boolean {
  return hasTriggerBesides(nodes, /\.(manualTrigger|start)$/);
}

/**
 * A trigger of its own, which n8n 1.x activates: not the manual one, and not the sub-workflow or
 * error trigger, which another workflow starts (1.x refuses to activate a workflow that has only
 * those, "has no node to start the workflow", and runs it inactive).
 */
export function hasActivatableTrigger(nodes: NodeLike[]): boolean {
  return hasTriggerBesides(nodes, /\.(manualTrigger|manualChatTrigger|start|executeWorkflowTrigger|errorTrigger)$/);
}

export function isStickyNote(node: WorkflowNode): boolean {
  return node.type === STICKY_NOTE;
}

/**
 * Read-only graph queries over a workflow: who follows whom, which outputs are unconnected,
 * which nodes a set of starts reaches, which nodes end a path. Patchers and validate rules ask
 * here instead of walking `connections` themselves.
 */
export class WorkflowGraph {
  private readonly byName = new Map<string, WorkflowNode>();
  readonly edges: Edge[] = [];

  constructor(readonly workflow: Workflow) {
    for (const node of workflow.nodes) this.byName.set(node.name, node);
    for (const [from, byType] of Object.entries(workflow.connections)) {
      for (const [type, outputs] of Object.entries(byType ?? {})) {
        (outputs ?? []).forEach((targets: ConnectionTarget[] | null, output: number) => {
          for (const target of targets ?? []) {
            this.edges.push({ from, output, to: target.node, input: target.index, type: target.type ?? type });
          }
        });
      }
    }
  }

  node(name: string): WorkflowNode | undefined {
    return this.byName.get(name);
  }

  get nodes(): WorkflowNode[] {
    return this.workflow.nodes;
  }

  /** Enabled trigger nodes, in file order. */
  triggers(): WorkflowNode[] {
    return this.workflow.nodes.filter((n) => isTriggerType(n.type) && n.disabled !== true);
  }

  /** Edges leaving `name` (optionally only of one connection type). */
  outgoing(name: string, type?: string): Edge[] {
    return this.edges.filter((e) => e.from === name && (type === undefined || e.type === type));
  }

  /** Edges entering `name` (optionally only of one connection type). */
  incoming(name: string, type?: string): Edge[] {
    return this.edges.filter((e) => e.to === name && (type === undefined || e.type === type));
  }

  successors(name: string, type = 'main'): string[] {
    return unique(this.outgoing(name, type).map((e) => e.to));
  }

  predecessors(name: string, type = 'main'): string[] {
    return unique(this.incoming(name, type).map((e) => e.from));
  }

  /** Targets of each output index of `name` (index = output number, [] when unconnected). */
  outputs(name: string, type = 'main'): string[][] {
    const slots = this.workflow.connections[name]?.[type] ?? [];
    return slots.map((targets) => (targets ?? []).map((t) => t.node));
  }

  /** Every node reachable from `starts` (inclusive) along connections of `type`. */
  reachableFrom(starts: Iterable<string>, type = 'main'): Set<string> {
    const seen = new Set<string>();
    const queue = [...starts];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      for (const next of this.successors(name, type)) if (!seen.has(next)) queue.push(next);
    }
    return seen;
  }

  /**
   * Nodes of the main flow (reachable from `starts`) that have no main successor: where an
   * execution path ends. Nodes attached only through non-main connections (AI sub-nodes) are not
   * part of the main flow and are never terminals.
   */
  terminals(starts: Iterable<string>): string[] {
    const reachable = this.reachableFrom(starts);
    return this.workflow.nodes.map((n) => n.name).filter((name) => reachable.has(name) && this.successors(name).length === 0);
  }

  /** Edges whose source or target node does not exist. */
  danglingEdges(): Edge[] {
    return this.edges.filter((e) => !this.byName.has(e.from) || !this.byName.has(e.to));
  }

  /** True when `name` is only ever used as a sub-node (its outputs are all non-main). */
  isSubNode(name: string): boolean {
    const out = this.outgoing(name);
    return out.length > 0 && out.every((e) => e.type !== 'main');
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
