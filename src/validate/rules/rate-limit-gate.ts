import { callsTo, nodePointerOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rate-limit call whose "allowed" answer routes nothing is not a limit. */
export const rateLimitGate: Rule = {
  id: 'rate-limit-gate',
  description: 'each rate-limit call is followed by an If that reads its "allowed" by name and routes true to the original flow',
  defaultSeverity: 'error',
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    for (const call of callsTo(workflow, 'rate_limit_check')) {
      const reads = new RegExp(`\\$\\(\\s*(['"])${escape(call.name)}\\1\\s*\\)\\.first\\(\\)\\.json\\.allowed`);
      const gates = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.if' && reads.test(JSON.stringify(n.parameters)));
      const downstream = graph.reachableFrom([call.name]);
      const gate = gates.find((g) => downstream.has(g.name));
      if (!gate) {
        findings.push({ message: `"${call.name}" is not followed by an If that checks $('${call.name}').first().json.allowed: denied executions run anyway`, pointer: nodePointerOf(workflow, call) });
        continue;
      }
      const conditions = (gate.parameters as any).conditions?.conditions ?? [];
      const operation = conditions[0]?.operator?.operation;
      if (conditions.length !== 1 || (operation !== 'true' && operation !== 'equals')) {
        findings.push({ message: `"${gate.name}" should test exactly "allowed is true"`, pointer: `${nodePointerOf(workflow, gate)}/parameters/conditions` });
      }
      if ((graph.outputs(gate.name)[0] ?? []).length === 0) {
        findings.push({ message: `"${gate.name}" routes allowed executions nowhere (output true is unconnected)`, pointer: nodePointerOf(workflow, gate) });
      }
    }
    return findings;
  },
};
