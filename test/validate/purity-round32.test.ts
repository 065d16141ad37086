// Round 32 of the code-purity red team (support/bypasses-round32.ts): each bypass and caught attempt obtains a capability
// or writes onto shared state in the oracle; the points-to analysis reports every one but the 5 that hand n8n only a
// function (round 19's ruling: n8n drops a function when it serializes the items), and every caught attempt; the everyday
// bodies obtain nothing, and all but the listed ones are proven pure.
import { describe, expect, it } from 'vitest';
import { ROUND32_CAUGHT_OBTAINING, ROUND32_CAUGHT_WRITES, ROUND32_EVERYDAY, ROUND32_HANDS_N8N_A_FUNCTION, ROUND32_OBTAINING, ROUND32_REPORTED, ROUND32_WRITES } from './support/bypasses-round32.js';
import { describeChanges, describeEveryday, expectObtains, findings, TIMEOUT } from './support/red-team-round.js';

describe('round 32: each bypass and caught attempt obtains a capability in the oracle', () => {
  it.concurrent.each([...ROUND32_OBTAINING, ...ROUND32_CAUGHT_OBTAINING].map((e) => [e.id, e] as const))('%s obtains', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});
describeChanges('round 32: each write lands on state every later task shares', [...ROUND32_WRITES, ...ROUND32_CAUGHT_WRITES]);

describe('round 32: what the points-to analysis says', () => {
  it('reports every bypass but those that hand n8n only a function', () => {
    expect([...ROUND32_OBTAINING, ...ROUND32_WRITES].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual(ROUND32_HANDS_N8N_A_FUNCTION);
  }, TIMEOUT);
  it('reports every caught attempt', () => {
    expect([...ROUND32_CAUGHT_OBTAINING, ...ROUND32_CAUGHT_WRITES].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);
});

describeEveryday(32, ROUND32_EVERYDAY, ROUND32_REPORTED);
