import { declaredMainOutputs } from '../../workflow/node-outputs.js';
import { defineRule, pointerKey, type RuleFinding } from '../types.js';


/** Every connection names existing nodes, and routing nodes' output indexes exist. */
export const connectionsValid = defineRule({
  id: 'connections-valid',
  meta: {
    description: 'connections name existing nodes and use output indexes the source node has',
    defaultSeverity: 'error',
    rationale: 'n8n drops a connection whose source or target node does not exist, and an output index a node does not have, without a word: the branch silently never runs. Both come from hand edits and bad merges of exported JSON. Reconnect the nodes in the editor, or delete the stale entry from `connections`.',
    messages: {
      unknownSource: 'connections from "{{from}}", which is not a node of this workflow',
      unknownTarget: '"{{from}}" connects to "{{to}}", which is not a node of this workflow',
      noSuchOutput: '"{{from}}" has {{declared}} outputs, but output {{output}} is connected',
    },
  },
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    for (const [from, byType] of Object.entries(workflow.connections)) {
      const source = graph.node(from);
      if (!source) {
        findings.push({ messageId: 'unknownSource', data: { from }, pointer: `/connections/${pointerKey(from)}` });
        continue;
      }
      for (const [type, outputs] of Object.entries(byType)) {
        const declared = type === 'main' ? declaredMainOutputs(source) : undefined;
        outputs.forEach((targets, output) => {
          (targets ?? []).forEach((target, i) => {
            const at = `/connections/${pointerKey(from)}/${pointerKey(type)}/${output}/${i}`;
            if (!graph.node(target.node)) findings.push({ messageId: 'unknownTarget', data: { from, to: target.node }, pointer: at });
          });
          if (declared !== undefined && output >= declared && (targets ?? []).length > 0) {
            findings.push({ messageId: 'noSuchOutput', data: { from, declared, output }, pointer: `/connections/${pointerKey(from)}/${pointerKey(type)}/${output}` });
          }
        });
      }
    }
    return findings;
  },
});
