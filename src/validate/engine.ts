import { functionScopeOf, functionTriggers, staticFunctionName, type FunctionDefinition } from './function-nodes.js';
import type { EnvFile } from '../envs/env-file.js';
import { WorkflowGraph } from '../workflow/graph.js';
import type { Workflow } from '../workflow/schema.js';
import { workflowShapeIssues } from '../workflow/shape.js';
import { formatIssuePath } from '../errors.js';
import { JsonLocator } from './locate.js';
import { lockAcquisitions, staticScopeOf } from './lock-nodes.js';
import { analysedJavaScript } from './node-kinds.js';
import { RULES, RULES_BY_ID } from './rules.js';
import { DEFAULT_N8N_VERSION, parseN8nVersion, type N8nVersion } from '../n8n-versions.js';
import { formatMessage, type Finding, type RepoFacts, type RuleFinding, type Severity, type WorkflowContext } from './types.js';

export type RuleSetting = 'off' | 'warning' | 'error';

const DEFAULT_VERSION = parseN8nVersion(DEFAULT_N8N_VERSION, 'DEFAULT_N8N_VERSION');

export interface ValidateOptions {
  envs: EnvFile[];
  envsSelected: boolean;
  /** Rule id -> setting, from n8n-lock.config.json `rules`. */
  rules?: Record<string, RuleSetting>;
  /** Workflow keys present in the repository (for cross-workflow checks). */
  workflowKeys?: Set<string>;
  /** Report inline suppressions that suppress nothing (`--report-unused-disable-directives`). */
  reportUnusedDisableDirectives?: boolean;
  /** The n8n the workflows run on (`--n8n-version`, `n8nVersion` in n8n-lock.config.json); DEFAULT_N8N_VERSION when absent. */
  n8nVersion?: N8nVersion;
}

/**
 * A file to validate: the label findings name it by, and its text. `bytes`, when the caller read
 * the file from disk, are its exact contents (`--cache` hashes them without encoding the text anew).
 */
export interface Input {
  file: string;
  text: string;
  bytes?: Uint8Array;
}

export interface FileResult {
  file: string;
  /** 'env' for an env file checked by the env-file rules; a workflow file otherwise. */
  kind?: 'env';
  findings: Finding[];
  /** Why the file was not validated (not a workflow, binary). */
  skipped?: string;
}

interface Parsed {
  file: string;
  text: string;
  workflow?: Workflow;
  result: FileResult;
}

const SUPPRESSION = /n8n-lock-disable\s+([^\n]*)/g;

/**
 * Validates a set of files (path label + text), one file at a time: each is parsed, checked and
 * let go before the next one is parsed, except the few a cross-file rule concerns (Rule.crossFile),
 * which wait until every file's facts are in. A whole repository's parsed workflows held at once
 * survive the young generation and are copied out of it by the garbage collector (2,352 real
 * workflows: scavenges 827 ms held, 277 ms one at a time; the whole CLI run 4.61 s -> 4.35 s, and
 * on 348 files 1.51 s -> 1.40 s, medians of alternating runs). Pure: no disk, no clock. The same
 * results as prepareFiles + checkPrepared (test/validate/engine.test.ts).
 */
export function validateFiles(inputs: Input[], options: ValidateOptions): FileResult[] {
  const facts = emptyFacts();
  const waiting: Parsed[] = [];
  const results = inputs.map((input) => {
    const p = parseInput(input.file, input.text);
    if (!p.workflow) return p.result;
    addFacts(facts, p);
    const workflow = p.workflow;
    if (CROSS_FILE_RULES.some((rule) => rule.crossFile!.concerns(workflow))) waiting.push(p);
    else check(p, facts, options);
    return p.result;
  });
  for (const p of waiting) check(p, facts, options);
  return results;
}

/** The rules whose findings depend on other files. */
const CROSS_FILE_RULES = RULES.filter((rule) => rule.crossFile);

/** Files parsed, with the cross-workflow facts they contribute (phase 1; see parallel.ts). */
export interface PreparedFiles {
  parsed: Parsed[];
  facts: RepoFacts;
}

export function prepareFiles(inputs: Input[]): PreparedFiles {
  const parsed = inputs.map((input) => parseInput(input.file, input.text));
  return { parsed, facts: repoFacts(parsed) };
}

/** The distinct JavaScript Code-node bodies of prepared files, in order of appearance. */
export function javascriptBodies(prepared: PreparedFiles): string[] {
  const bodies = new Set<string>();
  for (const p of prepared.parsed) if (p.workflow) for (const code of analysedJavaScript(p.workflow)) bodies.add(code.source);
  return [...bodies];
}

/** Facts of several batches, in batch order (the same as one batch of all their files). */
export function mergeFacts(all: RepoFacts[]): RepoFacts {
  const ttlByScope = new Map<string, Array<{ file: string; ttl: unknown }>>();
  const functions = new Map<string, FunctionDefinition[]>();
  for (const facts of all) {
    for (const [scope, list] of facts.ttlByScope) ttlByScope.set(scope, [...(ttlByScope.get(scope) ?? []), ...list]);
    for (const [name, list] of facts.functions) functions.set(name, [...(functions.get(name) ?? []), ...list]);
  }
  return { workflowKeys: new Set(), ttlByScope, functions };
}

/** Phase 2: every rule on every prepared file, against the facts of the whole repository. */
export function checkPrepared(prepared: PreparedFiles, repo: RepoFacts, options: ValidateOptions): FileResult[] {
  for (const p of prepared.parsed) if (p.workflow) check(p, repo, options);
  return prepared.parsed.map((p) => p.result);
}

/** Every rule on one parsed workflow; its findings in file order. */
function check(p: Parsed, repo: RepoFacts, options: ValidateOptions): void {
  p.result.findings.push(...runRules(p, repo, options));
  p.result.findings.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
}

function parseInput(file: string, text: string): Parsed {
  const result: FileResult = { file, findings: [] };
  if (text.includes('\u0000')) return { file, text, result: { ...result, skipped: 'binary file' } };
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    const offset = pos ? Number(pos[1]) : text.length;
    const { line, column } = lineColumn(text, offset);
    result.findings.push(engineFinding('parse-error', 'malformed', { error: message.replace(/ in JSON at position \d+.*$/, '') }, file, '', { line, column, endLine: line, endColumn: column + 1 }));
    return { file, text, result };
  }
  const looksLikeWorkflow = value !== null && typeof value === 'object' && 'nodes' in (value as object) && 'connections' in (value as object);
  if (!looksLikeWorkflow) return { file, text, result: { ...result, skipped: 'not an n8n workflow (no nodes and connections)' } };
  const issues = workflowShapeIssues(value);
  if (issues.length > 0) {
    const locator = new JsonLocator(text);
    for (const issue of issues) {
      const pointer = '/' + issue.path.map(String).join('/');
      result.findings.push(engineFinding('workflow-shape', 'shape', { path: formatIssuePath(issue.path), problem: issue.message }, file, pointer, locator.range(pointer)));
    }
    return { file, text, result };
  }
  return { file, text, workflow: value as Workflow, result };
}

type Place = { line: number; column: number; endLine: number; endColumn: number };

function engineFinding(ruleId: string, messageId: string, data: Record<string, string | number>, file: string, pointer: string, place: Place): Finding {
  const rule = RULES_BY_ID.get(ruleId)!;
  return { ruleId, messageId, severity: rule.meta.defaultSeverity, message: formatMessage(rule.meta.messages[messageId], data), file, pointer, ...place };
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** Cross-workflow facts gathered before any rule runs. */
function repoFacts(parsed: Parsed[]): RepoFacts {
  const facts = emptyFacts();
  for (const p of parsed) if (p.workflow) addFacts(facts, p);
  return facts;
}

const emptyFacts = (): RepoFacts => ({ workflowKeys: new Set(), ttlByScope: new Map(), functions: new Map() });

/** What one workflow contributes to the facts: its acquires' TTLs by static scope, the functions it defines. */
function addFacts(facts: RepoFacts, p: Parsed): void {
  const workflow = p.workflow!;
  for (const acquire of lockAcquisitions(workflow)) {
    const scope = staticScopeOf(acquire);
    if (scope === undefined) continue;
    const list = facts.ttlByScope.get(scope) ?? [];
    list.push({ file: p.file, ttl: acquire.inputs.ttl_seconds });
    facts.ttlByScope.set(scope, list);
  }
  for (const trigger of functionTriggers(workflow)) {
    const name = staticFunctionName(trigger);
    if (name === undefined) continue;
    facts.functions.set(name, [...(facts.functions.get(name) ?? []), { file: p.file, scope: functionScopeOf(trigger) }]);
  }
}

function runRules(p: Parsed, repo: RepoFacts, options: ValidateOptions): Finding[] {
  const workflow = p.workflow!;
  const context: WorkflowContext = {
    file: p.file,
    workflow,
    graph: new WorkflowGraph(workflow),
    envs: options.envs,
    envsSelected: options.envsSelected,
    repo: { ...repo, workflowKeys: options.workflowKeys ?? new Set() },
    n8nVersion: options.n8nVersion ?? DEFAULT_VERSION,
  };
  const suppressions = nodeSuppressions(workflow);
  const raw: Array<RuleFinding & { ruleId: string; ruleSeverity: Severity; message: string }> = [];
  const add = (ruleId: string, severity: Severity, found: RuleFinding) => {
    const rule = RULES_BY_ID.get(ruleId)!;
    const template = rule.meta.messages[found.messageId];
    if (template === undefined) throw new Error(`rule ${ruleId} reported unknown messageId "${found.messageId}"`);
    if (found.fix && !rule.meta.fix) throw new Error(`rule ${ruleId} returned a fix but its meta does not say why a fix is safe`);
    const finding = { ...found, ruleId, ruleSeverity: severity, message: formatMessage(template, found.data) };
    raw.push(finding);
    return finding;
  };
  for (const rule of RULES) {
    const setting = options.rules?.[rule.id];
    if (setting === 'off') continue;
    const severity: Severity = setting ?? rule.meta.defaultSeverity;
    const before = raw.length;
    try {
      for (const f of rule.check(context)) add(rule.id, setting ? severity : f.severity ?? severity, f);
    } catch (error) {
      raw.length = before; // a rule that crashes reports nothing half-way
      // A rule must never take the run down: its failure is a finding of its own.
      add('rule-crash', 'error', { messageId: 'crashed', data: { rule: rule.id, error: (error as Error).message }, pointer: '' });
    }
  }
  for (const problem of suppressions.problems) add('invalid-suppression', 'error', problem);
  const kept = raw.filter((f) => !suppressions.suppresses(f.pointer, f.ruleId));
  if (options.reportUnusedDisableDirectives) {
    for (const unused of suppressions.unused()) kept.push(add('unused-disable-directive', 'error', unused));
  }
  // Locating parses the file a second time: only pay for it when there is something to report.
  if (kept.length === 0) return [];
  const locator = new JsonLocator(p.text);
  return kept.map((f) => ({
    ruleId: f.ruleId,
    messageId: f.messageId,
    severity: f.ruleSeverity,
    message: f.message,
    file: p.file,
    pointer: f.pointer,
    ...locator.range(f.pointer, f.stringIndex, f.stringEnd),
    ...(f.fix ? { fix: f.fix } : {}),
  }));
}

interface Suppressions {
  problems: RuleFinding[];
  /** True (and the suppression counts as used) when a node's suppression covers this finding. */
  suppresses(pointer: string, ruleId: string): boolean;
  /** Suppressions that covered no finding, as findings on their node's notes. */
  unused(): RuleFinding[];
}

/**
 * Inline suppressions live in a node's notes: `n8n-lock-disable <rule-id>[, <rule-id>] -- <reason>`.
 * The reason is required, so every switched-off check says why in the file itself.
 */
function nodeSuppressions(workflow: Workflow): Suppressions {
  const byNode = new Map<number, Map<string, boolean>>(); // node index -> rule id -> used
  const problems: RuleFinding[] = [];
  workflow.nodes.forEach((node, index) => {
    if (typeof node.notes !== 'string') return;
    for (const match of node.notes.matchAll(SUPPRESSION)) {
      const [ids, reason] = match[1].split(/\s+--\s+/, 2);
      if (!reason || reason.trim() === '') {
        problems.push({ messageId: 'noReason', data: { node: node.name }, pointer: `/nodes/${index}/notes` });
        continue;
      }
      for (const id of ids.split(/[\s,]+/).filter(Boolean)) {
        if (!RULES_BY_ID.has(id)) problems.push({ messageId: 'unknownRule', data: { node: node.name, rule: id }, pointer: `/nodes/${index}/notes` });
        else (byNode.get(index) ?? byNode.set(index, new Map()).get(index)!).set(id, false);
      }
    }
  });
  return {
    problems,
    suppresses(pointer, ruleId) {
      const m = /^\/nodes\/(\d+)(\/|$)/.exec(pointer);
      const rules = m ? byNode.get(Number(m[1])) : undefined;
      if (!rules?.has(ruleId)) return false;
      rules.set(ruleId, true);
      return true;
    },
    unused() {
      const out: RuleFinding[] = [];
      for (const [index, rules] of byNode) {
        for (const [rule, used] of rules) if (!used) out.push({ messageId: 'unused', data: { node: workflow.nodes[index].name, rule }, pointer: `/nodes/${index}/notes` });
      }
      return out;
    },
  };
}

export function summarize(results: FileResult[]): { errors: number; warnings: number; files: number; skipped: number; envFiles: number } {
  const findings = results.flatMap((r) => r.findings);
  const envFiles = results.filter((r) => r.kind === 'env').length;
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    // Workflow files: the env files are counted apart.
    files: results.length - envFiles,
    skipped: results.filter((r) => r.skipped).length,
    envFiles,
  };
}
