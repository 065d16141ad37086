import { defineRule } from '../types.js';

const LEGACY = new Set(['n8n-nodes-base.function', 'n8n-nodes-base.functionItem']);

export const noLegacyFunctionNode = defineRule({
  id: 'no-legacy-function-node',
  meta: {
    description: 'legacy Function / Function Item nodes are replaced by the Code node (which the purity checks cover)',
    defaultSeverity: 'error',
    rationale:
      "n8n replaced the Function and Function Item nodes with the Code node in 0.198. They still run in old exports, but n8n-lock's Code rules do not look inside them, so their code would go unchecked. Recreate them as Code nodes (mode \"Run Once for All Items\" for Function, \"Run Once for Each Item\" for Function Item).",
    messages: { legacy: '"{{node}}" is a legacy {{kind}} node: use a Code node' },
  },
  check({ workflow }) {
    return workflow.nodes.flatMap((node, index) => (LEGACY.has(node.type) ? [{ messageId: 'legacy', data: { node: node.name, kind: node.type.split('.')[1] }, pointer: `/nodes/${index}/type` }] : []));
  },
});
