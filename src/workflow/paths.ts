import type { WorkflowGraph } from './graph.js';
import { declaredMainOutputs } from './node-outputs.js';

/** Where an execution path ends with items: a node output with nothing after it. */
export interface PathEnd {
  node: string;
  output: number;
}

/**
 * The path ends of the main flow reachable from `starts`: nodes without main successors (their
 * output 0) and unconnected declared outputs of routing nodes (If, Switch, Split in Batches,
 * error outputs). Stop and Error nodes are excluded: they fail the execution and output nothing.
 */
export function pathEnds(graph: WorkflowGraph, starts: string[], exclude: Set<string> = new Set()): PathEnd[] {
  const reachable = graph.reachableFrom(starts);
  const ends: PathEnd[] = [];
  for (const node of graph.nodes) {
    if (!reachable.has(node.name) || exclude.has(node.name)) continue;
    if (node.type === 'n8n-nodes-base.stopAndError') continue;
    const outputs = graph.outputs(node.name);
    const declared = declaredMainOutputs(node);
    if (declared === undefined) {
      if (graph.successors(node.name).length === 0) ends.push({ node: node.name, output: 0 });
      continue;
    }
    for (let output = 0; output < Math.max(declared, outputs.length); output++) {
      if ((outputs[output] ?? []).length === 0) ends.push({ node: node.name, output });
    }
  }
  return ends;
}

