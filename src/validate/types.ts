import type { EnvFile } from '../envs/env-file.js';
import type { WorkflowGraph } from '../workflow/graph.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

export type Severity = 'error' | 'warning';

/** What a rule reports: where (a JSON Pointer into the workflow, optionally a spot inside a string) and what. */
export interface RuleFinding {
  message: string;
  /** JSON Pointer into the workflow, e.g. /nodes/3/parameters/jsCode. */
  pointer: string;
  /** For findings inside a string value (Code-node source): the character index in the decoded string. */
  stringIndex?: number;
  /** Overrides the rule's severity for this finding (e.g. a warning-level variant). */
  severity?: Severity;
}

/** A finding as reported: the rule's, placed in the file. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  file: string;
  pointer: string;
  line: number;
  column: number;
}

/** Everything a rule may look at. Rules are pure: they read this and return findings. */
export interface WorkflowContext {
  file: string;
  workflow: Workflow;
  graph: WorkflowGraph;
  /** Environments to cross-check (all env files, or those named by --env). */
  envs: EnvFile[];
  /** True when the user named environments with --env (placeholders must then resolve). */
  envsSelected: boolean;
  repo: RepoFacts;
}

/** Facts about the whole repository that single-workflow rules need. */
export interface RepoFacts {
  /** Workflow keys present in the repository. */
  workflowKeys: Set<string>;
  /** Static lock scope -> ttl_seconds values seen across the repository, with where. */
  ttlByScope: Map<string, Array<{ file: string; ttl: unknown }>>;
}

export interface Rule {
  id: string;
  /** One line: what the rule checks. */
  description: string;
  defaultSeverity: Severity;
  check(context: WorkflowContext): RuleFinding[];
}

/** A node's pointer, e.g. /nodes/3. */
export function nodePointer(context: { workflow: Workflow }, node: WorkflowNode): string {
  return `/nodes/${context.workflow.nodes.indexOf(node)}`;
}

/** One JSON Pointer reference token (RFC 6901): ~ and / escaped. */
export function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
