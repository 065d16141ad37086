import { isPlaceholderFor } from '../../workflow/placeholders.js';
import { lockAcquisitions, nodePointerOf } from '../lock-nodes.js';
import { defineRule } from '../types.js';

/** A locked workflow whose failures do not run the cleanup handler keeps a failed execution's lock until its TTL. */
export const lockCleanupOnFailure = defineRule({
  id: 'lock-cleanup-on-failure',
  meta: {
    description: 'a workflow that takes a lock has the cleanup handler as its error workflow, so a failed execution frees its lock',
    defaultSeverity: 'warning',
    rationale:
      "When an execution fails inside the critical section, its lock is freed only by the error workflow (error_handler_lock_cleanup, which frees every lock whose sidecar names the failed execution, whatever the scope) or by its TTL. Without it, one failing node blocks the scope for the whole TTL and every later caller waits for `max_wait_seconds` and fails. `add-lock-to-workflow` registers the handler by default; `--no-lock-on-error` opts out, and a different existing error workflow is kept (copy the cleanup's nodes into it, or re-run with `--force`). Suppress this on the Lock Acquire node with a reason if the TTL is what you want.",
    messages: {
      noCleanup: '"{{node}}" takes a lock, but {{errorWorkflow}}: a failed execution keeps the lock until its TTL ({{ttl}})',
    },
  },
  check({ workflow }) {
    const acquires = lockAcquisitions(workflow);
    const errorWorkflow = workflow.settings?.errorWorkflow;
    if (acquires.length === 0 || isPlaceholderFor(errorWorkflow, 'workflows.error_handler_lock_cleanup.id')) return [];
    const what = errorWorkflow === undefined || errorWorkflow === '' ? 'the workflow has no error workflow' : `settings.errorWorkflow is ${JSON.stringify(errorWorkflow)}, not the cleanup handler`;
    return acquires.map(({ node: acquire, inputs }) => {
      const ttl = inputs.ttl_seconds;
      return { messageId: 'noCleanup', data: { node: acquire.name, errorWorkflow: what, ttl: typeof ttl === 'number' ? `${ttl} s` : JSON.stringify(ttl ?? null) }, pointer: nodePointerOf(workflow, acquire) };
    });
  },
});
