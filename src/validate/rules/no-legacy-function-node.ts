import { defineRule } from '../types.js';

const LEGACY = new Set(['n8n-nodes-base.function', 'n8n-nodes-base.functionItem']);

export const noLegacyFunctionNode = defineRule({
  id: 'no-legacy-function-node',
  meta: {
    description: 'legacy Function / Function Item nodes are replaced by the Code node (vm2 is unmaintained; code-purity checks their code either way)',
    defaultSeverity: 'error',
    rationale:
      "n8n replaced the Function and Function Item nodes with the Code node in 0.198. n8n 2.41 still ships and runs them (in vm2, with `this.helpers` and `getNodeParameter` in reach); `code-purity` checks their `functionCode` like a Code node's, whether or not this rule is on. Recreate them as Code nodes (mode \"Run Once for All Items\" for Function, \"Run Once for Each Item\" for Function Item): vm2 is unmaintained.",
    messages: { legacy: '"{{node}}" is a legacy {{kind}} node: use a Code node' },
  },
  check({ workflow }) {
    return workflow.nodes.flatMap((node, index) => (LEGACY.has(node.type) ? [{ messageId: 'legacy', data: { node: node.name, kind: node.type.split('.')[1] }, pointer: `/nodes/${index}/type` }] : []));
  },
});
