// Round 31 of the code-purity red team (support/bypasses-round31.ts): every body writes onto state luxon or Node's
// timers keep for every later task, shown by reading the change back through a fresh value in the same run; the
// points-to analysis reports every one. The round's everyday bodies obtain nothing; all but the listed ones are
// proven pure.
import { ROUND31_EVERYDAY, ROUND31_REPORTED, ROUND31_REPORTED_BY_VALUE_FLOW, ROUND31_WRITES } from './support/bypasses-round31.js';
import { describeChanges, describeEveryday, describeVerdicts } from './support/red-team-round.js';

describeChanges('round 31: each write lands on state every later task shares', ROUND31_WRITES);

describeVerdicts(31, ROUND31_WRITES, { reported: ROUND31_REPORTED_BY_VALUE_FLOW });
describeEveryday(31, ROUND31_EVERYDAY, ROUND31_REPORTED);
