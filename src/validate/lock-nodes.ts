import { staticValueOf } from '../workflow/expressions.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';
import { callsTo, mappedInputs, rateLimitCalls } from './node-kinds.js';

export { callsTo, mappedInputs, rateLimitCalls };

export function nodePointerOf(workflow: Workflow, node: WorkflowNode): string {
  return `/nodes/${workflow.nodes.indexOf(node)}`;
}

/** The static scope of a Lock Acquire (undefined when dynamic or unparseable). */
export function staticScopeOf(acquire: WorkflowNode): string | undefined {
  const scope = mappedInputs(acquire).scope;
  if (typeof scope !== 'string') return undefined;
  try {
    return staticValueOf(scope);
  } catch {
    return undefined;
  }
}
