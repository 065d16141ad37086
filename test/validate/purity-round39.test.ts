// Round 39 of the code-purity red team (support/bypasses-round39.ts): each write (luxon's resetCache) and caught attempt
// obtains a capability or writes onto shared state in the oracle, and the points-to analysis reports every one; the
// everyday bodies and controls obtain nothing and are proven pure, but the two the reflection policy reports.
import { ROUND39_CAUGHT_OBTAINING, ROUND39_CAUGHT_WRITES, ROUND39_EVERYDAY, ROUND39_OBTAINING, ROUND39_REPORTED, ROUND39_WRITES } from './support/bypasses-round39.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  39,
  { obtaining: ROUND39_OBTAINING, writes: ROUND39_WRITES, caughtObtaining: ROUND39_CAUGHT_OBTAINING, caughtWrites: ROUND39_CAUGHT_WRITES, everyday: ROUND39_EVERYDAY },
  { reported: ROUND39_REPORTED },
);
