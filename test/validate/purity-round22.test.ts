// Round 22 of the code-purity red team (support/bypasses-round22.ts): 73 bodies that obtain a capability
// at run time, which the points-to analysis (src/validate/purity) did not report when they were written.
// The shipped rule, the value flow, reports each. The points-to analysis does now: Array.fromAsync is
// summarized as async iteration with every value awaited, the Iterator helpers close their receiver, and
// every object whose chain holds a function the code put under a key the engine calls implicitly is
// converted, iterated and awaited once a pass (analysis.ts implicitProtocols).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { analyzeSource } from '../../src/validate/purity/index.js';
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

describe('round 22: the points-to analysis reports every one', () => {
  it.each(ROUND22_BYPASSES.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(analyzeSource(code).findings.length).toBeGreaterThan(0);
  });
});
