import { callsTo, mappedInputs, nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A release must name the lock the acquire actually took: scope and lock_id read from the acquire's
 * output, never re-evaluated from the current item (the seed did, and leaked locks whenever the
 * scope used $json).
 */
export const lockReleaseFromAcquire = defineRule({
  id: 'lock-release-from-acquire',
  meta: {
    description: "Lock Release takes scope and lock_id from the Lock Acquire output ($('Lock Acquire').first().json.scope)",
    defaultSeverity: 'error',
    rationale: "A release must name the lock the acquire actually took. Re-evaluating the scope expression at the release (`={{ 'crm-' + $json.id }}`) reads whatever item reaches the release, which the critical section may have changed: the seed design leaked locks this way. Read both from the acquire's output: `={{ $('Lock Acquire').first().json.scope }}` and `.lock_id`.",
    messages: { notFromAcquire: '"{{node}}" {{field}} is {{value}}: take it from the acquire output, e.g. ={{ $(\'{{acquire}}\').first().json.{{field}} }}' },
  },
  check({ workflow }) {
    const acquires = callsTo(workflow, 'lock_acquisition').map((n) => n.name);
    if (acquires.length === 0) return [];
    const findings: RuleFinding[] = [];
    for (const release of callsTo(workflow, 'lock_release')) {
      const inputs = mappedInputs(release);
      for (const field of ['scope', 'lock_id']) {
        const value = inputs[field];
        const fromAcquire =
          typeof value === 'string' &&
          acquires.some((a) => new RegExp(`\\$\\(\\s*(['"])${escape(a)}\\1\\s*\\)`).test(value)) &&
          new RegExp(`\\.first\\(\\)\\.json\\.${field}\\b`).test(value);
        if (!fromAcquire) {
          findings.push({
            messageId: 'notFromAcquire',
            data: { node: release.name, field, value: JSON.stringify(value), acquire: acquires[0] },
            pointer: `${nodePointerOf(workflow, release)}/parameters/workflowInputs/value/${field}`,
          });
        }
      }
    }
    return findings;
  },
});
