// Round 24 of the code-purity red team (support/bypasses-round24.ts): 13 bodies that obtain a capability at
// run time, which the points-to analysis did not report after round 23's fixes. The shipped rule (the value
// flow) reports each; the points-to analysis does now: `yield*` hands what the generator is resumed with on
// to the inner iterator's next, throw and return (syntax.ts delegated), and n8n's accessors give items'
// elements, whatever the code stored there (n8n-model.ts accessor:call).
import { ROUND24_BYPASSES } from './support/bypasses-round24.js';
import { describeBypassRound } from './support/red-team-round.js';

describeBypassRound(24, ROUND24_BYPASSES);
