import { codeBody, GraphBuilder } from './common.js';
import { codeNode, executeWorkflowTrigger, ifNode, redisNode, stopAndErrorNode, waitNode } from '../workflow/nodes.js';
import type { Workflow } from '../workflow/schema.js';

const P = 'lock_acquisition';
const CODE = 'lock-acquisition';

/** Node names are the contract (primitives.md): callers, tests and validate refer to them. */
export const LOCK_ACQUISITION_NODES = {
  trigger: 'Execute Workflow Trigger',
  buildContext: 'Build Lock Context',
  getLock: 'GET Lock',
  checkState: 'Check Lock State',
  lockFree: 'Lock Free?',
  incr: 'INCR Acquire Attempt',
  evaluate: 'Evaluate Acquired',
  acquired: 'Acquired?',
  setMeta: 'Set Lock Meta',
  output: 'Build Acquire Output',
  shouldWait: 'Should Wait?',
  failFast: 'Fail Fast — Lock Held',
  deadline: 'Deadline Passed?',
  timeout: 'Wait Timeout — Stop',
  wait: 'Wait Before Poll',
} as const;

/** The inputs callers map, with the types Execute Workflow checks strictly. */
export const LOCK_ACQUISITION_INPUTS = [
  { name: 'scope', type: 'string' },
  { name: 'ttl_seconds', type: 'number' },
  { name: 'execution_id', type: 'string' },
  { name: 'wait_till_lock_released', type: 'boolean' },
  { name: 'max_wait_seconds', type: 'number' },
  { name: 'lock_id', type: 'string' },
  { name: 'workflow_id', type: 'string' },
  { name: 'workflow_name', type: 'string' },
  { name: 'poll_seconds', type: 'number' },
] as const;

/**
 * lock_acquisition: GET first, INCR only when the key is absent, so waiters never re-arm the
 * holder's TTL (the seed INCRed first; see primitives.md "Topology").
 */
export function buildLockAcquisition(): Workflow {
  const N = LOCK_ACQUISITION_NODES;
  const at = (name: string) => ({ idSeed: `${P}/${name}`, name });
  return new GraphBuilder()
    .add(
      { ...executeWorkflowTrigger({ ...at(N.trigger), position: [0, 300] }, LOCK_ACQUISITION_INPUTS.map((i) => ({ ...i }))) },
      codeNode({ ...at(N.buildContext), position: [220, 300] }, codeBody(CODE, 'buildLockContext')),
      redisNode({ ...at(N.getLock), position: [440, 300] }, { operation: 'get', key: '={{ $json.key }}', propertyName: 'lock_value' }),
      codeNode({ ...at(N.checkState), position: [660, 300] }, codeBody(CODE, 'checkLockState')),
      ifNode({ ...at(N.lockFree), position: [880, 300] }, '$json.free'),
      redisNode({ ...at(N.incr), position: [1100, 200] }, { operation: 'incr', key: '={{ $json.key }}', ttl: '={{ $json.ttl_seconds }}' }),
      codeNode({ ...at(N.evaluate), position: [1320, 200] }, codeBody(CODE, 'evaluateAcquired')),
      ifNode({ ...at(N.acquired), position: [1540, 200] }, '$json.acquired'),
      redisNode(
        { ...at(N.setMeta), position: [1760, 100] },
        {
          operation: 'set',
          key: '={{ $json.meta_key }}',
          value:
            '={{ JSON.stringify({ lock_id: $json.lock_id, workflow_id: $json.workflow_id, workflow_name: $json.workflow_name, execution_id: $json.execution_id, locked_at: $json.locked_at }) }}',
          ttl: '={{ $json.ttl_seconds }}',
        },
      ),
      codeNode({ ...at(N.output), position: [1980, 100] }, codeBody(CODE, 'buildAcquireOutput')),
      ifNode({ ...at(N.shouldWait), position: [1760, 420] }, '$json.wait_till_lock_released'),
      stopAndErrorNode(
        { ...at(N.failFast), position: [1980, 540] },
        "=Lock on scope '{{ $json.scope }}' is held by another execution (wait_till_lock_released=false)",
      ),
      ifNode({ ...at(N.deadline), position: [1980, 340] }, 'Date.now() >= $json.deadline_ms'),
      stopAndErrorNode(
        { ...at(N.timeout), position: [2200, 240] },
        "=Timed out after {{ $json.max_wait_seconds }} s (max_wait_seconds) waiting for lock on scope '{{ $json.scope }}'",
      ),
      waitNode({ ...at(N.wait), position: [2200, 440] }, '={{ $json.poll_seconds }}'),
    )
    .connect(N.trigger, N.buildContext)
    .connect(N.buildContext, N.getLock)
    .connect(N.getLock, N.checkState)
    .connect(N.checkState, N.lockFree)
    .connect(N.lockFree, N.incr, 0)
    .connect(N.lockFree, N.shouldWait, 1)
    .connect(N.incr, N.evaluate)
    .connect(N.evaluate, N.acquired)
    .connect(N.acquired, N.setMeta, 0)
    .connect(N.acquired, N.shouldWait, 1)
    .connect(N.setMeta, N.output)
    .connect(N.shouldWait, N.deadline, 0)
    .connect(N.shouldWait, N.failFast, 1)
    .connect(N.deadline, N.timeout, 0)
    .connect(N.deadline, N.wait, 1)
    .connect(N.wait, N.getLock)
    .build('Lock Acquisition');
}
