// One red-team round of code-purity against the points-to analysis (purity-round<N>.test.ts): each
// entry's run-time behaviour checked by the oracle at test time (a bypass or a caught attempt obtains a
// capability, an everyday body obtains nothing), then what analyzeSource() says of it.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../../src/validate/js-analysis.js';
import { analyzeSource } from '../../../src/validate/purity/index.js';
import { runLikeN8n } from './n8n-sandbox.js';

/** n8n's Node 24 (the e2e cache): entries marked node24 use built-ins Node 20 lacks, and are skipped without it. */
export const NODE24 = join(
  process.env.N8N_LOCK_E2E_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-lock-e2e'),
  'node-24.21.0-n8n-2.41.1',
  'node',
  'bin',
  'node',
);
export const hasNode24 = existsSync(NODE24);

export interface RoundEntry {
  id: string;
  code: string;
  mode?: 'runOnceForAllItems' | 'runOnceForEachItem';
  node24?: true;
  /** Another task's code that the runner ran before this one (RunLikeN8nOptions.earlierTask). */
  earlierTask?: string;
}

export const findings = (code: string) => analyzeSource(code).findings;
/** A generous task timeout: the runs are short, but many child processes start at once on a small machine. */
export const run = (entry: Omit<RoundEntry, 'id'>, items?: object[]) =>
  runLikeN8n(entry.code, { timeoutMs: 8000, ...(entry.mode ? { mode: entry.mode } : {}), ...(entry.node24 ? { node: NODE24 } : {}), ...(entry.earlierTask ? { earlierTask: entry.earlierTask } : {}), ...(items ? { items } : {}) });
export const TIMEOUT = 60_000;

export async function expectObtains(entry: RoundEntry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained.length, JSON.stringify(verdict)).toBeGreaterThan(0);
}

export async function expectObtainsNothing(entry: RoundEntry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.obtained, JSON.stringify(verdict)).toEqual([]);
  expect(verdict.error).toBeUndefined();
}

/**
 * The round's four lists: bypasses and caught attempts must obtain a capability and be reported;
 * everyday bodies (the red team's false positives, minus `reportedOnPurpose`, which the round's own
 * file tests, and its pure bodies) must obtain nothing and be proven pure.
 */
export function describeRound(
  round: number,
  lists: { bypasses: RoundEntry[]; caught: RoundEntry[]; falsePositives: RoundEntry[]; pure: RoundEntry[] },
  { minAttempts, reportedOnPurpose = new Set() }: { minAttempts: number; reportedOnPurpose?: ReadonlySet<string> },
): void {
  describe(`round ${round}: the entries are what they say`, () => {
    it('has distinct ids, as many attempts as the round made, and every entry reported on purpose is one of its false positives', () => {
      const all = [...lists.bypasses, ...lists.caught, ...lists.falsePositives, ...lists.pure];
      expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
      expect(lists.bypasses.length + lists.caught.length).toBeGreaterThanOrEqual(minAttempts);
      const fps = new Set(lists.falsePositives.map((f) => f.id));
      for (const id of reportedOnPurpose) expect(fps.has(id), id).toBe(true);
    });
  });
  for (const [name, entries] of [['bypasses (each passed the analysis when it was written)', lists.bypasses], ['attempts the analysis stopped', lists.caught]] as const) {
    describe.concurrent(`round ${round} ${name}`, () => {
      it.each(entries.map((b) => [b.id, b] as const))('%s obtains a capability', (_id, b) => expectObtains(b), TIMEOUT);
      it.each(entries.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
        expect(findings(code).length).toBeGreaterThan(0);
      });
    });
  }
  const everyday = [...lists.falsePositives, ...lists.pure];
  describe.concurrent(`round ${round} everyday bodies (the red team's false positives and pure bodies)`, () => {
    it.each(everyday.map((f) => [f.id, f] as const))('%s obtains nothing', (_id, f) => expectObtainsNothing(f), TIMEOUT);
    const proven = everyday.filter((f) => !reportedOnPurpose.has(f.id));
    it.each(proven.map((f) => [f.id, f.code] as const))('%s is proven pure', (_id, code) => {
      expect(findings(code).map((f) => `${f.what} ${f.use}`)).toEqual([]);
    }, TIMEOUT);
  });
}

/**
 * A round of bypasses only (22 on, written while the points-to analysis was, or was about to be, the rule):
 * each entry obtains a capability in the oracle, the shipped rule reports it, and the points-to analysis
 * misses exactly `missedByPointsTo` (25 on, open work for the switch; none before): a ratchet, so a fix that
 * reports one fails until the entry leaves the list, and a change that loses one fails too.
 */
export function describeBypassRound(round: number, bypasses: RoundEntry[], missedByPointsTo: readonly string[] = []): void {
  describe(`round ${round}: every bypass really obtains a capability`, () => {
    it.concurrent.each(bypasses.map((e) => [e.id, e] as const))('%s obtains in the oracle', async (_id, entry) => {
      await expectObtains(entry);
    }, TIMEOUT);
  });
  describe(`round ${round}: the shipped rule reports every one`, () => {
    it.each(bypasses.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
      expect(analyzeJavaScript(code).filter((p) => p.kind !== 'nondeterministic').length).toBeGreaterThan(0);
    });
  });
  it(`round ${round}: the points-to analysis misses exactly the open entries`, () => {
    expect(bypasses.filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([...missedByPointsTo]);
  }, TIMEOUT);
}

/** An entry whose effect is a change every later task sees, shown in the result (`wrote: true`), or a read of Node's Buffer pool (`poolBytes` past `own`). */
export interface ChangeEntry extends RoundEntry {
  evidence?: 'wrote' | 'pool';
}

/** The oracle shows the entry's change: its result says `wrote: true` (in one item of each-item mode), or the pool was read. */
export async function expectChangeShows(entry: ChangeEntry): Promise<void> {
  if (entry.node24 && !hasNode24) return;
  const verdict = await run(entry);
  expect(verdict.error, JSON.stringify(verdict)).toBeUndefined();
  if (entry.evidence === 'pool') {
    const [{ json }] = verdict.result as Array<{ json: { poolBytes: number; own: number } }>;
    expect(json.poolBytes).toBeGreaterThan(json.own);
  } else expect(verdict.result, JSON.stringify(verdict)).toEqual(expect.arrayContaining([expect.objectContaining({ json: expect.objectContaining({ wrote: true }) })]));
}

/** A round's entries whose effect is a change (29 on): each shows in the oracle. */
export function describeChanges(title: string, entries: ChangeEntry[]): void {
  describe(title, () => {
    it.concurrent.each(entries.map((e) => [e.id, e] as const))('%s: the change shows in the oracle', async (_id, entry) => {
      await expectChangeShows(entry);
    }, TIMEOUT);
  });
}

/**
 * The analyses on a round's bypasses (29 on): the points-to analysis reports every one, and the shipped value
 * flow misses exactly the listed ones (or reports exactly them, whichever list is shorter), a ratchet both ways.
 */
export function describeVerdicts(round: number, entries: RoundEntry[], valueFlow: { missed: readonly string[] } | { reported: readonly string[] }): void {
  describe(`round ${round}: what each analysis says`, () => {
    it('the points-to analysis reports every one', () => {
      expect(entries.filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
    }, TIMEOUT);
    it(`the shipped value flow ${'missed' in valueFlow ? 'misses' : 'reports'} exactly the listed ones`, () => {
      const reports = (e: RoundEntry) => analyzeJavaScript(e.code).filter((p) => p.kind !== 'nondeterministic').length > 0;
      if ('missed' in valueFlow) expect(entries.filter((e) => !reports(e)).map((e) => e.id)).toEqual([...valueFlow.missed]);
      else expect(entries.filter(reports).map((e) => e.id)).toEqual([...valueFlow.reported]);
    }, TIMEOUT);
  });
}

/** A round's everyday bodies (29 on): each obtains nothing in the oracle, and all but `reported` are proven pure. */
export function describeEveryday(round: number, everyday: RoundEntry[], reported: readonly string[]): void {
  describe(`round ${round}: everyday bodies`, () => {
    it.concurrent.each(everyday.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, entry) => {
      await expectObtainsNothing(entry);
    }, TIMEOUT);
    it('are proven pure, but the listed ones', () => {
      expect(everyday.filter((e) => findings(e.code).length > 0).map((e) => e.id).sort()).toEqual([...reported].sort());
    }, TIMEOUT);
  });
}

/**
 * A round from 32 on: each bypass and caught attempt obtains a capability (`obtaining`) or writes onto state every later
 * task shares (`writes`, shown in the oracle) at test time; the points-to analysis reports every bypass but exactly
 * `notReported` (in the lists' order) and every caught attempt; the everyday bodies obtain nothing, and all but
 * `reported` are proven pure.
 */
export function describeOracleRound(
  round: number,
  lists: { obtaining: RoundEntry[]; writes: ChangeEntry[]; caughtObtaining: RoundEntry[]; caughtWrites: ChangeEntry[]; everyday: RoundEntry[] },
  { notReported = [], reported = [] }: { notReported?: readonly string[]; reported?: readonly string[] } = {},
): void {
  // A round whose every case writes (37) has none that obtains, and the other way round: a describe without tests fails.
  const obtaining = [...lists.obtaining, ...lists.caughtObtaining];
  if (obtaining.length > 0) {
    describe(`round ${round}: each bypass and caught attempt that obtains a capability obtains it in the oracle`, () => {
      it.concurrent.each(obtaining.map((e) => [e.id, e] as const))('%s obtains', async (_id, entry) => {
        await expectObtains(entry);
      }, TIMEOUT);
    });
  }
  const writes = [...lists.writes, ...lists.caughtWrites];
  if (writes.length > 0) describeChanges(`round ${round}: each write lands on state every later task shares`, writes);
  describe(`round ${round}: what the points-to analysis says`, () => {
    it('reports every bypass but the listed ones', () => {
      expect([...lists.obtaining, ...lists.writes].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([...notReported]);
    }, TIMEOUT);
    it('reports every caught attempt', () => {
      expect([...lists.caughtObtaining, ...lists.caughtWrites].filter((e) => findings(e.code).length === 0).map((e) => e.id)).toEqual([]);
    }, TIMEOUT);
  });
  describeEveryday(round, lists.everyday, reported);
}
