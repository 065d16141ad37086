// Round 16 of the code-purity red team (support/bypasses-round16.ts), written against the points-to
// analysis's analyzeSource() as a black box, after round 15's fixes. Each entry's run-time behaviour is
// checked by the oracle at test time: a bypass or a caught attempt obtains a capability, an everyday body
// obtains nothing. Then what the analysis says: it reports every bypass and every caught attempt, and
// proves the everyday bodies pure, except the two kinds below, which it reports on purpose.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../src/validate/purity/index.js';
import { runLikeN8n } from './support/n8n-sandbox.js';
import { ROUND16_BYPASSES, ROUND16_CAUGHT, ROUND16_FALSE_POSITIVES, ROUND16_PURE } from './support/bypasses-round16.js';

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

/**
 * Everyday bodies the analysis reports by its policy, not for want of precision: the reflection family
 * (Object.getPrototypeOf / setPrototypeOf / defineProperty, Reflect.*) and Proxy are capabilities in
 * themselves (docs/rules/code-purity.md), whatever a given body does with them.
 */
const REPORTED_BY_POLICY: Record<string, RegExp> = {
  'fp/is-plain-object': /Object\.getPrototypeOf/,
  'fp/define-non-enumerable': /Object\.defineProperty/,
  'fp/getter-view': /Object\.defineProperty/,
  'fp/reflect-ownKeys-has': /Reflect\.(ownKeys|has)/,
  'fp/proxy-defaults': /Proxy/,
  'fp/null-prototype-dict': /Object\.setPrototypeOf/,
};

/**
 * Everyday bodies whose input decides whether they write a built-in: `table[json.region] ??= {}` is
 * Object.prototype.hasOwnProperty (a function every task shares with the built-ins) when the region is
 * 'hasOwnProperty', and the next line writes a property onto it. The analysis cannot prove them pure, and
 * the test shows the write happening with such an input.
 */
const INPUT_DEPENDENT: Record<string, { items: object[]; wrote: string }> = {
  'fp/pivot-table': { items: [{ json: { region: 'hasOwnProperty', month: 'jan', amount: 1 } }], wrote: 'Object.prototype.hasOwnProperty.jan' },
};

describe('round 16: the entries are what they say', () => {
  it('has distinct ids, enough of each, and every exception names an entry', () => {
    const all = [...ROUND16_BYPASSES, ...ROUND16_CAUGHT, ...ROUND16_FALSE_POSITIVES, ...ROUND16_PURE];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(ROUND16_BYPASSES.length).toBeGreaterThanOrEqual(50);
    expect(ROUND16_CAUGHT.length).toBeGreaterThanOrEqual(50);
    const fps = new Set(ROUND16_FALSE_POSITIVES.map((f) => f.id));
    for (const id of [...Object.keys(REPORTED_BY_POLICY), ...Object.keys(INPUT_DEPENDENT)]) expect(fps.has(id), id).toBe(true);
  });
});

describe.concurrent('round 16 bypasses (each passed the analysis when it was written)', () => {
  it.each(ROUND16_BYPASSES.map((b) => [b.id, b] as const))('%s obtains a capability', (_id, b) => expectObtains(b), TIMEOUT);
  it.each(ROUND16_BYPASSES.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 16 attempts the analysis stopped', () => {
  it.each(ROUND16_CAUGHT.map((c) => [c.id, c] as const))('%s obtains a capability', (_id, c) => expectObtains(c), TIMEOUT);
  it.each(ROUND16_CAUGHT.map((c) => [c.id, c.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe.concurrent('round 16 everyday bodies the red team found reported', () => {
  it.each(ROUND16_FALSE_POSITIVES.map((f) => [f.id, f] as const))('%s obtains nothing', (_id, f) => expectObtainsNothing(f), TIMEOUT);
  const precise = ROUND16_FALSE_POSITIVES.filter((f) => !(f.id in REPORTED_BY_POLICY) && !(f.id in INPUT_DEPENDENT));
  it.each(precise.map((f) => [f.id, f.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code).map((f) => `${f.what} ${f.use}`)).toEqual([]);
  }, TIMEOUT);
  it.each(Object.entries(REPORTED_BY_POLICY))('%s is reported for its use of reflection (policy)', (id, what) => {
    const reported = findings(ROUND16_FALSE_POSITIVES.find((f) => f.id === id)!.code);
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((f) => what.test(f.what)), JSON.stringify(reported)).toBe(true);
  });
  it.each(Object.entries(INPUT_DEPENDENT))('%s writes a built-in with another input, and cannot be proven pure', async (id, { items, wrote }) => {
    const code = ROUND16_FALSE_POSITIVES.find((f) => f.id === id)!.code;
    expect(findings(code).map((f) => f.verdict)).toContain('unprovable');
    // The same body, then a look at the built-in it wrote (the body runs inside a function, so its return stays its own).
    const verdict = await runLikeN8n(`await (async () => {${code}\n})();\nreturn [{ json: { wrote: ${wrote} !== undefined } }];`, { items, timeoutMs: 8000 });
    expect(verdict.result, JSON.stringify(verdict)).toEqual([{ json: { wrote: true } }]);
  }, TIMEOUT);
});

describe.concurrent('round 16 everyday bodies the analysis proves pure', () => {
  it.each(ROUND16_PURE.map((p) => [p.id, p] as const))('%s obtains nothing', (_id, p) => expectObtainsNothing(p), TIMEOUT);
  it.each(ROUND16_PURE.map((p) => [p.id, p.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code).map((f) => `${f.what} ${f.use}`)).toEqual([]);
  }, TIMEOUT);
});
