import { callsTo } from '../lock-nodes.js';
import type { Rule } from '../types.js';

/** The lock and rate-limit wiring relies on n8n's v1 execution order; v0 ignores the Merge rule it needs. */
export const executionOrderV1: Rule = {
  id: 'execution-order-v1',
  description: 'a workflow with a lock or rate limit runs on settings.executionOrder "v1"',
  defaultSeverity: 'error',
  check({ workflow }) {
    const calls = [...callsTo(workflow, 'lock_acquisition'), ...callsTo(workflow, 'rate_limit_check')];
    if (calls.length === 0 || workflow.settings?.executionOrder === 'v1') return [];
    return [{ message: `has a lock or rate limit ("${calls[0].name}") but settings.executionOrder is ${JSON.stringify(workflow.settings?.executionOrder ?? null)}: the wiring is only correct on "v1"`, pointer: workflow.settings ? '/settings' : '' }];
  },
};
