import { pathEnds } from '../../workflow/paths.js';
import { functionReturns, functionTriggers } from '../function-nodes.js';
import { nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

/** A function's workflow answers its caller on every path that can finish; Return From Function lives only there. */
export const functionReturnOnEveryPath = defineRule({
  id: 'function-return-on-every-path',
  meta: {
    description: 'a Function-triggered workflow reaches Return From Function on every path that can finish',
    defaultSeverity: 'error',
    rationale:
      "A function execution that finishes without passing a Return From Function node has no value to give: its caller gets the error \"finished without reaching a Return From Function node\" instead of a result. The path analysis is the lock rules': every end of the flow after the Function trigger (unconnected If/Switch outputs and error outputs included; Stop and Error excluded, since a failed execution answers its caller with the error at once) must pass a Return From Function. Return From Function outside such a workflow has no call to answer and fails at run time.",
    messages: {
      noReturn: 'function "{{name}}" has no Return From Function: every call ends with an error instead of a result',
      neverReachesReturn: '"{{node}}" never reaches a Return From Function',
      pathWithoutReturn: 'path "{{node}}" -> ... -> "{{end}}"{{output}} ends without Return From Function: the caller gets an error instead of a result',
      returnWithoutFunction: '"{{node}}" answers a function call, but no Function trigger starts this workflow: it has no call to answer',
    },
  },
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    const triggers = functionTriggers(workflow);
    const returns = functionReturns(workflow).map((n) => n.name);
    if (triggers.length === 0) {
      for (const node of functionReturns(workflow)) findings.push({ messageId: 'returnWithoutFunction', data: { node: node.name }, pointer: nodePointerOf(workflow, node) });
      return findings;
    }
    const afterReturn = graph.reachableFrom(returns);
    for (const trigger of triggers) {
      const name = String((trigger.parameters as { functionName?: unknown }).functionName ?? trigger.name);
      if (returns.length === 0) {
        findings.push({ messageId: 'noReturn', data: { name }, pointer: nodePointerOf(workflow, trigger) });
        continue;
      }
      const reachable = graph.reachableFrom([trigger.name]);
      if (!returns.some((r) => reachable.has(r))) {
        findings.push({ messageId: 'neverReachesReturn', data: { node: trigger.name }, pointer: nodePointerOf(workflow, trigger) });
        continue;
      }
      for (const end of pathEnds(graph, [trigger.name], afterReturn)) {
        findings.push({
          messageId: 'pathWithoutReturn',
          data: { node: trigger.name, end: end.node, output: end.output > 0 ? ` (output ${end.output})` : '' },
          pointer: nodePointerOf(workflow, graph.node(end.node)!),
        });
      }
    }
    return findings;
  },
});
