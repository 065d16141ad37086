// Round 30 of the code-purity red team (support/bypasses-round30.ts): every body writes onto an object of luxon's
// that every later task of the runner shares, shown by reading the change back through a fresh value in the same
// run; the points-to analysis reports every one. The round's everyday bodies obtain nothing; all but the listed
// ones are proven pure.
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { ROUND30_EVERYDAY, ROUND30_MISSED_BY_VALUE_FLOW, ROUND30_REPORTED, ROUND30_WRITES } from './support/bypasses-round30.js';
import { expectObtainsNothing, findings, hasNode24, run, TIMEOUT } from './support/red-team-round.js';

describe('round 30: each write lands on an object luxon keeps for every task', () => {
  it.concurrent.each(ROUND30_WRITES.map((e) => [e.id, e] as const))('%s: the change shows in the oracle', async (_id, entry) => {
    if (!hasNode24) return;
    const verdict = await run(entry);
    expect(verdict.error, JSON.stringify(verdict)).toBeUndefined();
    expect(verdict.result, JSON.stringify(verdict)).toMatchObject(entry.mode === 'runOnceForEachItem' ? expect.arrayContaining([expect.objectContaining({ json: { wrote: true } })]) : [{ json: { wrote: true } }]);
  }, TIMEOUT);
});

describe('round 30: what each analysis says', () => {
  it('the points-to analysis reports every one', () => {
    expect(ROUND30_WRITES.filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);

  it('the shipped value flow misses exactly the listed ones', () => {
    const missed = ROUND30_WRITES.filter((e) => analyzeJavaScript(e.code).filter((p) => p.kind !== 'nondeterministic').length === 0).map((e) => e.id);
    expect(missed).toEqual(ROUND30_MISSED_BY_VALUE_FLOW);
  }, TIMEOUT);
});

describe('round 30: everyday bodies', () => {
  it.concurrent.each(ROUND30_EVERYDAY.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, entry) => {
    await expectObtainsNothing(entry);
  }, TIMEOUT);

  it('are proven pure, but the listed ones', () => {
    const reported = ROUND30_EVERYDAY.filter((e) => findings(e.code).length > 0).map((e) => e.id);
    expect(reported.sort()).toEqual([...ROUND30_REPORTED].sort());
  }, TIMEOUT);
});
