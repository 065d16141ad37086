// The nodes of n8n-nodes-lock's functions in a workflow: Function triggers (definitions), Call
// Function and Return From Function. Answered once here for the rules and the repository facts.
import { FUNCTION_NODE_TYPES } from 'n8n-lock-protocol/functions';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

const active = (workflow: Workflow, type: string) => workflow.nodes.filter((n) => n.type === type && n.disabled !== true);

export const functionTriggers = (workflow: Workflow) => active(workflow, FUNCTION_NODE_TYPES.function);
export const functionCalls = (workflow: Workflow) => active(workflow, FUNCTION_NODE_TYPES.callFunction);
export const functionReturns = (workflow: Workflow) => active(workflow, FUNCTION_NODE_TYPES.returnFromFunction);

/** `global` or `workflow`, as the node's Scope parameter says (n8n omits defaults: global). */
export function functionScopeOf(node: WorkflowNode): 'global' | 'workflow' {
  return (node.parameters as { scope?: unknown }).scope === 'workflow' ? 'workflow' : 'global';
}

/** The function name when it is a literal; undefined when it is an expression (known only at run time). */
export function staticFunctionName(node: WorkflowNode): string | undefined {
  const name = (node.parameters as { functionName?: unknown }).functionName;
  if (typeof name !== 'string' || name.startsWith('=')) return undefined;
  return name.trim();
}

/** Where a repository defines a function. */
export interface FunctionDefinition {
  file: string;
  scope: 'global' | 'workflow';
}
