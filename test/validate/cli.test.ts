import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT, runCli, snapshot, tempRepo } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';

const clean = JSON.stringify({ name: 'ok', nodes: [{ parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] }, { parameters: { jsCode: 'return $input.all();' }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] }], connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } }, null, 2);
const impure = clean.replace('return $input.all();', "const fs = require('fs');\\nreturn [{ json: { t: Date.now() } }];");

describe('validate CLI', () => {
  it('a clean repo (primitives included) exits 0', () => {
    const dir = tempRepo({ 'workflows/ok.json': clean, 'envs/dev.yml': 'credentials:\n  redis: { id: "R3d1sCr3dDev0001", name: "Redis" }\nlockScopes: []\n' });
    expect(runCli(['create-lock', '--include-error-handler', '--include-rate-limit', '--cwd', dir]).status).toBe(0);
    const result = runCli(['validate', '--cwd', dir]);
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain('✔ 5 workflow file(s) and 1 env file(s) (envs/dev.yml) checked, no problems');
  });

  it('errors exit 1 with stylish output naming file, line, rule', () => {
    const dir = tempRepo({ 'workflows/bad.json': impure });
    const before = snapshot(dir);
    const result = runCli(['validate', '--cwd', dir]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/workflows\/bad\.json\n\s+\d+:\d+\s+error\s+"Code" \(code line 1\): module loading \(require\) is not allowed in a pure Code node\s+code-purity/);
    expect(result.stdout).toContain('✖ 2 problem(s) (1 error(s), 1 warning(s))');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--max-warnings turns warnings into exit 1', () => {
    const dir = tempRepo({ 'workflows/w.json': clean.replace('return $input.all();', 'return [{ json: { t: Date.now() } }];') });
    expect(runCli(['validate', '--cwd', dir]).status).toBe(0);
    const strict = runCli(['validate', '--cwd', dir, '--max-warnings', '0']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('1 warning(s), more than --max-warnings 0');
  });

  it('github format prints workflow commands with file, line and column', () => {
    const dir = tempRepo({ 'workflows/bad.json': impure });
    const result = runCli(['validate', '--cwd', dir, '--format', 'github']);
    expect(result.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^::error file=workflows\/bad\.json,line=\d+,col=\d+,title=code-purity::"Code" \(code line 1\)/),
      expect.stringMatching(/^::warning file=workflows\/bad\.json,line=\d+,col=\d+,title=code-nondeterminism::/),
    ]);
  });

  it('sarif: every result has ruleId, its rule a helpUri, and an exact region with its end; json is versioned', () => {
    const dir = tempRepo({ 'workflows/bad.json': impure, 'workflows/broken.json': '{"nodes": [' });
    const sarif = JSON.parse(runCli(['validate', '--cwd', dir, '--format', 'sarif']).stdout);
    expect(sarif.version).toBe('2.1.0');
    const rules = sarif.runs[0].tool.driver.rules;
    for (const rule of rules) expect(rule.helpUri).toBe(`https://github.com/n8n-lock/n8n-lock/blob/main/docs/rules/${rule.id}.md`);
    const results = sarif.runs[0].results;
    expect(results.length).toBe(3);
    for (const r of results) expect(rules[r.ruleIndex].id).toBe(r.ruleId);
    // The require( call inside the jsCode string: the region covers exactly the word `require`.
    const purity = results.find((r: any) => r.ruleId === 'code-purity');
    const region = purity.locations[0].physicalLocation.region;
    const line = impure.split('\n')[region.startLine - 1];
    expect(region.endLine).toBe(region.startLine);
    expect(line.slice(region.startColumn - 1, region.endColumn - 1)).toBe('require');
    const json = JSON.parse(runCli(['validate', '--cwd', dir, '--format', 'json']).stdout);
    expect(json.version).toBe(1);
    expect(json.summary).toEqual({ errors: 2, warnings: 1, files: 2, skipped: 0, envFiles: 0 });
    expect(json.results.find((r: any) => r.file === 'workflows/broken.json').findings[0]).toEqual({ ruleId: 'parse-error', messageId: 'malformed', severity: 'error', message: expect.stringMatching(/^malformed JSON/), pointer: '', line: 1, column: 12, endLine: 1, endColumn: 13 });
  });

  it('n8n-lock.config.json naming an unknown rule is exit 2 naming the key; ESLint spellings work', () => {
    const typo = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"rules": {"code-purty": "off"}}' });
    const r = runCli(['validate', '--cwd', typo]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('n8n-lock: n8n-lock.config.json: rules.code-purty: unknown rule (did you mean code-purity, code-nondeterminism?); the rules are listed by n8n-lock validate --help');
    const wrongType = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"workflowsDir": 5}' });
    expect(runCli(['validate', '--cwd', wrongType]).stderr.trim()).toBe('n8n-lock: n8n-lock.config.json: workflowsDir: expected string, got number');
    const inherited = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"rules": {"constructor": "off"}}' });
    expect(runCli(['validate', '--cwd', inherited]).stderr).toContain('rules.constructor: unknown rule');
    const eslintStyle = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"rules": {"code-purity": "warn", "code-nondeterminism": 0}}' });
    const ok = runCli(['validate', '--cwd', eslintStyle, '--format', 'json']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).summary).toEqual({ envFiles: 0, errors: 0, warnings: 1, files: 1, skipped: 0 });
  });

  it('--report-unused-disable-directives reports suppressions that suppress nothing', () => {
    const suppressed = JSON.parse(impure);
    suppressed.nodes[1].notes = 'n8n-lock-disable code-purity, unreachable-node -- vetted: the require is a pure module';
    const dir = tempRepo({ 'workflows/s.json': JSON.stringify(suppressed, null, 2) });
    const plain = JSON.parse(runCli(['validate', '--cwd', dir, '--format', 'json']).stdout);
    expect(plain.results[0].findings.map((f: any) => f.ruleId)).toEqual(['code-nondeterminism']);
    const r = runCli(['validate', '--cwd', dir, '--format', 'json', '--report-unused-disable-directives']);
    expect(r.status).toBe(1);
    const unused = JSON.parse(r.stdout).results[0].findings.filter((f: any) => f.ruleId === 'unused-disable-directive');
    expect(unused.map((f: any) => f.message)).toEqual(['"Code": n8n-lock-disable unreachable-node suppresses nothing here: remove it']);
  });

  it('--concurrency 2 reports exactly what one thread reports (the corpus); bad values are exit 2', () => {
    const serial = runCli(['validate', '--format', 'json', '--concurrency', 'off', '--cwd', CORPUS_DIR, '.']);
    const threaded = runCli(['validate', '--format', 'json', '--concurrency', '2', '--cwd', CORPUS_DIR, '.']);
    expect(threaded.status).toBe(serial.status);
    expect(threaded.stdout).toBe(serial.stdout);
    const bad = runCli(['validate', '--concurrency', 'many']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--concurrency must be a whole number of 1 or more, "auto" or "off" (got "many")');
  });

  it('n8n-lock.config.json switches rules off; a bad setting is exit 2', () => {
    const dir = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"rules": {"code-purity": "off", "code-nondeterminism": "off"}}' });
    expect(runCli(['validate', '--cwd', dir]).status).toBe(0);
    const bad = tempRepo({ 'workflows/bad.json': impure, 'n8n-lock.config.json': '{"rules": {"code-purity": "loud"}}' });
    const r = runCli(['validate', '--cwd', bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('rules.code-purity: expected "off", "warning" or "error"');
  });

  it('usage and input errors exit 2', () => {
    const dir = tempRepo({ 'workflows/ok.json': clean, 'envs/dev.yml': 'name: [broken\n' });
    expect(runCli(['validate', '--cwd', dir]).status).toBe(2);
    expect(runCli(['validate', '--format', 'xml']).status).toBe(2);
    expect(runCli(['validate', 'no/such/path']).status).toBe(2);
  });

  it('the whole corpus: no crash, the 8 broken files reported, exit 1', () => {
    const result = runCli(['validate', '--format', 'json', '--cwd', CORPUS_DIR, '.']);
    expect(result.status).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json.summary.files).toBe(348);
    const ids = json.results.flatMap((r: any) => r.findings.map((f: any) => f.ruleId));
    expect(ids.filter((id: string) => id === 'parse-error')).toHaveLength(8);
    expect(json.results.flatMap((r: any) => r.findings).filter((f: any) => /crashed/.test(f.message))).toEqual([]);
  });

  it('the shipped templates validate clean', () => {
    const result = runCli(['validate', join(ROOT, 'templates')]);
    expect(result.status, result.stdout).toBe(0);
    expect(readFileSync(join(ROOT, 'templates', 'lock_acquisition.json'), 'utf8')).toContain('@n8n-evol-I:primitive');
  });
});

describe('validate --help', () => {
  it('lists every rule id with its default severity, and survives a reader that stops early', () => {
    const help = runCli(['validate', '--help']);
    expect(help.status).toBe(0);
    for (const id of ['code-purity', 'lock-cleanup-on-failure', 'rate-limit-gate']) expect(help.stdout).toMatch(new RegExp(`^  ${id} +(error|warning) `, 'm'));
    expect(help.stdout).toContain('Reported by the engine itself (not configurable): parse-error, workflow-shape');
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" validate --help | head -1`], { encoding: 'utf8' });
    expect(piped.stdout.trim()).toBe('Usage: n8n-lock validate [options] [paths...]');
    expect(piped.stderr).toBe('');
  });
});
