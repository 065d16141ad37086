// Round 17 of the code-purity red team (support/bypasses-round17.ts), written against the points-to
// analysis's analyzeSource() as a black box after round 16's fixes: 25 bypasses in 4 classes when it was
// written, all reported now, and its everyday bodies proven pure (support/red-team-round.ts runs the checks).
import { describeRound } from './support/red-team-round.js';
import { ROUND17_BYPASSES, ROUND17_CAUGHT, ROUND17_FALSE_POSITIVES, ROUND17_PURE } from './support/bypasses-round17.js';

describeRound(17, { bypasses: ROUND17_BYPASSES, caught: ROUND17_CAUGHT, falsePositives: ROUND17_FALSE_POSITIVES, pure: ROUND17_PURE }, { minAttempts: 68 });
