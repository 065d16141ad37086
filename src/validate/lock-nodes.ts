import { staticValueOf } from '../workflow/expressions.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';
import { callsTo, mappedInputs, rateLimitCalls } from './node-kinds.js';
import { lockAcquireNodes, lockReleaseNodes } from '../patchers/calls.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

export { callsTo, mappedInputs, rateLimitCalls };

export function nodePointerOf(workflow: Workflow, node: WorkflowNode): string {
  return `/nodes/${workflow.nodes.indexOf(node)}`;
}

/**
 * A lock call of either engine, with its inputs under the primitives' names: a stock call's
 * workflowInputs, or a native Lock node's parameters (scope, ttlSeconds, lockId, ...). `at(field)`
 * points at where the field is written, for findings.
 */
export interface LockCall {
  node: WorkflowNode;
  engine: 'stock' | 'node';
  inputs: Record<string, unknown>;
  at(field: string): string;
}

const NATIVE_PARAMETER: Record<string, string> = {
  scope: 'scope',
  lock_id: 'lockId',
  ttl_seconds: 'ttlSeconds',
  wait_till_lock_released: 'waitTillLockReleased',
  max_wait_seconds: 'maxWaitSeconds',
  poll_seconds: 'options/pollSeconds',
};

function lockCall(workflow: Workflow, node: WorkflowNode): LockCall {
  const pointer = nodePointerOf(workflow, node);
  if (node.type !== LOCK_NODE_TYPE) return { node, engine: 'stock', inputs: mappedInputs(node), at: (field) => `${pointer}/parameters/workflowInputs/value/${field}` };
  const parameters = (node.parameters ?? {}) as Record<string, any>;
  const inputs: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(NATIVE_PARAMETER)) {
    const value = path.split('/').reduce<any>((v, k) => (v === undefined || v === null ? undefined : v[k]), parameters);
    if (value !== undefined) inputs[field] = value;
  }
  return { node, engine: 'node', inputs, at: (field) => `${pointer}/parameters/${NATIVE_PARAMETER[field] ?? field}` };
}

/** Lock acquisitions of both engines: lock_acquisition calls and native Lock Acquire nodes. */
export function lockAcquisitions(workflow: Workflow): LockCall[] {
  return lockAcquireNodes(workflow).map((n) => lockCall(workflow, n));
}

/** Lock releases of both engines. */
export function lockReleases(workflow: Workflow): LockCall[] {
  return lockReleaseNodes(workflow).map((n) => lockCall(workflow, n));
}

/** The static scope of a lock acquisition (undefined when dynamic or unparseable). */
export function staticScopeOf(acquire: LockCall): string | undefined {
  const scope = acquire.inputs.scope;
  if (typeof scope !== 'string') return undefined;
  try {
    return staticValueOf(scope);
  } catch {
    return undefined;
  }
}
