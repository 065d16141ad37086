// The capacity scripts under the model checker (capacity.ts runs the shipped Lua): no violation over
// seeded random schedules, and each property shown to bite: a script broken on purpose is caught.
import { describe, expect, it } from 'vitest';
import { ACQUIRE_SCRIPT } from 'n8n-lock-protocol/native-lock';
import { SEMAPHORE_ACQUIRE_SCRIPT } from 'n8n-lock-protocol/semaphore';
import { SLIDING_LOG_SCRIPT, TOKEN_BUCKET_SCRIPT, FIXED_WINDOW_SCRIPT, RATE_LIMIT_ALGORITHMS } from 'n8n-lock-protocol/rate-limit';
import { adversarialArrivals, runLocks, runRateLimit } from './capacity.js';

const SCHEDULES = 60;
const semaphore = { callers: 8, maxHolders: 3, ttlMs: 3000, holdMs: [100, 1500] as [number, number], crashRate: 0.2, overstayRate: 0.1, pollMs: 500, maxWaitMs: 60_000, arrivalSpreadMs: 2000 };
const multiScope = { callers: 8, maxHolders: 1, scopeSets: [['a', 'b', 'c'], ['c', 'b', 'a'], ['b', 'd'], ['d', 'a'], ['c']], ttlMs: 3000, holdMs: [100, 800] as [number, number], crashRate: 0, pollMs: 500, maxWaitMs: 60_000, arrivalSpreadMs: 1000 };

describe('semaphore (Max Holders 3), crashes and holders past their TTL', () => {
  it(`${SCHEDULES} schedules: never more than 3 live holds, fences grow; 3 reached`, () => {
    let reached = 0;
    for (let seed = 1; seed <= SCHEDULES; seed++) {
      const run = runLocks({ ...semaphore, seed });
      expect(run.violations, `seed ${seed}`).toEqual([]);
      reached = Math.max(reached, run.maxSeen);
    }
    expect(reached).toBe(3);
  });

  it('caught: a script that admits while count equals max', () => {
    const broken = SEMAPHORE_ACQUIRE_SCRIPT.replace("if count >= tonumber(ARGV[2])", "if count > tonumber(ARGV[2])");
    expect(broken).not.toBe(SEMAPHORE_ACQUIRE_SCRIPT);
    const found = Array.from({ length: 20 }, (_, i) => runLocks({ ...semaphore, seed: i + 1 }, { semaphoreAcquire: broken }).violations).flat();
    expect(found.some((v) => /live holds of res .*\(max 3\)/.test(v))).toBe(true);
  });
});

describe('every item\'s scope at once (overlapping sets, named in opposite orders)', () => {
  it(`${SCHEDULES} schedules: no scope held twice, nobody times out (no deadlock)`, () => {
    for (let seed = 1; seed <= SCHEDULES; seed++) expect(runLocks({ ...multiScope, seed }).violations, `seed ${seed}`).toEqual([]);
  });

  it('caught: a script that checks only the first scope before taking all', () => {
    const broken = ACQUIRE_SCRIPT.replace('for i = 0, scopes - 1 do\n  if redis.call', 'for i = 0, 0 do\n  if redis.call');
    expect(broken).not.toBe(ACQUIRE_SCRIPT);
    const found = Array.from({ length: 20 }, (_, i) => runLocks({ ...multiScope, seed: i + 1 }, { acquire: broken }).violations).flat();
    expect(found.some((v) => /live holds of [abcd]/.test(v))).toBe(true);
  });
});

describe('rate limits: bursts at window edges and random arrivals, some waiting', () => {
  const limits = { limit: 5, windowUs: 2_000_000, ratePerSecond: 2.5 };
  it.each(RATE_LIMIT_ALGORITHMS)(`%s: ${SCHEDULES} schedules within the bound and in arrival order`, (algorithm) => {
    for (let seed = 1; seed <= SCHEDULES; seed++) {
      const run = runRateLimit(algorithm, { seed, ...limits, ...adversarialArrivals(seed, limits.windowUs, 40) });
      expect(run.violations, `seed ${seed}`).toEqual([]);
    }
  });

  it('sliding-log is exact: 12 calls just before an edge and 12 just after allow exactly the limit in any window', () => {
    const arrivalsUs = [...Array.from({ length: 12 }, (_, i) => 1_990_000 + i), ...Array.from({ length: 12 }, (_, i) => 2_000_000 + i)];
    const run = runRateLimit('sliding-log', { seed: 1, ...limits, arrivalsUs, maxWaitUs: () => 0 });
    expect([run.maxSeen, run.allowed, run.violations]).toEqual([5, 5, []]);
    // the fixed window lets twice the limit through across the edge, as documented
    expect(runRateLimit('fixed', { seed: 1, ...limits, arrivalsUs, maxWaitUs: () => 0 }).allowed).toBe(10);
  });

  it.each([
    ['sliding-log', SLIDING_LOG_SCRIPT, 'count - limit + cost - 1, count - limit + cost - 1', 'count - limit + cost - 2, count - limit + cost - 2'],
    ['token-bucket', TOKEN_BUCKET_SCRIPT, 'math.min(burst, tokens', 'math.min(burst + 1, tokens'],
    ['fixed', FIXED_WINDOW_SCRIPT, ') + cost > limit do', ') + cost > limit + 1 do'],
  ] as const)('caught: %s with an off-by-one', (algorithm, script, from, to) => {
    const broken = script.replace(from, to);
    expect(broken).not.toBe(script);
    const found = Array.from({ length: 20 }, (_, i) => runRateLimit(algorithm, { seed: i + 1, ...limits, ...adversarialArrivals(i + 1, limits.windowUs, 40) }, { rateLimit: { [algorithm]: broken } }).violations).flat();
    expect(found.length).toBeGreaterThan(0);
  });
});
