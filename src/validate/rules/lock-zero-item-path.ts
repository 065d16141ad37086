import { lockAcquisitions, nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

const MAY_DROP_ALL = new Set(['n8n-nodes-base.filter', 'n8n-nodes-base.removeDuplicates']);

/** A node that can output zero items ends its path before the release; the lock then waits for its TTL. */
export const lockZeroItemPath = defineRule({
  id: 'lock-zero-item-path',
  meta: {
    description: 'between Lock Acquire and Lock Release, nodes that may output zero items (Filter, Remove Duplicates) skip the release',
    defaultSeverity: 'warning',
    rationale: 'n8n stops a path at a node that outputs no items. A Filter or Remove Duplicates inside the critical section that drops everything ends that path before the Lock Release, and the lock then waits for its TTL (or the error workflow, if the execution fails). Set "Always Output Data" on such a node, or accept the TTL.',
    messages: { mayDropAll: '"{{node}}" may output zero items: that path then ends before the Lock Release (set "Always Output Data" on it, or rely on the TTL / --lock-on-error)' },
  },
  check({ workflow, graph }) {
    const acquires = lockAcquisitions(workflow).map((a) => a.node);
    if (acquires.length === 0) return [];
    const inside = graph.reachableFrom(acquires.map((a) => a.name));
    const findings: RuleFinding[] = [];
    for (const node of workflow.nodes) {
      if (!inside.has(node.name) || !MAY_DROP_ALL.has(node.type) || (node as { alwaysOutputData?: boolean }).alwaysOutputData) continue;
      findings.push({ messageId: 'mayDropAll', data: { node: node.name }, pointer: nodePointerOf(workflow, node) });
    }
    return findings;
  },
});
