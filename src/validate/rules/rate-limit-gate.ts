import { nodePointerOf, rateLimitCalls } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';

/** Where the native Rate Limit node puts its outcome in each item (Options > Result Field). */
const resultFieldOf = (node: { parameters?: unknown }) => String((node.parameters as { options?: { resultField?: string } })?.options?.resultField || 'rate_limit');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rate-limit call whose "allowed" answer routes nothing is not a limit. */
export const rateLimitGate = defineRule({
  id: 'rate-limit-gate',
  meta: {
    description: 'each rate-limit call is followed by an If that reads its "allowed" by name and routes true to the original flow',
    defaultSeverity: 'error',
    rationale: "`rate_limit_check` only counts and answers `allowed`: it is the If after it that limits (so is the native Rate Limit node set to Pass Through Flagged; set to Wait or Stop, it gates by itself and needs no If). A call whose answer no If reads, an If that tests something else, or an If whose true output goes nowhere lets denied executions run (or blocks allowed ones). `add-rate-limit-to-workflow` wires the gate; after hand edits, run validate.",
    messages: {
      noGate: '"{{node}}" is not followed by an If that checks $(\'{{node}}\').first().json.allowed (the Rate Limit node passing denied items through: their rate_limit.allowed): denied executions run anyway',
      wrongCondition: '"{{gate}}" should test exactly "allowed is true"',
      allowedGoesNowhere: '"{{gate}}" routes allowed executions nowhere (output true is unconnected)',
    },
  },
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    for (const call of rateLimitCalls(workflow)) {
      const native = call.type === RATE_LIMIT_NODE_TYPE;
      // The native node that waits or stops lets only allowed items out: it is the gate itself.
      if (native && ((call.parameters as { onDenied?: string })?.onDenied ?? 'wait') !== 'pass') continue;
      const reads = native
        ? new RegExp(`(\\$json|\\$\\(\\s*(['"])${escape(call.name)}\\2\\s*\\)\\.first\\(\\)\\.json)\\.${escape(resultFieldOf(call))}\\.allowed`)
        : new RegExp(`\\$\\(\\s*(['"])${escape(call.name)}\\1\\s*\\)\\.first\\(\\)\\.json\\.allowed`);
      const gates = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.if' && reads.test(JSON.stringify(n.parameters)));
      const downstream = graph.reachableFrom([call.name]);
      const gate = gates.find((g) => downstream.has(g.name));
      if (!gate) {
        findings.push({ messageId: 'noGate', data: { node: call.name }, pointer: nodePointerOf(workflow, call) });
        continue;
      }
      const conditions = (gate.parameters as any).conditions?.conditions ?? [];
      const operation = conditions[0]?.operator?.operation;
      if (conditions.length !== 1 || (operation !== 'true' && operation !== 'equals')) {
        findings.push({ messageId: 'wrongCondition', data: { gate: gate.name }, pointer: `${nodePointerOf(workflow, gate)}/parameters/conditions` });
      }
      if ((graph.outputs(gate.name)[0] ?? []).length === 0) {
        findings.push({ messageId: 'allowedGoesNowhere', data: { gate: gate.name }, pointer: nodePointerOf(workflow, gate) });
      }
    }
    return findings;
  },
});
