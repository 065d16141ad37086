import { lockAcquisitions, lockReleases, nodePointerOf } from '../lock-nodes.js';
import { defineRule, type RuleFinding } from '../types.js';

const NUMBER_INPUTS = ['ttl_seconds', 'max_wait_seconds', 'poll_seconds'];
const BOOLEAN_INPUTS = ['wait_till_lock_released'];

/**
 * Execute Workflow checks input types strictly ('10' for a number fails the call), the error
 * handler can only match a lock whose execution_id is the caller's, and a lock call with
 * onError: continue turns a failed acquire into a run without the lock.
 */
export const lockAcquireInputs = defineRule({
  id: 'lock-acquire-inputs',
  meta: {
    description: 'Lock Acquire passes scope and execution_id, uses native number/boolean types, and never continues on error',
    defaultSeverity: 'error',
    rationale: "Execute Workflow checks sub-workflow input types strictly: the string `'10'` for `ttl_seconds` fails the call at run time. The error handler frees a lock only when its sidecar names the failed execution, so an acquire without `execution_id` (`={{ $execution.id }}`) can never be cleaned up. And `onError: continue` on a lock call turns a failed acquire (held, timed out) into an execution that runs without the lock.",
    messages: {
      continuesOnError: '"{{node}}" has onError: {{onError}}: a failed lock call would let the execution run without the lock',
      noScope: '"{{node}}" passes no scope',
      noExecutionId: '"{{node}}" passes no execution_id: the error handler can never match this lock (pass ={{ $execution.id }})',
      stringNumber: '"{{node}}" {{field}} is the string {{value}}: Execute Workflow rejects it, pass a number',
      stringBoolean: '"{{node}}" {{field}} is the string {{value}}: Execute Workflow rejects it, pass true or false',
    },
  },
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    const lockCalls = [...lockAcquisitions(workflow), ...lockReleases(workflow)].map((c) => c.node);
    for (const call of lockCalls) {
      if (call.onError && call.onError !== 'stopWorkflow') {
        findings.push({ messageId: 'continuesOnError', data: { node: call.name, onError: call.onError }, pointer: `${nodePointerOf(workflow, call)}/onError` });
      }
    }
    for (const call of lockAcquisitions(workflow)) {
      const { node: acquire, inputs, at } = call;
      if (typeof inputs.scope !== 'string' || inputs.scope.trim() === '' || inputs.scope.trim() === '=') {
        findings.push({ messageId: 'noScope', data: { node: acquire.name }, pointer: at('scope') });
      }
      // The native Lock node's parameters are typed by n8n and it records its own execution id.
      if (call.engine === 'node') continue;
      const executionId = inputs.execution_id;
      if (typeof executionId !== 'string' || executionId.trim() === '') {
        findings.push({ messageId: 'noExecutionId', data: { node: acquire.name }, pointer: at('execution_id') });
      }
      for (const field of NUMBER_INPUTS) {
        const v = inputs[field];
        if (typeof v === 'string' && !v.startsWith('=')) findings.push({ messageId: 'stringNumber', data: { node: acquire.name, field, value: JSON.stringify(v) }, pointer: at(field) });
      }
      for (const field of BOOLEAN_INPUTS) {
        const v = inputs[field];
        if (typeof v === 'string' && !v.startsWith('=')) findings.push({ messageId: 'stringBoolean', data: { node: acquire.name, field, value: JSON.stringify(v) }, pointer: at(field) });
      }
    }
    return findings;
  },
});
