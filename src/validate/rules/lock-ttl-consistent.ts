import { callsTo, mappedInputs, nodePointerOf, staticScopeOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

/**
 * Two callers that both see a free lock both INCR; the loser's INCR re-arms the winner's TTL with
 * its own ttl_seconds. Harmless only while every caller of a scope uses the same value.
 */
export const lockTtlConsistent: Rule = {
  id: 'lock-ttl-consistent',
  description: 'all acquires of one static scope across the repository use the same ttl_seconds',
  defaultSeverity: 'error',
  check({ workflow, repo, file }) {
    const findings: RuleFinding[] = [];
    for (const acquire of callsTo(workflow, 'lock_acquisition')) {
      const scope = staticScopeOf(acquire);
      if (scope === undefined) continue;
      const mine = JSON.stringify(mappedInputs(acquire).ttl_seconds ?? null);
      const others = (repo.ttlByScope.get(scope) ?? []).filter((o) => JSON.stringify(o.ttl ?? null) !== mine);
      if (others.length > 0) {
        findings.push({
          message: `scope "${scope}": ttl_seconds ${mine} here but ${others.map((o) => `${JSON.stringify(o.ttl ?? null)} in ${o.file === file ? 'this file' : o.file}`).join(', ')}: a race loser re-arms the holder's TTL with its own value`,
          pointer: `${nodePointerOf(workflow, acquire)}/parameters/workflowInputs/value/ttl_seconds`,
        });
      }
    }
    return findings;
  },
};
