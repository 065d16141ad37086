import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';
import { targetWorkflowKey } from '../workflow/placeholders.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

/**
 * Execute Workflow nodes that call the primitive `key` (detected by the target id placeholder of
 * any generation, not by node name).
 */
export function callsTo(workflow: Workflow, key: string): WorkflowNode[] {
  return workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.executeWorkflow' && targetWorkflowKey(n.parameters ?? {}) === key);
}

/** The native engine's Lock nodes doing `operation` (n8n omits the default, acquire). */
export function nativeLockNodes(workflow: Workflow, operation: 'acquire' | 'release' | 'extend'): WorkflowNode[] {
  return workflow.nodes.filter((n) => n.type === LOCK_NODE_TYPE && ((n.parameters as { operation?: string })?.operation ?? 'acquire') === operation);
}

/** Every lock acquisition of either engine: lock_acquisition calls and native Lock Acquire nodes. */
export function lockAcquireNodes(workflow: Workflow): WorkflowNode[] {
  return [...callsTo(workflow, 'lock_acquisition'), ...nativeLockNodes(workflow, 'acquire')];
}

/** Every lock release of either engine. */
export function lockReleaseNodes(workflow: Workflow): WorkflowNode[] {
  return [...callsTo(workflow, 'lock_release'), ...nativeLockNodes(workflow, 'release')];
}

/** Rate limits of either engine: calls of rate_limit_check / rate_limit_sliding, and native Rate Limit nodes. */
export function rateLimitCalls(workflow: Workflow): WorkflowNode[] {
  return [...callsTo(workflow, 'rate_limit_check'), ...callsTo(workflow, 'rate_limit_sliding'), ...workflow.nodes.filter((n) => n.type === RATE_LIMIT_NODE_TYPE)];
}

/** `$('A').first().json.<field>`, or a chain picking whichever of several nodes ran. */
export function firstJsonOf(nodeNames: string[], field: string): string {
  const ref = (name: string) => `$('${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}')`;
  if (nodeNames.length === 1) return `={{ ${ref(nodeNames[0])}.first().json.${field} }}`;
  let chain = ref(nodeNames[nodeNames.length - 1]);
  for (let i = nodeNames.length - 2; i >= 0; i--) chain = `(${ref(nodeNames[i])}.isExecuted ? ${ref(nodeNames[i])} : ${chain})`;
  return `={{ ${chain}.first().json.${field} }}`;
}
