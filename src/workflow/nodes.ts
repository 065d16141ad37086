import type { WorkflowNode } from './schema.js';
import { uuidV5 } from './ids.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';

/**
 * Factories for the stock node types n8n-lock emits, with the exact parameter shapes that n8n
 * 2.41's node descriptions accept (see test/fixtures/n8n-node-types.json). Every factory takes
 * `idSeed` (e.g. "lock_acquisition/GET Lock") so ids are deterministic.
 */
type Position = [number, number];

interface Base {
  idSeed: string;
  name: string;
  position: Position;
}

function node(base: Base, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Partial<WorkflowNode> = {}): WorkflowNode {
  return {
    parameters,
    id: uuidV5(base.idSeed),
    name: base.name,
    type,
    typeVersion,
    position: base.position,
    ...extra,
  };
}

/** Credential reference resolved per environment by `render`. */
export const REDIS_CREDENTIALS = {
  redis: { id: '{{@:env:credentials.redis.id}}', name: '{{@:env:credentials.redis.name}}' },
};

export type InputType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export function executeWorkflowTrigger(base: Base, inputs: Array<{ name: string; type: InputType }>): WorkflowNode {
  return node(base, 'n8n-nodes-base.executeWorkflowTrigger', 1.1, {
    workflowInputs: { values: inputs.map(({ name, type }) => ({ name, type })) },
  });
}

export function errorTrigger(base: Base): WorkflowNode {
  return node(base, 'n8n-nodes-base.errorTrigger', 1, {});
}

export function codeNode(base: Base, jsCode: string): WorkflowNode {
  return node(base, 'n8n-nodes-base.code', 2, { language: 'javaScript', jsCode });
}

/** If v2.2 with one strict boolean condition: output 0 when `expression` is true, else output 1. */
export function ifNode(base: Base, expression: string): WorkflowNode {
  return node(base, 'n8n-nodes-base.if', 2.2, {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [
        {
          id: uuidV5(`${base.idSeed}/condition`),
          leftValue: `={{ ${expression} }}`,
          rightValue: '',
          operator: { type: 'boolean', operation: 'true', singleValue: true },
        },
      ],
      combinator: 'and',
    },
    options: {},
  });
}

export type RedisOperation =
  | { operation: 'get'; key: string; propertyName: string }
  | { operation: 'incr'; key: string; ttl: string | number }
  | { operation: 'set'; key: string; value: string; ttl: string | number }
  | { operation: 'delete'; key: string }
  /** KEYS pattern (a full keyspace walk inside Redis), names only: one item `{ keys: [...] }`. */
  | { operation: 'keys'; keyPattern: string };

/** Redis v1. GET and SET always use keyType "string" (automatic fails on numbers, picks hashes for objects). */
export function redisNode(base: Base, op: RedisOperation): WorkflowNode {
  let parameters: Record<string, unknown>;
  switch (op.operation) {
    case 'get':
      parameters = { operation: 'get', propertyName: op.propertyName, key: op.key, keyType: 'string', options: {} };
      break;
    case 'incr':
      parameters = { operation: 'incr', key: op.key, expire: true, ttl: op.ttl };
      break;
    case 'set':
      parameters = { operation: 'set', key: op.key, value: op.value, keyType: 'string', expire: true, ttl: op.ttl };
      break;
    case 'delete':
      parameters = { operation: 'delete', key: op.key };
      break;
    case 'keys':
      parameters = { operation: 'keys', keyPattern: op.keyPattern, getValues: false };
      break;
  }
  return node(base, 'n8n-nodes-base.redis', 1, parameters, { credentials: REDIS_CREDENTIALS });
}

/** Wait v1.1 for `amount` seconds; the editor always assigns a webhookId, so do we (deterministically). */
export function waitNode(base: Base, amount: string | number): WorkflowNode {
  return node(base, 'n8n-nodes-base.wait', 1.1, { amount, unit: 'seconds' }, { webhookId: uuidV5(`${base.idSeed}/webhook`) });
}

export function stopAndErrorNode(base: Base, errorMessage: string): WorkflowNode {
  return node(base, 'n8n-nodes-base.stopAndError', 1, { errorMessage });
}

export interface WorkflowInput {
  name: string;
  type: InputType;
  value: unknown;
}

/**
 * Execute Workflow v1.2 calling the workflow whose id is `workflowIdPlaceholder`, with a
 * defineBelow mapping of native-typed inputs (Execute Workflow checks the types strictly).
 */
export function executeWorkflowCall(base: Base, workflowIdPlaceholder: string, inputs: WorkflowInput[]): WorkflowNode {
  return node(
    base,
    'n8n-nodes-base.executeWorkflow',
    1.2,
    {
      workflowId: { __rl: true, value: workflowIdPlaceholder, mode: 'id' },
      workflowInputs: {
        mappingMode: 'defineBelow',
        value: Object.fromEntries(inputs.map((i) => [i.name, i.value])),
        matchingColumns: [],
        schema: inputs.map((i) => ({
          id: i.name,
          displayName: i.name,
          required: false,
          defaultMatch: false,
          display: true,
          canBeUsedToMatch: true,
          type: i.type,
          removed: false,
        })),
        attemptToConvertTypes: false,
        convertFieldsToString: true,
      },
      options: {},
    },
    // Only the first item is sent: the primitives read one item, callers may have many.
    { executeOnce: true },
  );
}

/**
 * Merge v3.2 "choose branch": waits for both inputs and emits input 0's items unchanged (binary
 * data and item pairing included). Restores the caller's items after an Execute Workflow call.
 */
export function mergeKeepFirstInput(base: Base): WorkflowNode {
  return node(base, 'n8n-nodes-base.merge', 3.2, { mode: 'chooseBranch', useDataOfInput: 1 });
}

/** Merge v3.2 append with `inputs` inputs (2..10): collects whatever branches produced items. */
export function mergeAppend(base: Base, inputs: number): WorkflowNode {
  return node(base, 'n8n-nodes-base.merge', 3.2, inputs > 2 ? { numberInputs: inputs } : {});
}

export interface Assignment {
  name: string;
  value: unknown;
  type: 'string' | 'number' | 'boolean';
}

/** Set (Edit Fields) v3.4 that outputs exactly `assignments`. */
export function setFields(base: Base, assignments: Assignment[]): WorkflowNode {
  return node(base, 'n8n-nodes-base.set', 3.4, {
    assignments: {
      assignments: assignments.map((a) => ({ id: uuidV5(`${base.idSeed}/${a.name}`), name: a.name, value: a.value, type: a.type })),
    },
    options: {},
  });
}

/**
 * The native engine's Lock node (n8n-nodes-lock.lock), the only node n8n-lock emits from its own
 * community package. Acquire puts the lock in the item field `lock`; Release removes it again.
 */
export function lockNode(base: Base, parameters: Record<string, unknown>): WorkflowNode {
  return node(base, LOCK_NODE_TYPE, 1, parameters, { credentials: REDIS_CREDENTIALS });
}

/** The Rate Limit node of n8n-nodes-lock. */
export function rateLimitNode(base: Base, parameters: Record<string, unknown>): WorkflowNode {
  return node(base, RATE_LIMIT_NODE_TYPE, 1, parameters, { credentials: REDIS_CREDENTIALS });
}
