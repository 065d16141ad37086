import type { Rule, RuleFinding } from '../types.js';

/** n8n keys connections by node name: two nodes with one name make the graph ambiguous. */
export const uniqueNodeNames: Rule = {
  id: 'unique-node-names',
  description: 'node names are unique (connections and $("Name") refer to nodes by name)',
  defaultSeverity: 'error',
  check({ workflow }) {
    const seen = new Map<string, number>();
    const findings: RuleFinding[] = [];
    workflow.nodes.forEach((node, index) => {
      if (seen.has(node.name)) findings.push({ message: `duplicate node name "${node.name}" (also nodes[${seen.get(node.name)}])`, pointer: `/nodes/${index}/name` });
      else seen.set(node.name, index);
    });
    return findings;
  },
};
