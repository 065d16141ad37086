// Round 35 of the code-purity red team (support/bypasses-round35.ts): each bypass obtains another task's $env through
// util.inspect or writes into util.inspect's shared settings in the oracle (a control without the write does not), each
// caught attempt obtains a capability or writes onto shared state; the points-to analysis reports every one; the everyday
// bodies obtain nothing, and all but the listed ones are proven pure.
import { ROUND35_CAUGHT_OBTAINING, ROUND35_CAUGHT_WRITES, ROUND35_EVERYDAY, ROUND35_OBTAINING, ROUND35_REPORTED, ROUND35_WRITES } from './support/bypasses-round35.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  35,
  { obtaining: ROUND35_OBTAINING, writes: ROUND35_WRITES, caughtObtaining: ROUND35_CAUGHT_OBTAINING, caughtWrites: ROUND35_CAUGHT_WRITES, everyday: ROUND35_EVERYDAY },
  { reported: ROUND35_REPORTED },
);
