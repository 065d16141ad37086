// validate --cache: the Code-body analyses kept between runs. A hit must never change a result:
// the same findings with and without the cache, after a config change, after a corrupt or foreign
// cache file, and after n8n-lock itself changed (its fingerprint).
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

  it('a config change takes effect on a warm run (severities are applied after the cached analysis)', () => {
    const dir = tempRepo(files);
    json(['--cache'], dir);
    writeFileSync(join(dir, 'n8n-lock.config.json'), JSON.stringify({ rules: { 'code-purity': 'off', 'code-nondeterminism': 'error' } }));
    const warm = json(['--cache'], dir);
    expect(warm).toEqual(json([], dir));
    expect(warm.findings).not.toContain('code-purity');
    expect(warm.findings).toContain('"severity":"error","message":"\\"Code\\" (code line 1)');
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
});
