// Round 28 of the code-purity red team (support/bypasses-round28.ts): every bypass obtains a capability in the
// oracle, and both the shipped rule and the points-to analysis report every one (the points-to analysis since
// for-in's keys include inherited enumerable ones, a string's keys are its indexes, and any store at a known key
// unsettles a path through it). Everyday for-in over data and strings stays proven pure.
import { describe, expect, it } from 'vitest';
import { ROUND28_BYPASSES } from './support/bypasses-round28.js';
import { describeBypassRound, expectObtainsNothing, findings, TIMEOUT } from './support/red-team-round.js';

describeBypassRound(28, ROUND28_BYPASSES);

describe('round 28: everyday for-in and Object.keys stay proven pure', () => {
  const everyday = [
    { id: 'copy-json', code: 'const out = {}; for (const k in $json) out[k] = $json[k]; return [{json: out}];' },
    { id: 'double-own', code: 'const h = { o: { a: 1, b: 2 } }; const r = {}; for (const k in h.o) r[k] = h.o[k] * 2; return [{json: r}];' },
    { id: 'string-indexes', code: "const s = String($json.name); const seen = {}; for (const i in s) seen[s[i]] = (seen[s[i]] || 0) + 1; return [{json: { seen, n: Object.keys(s).length }}];" },
  ];
  it.each(everyday.map((e) => [e.id, e] as const))('%s obtains nothing and is proven pure', async (_id, entry) => {
    await expectObtainsNothing(entry);
    expect(findings(entry.code)).toEqual([]);
  }, TIMEOUT);
});
