import type { N8nVersion } from '../n8n-versions.js';
import type { EnvFile } from '../envs/env-file.js';
import type { WorkflowGraph } from '../workflow/graph.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';
import type { FunctionDefinition } from './function-nodes.js';

export type Severity = 'error' | 'warning';

/** What a rule reports: where (a JSON Pointer into the workflow, optionally a range inside a string) and which message. */
export interface RuleFinding {
  /** A key of the rule's meta.messages. */
  messageId: string;
  /** Values for the message's {{placeholders}}. */
  data?: Record<string, string | number>;
  /** JSON Pointer into the workflow, e.g. /nodes/3/parameters/jsCode. */
  pointer: string;
  /** For findings inside a string value (Code-node source): the character index in the decoded string. */
  stringIndex?: number;
  /** ...and where the reported range ends in it (exclusive). */
  stringEnd?: number;
  /** Overrides the rule's severity for this finding (e.g. a warning-level variant). */
  severity?: Severity;
  /** What `validate --fix` does about it: only from a rule whose meta says why its fix is safe. */
  fix?: PatchOperation[];
}

/**
 * One RFC 6902 (JSON Patch) operation on the workflow document. `--fix-dry-run` prints them;
 * `--fix` applies them to the file's text, leaving every other byte as it was.
 */
export type PatchOperation = { op: 'remove'; path: string } | { op: 'add' | 'replace'; path: string; value: unknown };

/** A finding as reported: the rule's, placed in the file (1-based lines and columns; the end is exclusive). */
export interface Finding {
  ruleId: string;
  messageId: string;
  severity: Severity;
  message: string;
  file: string;
  pointer: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  fix?: PatchOperation[];
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
  /** The n8n the workflows run on: code-purity proves for its Code-node runtime, or says it cannot. */
  n8nVersion: N8nVersion;
}

/** Facts about the whole repository that single-workflow rules need. */
export interface RepoFacts {
  /** Workflow keys present in the repository. */
  workflowKeys: Set<string>;
  /** Static lock scope -> ttl_seconds values seen across the repository, with where. */
  ttlByScope: Map<string, Array<{ file: string; ttl: unknown }>>;
  /** Function name -> the Function triggers that define it (static names only), with where. */
  functions: Map<string, FunctionDefinition[]>;
}

/** What a rule is, like ESLint's rule meta: the inventory, the docs pages and the formatters read it. */
export interface RuleMeta {
  /** One line: what the rule checks. */
  description: string;
  defaultSeverity: Severity;
  /** Message templates by id; `{{name}}` is filled from the finding's data. */
  messages: Record<string, string>;
  docs: {
    /** The rule's page (docs/rules/<id>.md). */
    url: string;
    /** Why the rule exists and how to fix what it reports: the body of its docs page. */
    rationale: string;
  };
  /**
   * Why `validate --fix` may apply this rule's fix: it cannot change what the workflow does. A
   * rule without it never returns a fix, and its page says --fix leaves it alone.
   */
  fix?: string;
}

export interface Rule {
  id: string;
  meta: RuleMeta;
  check(context: WorkflowContext): RuleFinding[];
  /**
   * For a rule whose findings in one file depend on the others (context.repo's facts): the
   * workflows it can report on. The engine checks every other file as soon as it is read and keeps
   * only these until every file's facts are in (engine.ts); on any other workflow `check` must
   * return nothing, whatever the repository holds.
   */
  crossFile?: { concerns(workflow: Workflow): boolean };
}

/** What a rule on an env file may look at: the file as parsed, and the repository's workflow keys. */
export interface EnvContext {
  env: EnvFile;
  /** Every workflow key of the repository (`billing/invoice` for workflows/billing/invoice.json). */
  workflowKeys: readonly string[];
  /** The repository-relative file of a workflow key, for messages. */
  workflowFileOf(key: string): string;
}

/**
 * A rule whose subject is an env file, not a workflow (a key that names no workflow file). Its
 * findings' pointers point into the env document (`/workflows/invoice_synk`).
 */
export interface EnvRule {
  id: string;
  meta: RuleMeta;
  checkEnv(context: EnvContext): RuleFinding[];
}

/** A finding the engine itself reports (parse errors, shapes, suppressions): meta, no check. */
export interface EngineRule {
  id: string;
  meta: RuleMeta;
}

/** Where the rule pages are published: docs/rules/<id>.md of the repository. */
export const RULE_DOCS_BASE_URL = 'https://github.com/n8n-lock/n8n-lock/blob/main/docs/rules/';

export const ruleDocsUrl = (id: string) => `${RULE_DOCS_BASE_URL}${id}.md`;

type MetaInput = Omit<RuleMeta, 'docs'> & { rationale: string };

/** A rule with its docs URL filled in from its id. */
export function defineRule(rule: { id: string; meta: MetaInput; check: Rule['check']; crossFile?: Rule['crossFile'] }): Rule {
  const { rationale, ...meta } = rule.meta;
  return { id: rule.id, meta: { ...meta, docs: { url: ruleDocsUrl(rule.id), rationale } }, check: rule.check, ...(rule.crossFile ? { crossFile: rule.crossFile } : {}) };
}

/** An env-file rule with its docs URL filled in from its id. */
export function defineEnvRule(rule: { id: string; meta: MetaInput; checkEnv: EnvRule['checkEnv'] }): EnvRule {
  const { rationale, ...meta } = rule.meta;
  return { id: rule.id, meta: { ...meta, docs: { url: ruleDocsUrl(rule.id), rationale } }, checkEnv: rule.checkEnv };
}

export function defineEngineRule(id: string, meta: MetaInput): EngineRule {
  const { rationale, ...rest } = meta;
  return { id, meta: { ...rest, docs: { url: ruleDocsUrl(id), rationale } } };
}

/** Fills a message template; a placeholder without data is a bug in the rule, not a blank. */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(data, name)) throw new Error(`message placeholder {{${name}}} has no data`);
    return String(data[name]);
  });
}

/** A node's pointer, e.g. /nodes/3. */
export function nodePointer(context: { workflow: Workflow }, node: WorkflowNode): string {
  return `/nodes/${context.workflow.nodes.indexOf(node)}`;
}

/** One JSON Pointer reference token (RFC 6901): ~ and / escaped. */
export function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The key a reference token names: pointerKey undone (~1 before ~0, so `~01` is `~1`, not `/`). */
export function keyOfPointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
