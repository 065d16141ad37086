// --format junit: validated against the JUnit schema by libxml2 itself (xmllint-wasm), one test
// case per file and rule, and read back as GitLab and Jenkins would count it.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { formatJunit } from '../../src/validate/formatters/junit.js';
import { enabledRuleIds } from '../../src/validate/config.js';
import { RULES } from '../../src/validate/rules.js';
import type { Finding } from '../../src/validate/types.js';
import { runCli, tempRepo } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';

const SCHEMA = readFileSync(join(import.meta.dirname, 'fixtures', 'junit.xsd'), 'utf8');
const clean = JSON.stringify({ name: 'ok', nodes: [{ parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] }, { parameters: { jsCode: 'return $input.all();' }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] }], connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } }, null, 2);
const impure = clean.replace('return $input.all();', "const fs = require('fs');\\nreturn [{ json: { t: Date.now() } }];");

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [SCHEMA] });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

const attributes = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element} ([^>]*?)/?>`, 'g'))].map(([, attrs]) => Object.fromEntries([...attrs.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v])));

describe('validate --format junit', () => {
  it('is schema-valid, one test case per file and enabled rule; an error fails its case, a warning passes it, a non-workflow is skipped', async () => {
    const dir = tempRepo({ 'workflows/bad.json': impure, 'workflows/ok.json': clean, 'workflows/notes.json': '{"just": "data"}', 'n8n-lock.config.json': JSON.stringify({ rules: { 'primitive-marker': 'off' } }) });
    const run = runCli(['validate', '--cwd', dir, '--format', 'junit']);
    expect(run.status).toBe(1);
    expect(await schemaErrors(run.stdout)).toEqual([]);
    const enabled = enabledRuleIds({ 'primitive-marker': 'off' });
    expect(enabled).not.toContain('primitive-marker');
    const suites = attributes(run.stdout, 'testsuite');
    expect(suites.map((s) => s.name).sort()).toEqual(['workflows/bad.json', 'workflows/notes.json', 'workflows/ok.json']);
    const cases = attributes(run.stdout, 'testcase');
    const of = (file: string) => cases.filter((c) => c.classname === file).map((c) => c.name);
    expect(of('workflows/ok.json')).toEqual([...enabled].sort());
    expect(of('workflows/bad.json')).toEqual([...enabled].sort());
    // The failed case: code-purity in bad.json, with its line; the warning's case passed, its text in system-out.
    const failures = [...run.stdout.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"[^>]*>\s*<failure type="[^"]*" message="([^"]*)">([^<]*)<\/failure>/g)];
    expect(failures.map(([, file, rule]) => `${file} ${rule}`)).toEqual(['workflows/bad.json code-purity']);
    expect(failures[0][4]).toMatch(/^workflows\/bad\.json:\d+:\d+: error: /);
    expect(run.stdout).toMatch(/name="code-nondeterminism"[^>]*>\s*<system-out>workflows\/bad\.json:\d+:\d+: warning: /);
    expect(run.stdout).toMatch(/<testcase classname="workflows\/notes.json" name="validate"[^>]*>\s*<skipped message="[^"]+"\/>/);
    // The totals GitLab shows.
    const [top] = attributes(run.stdout, 'testsuites');
    expect(Number(top.tests)).toBe(cases.length);
    expect(top).toMatchObject({ failures: '1', errors: '0', skipped: '1' });
  });

  it('escapes what XML cannot hold raw, so a hostile file name or message stays one well-formed report', async () => {
    const finding = (message: string, file: string): Finding => ({ ruleId: 'code-purity', messageId: 'm', severity: 'error', message, file, pointer: '/nodes/0', line: 1, column: 1, endLine: 1, endColumn: 2 });
    const file = 'workflows/<a href="x">&\'.json';
    const xml = formatJunit([{ file, findings: [finding('uses "require" & <script>\u0007 ]]> too', file)] }], RULES.map((r) => r.id));
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('&lt;script&gt;');
    expect(xml).not.toContain('\u0007');
  });

  it('the schema is not a rubber stamp: it refuses a report without test counts or with a failure outside a test case', async () => {
    expect(await schemaErrors('<testsuites><testsuite name="x"><testcase name="a" classname="x"/></testsuite></testsuites>')).not.toEqual([]);
    expect(await schemaErrors('<testsuites><testsuite name="x" tests="1"><failure/></testsuite></testsuites>')).not.toEqual([]);
  });

  it('on an adopted repository (a real corpus sample and its baseline), a new impure Code node is the one failed case', async () => {
    const dir = tempRepo({});
    mkdirSync(join(dir, 'workflows'));
    for (const file of readdirSync(join(CORPUS_DIR, 'openai_and_llms')).filter((f) => f.endsWith('.json')).sort().slice(0, 25)) cpSync(join(CORPUS_DIR, 'openai_and_llms', file), join(dir, 'workflows', file));
    expect(runCli(['validate', '--cwd', dir, '--write-baseline']).status).toBe(0);
    const adopted = runCli(['validate', '--cwd', dir, '--format', 'junit']);
    expect(adopted.status).toBe(0);
    expect(attributes(adopted.stdout, 'testsuites')[0]).toMatchObject({ failures: '0' });
    writeFileSync(join(dir, 'workflows', 'new.json'), impure);
    const run = runCli(['validate', '--cwd', dir, '--format', 'junit']);
    expect(run.status).toBe(1);
    expect(await schemaErrors(run.stdout)).toEqual([]);
    expect(attributes(run.stdout, 'testsuites')[0]).toMatchObject({ failures: '1' });
    expect([...run.stdout.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"[^>]*>\s*<failure/g)].map(([, file, rule]) => `${file} ${rule}`)).toEqual(['workflows/new.json code-purity']);
  });

  it('passes clean: every case of a clean repository passes (exit 0)', async () => {
    const dir = tempRepo({ 'workflows/ok.json': clean });
    const run = runCli(['validate', '--cwd', dir, '--format', 'junit']);
    expect(run.status).toBe(0);
    expect(await schemaErrors(run.stdout)).toEqual([]);
    expect(attributes(run.stdout, 'testsuites')[0]).toMatchObject({ failures: '0', skipped: '0' });
  });
});
