// Round 30 of the code-purity red team (support/bypasses-round30.ts): every body writes onto an object of luxon's
// that every later task of the runner shares, shown by reading the change back through a fresh value in the same
// run; the points-to analysis reports every one. The round's everyday bodies obtain nothing; all but the listed
// ones are proven pure.
import { ROUND30_EVERYDAY, ROUND30_MISSED_BY_VALUE_FLOW, ROUND30_REPORTED, ROUND30_WRITES } from './support/bypasses-round30.js';
import { describeChanges, describeEveryday, describeVerdicts } from './support/red-team-round.js';

describeChanges('round 30: each write lands on an object luxon keeps for every task', ROUND30_WRITES);

describeVerdicts(30, ROUND30_WRITES, { missed: ROUND30_MISSED_BY_VALUE_FLOW });
describeEveryday(30, ROUND30_EVERYDAY, ROUND30_REPORTED);
