// Round 29 of the code-purity red team (support/bypasses-round29.ts). Eleven bodies obtain the runner
// process's global object, its process or its env through FormData's forEach, three the global object through
// the engine's error in a rejection handler, and the oracle names it; the others change a function of the
// runner realm that a fresh runner-made value then shows (`wrote`), or read Node's Buffer pool. The points-to
// analysis reports every one; the shipped value flow misses the ones listed. The round's everyday bodies obtain
// nothing and are proven pure, but the two FormData.forEach ones kept on purpose (its callbacks may be handed
// the runner's global object).
import { describe, it } from 'vitest';
import { ROUND29_ENGINE_ERRORS, ROUND29_EVERYDAY, ROUND29_MISSED_BY_VALUE_FLOW, ROUND29_OBTAINING, ROUND29_REPORTED_ON_PURPOSE, ROUND29_WRITES } from './support/bypasses-round29.js';
import { describeChanges, describeEveryday, describeVerdicts, expectObtains, TIMEOUT } from './support/red-team-round.js';

describe("round 29: the FormData.forEach bodies obtain the runner's global object, process or env, and the engine-error ones the global object", () => {
  it.concurrent.each([...ROUND29_OBTAINING, ...ROUND29_ENGINE_ERRORS].map((e) => [e.id, e] as const))('%s obtains in the oracle', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describeChanges('round 29: the others change a function of the runner realm every later task shares, or read the Buffer pool', ROUND29_WRITES);

describeVerdicts(29, [...ROUND29_OBTAINING, ...ROUND29_ENGINE_ERRORS, ...ROUND29_WRITES], { missed: ROUND29_MISSED_BY_VALUE_FLOW });
describeEveryday(29, ROUND29_EVERYDAY, ROUND29_REPORTED_ON_PURPOSE);
