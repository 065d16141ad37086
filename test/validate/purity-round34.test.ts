// Round 34 of the code-purity red team (support/bypasses-round34.ts): each bypass writes onto state every later task shares
// in the oracle (a control without the trick does not), each caught attempt obtains a capability or writes onto shared
// state; the points-to analysis reports every one; the everyday bodies obtain nothing, and all but the listed one are
// proven pure.
import { ROUND34_CAUGHT_OBTAINING, ROUND34_CAUGHT_WRITES, ROUND34_EVERYDAY, ROUND34_REPORTED, ROUND34_WRITES } from './support/bypasses-round34.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  34,
  { obtaining: [], writes: ROUND34_WRITES, caughtObtaining: ROUND34_CAUGHT_OBTAINING, caughtWrites: ROUND34_CAUGHT_WRITES, everyday: ROUND34_EVERYDAY },
  { reported: ROUND34_REPORTED },
);
