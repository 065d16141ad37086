// The baseline, adopted the way a team would: a real sample of the vendored corpus copied into a
// throwaway repository, today's findings recorded, then only new findings fail. Spawns the built CLI.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, snapshot, tempRepo } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { applyBaseline, buildBaseline, parseBaseline, pruneBaseline, serializeBaseline } from '../../src/validate/baseline.js';
import type { Finding } from '../../src/validate/types.js';

/** The first `count` corpus workflows of a folder, copied into `workflows/` of a new repository. */
function corpusRepo(folder: string, count: number): { dir: string; files: string[] } {
  const dir = tempRepo({});
  mkdirSync(join(dir, 'workflows'), { recursive: true });
  const source = join(CORPUS_DIR, folder);
  const files = readdirSync(source).filter((f) => f.endsWith('.json')).sort().slice(0, count);
  for (const file of files) cpSync(join(source, file), join(dir, 'workflows', file));
  return { dir, files };
}

const findingsOf = (stdout: string) => JSON.parse(stdout).results.flatMap((r: { file: string; findings: Finding[] }) => r.findings.map((f) => ({ ...f, file: r.file }))) as Finding[];

describe('validate --write-baseline: adopting on an existing repository', () => {
  it('records today\'s findings (exit 0, idempotent), then only a new impure Code node\'s own findings fail; reordering every node changes nothing', () => {
    const { dir, files } = corpusRepo('openai_and_llms', 25);
    const before = runCli(['validate', '--cwd', dir, '--format', 'json']);
    expect(before.status).toBe(1); // the corpus has findings: that is why a team needs a baseline
    const today = findingsOf(before.stdout);
    expect(today.length).toBeGreaterThan(5);

    const write = runCli(['validate', '--cwd', dir, '--write-baseline']);
    expect([write.status, write.stdout]).toEqual([0, '']);
    expect(write.stderr).toMatch(new RegExp(`n8n-lock.baseline.json: ${today.length} finding\\(s\\) in \\d+ file\\(s\\) recorded`));
    const written = readFileSync(join(dir, 'n8n-lock.baseline.json'), 'utf8');
    // Idempotent: writing again gives the same bytes.
    expect(runCli(['validate', '--cwd', dir, '--write-baseline']).status).toBe(0);
    expect(readFileSync(join(dir, 'n8n-lock.baseline.json'), 'utf8')).toBe(written);

    const adopted = runCli(['validate', '--cwd', dir]);
    expect([adopted.status, adopted.stderr]).toEqual([0, '']);

    // A new impure Code node in one of the files: exactly its findings fail the run (the impure
    // code, and, as it is wired to nothing, its being unreachable), nothing recorded comes back.
    const target = join(dir, 'workflows', files[0]);
    const workflow = JSON.parse(readFileSync(target, 'utf8'));
    workflow.nodes.push({ parameters: { jsCode: "const fs = require('fs');\nreturn $input.all();" }, name: 'Sneaky Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 900] });
    writeFileSync(target, JSON.stringify(workflow, null, 2));
    const added = runCli(['validate', '--cwd', dir, '--format', 'json']);
    expect(added.status).toBe(1);
    expect(findingsOf(added.stdout).map((f) => [f.file, f.ruleId, f.message.slice(0, 45)]).sort()).toEqual([
      [`workflows/${files[0]}`, 'code-purity', '"Sneaky Code" (code line 1): module loading ('],
      [`workflows/${files[0]}`, 'unreachable-node', '"Sneaky Code" is not reachable from any trigg'],
    ]);

    // Unrelated edits do not matter: nodes reordered (every pointer and line moves).
    workflow.nodes.pop();
    workflow.nodes.reverse();
    writeFileSync(target, JSON.stringify(workflow, null, 4));
    expect(runCli(['validate', '--cwd', dir]).status).toBe(0);
  });

  it('a finding of another rule or in another node is never hidden; a fixed finding is reported as no longer occurring, and --prune-baseline removes it', () => {
    const impure = (name: string, code: string) => ({ parameters: { jsCode: code }, name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0] });
    const workflow = { name: 'w', nodes: [impure('A', "require('fs');\nreturn [];"), impure('B', 'return [];')], connections: {}, settings: { executionOrder: 'v1' } };
    const dir = tempRepo({ 'workflows/w.json': JSON.stringify(workflow, null, 2) });
    expect(runCli(['validate', '--cwd', dir, '--write-baseline']).status).toBe(0);
    // The same finding in node B instead of A: B's is new (and A's no longer occurs).
    const moved = { ...workflow, nodes: [impure('A', 'return [];'), impure('B', "require('fs');\nreturn [];")] };
    writeFileSync(join(dir, 'workflows/w.json'), JSON.stringify(moved, null, 2));
    const result = runCli(['validate', '--cwd', dir, '--format', 'json']);
    expect(result.status).toBe(1);
    expect(findingsOf(result.stdout).map((f) => f.message)).toEqual([expect.stringMatching(/^"B" \(code line 1\): module loading/)]);
    expect(result.stderr).toMatch(/1 recorded finding\(s\) no longer occur \(n8n-lock validate --prune-baseline removes them\):\n  workflows\/w\.json  code-purity  node "A": "A" \(code line 1\): module loading/);
    // Fixed everywhere: prune leaves an empty baseline, and the run is clean.
    writeFileSync(join(dir, 'workflows/w.json'), JSON.stringify({ ...workflow, nodes: [impure('A', 'return [];'), impure('B', 'return [];')] }, null, 2));
    const pruned = runCli(['validate', '--cwd', dir, '--prune-baseline']);
    expect([pruned.status, pruned.stderr]).toEqual([0, expect.stringContaining('pruned 1 finding(s) that no longer occur; 0 recorded')]);
    expect(JSON.parse(readFileSync(join(dir, 'n8n-lock.baseline.json'), 'utf8'))).toEqual({ 'n8n-lock-baseline': 1, files: {} });
  });

  it('bad input: a corrupt baseline, one that is not ours, a recorded file that no longer exists, --baseline naming no file, write and prune together: exit 2, no file changed', () => {
    const dir = tempRepo({ 'workflows/w.json': JSON.stringify({ name: 'w', nodes: [{ parameters: { jsCode: "require('fs'); return [];" }, name: 'A', type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0] }], connections: {} }) });
    const cases: Array<[string | null, string[], RegExp]> = [
      ['{ not json', [], /^n8n-lock: n8n-lock\.baseline\.json: not an n8n-lock baseline \(not JSON: .*\); write one with n8n-lock validate --write-baseline\n$/],
      [JSON.stringify({ version: 1, results: [] }), [], /not an n8n-lock baseline \(no "n8n-lock-baseline" version field\)/],
      [JSON.stringify({ 'n8n-lock-baseline': 1, files: { 'workflows/w.json': { 'code-purity': [{ node: 'A', message: 'm', count: 0 }] } } }), [], /is not \{ node, message, count >= 1 \}/],
      [JSON.stringify({ 'n8n-lock-baseline': 1, files: { 'workflows/gone.json': { 'code-purity': [{ node: 'A', message: 'm', count: 1 }] } } }), [], /n8n-lock\.baseline\.json records "workflows\/gone\.json", which no longer exists: run n8n-lock validate --prune-baseline/],
      [null, ['--baseline', 'other.json'], /other\.json: no such baseline \(write one with n8n-lock validate --write-baseline\)/],
      [null, ['--write-baseline', '--prune-baseline'], /--write-baseline and --prune-baseline do not go together/],
    ];
    for (const [content, args, message] of cases) {
      rmSync(join(dir, 'n8n-lock.baseline.json'), { force: true });
      if (content !== null) writeFileSync(join(dir, 'n8n-lock.baseline.json'), content);
      const before = snapshot(dir);
      const result = runCli(['validate', '--cwd', dir, ...args]);
      expect([result.status, result.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
      expect(result.stdout).toBe('');
      expect(snapshot(dir)).toEqual(before);
    }
    expect(existsSync(join(dir, 'other.json'))).toBe(false);
  });
});

describe('the baseline module (pure)', () => {
  const finding = (file: string, pointer: string, message: string, ruleId = 'code-purity'): Finding => ({ ruleId, messageId: 'm', severity: 'error', message, file, pointer, line: 1, column: 1, endLine: 1, endColumn: 2 });
  const names: Record<string, string[]> = { 'a.json': ['One', 'Two'] };
  const nodeNameOf = (file: string, pointer: string) => names[file]?.[Number(/^\/nodes\/(\d+)/.exec(pointer)?.[1] ?? -1)] ?? '';

  it('counts identical findings; one more than recorded is new, the last one in the file reported', () => {
    const two = [finding('a.json', '/nodes/0/parameters/jsCode', 'x'), finding('a.json', '/nodes/0/parameters/jsCode', 'x')];
    const baseline = buildBaseline([{ file: 'a.json', findings: two }], nodeNameOf);
    expect(baseline).toEqual({ 'a.json': { 'code-purity': [{ node: 'One', message: 'x', count: 2 }] } });
    const three = [...two, { ...two[0], line: 9 }];
    const outcome = applyBaseline([{ file: 'a.json', findings: three }], baseline, nodeNameOf);
    expect([outcome.matched, outcome.results[0].findings.map((f) => f.line), outcome.unused]).toEqual([2, [9], []]);
  });

  it('writes sorted, versioned text that parses back to the same baseline', () => {
    const baseline = buildBaseline([{ file: 'a.json', findings: [finding('a.json', '/nodes/1', 'y', 'z-rule'), finding('a.json', '', 'w', 'a-rule'), finding('a.json', '/nodes/0', 'x', 'z-rule')] }], nodeNameOf);
    const text = serializeBaseline(baseline);
    expect(text.indexOf('a-rule')).toBeLessThan(text.indexOf('z-rule'));
    expect(text.indexOf('"One"')).toBeLessThan(text.indexOf('"Two"'));
    expect(parseBaseline(text, 'b.json')).toEqual(JSON.parse(serializeBaseline(baseline)).files);
    expect(serializeBaseline(parseBaseline(text, 'b.json'))).toBe(text);
  });

  it('prune lowers counts to what occurs, drops files that are gone, never adds', () => {
    const baseline = { 'a.json': { 'code-purity': [{ node: 'One', message: 'x', count: 3 }] }, 'gone.json': { r: [{ node: '', message: 'm', count: 1 }] }, 'other.json': { r: [{ node: '', message: 'm', count: 1 }] } };
    const results = [{ file: 'a.json', findings: [finding('a.json', '/nodes/0', 'x'), finding('a.json', '/nodes/1', 'new')] }];
    expect(pruneBaseline(baseline, results, nodeNameOf, (f) => f !== 'gone.json')).toEqual({ 'a.json': { 'code-purity': [{ node: 'One', message: 'x', count: 1 }] }, 'other.json': { r: [{ node: '', message: 'm', count: 1 }] } });
  });
});
