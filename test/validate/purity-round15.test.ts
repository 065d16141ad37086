// Round 15 of the code-purity red team (support/bypasses-round15.ts), against the points-to analysis's
// analyzeSource(). Each entry's run-time behaviour is checked by the oracle at test time: a bypass or a
// caught attempt obtains a capability, a false positive or a pure body obtains nothing. Then what the
// analysis says: it reports every bypass and every caught attempt, and proves every false positive and
// every everyday body pure.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../src/validate/purity/index.js';
import { runLikeN8n } from './support/n8n-sandbox.js';
import { ROUND15_BYPASSES, ROUND15_CAUGHT, ROUND15_FALSE_POSITIVES, ROUND15_PURE } from './support/bypasses-round15.js';

// n8n's Node 24 (the e2e cache): entries marked node24 use built-ins Node 20 lacks.
const node24 = join(
  process.env.N8N_LOCK_E2E_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-lock-e2e'),
  'node-24.21.0-n8n-2.41.1',
  'node',
  'bin',
  'node',
);
const hasNode24 = existsSync(node24);

const findings = (code: string) => analyzeSource(code).findings.map((f) => `${f.verdict}: ${f.what} ${f.use}`);
type Entry = { code: string; mode?: 'runOnceForAllItems' | 'runOnceForEachItem'; node24?: true };
// A generous task timeout: the runs are short, but many child processes start at once on a small machine.
const run = (entry: Entry) =>
  runLikeN8n(entry.code, { timeoutMs: 8000, ...(entry.mode ? { mode: entry.mode } : {}), ...(entry.node24 ? { node: node24 } : {}) });
const TIMEOUT = 60_000;

/** The oracle's run of an entry obtains a capability (an entry that needs Node 24 is skipped without it). */
async function expectObtains(entry: Entry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained.length, JSON.stringify(verdict)).toBeGreaterThan(0);
}
/** The oracle's run of an entry obtains nothing and ends without an error. */
async function expectObtainsNothing(entry: Entry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained, JSON.stringify(verdict)).toEqual([]);
  expect(verdict.error).toBeUndefined();
}

describe('round 15: the entries are what they say', () => {
  it('has distinct ids and enough of each', () => {
    const all = [...ROUND15_BYPASSES, ...ROUND15_CAUGHT, ...ROUND15_FALSE_POSITIVES, ...ROUND15_PURE];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(ROUND15_BYPASSES.length + ROUND15_CAUGHT.length).toBeGreaterThanOrEqual(60);
    expect(ROUND15_FALSE_POSITIVES.length + ROUND15_PURE.length).toBeGreaterThanOrEqual(20);
  });
});

describe.concurrent('round 15 bypasses', () => {
  it.each(ROUND15_BYPASSES.map((b) => [b.id, b] as const))('%s obtains a capability', (_id, b) => expectObtains(b), TIMEOUT);
  it.each(ROUND15_BYPASSES.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 15 attempts the analysis stopped', () => {
  it.each(ROUND15_CAUGHT.map((c) => [c.id, c] as const))('%s obtains a capability', (_id, c) => expectObtains(c), TIMEOUT);
  it.each(ROUND15_CAUGHT.map((c) => [c.id, c.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 15 false positives', () => {
  it.each(ROUND15_FALSE_POSITIVES.map((f) => [f.id, f] as const))('%s obtains nothing', (_id, f) => expectObtainsNothing(f), TIMEOUT);
  it.each(ROUND15_FALSE_POSITIVES.map((f) => [f.id, f.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code)).toEqual([]);
  }, TIMEOUT);
});

describe.concurrent('round 15 everyday bodies the analysis proves pure', () => {
  it.each(ROUND15_PURE.map((p) => [p.id, p] as const))('%s obtains nothing', (_id, p) => expectObtainsNothing(p), TIMEOUT);
  it.each(ROUND15_PURE.map((p) => [p.id, p.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code)).toEqual([]);
  }, TIMEOUT);
});
