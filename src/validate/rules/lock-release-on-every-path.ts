import { pathEnds } from '../../workflow/paths.js';
import { callsTo, nodePointerOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

/** After a Lock Acquire, every path that can finish successfully must pass a Lock Release. */
export const lockReleaseOnEveryPath: Rule = {
  id: 'lock-release-on-every-path',
  description: 'every Lock Acquire reaches a Lock Release on every path that can finish successfully',
  defaultSeverity: 'error',
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    const releases = callsTo(workflow, 'lock_release').map((n) => n.name);
    const afterRelease = graph.reachableFrom(releases);
    for (const acquire of callsTo(workflow, 'lock_acquisition')) {
      if (releases.length === 0) {
        findings.push({ message: `"${acquire.name}" takes a lock that no Lock Release ever frees (it stays until its TTL)`, pointer: nodePointerOf(workflow, acquire) });
        continue;
      }
      const reachable = graph.reachableFrom([acquire.name]);
      if (!releases.some((r) => reachable.has(r))) {
        findings.push({ message: `"${acquire.name}" never reaches a Lock Release`, pointer: nodePointerOf(workflow, acquire) });
        continue;
      }
      for (const end of pathEnds(graph, [acquire.name], afterRelease)) {
        const node = graph.node(end.node)!;
        findings.push({
          message: `path "${acquire.name}" -> ... -> "${end.node}"${end.output > 0 ? ` (output ${end.output})` : ''} ends without a Lock Release: the lock stays held until its TTL`,
          pointer: nodePointerOf(workflow, node),
        });
      }
    }
    return findings;
  },
};
