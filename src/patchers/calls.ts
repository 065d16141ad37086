import { targetWorkflowKey } from '../workflow/placeholders.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

/**
 * Execute Workflow nodes that call the primitive `key` (detected by the target id placeholder of
 * any generation, not by node name).
 */
export function callsTo(workflow: Workflow, key: string): WorkflowNode[] {
  return workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.executeWorkflow' && targetWorkflowKey(n.parameters ?? {}) === key);
}

/** Rate-limit calls of either algorithm (rate_limit_check, rate_limit_sliding). */
export function rateLimitCalls(workflow: Workflow): WorkflowNode[] {
  return [...callsTo(workflow, 'rate_limit_check'), ...callsTo(workflow, 'rate_limit_sliding')];
}

/** `$('A').first().json.<field>`, or a chain picking whichever of several nodes ran. */
export function firstJsonOf(nodeNames: string[], field: string): string {
  const ref = (name: string) => `$('${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}')`;
  if (nodeNames.length === 1) return `={{ ${ref(nodeNames[0])}.first().json.${field} }}`;
  let chain = ref(nodeNames[nodeNames.length - 1]);
  for (let i = nodeNames.length - 2; i >= 0; i--) chain = `(${ref(nodeNames[i])}.isExecuted ? ${ref(nodeNames[i])} : ${chain})`;
  return `={{ ${chain}.first().json.${field} }}`;
}
