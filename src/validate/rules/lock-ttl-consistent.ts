import { lockAcquisitions, staticScopeOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

/**
 * Two callers that both see a free lock both INCR; the loser's INCR re-arms the winner's TTL with
 * its own ttl_seconds. Harmless only while every caller of a scope uses the same value.
 */
export const lockTtlConsistent = defineRule({
  id: 'lock-ttl-consistent',
  meta: {
    description: 'all acquires of one static scope across the repository use the same ttl_seconds',
    defaultSeverity: 'error',
    rationale: "Two callers that both see a free lock both INCR it; the loser's INCR re-applies EXPIRE with its own `ttl_seconds` to the winner's lock (the stock Redis node has no SET NX). That is harmless only while every caller of a scope uses the same TTL. Give every workflow that locks a scope the same `--ttl-seconds`.",
    messages: { differs: 'scope "{{scope}}": ttl_seconds {{ttl}} here but {{others}}: a race loser re-arms the holder\'s TTL with its own value' },
  },
  // Only a workflow with an acquire of a static scope has a TTL to compare.
  crossFile: { concerns: (workflow) => lockAcquisitions(workflow).some((acquire) => staticScopeOf(acquire) !== undefined) },
  check({ workflow, repo, file }) {
    const findings: RuleFinding[] = [];
    for (const acquire of lockAcquisitions(workflow)) {
      const scope = staticScopeOf(acquire);
      if (scope === undefined) continue;
      const mine = JSON.stringify(acquire.inputs.ttl_seconds ?? null);
      const others = (repo.ttlByScope.get(scope) ?? []).filter((o) => JSON.stringify(o.ttl ?? null) !== mine);
      if (others.length > 0) {
        findings.push({
          messageId: 'differs',
          data: { scope, ttl: mine, others: others.map((o) => `${JSON.stringify(o.ttl ?? null)} in ${o.file === file ? 'this file' : o.file}`).join(', ') },
          pointer: acquire.at('ttl_seconds'),
        });
      }
    }
    return findings;
  },
});
