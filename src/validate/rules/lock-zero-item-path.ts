import { callsTo, nodePointerOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

const MAY_DROP_ALL = new Set(['n8n-nodes-base.filter', 'n8n-nodes-base.removeDuplicates']);

/** A node that can output zero items ends its path before the release; the lock then waits for its TTL. */
export const lockZeroItemPath: Rule = {
  id: 'lock-zero-item-path',
  description: 'between Lock Acquire and Lock Release, nodes that may output zero items (Filter, Remove Duplicates) skip the release',
  defaultSeverity: 'warning',
  check({ workflow, graph }) {
    const acquires = callsTo(workflow, 'lock_acquisition');
    if (acquires.length === 0) return [];
    const inside = graph.reachableFrom(acquires.map((a) => a.name));
    const findings: RuleFinding[] = [];
    for (const node of workflow.nodes) {
      if (!inside.has(node.name) || !MAY_DROP_ALL.has(node.type) || (node as { alwaysOutputData?: boolean }).alwaysOutputData) continue;
      findings.push({ message: `"${node.name}" may output zero items: that path then ends before the Lock Release (set "Always Output Data" on it, or rely on the TTL / --lock-on-error)`, pointer: nodePointerOf(workflow, node) });
    }
    return findings;
  },
};
