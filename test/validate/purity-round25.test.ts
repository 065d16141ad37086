// Round 25 of the code-purity red team (support/bypasses-round25.ts): every bypass obtains a capability in
// the oracle, the shipped rule reports every one, and the points-to analysis misses exactly FormData's
// entry list on Node 20 (its entries sit under an own symbol key the code can push into; Node 24's
// FormData, n8n 2.41's, keeps them private): get, getAll, and since forEach's summary says what undici does
// (2026-12-03), what forEach hands its callback.
import { ROUND25_BYPASSES } from './support/bypasses-round25.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(25, ROUND25_BYPASSES, ['fd-state-n20', 'fd-state-req-n20', 'fd-state-foreach-n20']);
