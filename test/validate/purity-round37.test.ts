// Round 37 of the code-purity red team (support/bypasses-round37.ts): each bypass writes into luxon's caches, which
// every later task shares, through one of luxon's functions put inside options, in the oracle (a control without the
// trick does not); each caught attempt writes onto shared state; the points-to analysis reports every one; the everyday
// bodies obtain nothing, and all but the listed ones are proven pure.
import { ROUND37_CAUGHT_OBTAINING, ROUND37_CAUGHT_WRITES, ROUND37_EVERYDAY, ROUND37_OBTAINING, ROUND37_REPORTED, ROUND37_WRITES } from './support/bypasses-round37.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  37,
  { obtaining: ROUND37_OBTAINING, writes: ROUND37_WRITES, caughtObtaining: ROUND37_CAUGHT_OBTAINING, caughtWrites: ROUND37_CAUGHT_WRITES, everyday: ROUND37_EVERYDAY },
  { reported: ROUND37_REPORTED },
);
