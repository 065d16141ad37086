// The rate-limit primitives under interleaving and adversarial timing: runs the GENERATED graphs
// (templates/rate_limit_check.json, rate_limit_sliding.json) call by call on the virtual clock and
// the Redis model, and measures the most calls allowed in any window-long interval (the sliding
// definition a user means by "at most N per window").
import { readFileSync } from 'node:fs';
import { Clock, Execution, RedisModel } from './executor.js';
import { prng } from './explore.js';

export type Algorithm = 'fixed' | 'sliding';

const TEMPLATE: Record<Algorithm, string> = { fixed: 'rate_limit_check', sliding: 'rate_limit_sliding' };
const templates = new Map<Algorithm, any>();
const template = (algorithm: Algorithm) => {
  if (!templates.has(algorithm)) templates.set(algorithm, JSON.parse(readFileSync(new URL(`../../templates/${TEMPLATE[algorithm]}.json`, import.meta.url), 'utf8')));
  return templates.get(algorithm);
};

export interface RateLimitRun {
  /** Offsets (ms from the start of window 0) of the calls that were allowed. */
  allowedAt: number[];
  calls: number;
  /** The most allowed calls inside any interval of one window's length. */
  maxInAnyWindow: number;
}

/** Most timestamps inside any half-open interval [t, t + windowMs). */
export function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/**
 * Runs one call per arrival offset (ms after the start of window 0). Calls arriving at the same
 * instant are interleaved node by node in an order drawn from `seed` (each call's nodes run at its
 * arrival time: n8n takes milliseconds, windows are seconds).
 */
export function runArrivals(algorithm: Algorithm, arrivals: number[], options: { limit: number; windowSeconds: number; seed?: number }): RateLimitRun {
  const clock = new Clock();
  const start = Math.ceil(clock.now / (options.windowSeconds * 1000)) * options.windowSeconds * 1000; // a window edge
  const redis = new RedisModel(clock);
  const random = prng(options.seed ?? 1);
  const allowedAt: number[] = [];
  const byInstant = new Map<number, number[]>();
  for (const at of arrivals) byInstant.set(at, [...(byInstant.get(at) ?? []), at]);
  let n = 0;
  for (const at of [...byInstant.keys()].sort((a, b) => a - b)) {
    clock.now = start + at;
    const runs = byInstant.get(at)!.map(() => new Execution(template(algorithm), `C${++n}`, `c${n}`, [{ json: { scope: 'api', limit: options.limit, windowSeconds: options.windowSeconds } }], redis, clock));
    while (runs.some((r) => r.status === 'running')) {
      const open = runs.filter((r) => r.status === 'running');
      open[Math.floor(random() * open.length)].step();
    }
    for (const r of runs) {
      if (r.status !== 'done') throw new Error(`${algorithm}: a call failed: ${r.error}`);
      if (r.output[0].json.allowed === true) allowedAt.push(at);
    }
  }
  return { allowedAt, calls: arrivals.length, maxInAnyWindow: maxInAnyWindow(allowedAt, options.windowSeconds * 1000) };
}

/** `count` calls at `at` ms. */
const burst = (at: number, count: number) => Array.from({ length: count }, () => at);

/** The e2e's and the case: a burst just before a window edge and one just after. */
export function edgeBurst(algorithm: Algorithm, limit: number, windowSeconds: number, perBurst = 12): RateLimitRun {
  const edge = windowSeconds * 1000;
  return runArrivals(algorithm, [...burst(edge - 100, perBurst), ...burst(edge + 100, perBurst)], { limit, windowSeconds });
}

/**
 * The sliding counter's known weakness: it assumes the previous window's calls were spread
 * evenly. A burst at the very end of one window, then steady calls through the next: each steady
 * call is allowed once the previous window's weight has decayed enough, so the real count in the
 * window ending at the last of them approaches 2 x limit.
 */
export function burstThenSteady(algorithm: Algorithm, limit: number, windowSeconds: number, steadyEveryMs: number): RateLimitRun {
  const w = windowSeconds * 1000;
  const steady: number[] = [];
  for (let t = w + steadyEveryMs; t < 2 * w; t += steadyEveryMs) steady.push(t);
  return runArrivals(algorithm, [...burst(w - 1, limit), ...steady], { limit, windowSeconds });
}

/** Random arrivals over three windows, interleaved at random: the worst max-in-any-window seen. */
export function randomArrivals(algorithm: Algorithm, schedules: number, options: { limit: number; windowSeconds: number; calls: number; seed?: number }): { worst: number; mean: number } {
  let worst = 0;
  let total = 0;
  for (let s = 0; s < schedules; s++) {
    const random = prng((options.seed ?? 1) + s * 7919);
    // Arrivals in 100 ms steps, so several calls often share an instant (and get interleaved).
    const arrivals = Array.from({ length: options.calls }, () => Math.floor(random() * options.windowSeconds * 30) * 100);
    const run = runArrivals(algorithm, arrivals, { limit: options.limit, windowSeconds: options.windowSeconds, seed: s + 1 });
    worst = Math.max(worst, run.maxInAnyWindow);
    total += run.maxInAnyWindow;
  }
  return { worst, mean: total / schedules };
}
