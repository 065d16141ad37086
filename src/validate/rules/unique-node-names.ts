import { defineRule, type RuleFinding } from '../types.js';

/** n8n keys connections by node name: two nodes with one name make the graph ambiguous. */
export const uniqueNodeNames = defineRule({
  id: 'unique-node-names',
  meta: {
    description: 'node names are unique (connections and $("Name") refer to nodes by name)',
    defaultSeverity: 'error',
    rationale: "n8n keys connections and `$('Name')` references by node name. Two nodes with one name (a hand-merged export) make both ambiguous: n8n follows whichever it finds first. Rename one of them in the editor, which updates its connections and references.",
    messages: { duplicate: 'duplicate node name "{{node}}" (also nodes[{{first}}])' },
  },
  check({ workflow }) {
    const seen = new Map<string, number>();
    const findings: RuleFinding[] = [];
    workflow.nodes.forEach((node, index) => {
      if (seen.has(node.name)) findings.push({ messageId: 'duplicate', data: { node: node.name, first: seen.get(node.name)! }, pointer: `/nodes/${index}/name` });
      else seen.set(node.name, index);
    });
    return findings;
  },
});
