// The baseline: today's findings of a repository that adopts validate, recorded so that validate
// fails only on new ones (ESLint's bulk suppressions, workflow-lint's --gen-baseline). Pure: text
// in, text out; the CLI reads and writes the file.
//
// A finding is recorded by what it is, not where it is: file, rule, the node it is in (by name, so
// moving or reordering nodes does not matter) and its message, with a count. Lines and node
// indexes are left out on purpose: an unrelated edit moves them. A finding of another rule, in
// another node or with another message (another global reached, another scope) is never matched.
import { InputError } from '../errors.js';
import type { FileResult } from './engine.js';
import type { Finding } from './types.js';

export const BASELINE_FILE = 'n8n-lock.baseline.json';
const MARKER = 'n8n-lock-baseline';
const VERSION = 1;

export interface BaselineEntry {
  node: string;
  message: string;
  count: number;
}

/** file -> rule id -> entries, every level sorted when written. */
export type Baseline = Record<string, Record<string, BaselineEntry[]>>;

/** The name of the node a finding is in ('' for the workflow itself), from its JSON Pointer. */
export type NodeNameOf = (file: string, pointer: string) => string;

const keyOf = (ruleId: string, node: string, message: string) => JSON.stringify([ruleId, node, message]);

function countFindings(findings: Finding[], nodeNameOf: NodeNameOf): Map<string, { ruleId: string; node: string; message: string; findings: Finding[] }> {
  const groups = new Map<string, { ruleId: string; node: string; message: string; findings: Finding[] }>();
  for (const finding of findings) {
    const node = nodeNameOf(finding.file, finding.pointer);
    const key = keyOf(finding.ruleId, node, finding.message);
    const group = groups.get(key);
    if (group) group.findings.push(finding);
    else groups.set(key, { ruleId: finding.ruleId, node, message: finding.message, findings: [finding] });
  }
  return groups;
}

/** Every finding of the results, as a baseline. */
export function buildBaseline(results: FileResult[], nodeNameOf: NodeNameOf): Baseline {
  const baseline: Baseline = {};
  for (const result of results) {
    for (const group of countFindings(result.findings, nodeNameOf).values()) {
      ((baseline[result.file] ??= {})[group.ruleId] ??= []).push({ node: group.node, message: group.message, count: group.findings.length });
    }
  }
  return baseline;
}

export interface BaselineOutcome {
  /** The results with the recorded findings taken out. */
  results: FileResult[];
  /** How many findings the baseline matched. */
  matched: number;
  /** Recorded findings of the checked files that no longer occur (or occur fewer times). */
  unused: Array<{ file: string; ruleId: string; node: string; message: string; count: number }>;
}

/**
 * Takes out of each checked file's findings those the baseline records (up to each entry's count;
 * beyond it they are new, and the last ones in the file are reported). Only files in `results`
 * are compared: validating a few staged files says nothing about the others.
 */
export function applyBaseline(results: FileResult[], baseline: Baseline, nodeNameOf: NodeNameOf): BaselineOutcome {
  let matched = 0;
  const unused: BaselineOutcome['unused'] = [];
  const out = results.map((result) => {
    const recorded = baseline[result.file] ?? {};
    const allowance = new Map<string, number>();
    for (const [ruleId, entries] of Object.entries(recorded)) for (const e of entries) allowance.set(keyOf(ruleId, e.node, e.message), e.count);
    const dropped = new Set<Finding>();
    for (const [key, group] of countFindings(result.findings, nodeNameOf)) {
      const allowed = Math.min(allowance.get(key) ?? 0, group.findings.length);
      for (const finding of group.findings.slice(0, allowed)) dropped.add(finding);
      matched += allowed;
      if (allowance.has(key)) allowance.set(key, (allowance.get(key) ?? 0) - allowed);
    }
    for (const [key, left] of allowance) {
      if (left <= 0) continue;
      const [ruleId, node, message] = JSON.parse(key) as [string, string, string];
      unused.push({ file: result.file, ruleId, node, message, count: left });
    }
    return dropped.size ? { ...result, findings: result.findings.filter((f) => !dropped.has(f)) } : result;
  });
  return { results: out, matched, unused };
}

/**
 * The baseline without what no longer occurs: for each checked file, every entry's count lowered to
 * what occurs now (entries at 0 removed); files that no longer exist removed. Never adds anything.
 */
export function pruneBaseline(baseline: Baseline, results: FileResult[], nodeNameOf: NodeNameOf, exists: (file: string) => boolean): Baseline {
  const current = new Map(results.map((r) => [r.file, countFindings(r.findings, nodeNameOf)]));
  const pruned: Baseline = {};
  for (const [file, rules] of Object.entries(baseline)) {
    if (!exists(file)) continue;
    const groups = current.get(file);
    for (const [ruleId, entries] of Object.entries(rules)) {
      for (const entry of entries) {
        const count = groups ? Math.min(entry.count, groups.get(keyOf(ruleId, entry.node, entry.message))?.findings.length ?? 0) : entry.count;
        if (count > 0) ((pruned[file] ??= {})[ruleId] ??= []).push({ ...entry, count });
      }
    }
  }
  return pruned;
}

/** The file's text: sorted at every level and pretty-printed, so a diff shows exactly what changed. */
export function serializeBaseline(baseline: Baseline): string {
  const files: Baseline = {};
  for (const file of Object.keys(baseline).sort()) {
    const rules: Record<string, BaselineEntry[]> = {};
    for (const ruleId of Object.keys(baseline[file]).sort()) {
      rules[ruleId] = [...baseline[file][ruleId]].sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
    }
    files[file] = rules;
  }
  return `${JSON.stringify({ [MARKER]: VERSION, files }, null, 2)}\n`;
}

/** Reads a baseline file's text; anything that is not one of ours is bad input (exit 2) naming the file and the problem. */
export function parseBaseline(text: string, label: string): Baseline {
  const fail = (why: string): never => {
    throw new InputError(`${label}: not an n8n-lock baseline (${why}); write one with n8n-lock validate --write-baseline`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON: ${(error as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return fail('not a JSON object');
  const record = data as Record<string, unknown>;
  if (record[MARKER] !== VERSION) return fail(record[MARKER] === undefined ? `no "${MARKER}" version field` : `version ${JSON.stringify(record[MARKER])}, this n8n-lock reads ${VERSION}`);
  const files = record.files;
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return fail('"files" is not an object');
  for (const [file, rules] of Object.entries(files as Record<string, unknown>)) {
    if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) return fail(`files["${file}"] is not an object`);
    for (const [ruleId, entries] of Object.entries(rules as Record<string, unknown>)) {
      if (!Array.isArray(entries)) return fail(`files["${file}"]["${ruleId}"] is not a list`);
      for (const entry of entries as Array<Record<string, unknown>>) {
        const ok = entry !== null && typeof entry === 'object' && typeof entry.node === 'string' && typeof entry.message === 'string' && Number.isInteger(entry.count) && (entry.count as number) > 0;
        if (!ok) return fail(`an entry of files["${file}"]["${ruleId}"] is not { node, message, count >= 1 }`);
      }
    }
  }
  return files as Baseline;
}

/** Recorded findings in all. */
export const baselineSize = (baseline: Baseline) => Object.values(baseline).reduce((sum, rules) => sum + Object.values(rules).reduce((s, entries) => s + entries.reduce((n, e) => n + e.count, 0), 0), 0);
