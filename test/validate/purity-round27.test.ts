// Round 27 of the code-purity red team (support/bypasses-round27.ts): every bypass obtains a capability in the
// oracle, and both the shipped rule and the points-to analysis report every one (the points-to analysis since
// ToObject boxes a primitive with its prototype, the value flow since a compile it spared is reported in a body
// with no other finding).
import { ROUND27_BYPASSES } from './support/bypasses-round27.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(27, ROUND27_BYPASSES);
