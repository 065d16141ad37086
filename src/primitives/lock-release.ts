import { codeBody, GraphBuilder } from './common.js';
import { codeNode, executeWorkflowTrigger, ifNode, redisNode, stopAndErrorNode } from '../workflow/nodes.js';
import type { Workflow } from '../workflow/schema.js';

const P = 'lock_release';
const CODE = 'lock-release';

export const LOCK_RELEASE_NODES = {
  trigger: 'Execute Workflow Trigger',
  buildContext: 'Build Release Context',
  getMeta: 'GET Lock Meta',
  verify: 'Verify Ownership',
  owner: 'Owner?',
  delMeta: 'DEL Lock Meta',
  delCounter: 'DEL Lock Counter',
  mismatch: 'Ownership Mismatch — Stop',
} as const;

export const LOCK_RELEASE_INPUTS = [
  { name: 'scope', type: 'string' },
  { name: 'lock_id', type: 'string' },
] as const;

/**
 * lock_release: ownership is checked against the `:meta` sidecar; the sidecar is deleted BEFORE
 * the counter so an old holder can never delete a new holder's fresh sidecar. The result is built
 * by Verify Ownership and passed through both DELs (delete passes its input item through).
 *
 * An absent sidecar means the caller's lock is already gone (released, or expired: then the counter
 * may by now be the next holder's, INCRed but not yet given its sidecar), so nothing of the scope
 * may be deleted. The Redis node cannot skip an item and an If cannot end the flow without losing
 * the result item (a sub-workflow returns its last node's outputs), so on that path both DELs are
 * pointed at a key nobody writes (`n8n-lock-<scope>:nothing-to-release`): a no-op round trip.
 */
export function buildLockRelease(): Workflow {
  const N = LOCK_RELEASE_NODES;
  const at = (name: string) => ({ idSeed: `${P}/${name}`, name });
  const context = "$('Build Release Context').first().json";
  const target = (key: 'meta_key' | 'key') => `={{ $('${N.verify}').first().json.idempotent ? ${context}.key + ':nothing-to-release' : ${context}.${key} }}`;
  return new GraphBuilder()
    .add(
      executeWorkflowTrigger({ ...at(N.trigger), position: [0, 300] }, LOCK_RELEASE_INPUTS.map((i) => ({ ...i }))),
      codeNode({ ...at(N.buildContext), position: [220, 300] }, codeBody(CODE, 'buildReleaseContext')),
      redisNode({ ...at(N.getMeta), position: [440, 300] }, { operation: 'get', key: '={{ $json.meta_key }}', propertyName: 'lock_meta' }),
      codeNode({ ...at(N.verify), position: [660, 300] }, codeBody(CODE, 'verifyOwnership')),
      ifNode({ ...at(N.owner), position: [880, 300] }, '$json.released'),
      redisNode({ ...at(N.delMeta), position: [1100, 200] }, { operation: 'delete', key: target('meta_key') }),
      redisNode({ ...at(N.delCounter), position: [1320, 200] }, { operation: 'delete', key: target('key') }),
      stopAndErrorNode({ ...at(N.mismatch), position: [1100, 420] }, '={{ $json.message }}'),
    )
    .connect(N.trigger, N.buildContext)
    .connect(N.buildContext, N.getMeta)
    .connect(N.getMeta, N.verify)
    .connect(N.verify, N.owner)
    .connect(N.owner, N.delMeta, 0)
    .connect(N.owner, N.mismatch, 1)
    .connect(N.delMeta, N.delCounter)
    .build('Lock Release');
}
