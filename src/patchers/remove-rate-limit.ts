import { InputError } from '../errors.js';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';
import { WorkflowGraph } from '../workflow/graph.js';
import type { Workflow } from '../workflow/schema.js';
import { roleOf, type PatchResult } from './common.js';
import { removeConstruct } from './remove-lock.js';

/** Exact inverse of addRateLimit. The gate's true output is what the restore node fed originally. */
export function removeRateLimit(input: Workflow, options: { file?: string } = {}): PatchResult {
  const file = options.file ?? 'workflow';
  const graph = new WorkflowGraph(input);
  // A lock added AFTER the rate limit collects the denied branch into its release: removing the
  // rate limit first would leave that lock wiring half-connected.
  for (const denied of input.nodes.filter((n) => roleOf(n) === 'rate-limit-denied')) {
    if (graph.successors(denied.name).some((s) => roleOf(graph.node(s)!)?.startsWith('lock-'))) {
      throw new InputError(`${file}: the lock was added after the rate limit and releases on the denied branch too: run n8n-lock remove-lock first, then remove-rate-limit`);
    }
  }
  // The native Rate Limit node passes the items on itself: it is its own "restore" node.
  const native = input.nodes.some((n) => roleOf(n) === 'rate-limit' && n.type === RATE_LIMIT_NODE_TYPE);
  return removeConstruct(
    input,
    {
      entryRoles: ['rate-limit', 'rate-limit-restore-items', 'rate-limit-gate'],
      restoreRole: native ? 'rate-limit' : 'rate-limit-restore-items',
      passOnRole: 'rate-limit-gate',
      exitRoles: ['rate-limit-denied'],
      stateRole: 'rate-limit',
      what: 'rate limit',
      command: 'remove-rate-limit',
    },
    file,
  );
}
