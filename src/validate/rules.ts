import { defineEngineRule, type EngineRule, type EnvRule, type Rule } from './types.js';
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
import { lockCleanupOnFailure } from './rules/lock-cleanup-on-failure.js';
import { functionReturnOnEveryPath } from './rules/function-return-on-every-path.js';
import { callFunctionDefined } from './rules/call-function-defined.js';
import { envWorkflowKeys } from './rules/env-workflow-keys.js';

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
  lockCleanupOnFailure,
  functionReturnOnEveryPath,
  callFunctionDefined,
];

/** Rules on env files (envs/<env>.yml), run once per env file validate reads. */
export const ENV_RULES: readonly EnvRule[] = [envWorkflowKeys];

/** Findings the engine itself reports (not from a rule's check). */
export const ENGINE_RULES: readonly EngineRule[] = [
  defineEngineRule('parse-error', {
    description: 'the file is valid JSON',
    defaultSeverity: 'error',
    rationale: 'A workflow file that is not valid JSON (a truncated export, a merge conflict, a hand edit) cannot be imported by n8n nor checked by any other rule. The finding points at the first character JSON.parse rejects.',
    messages: { malformed: 'malformed JSON: {{error}}' },
  }),
  defineEngineRule('workflow-shape', {
    description: 'the JSON is an n8n workflow: nodes (name, type, typeVersion, position, parameters) and connections',
    defaultSeverity: 'error',
    rationale: 'A file with `nodes` and `connections` is taken for a workflow; this checks the shape every other rule relies on (each node has a name, a type, a typeVersion, a position and parameters; connections are keyed by node name). Up to five problems are reported per file. Files without `nodes` and `connections` (a package.json) are skipped with a reason, not reported.',
    messages: { shape: '{{path}}: {{problem}}' },
  }),
  defineEngineRule('invalid-suppression', {
    description: 'an inline n8n-lock-disable names a known rule and gives a reason',
    defaultSeverity: 'error',
    rationale: 'A suppression in a node\'s notes switches rules off for that node: `n8n-lock-disable <rule-id>[, <rule-id>] -- <reason>`. The reason is required, so every switched-off check says why in the file itself, and an unknown rule id (a typo) would suppress nothing while looking like it does.',
    messages: {
      noReason: '"{{node}}": n8n-lock-disable needs a reason: n8n-lock-disable <rule-id> -- <why>',
      unknownRule: '"{{node}}": n8n-lock-disable names unknown rule "{{rule}}"',
    },
  }),
  defineEngineRule('unused-disable-directive', {
    description: 'with --report-unused-disable-directives: an inline n8n-lock-disable suppresses a finding on its node',
    defaultSeverity: 'error',
    rationale: 'A suppression that no longer suppresses anything (the code was fixed, the rule id changed) hides the next real finding on that node. `--report-unused-disable-directives` reports each one, as ESLint does, so they can be removed.',
    messages: { unused: '"{{node}}": n8n-lock-disable {{rule}} suppresses nothing here: remove it' },
  }),
  defineEngineRule('rule-crash', {
    description: 'a rule failed on this file (a bug in n8n-lock: please report it with the file)',
    defaultSeverity: 'error',
    rationale: 'A rule must never take the run down: if one throws on a file, that is reported as a finding of its own, and every other rule still runs. It is a bug in n8n-lock, not in the workflow.',
    messages: { crashed: 'rule {{rule}} crashed: {{error}}' },
  }),
];

/** Every rule and engine rule by id (a Map: names like `constructor` never match inherited keys). */
export const RULES_BY_ID: ReadonlyMap<string, Rule | EnvRule | EngineRule> = new Map([...RULES, ...ENV_RULES, ...ENGINE_RULES].map((rule) => [rule.id, rule]));

/** The rules a config or an inline suppression may name: the workflow rules, then the env-file rules. */
export const CONFIGURABLE_RULES: ReadonlyArray<Rule | EnvRule> = [...RULES, ...ENV_RULES];
