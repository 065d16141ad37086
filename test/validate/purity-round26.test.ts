// Round 26 of the code-purity red team (support/bypasses-round26.ts): every bypass obtains a capability in
// the oracle, and both the shipped rule and the points-to analysis report every one (the points-to analysis
// since every getter and setter of the code's runs with each receiver once a pass, and the unsummarized rule
// stores what it reaches).
import { ROUND26_BYPASSES } from './support/bypasses-round26.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(26, ROUND26_BYPASSES);
