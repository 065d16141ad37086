// Round 22 of the code-purity red team (support/bypasses-round22.ts): 73 bodies that obtain a capability
// at run time, which the points-to analysis (src/validate/purity) did not report when they were written.
// The shipped rule, the value flow, reports each. The points-to analysis does now: Array.fromAsync is
// summarized as async iteration with every value awaited, the Iterator helpers close their receiver, and
// every object whose chain holds a function the code put under a key the engine calls implicitly is
// converted, iterated and awaited once a pass (analysis.ts implicitProtocols).
import { ROUND22_BYPASSES } from './support/bypasses-round22.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(22, ROUND22_BYPASSES);
