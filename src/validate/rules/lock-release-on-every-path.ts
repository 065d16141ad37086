import { pathEnds } from '../../workflow/paths.js';
import { lockAcquisitions, lockReleases, nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

/** After a Lock Acquire, every path that can finish successfully must pass a Lock Release. */
export const lockReleaseOnEveryPath = defineRule({
  id: 'lock-release-on-every-path',
  meta: {
    description: 'every Lock Acquire reaches a Lock Release on every path that can finish successfully',
    defaultSeverity: 'error',
    rationale: "A path that can finish without passing a Lock Release leaves the lock held until its TTL, and every other caller of the scope waits (or fails fast) meanwhile. The path analysis is the patcher's: every end of the flow after the acquire (unconnected If/Switch outputs and error outputs included; Stop and Error excluded, since it fails the execution) must pass a release. `add-lock-to-workflow` wires this for you; after hand edits, run validate.",
    messages: {
      noRelease: '"{{node}}" takes a lock that no Lock Release ever frees (it stays until its TTL)',
      neverReachesRelease: '"{{node}}" never reaches a Lock Release',
      pathWithoutRelease: 'path "{{node}}" -> ... -> "{{end}}"{{output}} ends without a Lock Release: the lock stays held until its TTL',
    },
  },
  check({ workflow, graph }) {
    const findings: RuleFinding[] = [];
    const releases = lockReleases(workflow).map((r) => r.node.name);
    const afterRelease = graph.reachableFrom(releases);
    for (const { node: acquire } of lockAcquisitions(workflow)) {
      if (releases.length === 0) {
        findings.push({ messageId: 'noRelease', data: { node: acquire.name }, pointer: nodePointerOf(workflow, acquire) });
        continue;
      }
      const reachable = graph.reachableFrom([acquire.name]);
      if (!releases.some((r) => reachable.has(r))) {
        findings.push({ messageId: 'neverReachesRelease', data: { node: acquire.name }, pointer: nodePointerOf(workflow, acquire) });
        continue;
      }
      for (const end of pathEnds(graph, [acquire.name], afterRelease)) {
        const node = graph.node(end.node)!;
        findings.push({
          messageId: 'pathWithoutRelease',
          data: { node: acquire.name, end: end.node, output: end.output > 0 ? ` (output ${end.output})` : '' },
          pointer: nodePointerOf(workflow, node),
        });
      }
    }
    return findings;
  },
});
