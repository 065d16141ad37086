// The GitHub Action (action.yml) run the way a runner runs a composite action: this repository at
// HEAD cloned as the action's folder, every `run:` step executed with bash -eo pipefail in the
// step's working directory, `${{ inputs.* }}` and `${{ github.action_path }}` filled in, `if:`
// evaluated, in a temporary workspace holding a user's workflows. The `uses:` steps (setup-node,
// the SARIF upload) are GitHub's own actions: the test checks what they would get instead (the
// SARIF file, complete and valid JSON, at the path the upload reads).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/paths.js';
import { tempRepo } from '../support/cli.js';
import { codeWorkflow as workflow } from '../support/code-workflow.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface ActionFile {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionFile;

interface StepResult {
  name: string;
  status: number | 'skipped' | 'uses';
  stdout: string;
  stderr: string;
}

/** Runs the composite action's steps like a runner; `skip` names steps already done (the install, once). */
function runAction(actionPath: string, workspace: string, given: Record<string, string>, skip: string[] = []): StepResult[] {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? '']));
  const fill = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
      if (expression === 'github.action_path') return actionPath;
      const input = /^inputs\.([\w-]+)$/.exec(expression);
      if (input && input[1] in inputs) return inputs[input[1]];
      throw new Error(`the test runner does not know the expression ${expression}: teach it, or keep action.yml simple`);
    });
  // The `if:` forms action.yml uses; anything else fails the test so that it is noticed.
  const shouldRun = (condition: string | undefined, failed: boolean) => {
    if (condition === undefined) return !failed;
    if (condition === 'always()') return true;
    const upload = /^always\(\) && inputs\.([\w-]+) == '([^']*)'$/.exec(condition);
    if (upload) return inputs[upload[1]] === upload[2];
    throw new Error(`the test runner does not know the condition ${condition}`);
  };
  const results: StepResult[] = [];
  let failed = false;
  for (const step of action.runs.steps) {
    const name = step.name ?? step.uses ?? '?';
    if (!shouldRun(step.if, failed)) {
      results.push({ name, status: 'skipped', stdout: '', stderr: '' });
      continue;
    }
    if (step.uses || skip.includes(name)) {
      results.push({ name, status: 'uses', stdout: '', stderr: '' });
      continue;
    }
    expect(step.shell, `${name}: a composite step must name its shell`).toBe('bash');
    const script = join(mkdtempSync(join(tmpdir(), 'n8n-lock-action-step-')), 'step.sh');
    writeFileSync(script, fill(step.run!));
    const env = { ...process.env, GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: workspace, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])) };
    const cwd = resolve(workspace, fill(step['working-directory'] ?? '.'));
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, encoding: 'utf8', timeout: 300_000 });
    rmSync(join(script, '..'), { recursive: true, force: true });
    results.push({ name, status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr });
    if (result.status !== 0) failed = true;
  }
  return results;
}

const byName = (results: StepResult[], name: string) => results.find((r) => r.name === name)!;

describe('the GitHub Action, run as a runner runs a composite action', () => {
  let actionPath: string;
  beforeAll(() => {
    // The action's folder is a checkout of the action's repository at the ref a workflow names: HEAD.
    actionPath = mkdtempSync(join(tmpdir(), 'n8n-lock-action-'));
    const clone = spawnSync('git', ['clone', '--quiet', ROOT, actionPath], { encoding: 'utf8' });
    expect(clone.status, clone.stderr).toBe(0);
  });
  afterAll(() => rmSync(actionPath, { recursive: true, force: true }));

  it('installs, annotates the impure Code node, fails the job, and still writes a complete SARIF file for the upload', () => {
    expect(action.runs.using).toBe('composite');
    const workspace = tempRepo({ 'workflows/clean.json': workflow('return $input.all();'), 'workflows/impure.json': workflow("const fs = require('fs');\nreturn $input.all();") });
    const results = runAction(actionPath, workspace, {});
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['actions/setup-node@v4', 'uses'],
      ['Install n8n-lock', 0],
      ['Validate', 1],
      ['Write SARIF', 0],
      ['Upload SARIF', 'uses'],
    ]);
    expect(byName(results, 'Validate').stdout).toMatch(/^::error file=workflows\/impure\.json,line=\d+,col=\d+(?:,endLine=\d+)?(?:,endColumn=\d+)?,title=code-purity::"Code" \(code line 1\): module loading/m);
    const sarifPath = join(workspace, action.inputs['sarif-file'].default!);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.map((r: { ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([['code-purity', 'workflows/impure.json']]);
  }, 600_000);

  it('inputs reach validate: paths, a baseline that records the finding (the job passes), and no upload when upload-sarif is false', () => {
    const workspace = tempRepo({ 'workflows/clean.json': workflow('return $input.all();'), 'workflows/impure.json': workflow("const fs = require('fs');\nreturn $input.all();"), 'other/skip.json': '{ broken' });
    const recorded = spawnSync(process.execPath, [join(actionPath, 'dist', 'cli', 'index.js'), 'validate', '--write-baseline', '--baseline', 'debt.json'], { cwd: workspace, encoding: 'utf8' });
    expect(recorded.status, recorded.stderr).toBe(0);
    const results = runAction(actionPath, workspace, { paths: 'workflows', baseline: 'debt.json', 'upload-sarif': 'false', 'sarif-file': 'out.sarif' }, ['Install n8n-lock']);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['actions/setup-node@v4', 'uses'],
      ['Install n8n-lock', 'uses'],
      ['Validate', 0],
      ['Write SARIF', 0],
      ['Upload SARIF', 'skipped'],
    ]);
    expect(JSON.parse(readFileSync(join(workspace, 'out.sarif'), 'utf8')).runs[0].results).toEqual([]);
  });

  it('bad input (an environment that does not exist) fails the job at Validate and at Write SARIF: exit 2 is not "findings"', () => {
    const workspace = tempRepo({ 'workflows/clean.json': workflow('return $input.all();') });
    const results = runAction(actionPath, workspace, { env: 'nosuch' }, ['Install n8n-lock']);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['actions/setup-node@v4', 'uses'],
      ['Install n8n-lock', 'uses'],
      ['Validate', 2],
      ['Write SARIF', 1],
      ['Upload SARIF', 'uses'],
    ]);
    expect(byName(results, 'Validate').stderr).toMatch(/nosuch/);
    expect(existsSync(join(workspace, 'n8n-lock.sarif'))).toBe(true);
  });
});
