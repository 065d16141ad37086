import type { Rule } from './types.js';
import { codePurity } from './rules/code-purity.js';
import { codeNondeterminism } from './rules/code-nondeterminism.js';
import { primitiveMarker } from './rules/primitive-marker.js';
import { noLegacyFunctionNode } from './rules/no-legacy-function-node.js';
import { uniqueNodeNames } from './rules/unique-node-names.js';
import { connectionsValid } from './rules/connections-valid.js';
import { unreachableNode } from './rules/unreachable-node.js';
import { noPinData } from './rules/no-pin-data.js';
import { expressionMissingEquals } from './rules/expression-missing-equals.js';
import { lockReleaseOnEveryPath } from './rules/lock-release-on-every-path.js';
import { lockReleaseFromAcquire } from './rules/lock-release-from-acquire.js';
import { lockAcquireInputs } from './rules/lock-acquire-inputs.js';
import { lockScopeRegistered } from './rules/lock-scope-registered.js';
import { lockTtlConsistent } from './rules/lock-ttl-consistent.js';
import { errorWorkflowRegistered } from './rules/error-workflow-registered.js';
import { placeholdersResolve } from './rules/placeholders-resolve.js';
import { rateLimitGate } from './rules/rate-limit-gate.js';
import { executionOrderV1 } from './rules/execution-order-v1.js';
import { lockZeroItemPath } from './rules/lock-zero-item-path.js';

/** Every rule, in report order. The inventory is data: a test checks each has docs and a test table. */
export const RULES: readonly Rule[] = [
  codePurity,
  codeNondeterminism,
  primitiveMarker,
  noLegacyFunctionNode,
  uniqueNodeNames,
  connectionsValid,
  unreachableNode,
  noPinData,
  expressionMissingEquals,
  lockReleaseOnEveryPath,
  lockReleaseFromAcquire,
  lockAcquireInputs,
  lockScopeRegistered,
  lockTtlConsistent,
  errorWorkflowRegistered,
  placeholdersResolve,
  rateLimitGate,
  executionOrderV1,
  lockZeroItemPath,
];

/** Findings the engine itself reports (not from a rule's check). */
export const ENGINE_RULES = [
  { id: 'parse-error', description: 'the file is valid JSON', defaultSeverity: 'error' as const },
  { id: 'workflow-shape', description: 'the JSON is an n8n workflow: nodes (name, type, typeVersion, position, parameters) and connections', defaultSeverity: 'error' as const },
  { id: 'invalid-suppression', description: 'an inline n8n-lock-disable names a known rule and gives a reason', defaultSeverity: 'error' as const },
];
