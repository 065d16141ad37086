// Round 23 of the code-purity red team (support/bypasses-round23.ts): 95 bodies that obtain a capability at
// run time, which the points-to analysis did not report after round 22's fixes. The shipped rule (the value
// flow) reports each; the points-to analysis does now: call, apply and bind hand on a receiver that may be
// undefined, as do the built-ins that take a thisArg; bound arguments keep their places; and call or apply
// under a conversion key counts as a member the engine calls on its holder (analysis.ts protocolsHeld).
import { ROUND23_BYPASSES } from './support/bypasses-round23.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(23, ROUND23_BYPASSES);
