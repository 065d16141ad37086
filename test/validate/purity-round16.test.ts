// Round 16 of the code-purity red team (support/bypasses-round16.ts), written against the points-to
// analysis's analyzeSource() as a black box after round 15's fixes: 57 bypasses in 11 classes when it was
// written, all reported now, and its everyday bodies proven pure except the two kinds below, which the
// analysis reports on purpose (support/red-team-round.ts runs the common checks).
import { describe, expect, it } from 'vitest';
import { runLikeN8n } from './support/n8n-sandbox.js';
import { describeRound, findings, TIMEOUT } from './support/red-team-round.js';
import { ROUND16_BYPASSES, ROUND16_CAUGHT, ROUND16_FALSE_POSITIVES, ROUND16_PURE } from './support/bypasses-round16.js';

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
 * Object.prototype.hasOwnProperty when the region is 'hasOwnProperty', and the next line stores a number
 * onto it. That function is the task's own realm's (n8n's runner makes a vm context for every task), no
 * object inherits from it, and a number cannot carry a capability: the write dies with the task, and the
 * analysis proves the body pure (Policy.write). The test shows the write happening with such an input.
 */
const INPUT_DEPENDENT: Record<string, { items: object[]; wrote: string }> = {
  'fp/pivot-table': { items: [{ json: { region: 'hasOwnProperty', month: 'jan', amount: 1 } }], wrote: 'Object.prototype.hasOwnProperty.jan' },
};

describeRound(
  16,
  { bypasses: ROUND16_BYPASSES, caught: ROUND16_CAUGHT, falsePositives: ROUND16_FALSE_POSITIVES, pure: ROUND16_PURE },
  { minAttempts: 100, reportedOnPurpose: new Set(Object.keys(REPORTED_BY_POLICY)) },
);

describe.concurrent('round 16 everyday bodies the analysis reports on purpose', () => {
  it.each(Object.entries(REPORTED_BY_POLICY))('%s is reported for its use of reflection (policy)', (id, what) => {
    const reported = findings(ROUND16_FALSE_POSITIVES.find((f) => f.id === id)!.code);
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((f) => what.test(f.what)), JSON.stringify(reported)).toBe(true);
  });
  it.each(Object.entries(INPUT_DEPENDENT))('%s stores a number on a function of the task\'s realm with another input, and is proven pure', async (id, { items, wrote }) => {
    const code = ROUND16_FALSE_POSITIVES.find((f) => f.id === id)!.code;
    expect(findings(code)).toEqual([]);
    // The same body, then a look at the built-in it wrote (the body runs inside a function, so its return stays its own).
    const verdict = await runLikeN8n(`await (async () => {${code}\n})();\nreturn [{ json: { wrote: ${wrote} !== undefined } }];`, { items, timeoutMs: 8000 });
    expect(verdict.result, JSON.stringify(verdict)).toEqual([{ json: { wrote: true } }]);
  }, TIMEOUT);
});
