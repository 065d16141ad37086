import { functionNameProblem } from 'n8n-lock-protocol/functions';
import { functionCalls, functionScopeOf, functionTriggers, staticFunctionName } from '../function-nodes.js';
import { closestName } from '../../closest-name.js';
import { nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

/** A Call Function names a function that exists: in this workflow (scope This Workflow) or in the repository (Global). */
export const callFunctionDefined = defineRule({
  id: 'call-function-defined',
  meta: {
    description: 'a Call Function names a function defined in the repository (or, for the scope This Workflow, in its own workflow)',
    defaultSeverity: 'error',
    rationale:
      'A call to a name no Function trigger serves fails at run time after a few seconds with "No live consumer". For the scope This Workflow the definition must be a Function trigger with that scope in the same workflow, so a missing one is always an error. For the scope Global the definition may live in another repository that shares the Redis: when this repository defines no global functions at all the finding is a warning; when it defines some but not this one (a typo is the usual cause) it is an error and names the closest defined name. Names given by an expression are known only at run time and are not checked; names that the key scheme cannot carry are always an error.',
    messages: {
      badName: 'function name "{{name}}" {{problem}}',
      notInWorkflow: '"{{node}}" calls "{{name}}" with the scope This Workflow, but no Function trigger of this workflow defines it with that scope',
      notInRepository: '"{{node}}" calls "{{name}}", which no Function trigger in the repository defines{{hint}}',
      noFunctionsInRepository: '"{{node}}" calls "{{name}}", and this repository defines no global functions: make sure another one does',
    },
  },
  // Only a workflow with a Call Function names a function that may be defined elsewhere.
  crossFile: { concerns: (workflow) => functionCalls(workflow).length > 0 },
  check({ workflow, repo }) {
    const findings: RuleFinding[] = [];
    const ownWorkflowScope = new Set(functionTriggers(workflow).filter((t) => functionScopeOf(t) === 'workflow').map(staticFunctionName));
    const globalNames = [...repo.functions].filter(([, defs]) => defs.some((d) => d.scope === 'global')).map(([name]) => name);
    for (const call of functionCalls(workflow)) {
      const name = staticFunctionName(call);
      if (name === undefined) continue;
      const pointer = nodePointerOf(workflow, call);
      const problem = functionNameProblem(name);
      if (problem) {
        findings.push({ messageId: 'badName', data: { name, problem }, pointer: `${pointer}/parameters/functionName` });
        continue;
      }
      if (functionScopeOf(call) === 'workflow') {
        if (!ownWorkflowScope.has(name)) findings.push({ messageId: 'notInWorkflow', data: { node: call.name, name }, pointer });
        continue;
      }
      if (globalNames.includes(name)) continue;
      if (globalNames.length === 0) {
        findings.push({ messageId: 'noFunctionsInRepository', data: { node: call.name, name }, pointer, severity: 'warning' });
        continue;
      }
      const closest = closestName(name, globalNames);
      findings.push({ messageId: 'notInRepository', data: { node: call.name, name, hint: closest ? ` (did you mean "${closest}"?)` : '' }, pointer });
    }
    return findings;
  },
});
