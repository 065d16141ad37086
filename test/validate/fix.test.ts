// validate --fix / --fix-dry-run: only fixes that cannot change what a workflow does (today the
// no-pin-data rule's), applied to the text so every other byte stays; refused with exit 2 and no
// file changed where they cannot apply.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatch, fixesFor } from '../../src/validate/fix.js';
import { applyFixes } from '../../src/cli/validate.js';
import { RULES } from '../../src/validate/rules.js';
import { ruleDocPage } from '../../src/validate/rule-docs.js';
import { runCli, tempRepo } from '../support/cli.js';

// Four-space indentation, a non-ASCII escape and CRLF-free text: what --fix must keep as it was.
const workflow = (extra: Record<string, unknown> = {}, code = 'return $input.all();') =>
  JSON.stringify(
    {
      name: 'Caf\u00e9 orders',
      nodes: [
        { parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] },
        { parameters: { jsCode: code }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] },
      ],
      connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } },
      ...extra,
      settings: { executionOrder: 'v1' },
    },
    null,
    4,
  ).replace('Café', 'Caf\\u00e9');
const pinned = workflow({ pinData: { Webhook: [{ json: { email: 'real.customer@example.com' } }] } });

describe('validate --fix', () => {
  it('applyPatch removes pinData and leaves every other byte as the file had it', () => {
    const fixed = applyPatch(pinned, [{ op: 'remove', path: '/pinData' }]);
    expect(JSON.parse(fixed)).toEqual(Object.fromEntries(Object.entries(JSON.parse(pinned)).filter(([key]) => key !== 'pinData')));
    expect(fixed).toBe(workflow());
    expect(fixed).toContain('Caf\\u00e9');
  });

  it('applyPatch reads escaped pointer tokens and array indexes, and replaces and adds as RFC 6902 says', () => {
    const text = '{\n  "a/b": { "~k": [1, 2] },\n  "n": 1\n}\n';
    expect(JSON.parse(applyPatch(text, [{ op: 'replace', path: '/a~1b/~0k/1', value: 3 }]))).toEqual({ 'a/b': { '~k': [1, 3] }, n: 1 });
    expect(JSON.parse(applyPatch(text, [{ op: 'add', path: '/a~1b/~0k/0', value: 0 }, { op: 'remove', path: '/n' }]))).toEqual({ 'a/b': { '~k': [0, 1, 2] } });
  });

  it('--fix-dry-run prints the JSON Patch and changes nothing; --fix writes it, reports what is left, and a second --fix changes nothing', () => {
    const dir = tempRepo({ 'workflows/pinned.json': pinned, 'workflows/impure.json': workflow({ pinData: { Code: [] } }, "const fs = require('fs'); return [];"), 'workflows/clean.json': workflow() });
    const file = (name: string) => readFileSync(join(dir, 'workflows', name), 'utf8');
    const dry = runCli(['validate', '--cwd', dir, '--fix-dry-run']);
    expect(dry.status).toBe(1);
    expect(JSON.parse(dry.stdout)).toEqual({
      version: 1,
      fixes: [
        { file: 'workflows/impure.json', patch: [{ op: 'remove', path: '/pinData' }] },
        { file: 'workflows/pinned.json', patch: [{ op: 'remove', path: '/pinData' }] },
      ],
    });
    expect(file('pinned.json')).toBe(pinned);

    const fix = runCli(['validate', '--cwd', dir, '--fix', '--format', 'json']);
    expect(fix.stderr).toContain('n8n-lock: fixed 2 problem(s) in 2 file(s)');
    expect(file('pinned.json')).toBe(workflow());
    // What is left: the impure Code node, which no fix touches (exit 1).
    expect(fix.status).toBe(1);
    const left = JSON.parse(fix.stdout).results.flatMap((r: { findings: Array<{ ruleId: string }> }) => r.findings.map((f) => f.ruleId));
    expect(left).toContain('code-purity');
    expect(left).not.toContain('no-pin-data');

    const again = runCli(['validate', '--cwd', dir, '--fix']);
    expect(again.stderr).not.toContain('fixed');
    expect(file('pinned.json')).toBe(workflow());
    expect(runCli(['validate', '--cwd', dir, '--fix-dry-run']).status).toBe(0);
  });

  it.each([
    [['--fix', '--format', 'junit'], '--format junit does not go with --fix'],
    [['--fix-dry-run', '--format', 'junit'], '--format junit does not go with --fix-dry-run'],
    [['--fix', '--fix-dry-run'], '--fix and --fix-dry-run do not go together'],
    [['--fix', '--write-baseline'], '--fix does not go with --write-baseline'],
  ])('%j: one line, exit 2, no file changed', (flags, message) => {
    const dir = tempRepo({ 'workflows/pinned.json': pinned });
    const run = runCli(['validate', '--cwd', dir, ...flags]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(readFileSync(join(dir, 'workflows', 'pinned.json'), 'utf8')).toBe(pinned);
  });

  it('a file that changed after validate read it is not overwritten: exit 2 names it, and no file is written', () => {
    const dir = tempRepo({ 'workflows/a.json': pinned, 'workflows/b.json': pinned });
    const paths = ['a.json', 'b.json'].map((f) => join(dir, 'workflows', f));
    const inputs = [{ file: 'workflows/a.json', text: pinned }, { file: 'workflows/b.json', text: pinned }];
    const finding = { ruleId: 'no-pin-data', messageId: 'pinned', severity: 'warning' as const, message: 'm', pointer: '/pinData', line: 1, column: 1, endLine: 1, endColumn: 2, fix: [{ op: 'remove' as const, path: '/pinData' }] };
    const fixes = fixesFor(inputs, inputs.map(({ file }) => ({ file, findings: [{ ...finding, file }] })));
    const edited = pinned.replace('Caf', 'Kaf'); // someone saved b.json meanwhile
    writeFileSync(paths[1], edited);
    expect(() => applyFixes(dir, paths, inputs, fixes)).toThrow('workflows/b.json: changed while validate ran; nothing was written');
    expect(readFileSync(paths[0], 'utf8')).toBe(pinned);
    expect(readFileSync(paths[1], 'utf8')).toBe(edited);
  });

  it('each rule\'s page says whether --fix fixes it and why; only rules that say why a fix is safe have one', () => {
    const fixable = RULES.filter((rule) => rule.meta.fix).map((rule) => rule.id);
    expect(fixable).toEqual(['no-pin-data']);
    for (const rule of RULES) {
      const page = ruleDocPage(rule);
      expect(page).toContain('## Automatic fix');
      expect(page).toContain(rule.meta.fix ? '`n8n-lock validate --fix` fixes it, because it is safe' : 'None: `n8n-lock validate --fix` leaves it to you');
    }
  });
});
