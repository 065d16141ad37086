// Round 32 of the code-purity red team (support/bypasses-round32.ts): each bypass and caught attempt obtains a capability
// or writes onto shared state in the oracle; the points-to analysis reports every one but the 5 that hand n8n only a
// function (round 19's ruling: n8n drops a function when it serializes the items), and every caught attempt; the everyday
// bodies obtain nothing, and all but the listed ones are proven pure.
import { ROUND32_CAUGHT_OBTAINING, ROUND32_CAUGHT_WRITES, ROUND32_EVERYDAY, ROUND32_HANDS_N8N_A_FUNCTION, ROUND32_OBTAINING, ROUND32_REPORTED, ROUND32_WRITES } from './support/bypasses-round32.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(
  32,
  { obtaining: ROUND32_OBTAINING, writes: ROUND32_WRITES, caughtObtaining: ROUND32_CAUGHT_OBTAINING, caughtWrites: ROUND32_CAUGHT_WRITES, everyday: ROUND32_EVERYDAY },
  { notReported: ROUND32_HANDS_N8N_A_FUNCTION, reported: ROUND32_REPORTED },
);
