// Round 15 of the code-purity red team (support/bypasses-round15.ts), written against the points-to
// analysis's analyzeSource() as a black box: 55 bypasses in 8 classes when it was written, all reported
// now, and its everyday bodies proven pure (support/red-team-round.ts runs the checks).
import { describeRound } from './support/red-team-round.js';
import { ROUND15_BYPASSES, ROUND15_CAUGHT, ROUND15_FALSE_POSITIVES, ROUND15_PURE } from './support/bypasses-round15.js';

describeRound(15, { bypasses: ROUND15_BYPASSES, caught: ROUND15_CAUGHT, falsePositives: ROUND15_FALSE_POSITIVES, pure: ROUND15_PURE }, { minAttempts: 190 });
