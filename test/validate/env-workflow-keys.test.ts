// issue 38, finding 1: an env file's workflows.<key> that names no workflow file (a typo) passed
// validate, validate --env and deploy --dry-run, and deploy then created the workflow a second
// time. Now validate reports it in every env file, and deploy and pull refuse before writing.
import { describe, expect, it } from 'vitest';
import { runCli, snapshot, tempRepo } from '../support/cli.js';

const flow = JSON.stringify({ name: 'Invoice Sync', nodes: [{ parameters: {}, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] }], connections: {}, settings: { executionOrder: 'v1' } }, null, 2);
const DEV = '# dev\nname: dev\nn8n: { url: "http://127.0.0.1:9" }\ncredentials:\n  redis: { id: "R3d1sCr3dDev0001", name: "Redis (dev)" }\nworkflows:\n  invoice_synk: { id: "InvoiceSyncDev01", name: "Invoice Sync" }\n';
const PROD = DEV.replace(/dev/g, 'prod').replace('invoice_synk', 'invoice_sync');

function repo(): string {
  return tempRepo({ 'workflows/invoice_sync.json': flow, 'envs/dev.yml': DEV, 'envs/prod.yml': PROD });
}

describe('env-workflow-keys: a key that names no workflow file', () => {
  it('plain validate checks every env file, reports the key where it is, names the file it meant, and says which envs it read', () => {
    const dir = repo();
    const result = runCli(['validate', '--cwd', dir]);
    expect(result.status, result.stdout).toBe(1);
    expect(result.stdout).toBe(
      'envs/dev.yml\n' +
        '  7:3  error    workflows.invoice_synk names no workflow file (workflows/invoice_synk.json does not exist): did you mean invoice_sync?  env-workflow-keys\n' +
        '\n✖ 1 problem(s) (1 error(s), 0 warning(s)) in 1 workflow file(s) and 2 env file(s) (envs/dev.yml, envs/prod.yml)\n',
    );
  });

  it('validate --env reports it for the selected env only; the json, sarif and junit formats carry it', () => {
    const dir = repo();
    expect(runCli(['validate', '--cwd', dir, '--env', 'prod']).status).toBe(0);
    const json = JSON.parse(runCli(['validate', '--cwd', dir, '--env', 'dev', '--format', 'json']).stdout);
    expect(json.summary).toMatchObject({ errors: 1, files: 1, envFiles: 1 });
    expect(json.results[1]).toMatchObject({ file: 'envs/dev.yml', kind: 'env', findings: [{ ruleId: 'env-workflow-keys', pointer: '/workflows/invoice_synk', line: 7, column: 3, endColumn: 15 }] });
    const sarif = JSON.parse(runCli(['validate', '--cwd', dir, '--format', 'sarif']).stdout);
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain('env-workflow-keys');
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: 'env-workflow-keys' });
    const junit = runCli(['validate', '--cwd', dir, '--format', 'junit']).stdout;
    expect(junit).toMatch(/<testsuite name="envs\/prod.yml"[^>]*tests="1" failures="0"/);
    expect(junit).toMatch(/<testcase classname="envs\/dev.yml" name="env-workflow-keys"[^>]*>\s*<failure/);
  });

  it('can be switched off for env files that list workflows kept elsewhere; deploy then does not refuse either', () => {
    const dir = repo();
    const off = tempRepo({ 'workflows/invoice_sync.json': flow, 'envs/dev.yml': DEV, 'n8n-lock.config.json': '{ "rules": { "env-workflow-keys": "off" } }\n' });
    expect(runCli(['validate', '--cwd', off]).status).toBe(0);
    expect(runCli(['validate', '--cwd', dir]).status).toBe(1);
    // With the rule off deploy plans (creating invoice_sync needs nothing from n8n in a dry run).
    const deploy = runCli(['deploy', '--env', 'dev', '--dry-run', '--cwd', off], { env: { N8N_API_KEY: 'k' } });
    expect(deploy.status, deploy.stderr).toBe(0);
    expect(deploy.stderr).toMatch(/^deploy: mode=dry-run workflows=1 created=1 /m);
    // ESLint's spelling of "off" switches it off for validate and deploy alike (one table of spellings).
    const zero = tempRepo({ 'workflows/invoice_sync.json': flow, 'envs/dev.yml': DEV, 'n8n-lock.config.json': '{ "rules": { "env-workflow-keys": 0 } }\n' });
    expect(runCli(['validate', '--cwd', zero]).status).toBe(0);
    expect(runCli(['deploy', '--env', 'dev', '--dry-run', '--cwd', zero], { env: { N8N_API_KEY: 'k' } }).status).toBe(0);
  });

  it('deploy and pull refuse it before they ask n8n anything: one line, exit 2, no file changed', () => {
    const dir = repo();
    const before = snapshot(dir);
    for (const args of [['deploy', '--env', 'dev', '--dry-run'], ['deploy', '--env', 'dev'], ['pull', '--env', 'dev']]) {
      const run = runCli([...args, '--cwd', dir], { env: { N8N_API_KEY: 'k' } });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^n8n-lock: envs\/dev\.yml: workflows\.invoice_synk names no workflow file \(workflows\/invoice_synk\.json does not exist; did you mean invoice_sync\?\); nothing was written/);
      expect(snapshot(dir)).toEqual(before);
    }
    // pull says how to pull a workflow made in n8n into a new file on purpose.
    expect(runCli(['pull', '--env', 'dev', '--cwd', dir], { env: { N8N_API_KEY: 'k' } }).stderr).toContain('(to pull it into a new file, name its key: n8n-lock pull --env dev invoice_synk)');
  });

  it('an unknown key on the command line names the close one: deploy by the workflow files, pull by the env file', () => {
    const dir = tempRepo({ 'workflows/invoice_sync.json': flow, 'envs/dev.yml': PROD.replace(/prod/g, 'dev') });
    const deploy = runCli(['deploy', '--env', 'dev', 'invoce_sync', '--cwd', dir], { env: { N8N_API_KEY: 'k' } });
    expect(deploy.stderr).toBe('n8n-lock: unknown workflow "invoce_sync": workflows/invoce_sync.json does not exist (did you mean invoice_sync?)\n');
    const pull = runCli(['pull', '--env', 'dev', 'invoce_sync', '--cwd', dir], { env: { N8N_API_KEY: 'k' } });
    expect(pull.stderr).toBe('n8n-lock: envs/dev.yml has no workflows.invoce_sync (did you mean invoice_sync?): pull reads the id n8n gave the workflow from there\n');
    const noId = tempRepo({ 'workflows/invoice_sync.json': flow, 'envs/dev.yml': PROD.replace(/prod/g, 'dev').replace('InvoiceSyncDev01', '') });
    expect(runCli(['pull', '--env', 'dev', 'invoice_sync', '--cwd', noId], { env: { N8N_API_KEY: 'k' } }).stderr).toBe(
      'n8n-lock: envs/dev.yml: workflows.invoice_sync has no id yet: nothing to pull (deploy it first: n8n-lock deploy --env dev invoice_sync)\n',
    );
    const render = runCli(['render', '--env', 'dev', 'invoce_sync', '--cwd', dir]);
    expect(render.stderr).toBe('n8n-lock: unknown workflow "invoce_sync": workflows/invoce_sync.json does not exist (did you mean invoice_sync?)\n');
    // One rule for every command that takes exactly one environment (deploy, pull, render, status, unlock).
    expect(runCli(['status', '--env', 'dev,prod', '--cwd', dir]).stderr).toBe('n8n-lock: --env: status takes exactly one environment\n');
    const patch = runCli(['add-lock-to-workflow', 'invoce_sync', '--scope-expression', 'x', '--cwd', dir]);
    expect(patch.stderr).toBe('n8n-lock: unknown workflow "invoce_sync": workflows/invoce_sync.json does not exist (did you mean invoice_sync?)\n');
  });

  it('plain validate also checks that placeholders resolve in every env file (an empty id only under --env)', () => {
    const uses = JSON.stringify({ ...JSON.parse(flow), nodes: [{ ...JSON.parse(flow).nodes[0], parameters: { x: '{{@:env:credentials.redis.id}}', y: '{{@:env:workflows.invoice_sync.id}}' } }] }, null, 2);
    const dir = tempRepo({ 'workflows/invoice_sync.json': uses, 'envs/dev.yml': 'name: dev\nworkflows:\n  invoice_sync: { id: "", name: "Invoice Sync" }\n' });
    const plain = runCli(['validate', '--cwd', dir]);
    expect(plain.status).toBe(1);
    expect(plain.stdout).toContain('{{@:env:credentials.redis.id}} is not set in envs/dev.yml  placeholders-resolve');
    expect(plain.stdout).not.toContain('deploy it and fill in the real id'); // deploy mints the id
    expect(runCli(['validate', '--cwd', dir, '--env', 'dev']).stdout).toContain('{{@:env:workflows.invoice_sync.id}} is "" in envs/dev.yml: deploy it and fill in the real id');
  });
});
