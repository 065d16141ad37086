import { callsTo, nodePointerOf, staticScopeOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

/** The error handler frees only scopes listed in lockScopes: a static scope missing there leaks on failure. */
export const lockScopeRegistered: Rule = {
  id: 'lock-scope-registered',
  description: 'every static lock scope is listed in lockScopes of every environment',
  defaultSeverity: 'error',
  check({ workflow, envs }) {
    const findings: RuleFinding[] = [];
    for (const acquire of callsTo(workflow, 'lock_acquisition')) {
      const scope = staticScopeOf(acquire);
      if (scope === undefined) continue;
      for (const env of envs) {
        if (!(env.data.lockScopes ?? []).includes(scope)) {
          findings.push({ message: `static scope "${scope}" of "${acquire.name}" is not in lockScopes of ${env.file}: a failed execution's lock is never freed by the error handler`, pointer: `${nodePointerOf(workflow, acquire)}/parameters/workflowInputs/value/scope` });
        }
      }
    }
    return findings;
  },
};
