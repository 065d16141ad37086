// validate knows which n8n it proves Code nodes for (issue #36): `--n8n-version` or `n8nVersion` in
// n8n-lock.config.json, the newest proven version by default. code-purity proves only for versions
// whose JavaScript task runner is the modelled one; on any other each Code node is reported as
// unproven, never passed. A version that is not one is bad input.
import { describe, expect, it } from 'vitest';
import { codeRuntimeOf, DEFAULT_N8N_VERSION, parseN8nVersion } from '../../src/n8n-versions.js';
import { validateFiles } from '../../src/validate/engine.js';
import { runCli, snapshot, tempRepo } from '../support/cli.js';
import { codeWorkflow } from '../support/code-workflow.js';

const pure = codeWorkflow('return $input.all().map((item) => ({ json: { ...item.json, total: item.json.a + item.json.b } }));');

describe('n8n versions', () => {
  it('parses major.minor.patch, and refuses anything else naming where it was written', () => {
    expect(parseN8nVersion('1.123.81', 'x')).toEqual({ major: 1, minor: 123, patch: 81, text: '1.123.81' });
    for (const bad of ['1.123', 'v2.41.1', '2.41.1-beta.0', '2.041.1', '', 2.41, null]) {
      expect(() => parseN8nVersion(bad, 'n8n-lock.config.json: n8nVersion')).toThrow(`n8n-lock.config.json: n8nVersion: ${JSON.stringify(bad)} is not an n8n version (expected major.minor.patch, such as ${DEFAULT_N8N_VERSION})`);
    }
  });

  it('the Code-node runtime is modelled on the versions whose task runner was compared and found the same (2.38.0 to 2.41.1), not on 1.x, 2.37, one whose runner nobody compared (2.41.3, 2.40.0), one never published (2.40.6) or 2.42', () => {
    const modelled = (text: string) => codeRuntimeOf(parseN8nVersion(text, 'test')).modelled;
    expect(['2.38.0', '2.39.8', '2.40.3', '2.41.0', '2.41.1', DEFAULT_N8N_VERSION].map(modelled)).toEqual([true, true, true, true, true, true]);
    expect(['1.123.81', '2.37.5', '2.41.3', '2.40.0', '2.40.6', '2.42.0', '3.0.0', '0.236.0'].map(modelled)).toEqual([false, false, false, false, false, false, false, false]);
    expect(codeRuntimeOf(parseN8nVersion('1.123.81', 'test'))).toEqual({ modelled: false, why: expect.stringContaining('n8n 1.x runs a Code node in its own process (vm2)') });
  });

  it('the engine: a pure body passes on the modelled runtime, and is unproven on 1.x whatever it holds', () => {
    const findings = (text: string, version?: string) =>
      validateFiles([{ file: 'w.json', text }], { envs: [], envsSelected: false, ...(version ? { n8nVersion: parseN8nVersion(version, 'test') } : {}) })[0].findings.filter((f) => f.ruleId === 'code-purity');
    expect(findings(pure)).toEqual([]);
    expect(findings(pure, '2.41.1')).toEqual([]);
    const onOne = findings(pure, '1.123.81');
    expect(onOne.map((f) => [f.messageId, f.severity])).toEqual([['runtimeNotModelled', 'error']]);
    expect(onOne[0].message).toMatch(/^"Code": cannot be proven pure for n8n 1\.123\.81: n8n 1\.x runs a Code node in its own process \(vm2\) unless task runners are on, .*; validate for a modelled version \(--n8n-version, "n8nVersion" in n8n-lock\.config\.json\) or switch code-purity off$/);
  });
});

describe('validate --n8n-version and n8nVersion', () => {
  it('n8nVersion 1.123.81 in the config: each Code node unproven (exit 1); --n8n-version 2.41.1 overrides it (exit 0)', () => {
    const dir = tempRepo({ 'workflows/ok.json': pure, 'n8n-lock.config.json': '{"n8nVersion": "1.123.81"}' });
    const onOne = runCli(['validate', '--cwd', dir]);
    expect(onOne.status, onOne.stdout).toBe(1);
    expect(onOne.stdout).toContain('"Code": cannot be proven pure for n8n 1.123.81');
    const overridden = runCli(['validate', '--cwd', dir, '--n8n-version', '2.41.1']);
    expect(overridden.status, overridden.stdout).toBe(0);
  });

  it('a version that is none: exit 2, one line naming where, nothing written', () => {
    const flag = tempRepo({ 'workflows/ok.json': pure });
    const before = snapshot(flag);
    const byFlag = runCli(['validate', '--cwd', flag, '--n8n-version', '2.41']);
    expect([byFlag.status, byFlag.stderr.trim()]).toEqual([2, `n8n-lock: --n8n-version: "2.41" is not an n8n version (expected major.minor.patch, such as ${DEFAULT_N8N_VERSION})`]);
    expect(snapshot(flag)).toEqual(before);
    const config = tempRepo({ 'workflows/ok.json': pure, 'n8n-lock.config.json': '{"n8nVersion": 2}' });
    const byConfig = runCli(['validate', '--cwd', config]);
    expect([byConfig.status, byConfig.stderr.trim()]).toEqual([2, `n8n-lock: n8n-lock.config.json: n8nVersion: 2 is not an n8n version (expected major.minor.patch, such as ${DEFAULT_N8N_VERSION})`]);
  });

  it('--cache keeps results per version: the same files under another version are checked again', () => {
    const dir = tempRepo({ 'workflows/ok.json': pure });
    expect(runCli(['validate', '--cwd', dir, '--cache']).status).toBe(0);
    expect(runCli(['validate', '--cwd', dir, '--cache', '--n8n-version', '1.123.81']).status).toBe(1);
    expect(runCli(['validate', '--cwd', dir, '--cache']).status).toBe(0);
  });
});
