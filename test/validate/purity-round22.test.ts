// Round 22 of the code-purity red team (support/bypasses-round22.ts): 73 bodies that obtain a capability
// at run time, which the points-to analysis (src/validate/purity) does not report. The shipped rule, the
// value flow, reports each: it is the rule until the points-to analysis does too (issue #32).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { ROUND22_BYPASSES } from './support/bypasses-round22.js';
import { expectObtains, TIMEOUT } from './support/red-team-round.js';

describe('round 22: every bypass really obtains a capability', () => {
  it.concurrent.each(ROUND22_BYPASSES.map((e) => [e.id, e] as const))('%s obtains in the oracle', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describe('round 22: the shipped rule reports every one', () => {
  it.each(ROUND22_BYPASSES.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(analyzeJavaScript(code).filter((p) => p.kind !== 'nondeterministic').length).toBeGreaterThan(0);
  });
});
