// Round 33 of the code-purity red team (support/bypasses-round33.ts): each bypass writes into Node's timer lists in the
// oracle (a control without the trick does not), each caught attempt obtains a capability or writes onto shared state;
// the points-to analysis reports every one; the everyday bodies obtain nothing and are proven pure.
import { describe, expect, it } from 'vitest';
import { ROUND33_CAUGHT_OBTAINING, ROUND33_CAUGHT_WRITES, ROUND33_EVERYDAY, ROUND33_WRITES } from './support/bypasses-round33.js';
import { describeChanges, describeEveryday, expectObtains, findings, TIMEOUT } from './support/red-team-round.js';

describeChanges("round 33: each write lands in the timer lists every later task's timers join", [...ROUND33_WRITES, ...ROUND33_CAUGHT_WRITES]);
describe('round 33: each caught attempt that obtains a capability obtains it in the oracle', () => {
  it.concurrent.each(ROUND33_CAUGHT_OBTAINING.map((e) => [e.id, e] as const))('%s obtains', async (_id, entry) => {
    await expectObtains(entry);
  }, TIMEOUT);
});

describe('round 33: what the points-to analysis says', () => {
  it('reports every bypass and every caught attempt', () => {
    expect([...ROUND33_WRITES, ...ROUND33_CAUGHT_OBTAINING, ...ROUND33_CAUGHT_WRITES].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
  }, TIMEOUT);
});

describeEveryday(33, ROUND33_EVERYDAY, []);
