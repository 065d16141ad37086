import type { WorkflowNode } from './schema.js';
import { uuidV5 } from './ids.js';

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
  | { operation: 'delete'; key: string };

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
