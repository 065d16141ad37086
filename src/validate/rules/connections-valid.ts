import { declaredMainOutputs } from '../../workflow/node-outputs.js';
import { pointerKey, type Rule, type RuleFinding } from '../types.js';


/** Every connection names existing nodes, and routing nodes' output indexes exist. */
export const connectionsValid: Rule = {
  id: 'connections-valid',
  description: 'connections name existing nodes and use output indexes the source node has',
  defaultSeverity: 'error',
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    for (const [from, byType] of Object.entries(workflow.connections)) {
      const source = graph.node(from);
      if (!source) {
        findings.push({ message: `connections from "${from}", which is not a node of this workflow`, pointer: `/connections/${pointerKey(from)}` });
        continue;
      }
      for (const [type, outputs] of Object.entries(byType)) {
        const declared = type === 'main' ? declaredMainOutputs(source) : undefined;
        outputs.forEach((targets, output) => {
          (targets ?? []).forEach((target, i) => {
            const at = `/connections/${pointerKey(from)}/${pointerKey(type)}/${output}/${i}`;
            if (!graph.node(target.node)) findings.push({ message: `"${from}" connects to "${target.node}", which is not a node of this workflow`, pointer: at });
          });
          if (declared !== undefined && output >= declared && (targets ?? []).length > 0) {
            findings.push({ message: `"${from}" has ${declared} outputs, but output ${output} is connected`, pointer: `/connections/${pointerKey(from)}/${pointerKey(type)}/${output}` });
          }
        });
      }
    }
    return findings;
  },
};
