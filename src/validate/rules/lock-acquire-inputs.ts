import { callsTo, mappedInputs, nodePointerOf } from '../lock-nodes.js';
import type { Rule, RuleFinding } from '../types.js';

const NUMBER_INPUTS = ['ttl_seconds', 'max_wait_seconds', 'poll_seconds'];
const BOOLEAN_INPUTS = ['wait_till_lock_released'];

/**
 * Execute Workflow checks input types strictly ('10' for a number fails the call), the error
 * handler can only match a lock whose execution_id is the caller's, and a lock call with
 * onError: continue turns a failed acquire into a run without the lock.
 */
export const lockAcquireInputs: Rule = {
  id: 'lock-acquire-inputs',
  description: 'Lock Acquire passes scope and execution_id, uses native number/boolean types, and never continues on error',
  defaultSeverity: 'error',
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    const lockCalls = [...callsTo(workflow, 'lock_acquisition'), ...callsTo(workflow, 'lock_release')];
    for (const call of lockCalls) {
      if (call.onError && call.onError !== 'stopWorkflow') {
        findings.push({ message: `"${call.name}" has onError: ${call.onError}: a failed lock call would let the execution run without the lock`, pointer: `${nodePointerOf(workflow, call)}/onError` });
      }
    }
    for (const acquire of callsTo(workflow, 'lock_acquisition')) {
      const inputs = mappedInputs(acquire);
      const at = (field: string) => `${nodePointerOf(workflow, acquire)}/parameters/workflowInputs/value/${field}`;
      if (typeof inputs.scope !== 'string' || inputs.scope.trim() === '' || inputs.scope.trim() === '=') {
        findings.push({ message: `"${acquire.name}" passes no scope`, pointer: at('scope') });
      }
      const executionId = inputs.execution_id;
      if (typeof executionId !== 'string' || executionId.trim() === '') {
        findings.push({ message: `"${acquire.name}" passes no execution_id: the error handler can never match this lock (pass ={{ $execution.id }})`, pointer: at('execution_id') });
      }
      for (const field of NUMBER_INPUTS) {
        const v = inputs[field];
        if (typeof v === 'string' && !v.startsWith('=')) findings.push({ message: `"${acquire.name}" ${field} is the string ${JSON.stringify(v)}: Execute Workflow rejects it, pass a number`, pointer: at(field) });
      }
      for (const field of BOOLEAN_INPUTS) {
        const v = inputs[field];
        if (typeof v === 'string' && !v.startsWith('=')) findings.push({ message: `"${acquire.name}" ${field} is the string ${JSON.stringify(v)}: Execute Workflow rejects it, pass true or false`, pointer: at(field) });
      }
    }
    return findings;
  },
};
