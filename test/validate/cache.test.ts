// validate --cache: the Code-body analyses and the last run's results kept between runs. A hit
// must never change a result: the same findings with and without the cache, after a config change,
// after another file changed what a cross-workflow rule sees, after an env file changed, after a
// corrupt or foreign cache file, and after n8n-lock itself changed (its fingerprint).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempRepo } from '../support/cli.js';
import { codeWorkflow } from '../support/code-workflow.js';
import { AnalysisCache, analysisFingerprint } from '../../src/validate/analysis-cache.js';

const files = {
  'workflows/impure.json': codeWorkflow("const fs = require('fs');\nreturn $input.all();"),
  'workflows/clock.json': codeWorkflow('return [{ json: { t: Date.now() } }];'),
  'workflows/clean.json': codeWorkflow('return $input.all();'),
};
const json = (args: string[], dir: string) => {
  const r = runCli(['validate', '--cwd', dir, '--format', 'json', ...args]);
  return { status: r.status, findings: JSON.stringify(JSON.parse(r.stdout).results), stderr: r.stderr };
};

describe('validate --cache', () => {
  it('writes the cache, and a warm run reports exactly what a run without it reports', () => {
    const dir = tempRepo(files);
    const plain = json([], dir);
    const cold = json(['--cache'], dir);
    const cache = JSON.parse(readFileSync(join(dir, '.n8n-lock-cache.json'), 'utf8'));
    expect(Object.keys(cache.analyses)).toHaveLength(3); // three distinct bodies
    const warm = json(['--cache'], dir);
    expect([cold, warm]).toEqual([plain, plain]);
  });

  it('an unchanged run gets the last results back; a change to ANOTHER file that a cross-workflow rule reads takes effect', () => {
    const node = (name: string, type: string, parameters: Record<string, unknown>, x: number) => ({ parameters, name, type, typeVersion: 1, position: [x, 0], credentials: { redis: { id: 'r', name: 'Redis' } } });
    const definer = (name: string) => JSON.stringify({ name: 'Fn', nodes: [node('Function', 'n8n-nodes-lock.function', { functionName: name, scope: 'global', parameters: { parameter: [] }, options: {} }, 0), node('Return', 'n8n-nodes-lock.returnFromFunction', { respondWith: 'json', value: '={{ 1 }}' }, 220)], connections: { Function: { main: [[{ node: 'Return', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } });
    const caller = JSON.stringify({ name: 'Caller', nodes: [{ parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] }, node('Call', 'n8n-nodes-lock.callFunction', { functionName: 'double', scope: 'global', parameters: '={{ {} }}', timeout: 30, options: {} }, 220)], connections: { Webhook: { main: [[{ node: 'Call', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } });
    const dir = tempRepo({ 'workflows/caller.json': caller, 'workflows/fn.json': definer('double') });
    const cold = json(['--cache'], dir);
    expect(cold.findings).not.toContain('call-function-defined');
    expect(JSON.parse(readFileSync(join(dir, '.n8n-lock-cache.json'), 'utf8')).lastRun.results).toHaveLength(2);
    expect(json(['--cache'], dir)).toEqual(cold);
    // The caller's file is unchanged; the function it calls is renamed in the other file.
    writeFileSync(join(dir, 'workflows', 'fn.json'), definer('triple'));
    const warm = json(['--cache'], dir);
    expect(warm).toEqual(json([], dir));
    expect(warm.findings).toContain('call-function-defined');
  });

  it('an env file change takes effect on a warm run', () => {
    const placeholder = JSON.stringify({ name: 'P', nodes: [{ parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] }, { parameters: { workflowId: '{{@:env:workflows.other.id}}' }, name: 'Run other', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, position: [220, 0] }], connections: { Webhook: { main: [[{ node: 'Run other', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } });
    const dir = tempRepo({ 'workflows/p.json': placeholder, 'envs/dev.yml': 'lockScopes: []\n' });
    const unresolved = json(['--cache', '--env', 'dev'], dir);
    expect(unresolved.findings).toContain('placeholders-resolve');
    writeFileSync(join(dir, 'envs', 'dev.yml'), 'lockScopes: []\nworkflows:\n  other: { id: AbCdEfGhIjKlMnOp, name: Other }\n');
    const warm = json(['--cache', '--env', 'dev'], dir);
    expect(warm).toEqual(json(['--env', 'dev'], dir));
    expect(warm.findings).not.toContain('placeholders-resolve');
  });

  it('a config change takes effect on a warm run (severities are applied after the cached analysis)', () => {
    const dir = tempRepo(files);
    json(['--cache'], dir);
    writeFileSync(join(dir, 'n8n-lock.config.json'), JSON.stringify({ rules: { 'code-purity': 'off', 'code-nondeterminism': 'error' } }));
    const warm = json(['--cache'], dir);
    expect(warm).toEqual(json([], dir));
    expect(warm.findings).not.toContain('code-purity');
    expect(warm.findings).toContain('"severity":"error","message":"\\"Code\\" (code line 1)');
  });

  it('with worker threads, the analyses of every thread are stored, and a stored analysis is used by every thread', () => {
    // Four files of the same size: --concurrency 2 puts two on each thread.
    const dir = tempRepo(Object.fromEntries([1, 2, 3, 4].map((i) => [`workflows/impure-${i}.json`, codeWorkflow(`const fs${i} = require('fs');\nreturn $input.all();`)])));
    const path = join(dir, '.n8n-lock-cache.json');
    const threaded = ['--cache', '--concurrency', '2'];
    const plain = json(['--concurrency', '2'], dir);
    expect(json(threaded, dir)).toEqual(plain);
    const cache = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(cache.analyses)).toHaveLength(4);
    // Which analyses a run uses shows when they are forged (same build, so the same fingerprint):
    // every body "clean", and no last results to return instead. Then no thread may analyse anew.
    for (const key of Object.keys(cache.analyses)) cache.analyses[key] = [];
    writeFileSync(path, JSON.stringify({ ...cache, lastRun: undefined }));
    const forged = json(threaded, dir);
    expect(plain.findings.match(/"ruleId":"code-purity"/g)).toHaveLength(4);
    expect(forged.findings).not.toContain('"ruleId":"code-purity"');
  });

  it('an analysis stored under another fingerprint (another n8n-lock) is never used, nor a corrupt file', () => {
    const dir = tempRepo({ 'workflows/impure.json': files['workflows/impure.json'] });
    const path = join(dir, '.n8n-lock-cache.json');
    json(['--cache'], dir);
    const cache = JSON.parse(readFileSync(path, 'utf8'));
    // Forge: under the same key, an analysis saying "clean", from another build.
    for (const key of Object.keys(cache.analyses)) cache.analyses[key] = [];
    writeFileSync(path, JSON.stringify({ ...cache, fingerprint: 'another-build' }));
    expect(json(['--cache'], dir).findings).toContain('code-purity');
    writeFileSync(path, '{ corrupt');
    expect(json(['--cache'], dir)).toEqual(json([], dir));
    expect(JSON.parse(readFileSync(path, 'utf8')).fingerprint).toBe(cache.fingerprint); // rewritten whole
  });

  it('--cache-location puts it elsewhere; without --cache nothing is written', () => {
    const dir = tempRepo(files);
    json([], dir);
    expect(existsSync(join(dir, '.n8n-lock-cache.json'))).toBe(false);
    json(['--cache-location', 'tmp-cache.json'], dir);
    expect(existsSync(join(dir, 'tmp-cache.json'))).toBe(true);
  });

  it('the store itself: hits and misses, the oldest dropped first, anything foreign read as empty', () => {
    const fingerprint = analysisFingerprint(['module a', 'module b']);
    expect(fingerprint).not.toBe(analysisFingerprint(['module a', 'module b changed']));
    const cache = AnalysisCache.load(undefined, fingerprint);
    expect(cache.lookup('x')).toBeUndefined();
    cache.computed('x', []);
    const again = AnalysisCache.load(cache.serialize(), fingerprint);
    expect([again.lookup('x'), again.hits, again.misses]).toEqual([[], 1, 0]);
    expect(AnalysisCache.load(cache.serialize(), 'other').lookup('x')).toBeUndefined();
    expect(AnalysisCache.load('[]', fingerprint).lookup('x')).toBeUndefined();
  });

  it('the store: bodies looked up in vain are stored under their hash in any order, and a second lookup before the analysis counts no second miss', () => {
    const fingerprint = analysisFingerprint(['module a']);
    const cache = AnalysisCache.load(undefined, fingerprint);
    // As with threads: the coordinator looks both up, then thread 0 looks x up again and analyses it.
    expect([cache.lookup('x'), cache.lookup('y'), cache.lookup('x'), cache.misses]).toEqual([undefined, undefined, undefined, 2]);
    cache.computed('y', []);
    cache.computed('x', [{ index: 0, end: 1, line: 1, kind: 'impure', messageId: 'withStatement', data: {} }]);
    // Computed: the next lookup is a hit, not a remembered miss.
    expect([cache.lookup('x')?.length, cache.lookup('y'), cache.hits, cache.misses]).toEqual([1, [], 2, 2]);
    const again = AnalysisCache.load(cache.serialize(), fingerprint);
    expect([again.lookup('x')?.length, again.lookup('y'), again.hits, again.misses]).toEqual([1, [], 2, 0]);
  });
});
