import type { EnvFile } from '../envs/env-file.js';
import { WorkflowGraph } from '../workflow/graph.js';
import { WorkflowSchema, type Workflow } from '../workflow/schema.js';
import { formatIssuePath } from '../errors.js';
import { JsonLocator } from './locate.js';
import { callsTo, mappedInputs, staticScopeOf } from './lock-nodes.js';
import { ENGINE_RULES, RULES } from './rules.js';
import type { Finding, RepoFacts, RuleFinding, Severity, WorkflowContext } from './types.js';

export type RuleSetting = 'off' | 'warning' | 'error';

export interface ValidateOptions {
  envs: EnvFile[];
  envsSelected: boolean;
  /** Rule id -> setting, from n8n-lock.config.json `rules`. */
  rules?: Record<string, RuleSetting>;
  /** Workflow keys present in the repository (for cross-workflow checks). */
  workflowKeys?: Set<string>;
}

export interface FileResult {
  file: string;
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

/** Validates a set of files (path label + text). Pure: no disk, no clock. */
export function validateFiles(inputs: Array<{ file: string; text: string }>, options: ValidateOptions): FileResult[] {
  const parsed = inputs.map((input) => parseInput(input.file, input.text));
  const repo = repoFacts(parsed);
  for (const p of parsed) if (p.workflow) p.result.findings.push(...runRules(p, repo, options));
  for (const p of parsed) p.result.findings.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
  return parsed.map((p) => p.result);
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
    result.findings.push({ ruleId: 'parse-error', severity: 'error', message: `malformed JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`, file, pointer: '', line, column });
    return { file, text, result };
  }
  const looksLikeWorkflow = value !== null && typeof value === 'object' && 'nodes' in (value as object) && 'connections' in (value as object);
  if (!looksLikeWorkflow) return { file, text, result: { ...result, skipped: 'not an n8n workflow (no nodes and connections)' } };
  const shape = WorkflowSchema.safeParse(value);
  if (!shape.success) {
    const locator = new JsonLocator(text);
    for (const issue of shape.error.issues.slice(0, 5)) {
      const pointer = '/' + issue.path.map(String).join('/');
      result.findings.push({ ruleId: 'workflow-shape', severity: 'error', message: `${formatIssuePath(issue.path)}: ${issue.message}`, file, pointer, ...locator.locate(pointer) });
    }
    return { file, text, result };
  }
  return { file, text, workflow: value as Workflow, result };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** Cross-workflow facts gathered before any rule runs. */
function repoFacts(parsed: Parsed[]): RepoFacts {
  const ttlByScope = new Map<string, Array<{ file: string; ttl: unknown }>>();
  for (const p of parsed) {
    if (!p.workflow) continue;
    for (const acquire of callsTo(p.workflow, 'lock_acquisition')) {
      const scope = staticScopeOf(acquire);
      if (scope === undefined) continue;
      const list = ttlByScope.get(scope) ?? [];
      list.push({ file: p.file, ttl: mappedInputs(acquire).ttl_seconds });
      ttlByScope.set(scope, list);
    }
  }
  return { workflowKeys: new Set(), ttlByScope };
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
  };
  const suppressions = nodeSuppressions(workflow);
  const raw: Array<RuleFinding & { ruleId: string; ruleSeverity: Severity }> = [];
  for (const rule of RULES) {
    const setting = options.rules?.[rule.id];
    if (setting === 'off') continue;
    const severity: Severity = setting ?? rule.defaultSeverity;
    let found: RuleFinding[];
    try {
      found = rule.check(context);
    } catch (error) {
      // A rule must never take the run down: report its failure as a finding of its own.
      found = [{ message: `rule crashed: ${(error as Error).message}`, pointer: '' }];
    }
    for (const f of found) raw.push({ ...f, ruleId: rule.id, ruleSeverity: setting ? severity : f.severity ?? severity });
  }
  raw.push(...suppressions.problems.map((s) => ({ ...s, ruleId: 'invalid-suppression', ruleSeverity: 'error' as Severity })));
  // Locating parses the file a second time: only pay for it when there is something to report.
  if (raw.length === 0) return [];
  const locator = new JsonLocator(p.text);
  return raw
    .filter((f) => !isSuppressed(f.pointer, f.ruleId, suppressions.byNode))
    .map((f) => ({ ruleId: f.ruleId, severity: f.ruleSeverity, message: f.message, file: p.file, pointer: f.pointer, ...locator.locate(f.pointer, f.stringIndex) }));
}

/**
 * Inline suppressions live in a node's notes: `n8n-lock-disable <rule-id>[, <rule-id>] -- <reason>`.
 * The reason is required, so every switched-off check says why in the file itself.
 */
function nodeSuppressions(workflow: Workflow): { byNode: Map<number, Set<string>>; problems: RuleFinding[] } {
  const byNode = new Map<number, Set<string>>();
  const problems: RuleFinding[] = [];
  const known = new Set([...RULES.map((r) => r.id), ...ENGINE_RULES.map((r) => r.id)]);
  workflow.nodes.forEach((node, index) => {
    if (typeof node.notes !== 'string') return;
    for (const match of node.notes.matchAll(SUPPRESSION)) {
      const [ids, reason] = match[1].split(/\s+--\s+/, 2);
      if (!reason || reason.trim() === '') {
        problems.push({ message: `"${node.name}": n8n-lock-disable needs a reason: n8n-lock-disable <rule-id> -- <why>`, pointer: `/nodes/${index}/notes` });
        continue;
      }
      for (const id of ids.split(/[\s,]+/).filter(Boolean)) {
        if (!known.has(id)) problems.push({ message: `"${node.name}": n8n-lock-disable names unknown rule "${id}"`, pointer: `/nodes/${index}/notes` });
        else (byNode.get(index) ?? byNode.set(index, new Set()).get(index)!).add(id);
      }
    }
  });
  return { byNode, problems };
}

function isSuppressed(pointer: string, ruleId: string, byNode: Map<number, Set<string>>): boolean {
  const m = /^\/nodes\/(\d+)(\/|$)/.exec(pointer);
  return m !== null && byNode.get(Number(m[1]))?.has(ruleId) === true;
}

export function summarize(results: FileResult[]): { errors: number; warnings: number; files: number; skipped: number } {
  const findings = results.flatMap((r) => r.findings);
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    files: results.length,
    skipped: results.filter((r) => r.skipped).length,
  };
}
