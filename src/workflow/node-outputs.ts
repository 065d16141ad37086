import type { WorkflowNode } from './schema.js';

/**
 * How many main outputs a node declares, for the node types whose outputs can be left
 * unconnected while items still flow into them (items routed there end the path). Undefined for
 * single-output nodes and types we do not know; the caller then only trusts the connections.
 * Sources: n8n-nodes-base If (true/false), Switch (one per rule, plus the fallback output when
 * `options.fallbackOutput` is "extra"; v1/v2 have four fixed outputs), Split in Batches v3
 * (done/loop), and any node with `onError: continueErrorOutput` (an extra error output).
 */
export function declaredMainOutputs(node: WorkflowNode): number | undefined {
  const short = node.type.split('.').pop();
  // n8n runs a node without typeVersion on the node's default version, the newest of these.
  const version = node.typeVersion ?? Number.POSITIVE_INFINITY;
  let count: number | undefined;
  if (short === 'if') count = 2;
  else if (short === 'switch') {
    if (version < 3) count = 4;
    else {
      const p = (node.parameters ?? {}) as { mode?: string; rules?: { values?: unknown[] }; numberOutputs?: number; options?: { fallbackOutput?: unknown } };
      if (p.mode === 'expression') count = typeof p.numberOutputs === 'number' ? p.numberOutputs : 4;
      else count = (p.rules?.values?.length ?? 0) + (p.options?.fallbackOutput === 'extra' ? 1 : 0);
    }
  } else if (short === 'splitInBatches' && version >= 3) count = 2;
  if (node.onError === 'continueErrorOutput') count = (count ?? 1) + 1;
  return count;
}
