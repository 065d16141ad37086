import { lockAcquisitions, lockReleases } from '../lock-nodes.js';
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
    rationale: "A release must name the lock the acquire actually took. Re-evaluating the scope expression at the release (`={{ 'crm-' + $json.id }}`) reads whatever item reaches the release, which the critical section may have changed: the seed design leaked locks this way. Read both from the acquire's output: `={{ $('Lock Acquire').first().json.scope }}` and `.lock_id`. A native Lock Acquire that locked each item's own scope is read per item, through the item's pairing: `={{ $('Lock Acquire').item.json.lock.scope }}`.",
    messages: { notFromAcquire: '"{{node}}" {{field}} is {{value}}: take it from the acquire output, e.g. ={{ $(\'{{acquire}}\').first().json.{{path}} }}' },
  },
  check({ workflow }) {
    const acquires = lockAcquisitions(workflow).map((a) => a.node.name);
    if (acquires.length === 0) return [];
    const findings: RuleFinding[] = [];
    for (const release of lockReleases(workflow)) {
      // The native Acquire puts its result in the item field `lock`: .json.lock.<field>; it locks
      // every item's scope, so a release may read each item's own lock (.item, n8n's pairing).
      const path = release.engine === 'node' ? 'lock\\.' : '';
      const which = release.engine === 'node' ? '(first\\(\\)|item)' : 'first\\(\\)';
      for (const field of ['scope', 'lock_id']) {
        const value = release.inputs[field];
        const fromAcquire =
          typeof value === 'string' &&
          acquires.some((a) => new RegExp(`\\$\\(\\s*(['"])${escape(a)}\\1\\s*\\)`).test(value)) &&
          new RegExp(`\\.${which}\\.json\\.${path}${field}\\b`).test(value);
        if (!fromAcquire) {
          findings.push({
            messageId: 'notFromAcquire',
            data: { node: release.node.name, field, value: JSON.stringify(value), acquire: acquires[0], path: release.engine === 'node' ? `lock.${field}` : field },
            pointer: release.at(field),
          });
        }
      }
    }
    return findings;
  },
});
