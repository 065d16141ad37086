// Round 17 of the code-purity red team (support/bypasses-round17.ts), written against the points-to
// analysis's analyzeSource() as a black box, after round 16's fixes. Each entry's run-time behaviour is
// checked by the oracle at test time: a bypass or a caught attempt obtains a capability, an everyday body
// obtains nothing. Then what the analysis says: it reports every bypass and every caught attempt, and
// proves the everyday bodies pure.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../src/validate/purity/index.js';
import { runLikeN8n } from './support/n8n-sandbox.js';
import { ROUND17_BYPASSES, ROUND17_CAUGHT, ROUND17_FALSE_POSITIVES, ROUND17_PURE } from './support/bypasses-round17.js';

const node24 = join(
  process.env.N8N_LOCK_E2E_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-lock-e2e'),
  'node-24.21.0-n8n-2.41.1',
  'node',
  'bin',
  'node',
);
const hasNode24 = existsSync(node24);

const findings = (code: string) => analyzeSource(code).findings;
type Entry = { code: string; mode?: 'runOnceForAllItems' | 'runOnceForEachItem'; node24?: true };
const run = (entry: Entry, items?: object[]) =>
  runLikeN8n(entry.code, { timeoutMs: 8000, ...(entry.mode ? { mode: entry.mode } : {}), ...(entry.node24 ? { node: node24 } : {}), ...(items ? { items } : {}) });
const TIMEOUT = 60_000;

async function expectObtains(entry: Entry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained.length, JSON.stringify(verdict)).toBeGreaterThan(0);
}
async function expectObtainsNothing(entry: Entry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained, JSON.stringify(verdict)).toEqual([]);
  expect(verdict.error).toBeUndefined();
}

describe('round 17: the entries are what they say', () => {
  it('has distinct ids, enough of each, and every exception names an entry', () => {
    const all = [...ROUND17_BYPASSES, ...ROUND17_CAUGHT, ...ROUND17_FALSE_POSITIVES, ...ROUND17_PURE];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(ROUND17_BYPASSES.length).toBeGreaterThanOrEqual(25);
    expect(ROUND17_CAUGHT.length).toBeGreaterThanOrEqual(40);
  });
});

describe.concurrent('round 17 bypasses (each passed the analysis when it was written)', () => {
  it.each(ROUND17_BYPASSES.map((b) => [b.id, b] as const))('%s obtains a capability', (_id, b) => expectObtains(b), TIMEOUT);
  it.each(ROUND17_BYPASSES.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 17 attempts the analysis stopped', () => {
  it.each(ROUND17_CAUGHT.map((c) => [c.id, c] as const))('%s obtains a capability', (_id, c) => expectObtains(c), TIMEOUT);
  it.each(ROUND17_CAUGHT.map((c) => [c.id, c.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 17 everyday bodies the red team found reported', () => {
  it.each(ROUND17_FALSE_POSITIVES.map((f) => [f.id, f] as const))('%s obtains nothing', (_id, f) => expectObtainsNothing(f), TIMEOUT);
  it.each(ROUND17_FALSE_POSITIVES.map((f) => [f.id, f.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code).map((f) => `${f.what} ${f.use}`)).toEqual([]);
  }, TIMEOUT);
});

describe.concurrent('round 17 everyday bodies the analysis proves pure', () => {
  it.each(ROUND17_PURE.map((p) => [p.id, p] as const))('%s obtains nothing', (_id, p) => expectObtainsNothing(p), TIMEOUT);
  it.each(ROUND17_PURE.map((p) => [p.id, p.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code).map((f) => `${f.what} ${f.use}`)).toEqual([]);
  }, TIMEOUT);
});
