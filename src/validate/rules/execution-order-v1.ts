import { lockAcquisitions, rateLimitCalls } from '../lock-nodes.js';
import { defineRule } from '../types.js';

/** The lock and rate-limit wiring relies on n8n's v1 execution order; v0 ignores the Merge rule it needs. */
export const executionOrderV1 = defineRule({
  id: 'execution-order-v1',
  meta: {
    description: 'a workflow with a lock or rate limit runs on settings.executionOrder "v1"',
    defaultSeverity: 'error',
    rationale: 'The lock wiring (a Merge that waits for every path end before the release, the restoring Merges) is correct only under n8n\'s v1 execution order, which runs one branch to its end before the next. Exports without `settings.executionOrder` run on the legacy v0 order, where the release can run before a branch finishes. `add-lock-to-workflow --set-execution-order-v1` switches a workflow (and `remove-lock` restores the original).',
    messages: { notV1: 'has a lock or rate limit ("{{node}}") but settings.executionOrder is {{order}}: the wiring is only correct on "v1"' },
  },
  check({ workflow }) {
    const calls = [...lockAcquisitions(workflow).map((a) => a.node), ...rateLimitCalls(workflow)];
    if (calls.length === 0 || workflow.settings?.executionOrder === 'v1') return [];
    return [{ messageId: 'notV1', data: { node: calls[0].name, order: JSON.stringify(workflow.settings?.executionOrder ?? null) }, pointer: workflow.settings ? '/settings' : '' }];
  },
});
