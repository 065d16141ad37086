// `npm run model-check -- --schedules N [--seed S] [--callers K]`: longer random explorations of the
// generated lock primitives and of the native engine, alone and mixed on one scope (test/model), of
// the capacity and rate-limit scripts and of the durable-queue scripts,
// with crashes, expiry and slow holders; prints schedules,
// states, violations per property and how often the documented races occur.
import { readFileSync } from 'node:fs';
import { exhaustive, randomRun } from '../test/model/explore.js';
import { burstThenSteady, edgeBurst, randomArrivals } from '../test/model/rate-limit.js';
import type { Scenario } from '../test/model/world.js';
import { adversarialArrivals, runLocks, runRateLimit } from '../test/model/capacity.js';
import { RATE_LIMIT_ALGORITHMS } from 'n8n-lock-protocol/rate-limit';
import { QUEUE_SCENARIO, runQueue } from '../test/model/queue.js';

// lock_release as shipped before it stopped deleting when the sidecar is absent: the "before".
const earlierRelease = JSON.parse(readFileSync(new URL('../test/model/fixtures/lock-release-deletes-counter-when-sidecar-absent.json', import.meta.url), 'utf8'));

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const schedules = arg('schedules', 2000);
const seed = arg('seed', 1);
const callers = arg('callers', 5);

const scenarios: Array<{ label: string; scenario: Scenario; crashRate: number }> = [
  { label: 'contention, crashes + cleanup', scenario: { callers, ttlSeconds: 4, maxWaitSeconds: 12, pollSeconds: 1, arrivalEverySeconds: 0.5, cleanupOnCrash: true }, crashRate: 0.2 },
  { label: 'crashes, no cleanup (TTL only)', scenario: { callers, ttlSeconds: 3, maxWaitSeconds: 15, pollSeconds: 1, arrivalEverySeconds: 1 }, crashRate: 0.3 },
  { label: 'holders that use up their whole TTL', scenario: { callers, ttlSeconds: 2, maxWaitSeconds: 15, pollSeconds: 1, holdSeconds: 2, arrivalEverySeconds: 1 }, crashRate: 0 },
  {
    label: 'holders that use up their whole TTL, BEFORE (release deleted the counter when the sidecar was absent)',
    scenario: { callers, ttlSeconds: 2, maxWaitSeconds: 15, pollSeconds: 1, holdSeconds: 2, arrivalEverySeconds: 1, release: earlierRelease },
    crashRate: 0,
  },
  { label: 'NATIVE engine: contention, crashes + cleanup', scenario: { callers, ttlSeconds: 4, maxWaitSeconds: 12, pollSeconds: 1, arrivalEverySeconds: 0.5, cleanupOnCrash: true, engines: ['node'] }, crashRate: 0.2 },
  { label: 'NATIVE engine: holders that use up their whole TTL', scenario: { callers, ttlSeconds: 2, maxWaitSeconds: 15, pollSeconds: 1, holdSeconds: 2, arrivalEverySeconds: 1, engines: ['node'] }, crashRate: 0 },
  { label: 'MIXED engines on one scope: contention, crashes + cleanup', scenario: { callers, ttlSeconds: 4, maxWaitSeconds: 12, pollSeconds: 1, arrivalEverySeconds: 0.5, cleanupOnCrash: true, engines: ['stock', 'node'] }, crashRate: 0.2 },
];

const started = Date.now();
console.log(`model check: ${schedules} random schedules per scenario, ${callers} callers, seed ${seed}`);
for (const { label, scenario, crashRate } of scenarios) {
  const violations = new Map<string, number>();
  const known = new Map<string, number>();
  let steps = 0;
  let firstTrace: string[] | undefined;
  for (let i = 0; i < schedules; i++) {
    const run = randomRun(scenario, seed + i, crashRate);
    steps += run.steps;
    for (const p of new Set(run.violations.map((v) => v.property))) violations.set(p, (violations.get(p) ?? 0) + 1);
    for (const p of new Set(run.known.map((k) => k.property))) {
      known.set(p, (known.get(p) ?? 0) + 1);
      if (p === 'residual-release-race' && !firstTrace) firstTrace = run.trace;
    }
  }
  console.log(`\n${label}: ${schedules} schedules, ${steps} node steps`);
  console.log(`  violations: ${violations.size === 0 ? 'none' : [...violations].map(([p, n]) => `${p} in ${n}`).join(', ')}`);
  for (const [p, n] of known) console.log(`  known ${p}: ${n} schedules (${((100 * n) / schedules).toFixed(2)}%)`);
  if (firstTrace) console.log(`  first residual-race trace (last 14 steps):\n${firstTrace.slice(-14).map((l) => `    ${l}`).join('\n')}`);
}
for (const engines of [['stock'], ['node'], ['stock', 'node']] as Array<Array<'stock' | 'node'>>) {
  const small = exhaustive({ callers: 2, ttlSeconds: 5, maxWaitSeconds: 8, pollSeconds: 1, arrivalEverySeconds: 1, cleanupOnCrash: true, engines }, true);
  console.log(`\nexhaustive, 2 callers (${engines.join(' + ')}) with crash points and cleanup: ${small.states} distinct states, complete=${small.complete}, violations ${small.violations.length}`);
}

// Rate limits: the most calls allowed in any window-long interval, limit 5 per 10 s.
console.log('\nrate limits, limit 5 per 10 s: most calls allowed in any 10 s interval');
for (const algorithm of ['fixed', 'sliding'] as const) {
  const random = randomArrivals(algorithm, schedules, { limit: 5, windowSeconds: 10, calls: 30, seed });
  const edge = edgeBurst(algorithm, 5, 10).maxInAnyWindow;
  // The adversary's best spacing of the steady calls after a burst at the end of a window.
  let adversarial = { max: 0, every: 0 };
  for (let every = 250; every <= 5000; every += 250) {
    const max = burstThenSteady(algorithm, 5, 10, every).maxInAnyWindow;
    if (max > adversarial.max) adversarial = { max, every };
  }
  console.log(
    `  ${algorithm.padEnd(7)}: random (${schedules} schedules of 30 calls over 3 windows, interleaved): worst ${random.worst}, mean ${random.mean.toFixed(2)}; ` +
      `12 + 12 calls around a window edge: ${edge}; burst of 5 at the end of a window, then a call every ${adversarial.every} ms: ${adversarial.max}`,
  );
}

// Capacity control: the shipped Lua scripts run in a Lua VM against the Redis model (test/model/capacity.ts).
console.log('\ncapacity (the shipped Lua scripts, run in a Lua VM on the virtual clock)');
const capacityRuns: Array<{ label: string; run: (seed: number) => { violations: string[]; maxSeen: number; evals: number } }> = [
  { label: 'semaphore, Max Holders 3, 8 callers, crashes + holders past their TTL', run: (s) => runLocks({ seed: s, callers: 8, maxHolders: 3, ttlMs: 3000, holdMs: [100, 1500], crashRate: 0.2, overstayRate: 0.1, pollMs: 500, maxWaitMs: 60_000, arrivalSpreadMs: 2000 }) },
  { label: 'multi-scope, 8 callers, overlapping sets in opposite orders', run: (s) => runLocks({ seed: s, callers: 8, maxHolders: 1, scopeSets: [['a', 'b', 'c'], ['c', 'b', 'a'], ['b', 'd'], ['d', 'a'], ['c']], ttlMs: 3000, holdMs: [100, 800], crashRate: 0, pollMs: 500, maxWaitMs: 60_000, arrivalSpreadMs: 1000 }) },
  { label: 'multi-scope with crashes (TTL frees)', run: (s) => runLocks({ seed: s, callers: 8, maxHolders: 1, scopeSets: [['a', 'b'], ['b', 'a'], ['a', 'c']], ttlMs: 2000, holdMs: [100, 800], crashRate: 0.2, pollMs: 500, maxWaitMs: 60_000, arrivalSpreadMs: 1000 }) },
  ...RATE_LIMIT_ALGORITHMS.map((algorithm) => ({
    label: `${algorithm}, limit 5 per 2 s (bucket: burst 5, 2.5/s), 40 calls at window edges and at random, half waiting`,
    run: (s: number) => runRateLimit(algorithm, { seed: s, limit: 5, windowUs: 2_000_000, ratePerSecond: 2.5, ...adversarialArrivals(s, 2_000_000, 40) }),
  })),
];
for (const { label, run } of capacityRuns) {
  let violations = 0;
  let maxSeen = 0;
  let evals = 0;
  let first: string | undefined;
  for (let i = 0; i < schedules; i++) {
    const result = run(seed + i);
    if (result.violations.length) {
      violations++;
      first ??= result.violations[0];
    }
    maxSeen = Math.max(maxSeen, result.maxSeen);
    evals += result.evals;
  }
  console.log(`  ${label}: ${schedules} schedules, ${evals} script runs, violations ${violations === 0 ? 'none' : `in ${violations} (first: ${first})`}, most at once ${maxSeen}`);
}
// Durable queues: the shipped queue scripts with crashes, stalls past the lease and retries (test/model/queue.ts).
{
  const found = new Map<string, number>();
  let evals = 0;
  let maxConcurrent = 0;
  const totals = { completed: 0, dead: 0, redelivered: 0 };
  let first: string | undefined;
  for (let i = 0; i < schedules; i++) {
    const run = runQueue({ ...QUEUE_SCENARIO, seed: seed + i });
    for (const p of new Set(run.violations.map((v) => v.split(':')[0]))) found.set(p, (found.get(p) ?? 0) + 1);
    first ??= run.violations[0];
    evals += run.evals;
    maxConcurrent = Math.max(maxConcurrent, run.maxConcurrent);
    totals.completed += run.completed;
    totals.dead += run.dead;
    totals.redelivered += run.redelivered;
  }
  console.log(`\nqueue (the shipped queue scripts): ${QUEUE_SCENARIO.workers} workers, limit ${QUEUE_SCENARIO.limit}, ${QUEUE_SCENARIO.jobs} jobs per schedule, crashes, stalls past the lease, retries`);
  console.log(`  ${schedules} schedules, ${evals} script runs: violations ${found.size === 0 ? 'none' : `${[...found].map(([p, n]) => `${p} in ${n}`).join(', ')} (first: ${first})`}; most at once ${maxConcurrent}; completed ${totals.completed}, dead ${totals.dead}, redelivered ${totals.redelivered}`);
}
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
