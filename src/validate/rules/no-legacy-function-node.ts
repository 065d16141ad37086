import type { Rule } from '../types.js';

const LEGACY = new Set(['n8n-nodes-base.function', 'n8n-nodes-base.functionItem']);

export const noLegacyFunctionNode: Rule = {
  id: 'no-legacy-function-node',
  description: 'legacy Function / Function Item nodes are replaced by the Code node (which the purity checks cover)',
  defaultSeverity: 'error',
  check({ workflow }) {
    return workflow.nodes.flatMap((node, index) =>
      LEGACY.has(node.type) ? [{ message: `"${node.name}" is a legacy ${node.type.split('.')[1]} node: use a Code node`, pointer: `/nodes/${index}/type` }] : [],
    );
  },
};
