// Round 23 of the code-purity red team (support/bypasses-round23.ts): 95 bodies that obtain a capability at
// run time, which the points-to analysis did not report after round 22's fixes. The shipped rule (the value
// flow) reports each; the points-to analysis does now: call, apply and bind hand on a receiver that may be
// undefined, as do the built-ins that take a thisArg; bound arguments keep their places; and call or apply
// under a conversion key counts as a member the engine calls on its holder (analysis.ts protocolsHeld).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';
import { analyzeSource } from '../../src/validate/purity/index.js';
import { ROUND23_BYPASSES } from './support/bypasses-round23.js';
import { expectObtains, TIMEOUT } from './support/red-team-round.js';

describe('round 23: every bypass really obtains a capability', () => {
  it.concurrent.each(ROUND23_BYPASSES.map((e) => [e.id, e] as const))('%s obtains in the oracle', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describe('round 23: the shipped rule reports every one', () => {
  it.each(ROUND23_BYPASSES.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(analyzeJavaScript(code).filter((p) => p.kind !== 'nondeterministic').length).toBeGreaterThan(0);
  });
});

describe('round 23: the points-to analysis reports every one', () => {
  it.each(ROUND23_BYPASSES.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(analyzeSource(code).findings.length).toBeGreaterThan(0);
  });
});
