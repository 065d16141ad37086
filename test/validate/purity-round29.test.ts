// Round 29 of the code-purity red team (support/bypasses-round29.ts). Eleven bodies obtain the runner
// process's global object, its process or its env through FormData's forEach, and the oracle names it; the
// others change a function of the runner realm that a fresh runner-made value then shows (`wrote`), or read
// Node's Buffer pool. The points-to analysis reports every one; the shipped value flow misses the ones listed.
// The round's everyday bodies obtain nothing and are proven pure, but the two FormData.forEach ones kept on
// purpose (its callbacks may be handed the runner's global object).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { ROUND29_ENGINE_ERRORS, ROUND29_EVERYDAY, ROUND29_MISSED_BY_VALUE_FLOW, ROUND29_OBTAINING, ROUND29_REPORTED_ON_PURPOSE, ROUND29_WRITES, type WriteEntry } from './support/bypasses-round29.js';
import { expectObtains, expectObtainsNothing, findings, hasNode24, run, TIMEOUT } from './support/red-team-round.js';

async function expectChangeShows(entry: WriteEntry): Promise<void> {
  if (!hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.error, JSON.stringify(verdict)).toBeUndefined();
  if (entry.evidence === 'wrote') expect(verdict.result, JSON.stringify(verdict)).toMatchObject([{ json: { wrote: true } }]);
  else {
    // The ArrayBuffer behind a one-byte Buffer is Node's 64 KiB pool.
    const [{ json }] = verdict.result as Array<{ json: { poolBytes: number; own: number } }>;
    expect(json.poolBytes).toBeGreaterThan(json.own);
  }
}

describe('round 29: the FormData.forEach bodies obtain the runner\'s global object, process or env, and the engine-error ones the global object', () => {
  it.concurrent.each([...ROUND29_OBTAINING, ...ROUND29_ENGINE_ERRORS].map((e) => [e.id, e] as const))('%s obtains in the oracle', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describe('round 29: the others change a function of the runner realm every later task shares, or read the Buffer pool', () => {
  it.concurrent.each(ROUND29_WRITES.map((e) => [e.id, e] as const))('%s: the change shows in the oracle', async (_id, entry) => {
    await expectChangeShows(entry);
  }, TIMEOUT);
});

describe('round 29: what each analysis says', () => {
  const all = [...ROUND29_OBTAINING, ...ROUND29_ENGINE_ERRORS, ...ROUND29_WRITES];
  it('the points-to analysis reports every one', () => {
    expect(all.filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);

  it('the shipped value flow misses exactly the listed ones', () => {
    const missed = all.filter((e) => analyzeJavaScript(e.code).filter((p) => p.kind !== 'nondeterministic').length === 0).map((e) => e.id);
    expect(missed).toEqual(ROUND29_MISSED_BY_VALUE_FLOW);
  }, TIMEOUT);
});

describe('round 29: everyday bodies', () => {
  it.concurrent.each(ROUND29_EVERYDAY.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, entry) => {
    await expectObtainsNothing(entry);
  }, TIMEOUT);

  it('are proven pure, but FormData.forEach\'s (its callbacks may be handed the runner\'s global object)', () => {
    const reported = ROUND29_EVERYDAY.filter((e) => findings(e.code).length > 0).map((e) => e.id);
    expect(reported.sort()).toEqual([...ROUND29_REPORTED_ON_PURPOSE].sort());
  }, TIMEOUT);
});
