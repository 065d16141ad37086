import { PRIMITIVES, PRIMITIVE_NAMES, PRIMITIVE_MARKER } from '../primitives/index.js';
import { LOCK_SCOPES_LINE_START } from '../primitives/error-handler-lock-cleanup.js';
import { unrenderLockScopesLine } from '../envs/lock-scopes-line.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

export { PRIMITIVE_MARKER };

/** Code-node sources of a workflow: JavaScript (`jsCode`) and Python (`pythonCode`). */
export function codeSources(workflow: Workflow): Array<{ node: WorkflowNode; index: number; language: 'javascript' | 'python'; source: string; param: string }> {
  const out: Array<{ node: WorkflowNode; index: number; language: 'javascript' | 'python'; source: string; param: string }> = [];
  workflow.nodes.forEach((node, index) => {
    if (node.type !== 'n8n-nodes-base.code') return;
    const p = node.parameters as Record<string, unknown>;
    const language = String(p.language ?? 'javaScript');
    if (language.startsWith('python') && typeof p.pythonCode === 'string') out.push({ node, index, language: 'python', source: p.pythonCode, param: 'pythonCode' });
    else if (!language.startsWith('python') && typeof p.jsCode === 'string') out.push({ node, index, language: 'javascript', source: p.jsCode, param: 'jsCode' });
  });
  return out;
}

let shipped: Set<string> | undefined;
/** Every Code-node body that n8n-lock ships: the only bodies the primitive marker may exempt. */
export function shippedPrimitiveBodies(): Set<string> {
  shipped ??= new Set(
    PRIMITIVE_NAMES.flatMap((name) => PRIMITIVES[name].build().nodes.filter((n) => n.type === 'n8n-nodes-base.code').map((n) => String(n.parameters?.jsCode))),
  );
  return shipped;
}

/** True for a body that starts with the marker AND is byte-identical to a shipped primitive body. */
export function isShippedPrimitiveBody(source: string): boolean {
  if (shippedPrimitiveBodies().has(source)) return true;
  // The error handler's body is shipped with a placeholder that render replaces with the env's
  // scopes: put the placeholder back with render's exact inverse, which accepts only what render
  // writes (a JSON array of strings), so nothing else can ride on that line.
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.startsWith(LOCK_SCOPES_LINE_START));
  if (at < 0) return false;
  const unrendered = unrenderLockScopesLine(lines[at]);
  if (unrendered === undefined) return false;
  lines[at] = unrendered;
  return shippedPrimitiveBodies().has(lines.join('\n'));
}

export function hasMarker(source: string): boolean {
  return source.split('\n').some((line) => line.trim() === PRIMITIVE_MARKER);
}

export { callsTo, rateLimitCalls } from '../patchers/calls.js';

export function mappedInputs(node: WorkflowNode): Record<string, unknown> {
  const inputs = (node.parameters as { workflowInputs?: { value?: Record<string, unknown> } }).workflowInputs;
  return inputs?.value ?? {};
}
