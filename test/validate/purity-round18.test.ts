// Round 18 of the code-purity red team (support/bypasses-round18.ts), written against the points-to
// analysis's analyzeSource() as a black box after this session's speed work (getKeys, the findings bound,
// exact memo keys, one finding per expression): 5 bypasses in 1 class when it was written (an object
// handed to n8n whose prototype is a capability), all reported now, and its everyday bodies proven pure
// except the four below, which the analysis reports by its policy (support/red-team-round.ts runs the checks).
import { describe, expect, it } from 'vitest';
import { describeRound, findings } from './support/red-team-round.js';
import { ROUND18_BYPASSES, ROUND18_CAUGHT, ROUND18_FALSE_POSITIVES, ROUND18_PURE } from './support/bypasses-round18.js';

/** Everyday bodies that use the reflection family or Proxy, capabilities in themselves (docs/rules/code-purity.md). */
const REPORTED_BY_POLICY: Record<string, RegExp> = {
  'everyday/is-plain-object': /Object\.getPrototypeOf/,
  'everyday/proxy-defaults': /Proxy/,
  'everyday/reflect-ownkeys': /Reflect\.(ownKeys|has)/,
  'everyday/define-property': /Object\.defineProperty/,
};

describeRound(
  18,
  { bypasses: ROUND18_BYPASSES, caught: ROUND18_CAUGHT, falsePositives: ROUND18_FALSE_POSITIVES, pure: ROUND18_PURE },
  { minAttempts: ROUND18_BYPASSES.length + ROUND18_CAUGHT.length, reportedOnPurpose: new Set(Object.keys(REPORTED_BY_POLICY)) },
);

describe('round 18: the entries are what the round found', () => {
  it('has 5 bypasses of one class and 92 caught attempts', () => {
    expect(ROUND18_BYPASSES).toHaveLength(5);
    expect(new Set(ROUND18_BYPASSES.map((b) => b.cls))).toEqual(new Set(['returned-prototype']));
    expect(ROUND18_CAUGHT).toHaveLength(92);
  });
  it.each(ROUND18_BYPASSES.map((b) => [b.id, b.code] as const))('%s reaches a capability handed to n8n as a prototype', (_id, code) => {
    expect(findings(code).some((f) => f.verdict === 'reaches' && f.use === 'and is returned to n8n')).toBe(true);
  });
});

describe.concurrent('round 18 everyday bodies the analysis reports on purpose', () => {
  it.each(Object.entries(REPORTED_BY_POLICY))('%s is reported for its use of reflection or Proxy (policy)', (id, what) => {
    const reported = findings(ROUND18_FALSE_POSITIVES.find((f) => f.id === id)!.code);
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((f) => what.test(f.what)), JSON.stringify(reported)).toBe(true);
  });
});
