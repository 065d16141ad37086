// Round 36 of the code-purity red team (support/bypasses-round36.ts): each bypass writes into luxon's formatter caches,
// which every later task shares, in the oracle (a control without the trick does not), each caught attempt obtains a
// capability or writes onto shared state; the points-to analysis reports every one; the everyday bodies obtain nothing,
// and all but the listed ones are proven pure.
import { ROUND36_CAUGHT_OBTAINING, ROUND36_CAUGHT_WRITES, ROUND36_EVERYDAY, ROUND36_OBTAINING, ROUND36_REPORTED, ROUND36_WRITES } from './support/bypasses-round36.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  36,
  { obtaining: ROUND36_OBTAINING, writes: ROUND36_WRITES, caughtObtaining: ROUND36_CAUGHT_OBTAINING, caughtWrites: ROUND36_CAUGHT_WRITES, everyday: ROUND36_EVERYDAY },
  { reported: ROUND36_REPORTED },
);
