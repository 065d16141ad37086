// Round 31 of the code-purity red team (support/bypasses-round31.ts): every body writes onto state luxon or Node's
// timers keep for every later task, shown by reading the change back through a fresh value in the same run; the
// points-to analysis reports every one. The round's everyday bodies obtain nothing; all but the listed ones are
// proven pure.
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { ROUND31_EVERYDAY, ROUND31_REPORTED, ROUND31_REPORTED_BY_VALUE_FLOW, ROUND31_WRITES } from './support/bypasses-round31.js';
import { expectObtainsNothing, findings, hasNode24, run, TIMEOUT } from './support/red-team-round.js';

describe('round 31: each write lands on state every later task shares', () => {
  it.concurrent.each(ROUND31_WRITES.map((e) => [e.id, e] as const))('%s: the change shows in the oracle', async (_id, entry) => {
    if (!hasNode24) return;
    const verdict = await run(entry);
    expect(verdict.error, JSON.stringify(verdict)).toBeUndefined();
    expect(verdict.result, JSON.stringify(verdict)).toEqual(expect.arrayContaining([expect.objectContaining({ json: expect.objectContaining({ wrote: true }) })]));
  }, TIMEOUT);
});

describe('round 31: what each analysis says', () => {
  it('the points-to analysis reports every one', () => {
    expect(ROUND31_WRITES.filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);

  it('the shipped value flow reports only the listed ones', () => {
    const reported = ROUND31_WRITES.filter((e) => analyzeJavaScript(e.code).filter((p) => p.kind !== 'nondeterministic').length > 0).map((e) => e.id);
    expect(reported).toEqual(ROUND31_REPORTED_BY_VALUE_FLOW);
  }, TIMEOUT);
});

describe('round 31: everyday bodies', () => {
  it.concurrent.each(ROUND31_EVERYDAY.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, entry) => {
    await expectObtainsNothing(entry);
  }, TIMEOUT);

  it('are proven pure, but the listed ones', () => {
    const reported = ROUND31_EVERYDAY.filter((e) => findings(e.code).length > 0).map((e) => e.id);
    expect(reported.sort()).toEqual([...ROUND31_REPORTED].sort());
  }, TIMEOUT);
});
