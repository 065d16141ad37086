// Round 33 of the code-purity red team (support/bypasses-round33.ts): each bypass writes into Node's timer lists in the
// oracle (a control without the trick does not), each caught attempt obtains a capability or writes onto shared state;
// the points-to analysis reports every one; the everyday bodies obtain nothing and are proven pure.
import { ROUND33_CAUGHT_OBTAINING, ROUND33_CAUGHT_WRITES, ROUND33_EVERYDAY, ROUND33_WRITES } from './support/bypasses-round33.js';
import { describeOracleRound } from './support/red-team-round.js';

describeOracleRound(33, { obtaining: [], writes: ROUND33_WRITES, caughtObtaining: ROUND33_CAUGHT_OBTAINING, caughtWrites: ROUND33_CAUGHT_WRITES, everyday: ROUND33_EVERYDAY });
