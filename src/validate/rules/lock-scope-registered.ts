import { lockAcquisitions, staticScopeOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

/** The error handler frees only scopes listed in lockScopes: a static scope missing there leaks on failure. */
export const lockScopeRegistered = defineRule({
  id: 'lock-scope-registered',
  meta: {
    description: 'every static lock scope is listed in lockScopes of every environment',
    defaultSeverity: 'error',
    rationale: "The error handler frees the locks of a failed execution for the scopes in its env's `lockScopes`. A static scope missing there is never freed on failure: it waits for its TTL. `add-lock-to-workflow --env <envs>` registers the scope; add it by hand to an env created later.",
    messages: { notRegistered: 'static scope "{{scope}}" of "{{node}}" is not in lockScopes of {{env}}: a failed execution\'s lock is never freed by the error handler' },
  },
  check({ workflow, envs }) {
    const findings: RuleFinding[] = [];
    for (const acquire of lockAcquisitions(workflow)) {
      const scope = staticScopeOf(acquire);
      if (scope === undefined) continue;
      for (const env of envs) {
        if (!(env.data.lockScopes ?? []).includes(scope)) {
          findings.push({ messageId: 'notRegistered', data: { scope, node: acquire.node.name, env: env.file }, pointer: acquire.at('scope') });
        }
      }
    }
    return findings;
  },
});
