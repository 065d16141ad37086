// Round 38 of the code-purity red team (support/bypasses-round38.ts): no bypass; each caught attempt obtains a
// capability or writes onto shared state in the oracle, and the points-to analysis reports every one; the everyday
// bodies and controls obtain nothing and are proven pure.
import { ROUND38_CAUGHT_OBTAINING, ROUND38_CAUGHT_WRITES, ROUND38_EVERYDAY, ROUND38_OBTAINING, ROUND38_REPORTED, ROUND38_WRITES } from './support/bypasses-round38.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  38,
  { obtaining: ROUND38_OBTAINING, writes: ROUND38_WRITES, caughtObtaining: ROUND38_CAUGHT_OBTAINING, caughtWrites: ROUND38_CAUGHT_WRITES, everyday: ROUND38_EVERYDAY },
  { reported: ROUND38_REPORTED },
);
