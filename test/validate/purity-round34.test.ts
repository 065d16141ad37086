// Round 34 of the code-purity red team (support/bypasses-round34.ts): each bypass writes onto state every later task shares
// in the oracle (a control without the trick does not), each caught attempt obtains a capability or writes onto shared
// state; the points-to analysis reports every one; the everyday bodies obtain nothing, and all but the listed one are
// proven pure.
import { describe, expect, it } from 'vitest';
import { ROUND34_CAUGHT_OBTAINING, ROUND34_CAUGHT_WRITES, ROUND34_EVERYDAY, ROUND34_REPORTED, ROUND34_WRITES } from './support/bypasses-round34.js';
import { describeChanges, describeEveryday, expectObtains, findings, TIMEOUT } from './support/red-team-round.js';

describeChanges('round 34: each write lands on state every later task shares', [...ROUND34_WRITES, ...ROUND34_CAUGHT_WRITES]);
describe('round 34: each caught attempt that obtains a capability obtains it in the oracle', () => {
  it.concurrent.each(ROUND34_CAUGHT_OBTAINING.map((e) => [e.id, e] as const))('%s obtains', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describe('round 34: what the points-to analysis says', () => {
  it('reports every bypass and every caught attempt', () => {
    expect([...ROUND34_WRITES, ...ROUND34_CAUGHT_OBTAINING, ...ROUND34_CAUGHT_WRITES].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);
});

describeEveryday(34, ROUND34_EVERYDAY, ROUND34_REPORTED);
