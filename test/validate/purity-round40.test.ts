// Round 40 of the code-purity red team (support/bypasses-round40.ts): each write (RegExp.prototype.compile on a regular
// expression luxon caches) and caught attempt obtains a capability or writes onto shared state in the oracle, and the
// points-to analysis reports every one; the everyday bodies obtain nothing and are proven pure.
import { ROUND40_CAUGHT_OBTAINING, ROUND40_CAUGHT_WRITES, ROUND40_EVERYDAY, ROUND40_OBTAINING, ROUND40_REPORTED, ROUND40_WRITES } from './support/bypasses-round40.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  40,
  { obtaining: ROUND40_OBTAINING, writes: ROUND40_WRITES, caughtObtaining: ROUND40_CAUGHT_OBTAINING, caughtWrites: ROUND40_CAUGHT_WRITES, everyday: ROUND40_EVERYDAY },
  { reported: ROUND40_REPORTED },
);
