// The model checker for capacity control: the SHIPPED Lua scripts (semaphore, multi-scope acquire,
// the three rate limits; n8n-lock-protocol) run in a Lua VM against the Redis model (lua-redis.ts)
// on a virtual clock, interleaved by a seeded scheduler: callers that arrive, wait (woken by a
// release's token, or by their poll), crash while holding (their hold ends by its TTL) or hold past
// their TTL; rate-limited calls arriving in bursts, around window edges and at random. After every
// step the properties are checked:
//   semaphore     never more than N live holds (a hold is live from its grant until its release or its
//                 TTL, whichever comes first); fences strictly grow in grant order
//   multi-scope   never two live holds of one scope; nobody times out while every holder releases
//                 (no deadlock, whatever order the scopes are named in)
//   sliding-log   at most `limit` calls in any window-long interval, at the times they run
//   token-bucket  at most burst + rate x t calls in any interval of length t
//   fixed         at most `limit` calls per clock window
//   all three     waiting calls run in the order their scripts ran (arrival order)
import { ACQUIRE_SCRIPT, nativeLockKeys, RELEASE_SCRIPT, parseAcquireReply, sidecarPrefix } from 'n8n-lock-protocol/native-lock';
import { parseSemaphoreAcquireReply, SEMAPHORE_ACQUIRE_SCRIPT, SEMAPHORE_RELEASE_SCRIPT, semaphoreKeys } from 'n8n-lock-protocol/semaphore';
import { nativeRateLimitKey, parseRateLimitReply, RATE_LIMIT_SCRIPTS, type RateLimitAlgorithm } from 'n8n-lock-protocol/rate-limit';
import { LuaRedis, VirtualClock } from './lua-redis.js';
import { prng } from './explore.js';
import { maxInAnyWindow } from './rate-limit.js';

export interface CapacityRun {
  violations: string[];
  /** The most live holds seen at once (semaphore), or the most calls in a window (rate limits). */
  maxSeen: number;
  steps: number;
  evals: number;
}

/** Scripts may be swapped for a broken one, to show the checker catches it. */
export interface Scripts {
  semaphoreAcquire?: string;
  acquire?: string;
  rateLimit?: Partial<Record<RateLimitAlgorithm, string>>;
}

interface Caller {
  name: string;
  scopes: string[];
  state: 'arriving' | 'waiting' | 'holding' | 'done' | 'crashed' | 'timed-out';
  nextAt: number;
  deadline: number;
  wake?: string;
  leaseEnds?: number;
}

const holder = (lockId: string, now: number) => sidecarPrefix({ lock_id: lockId, workflow_id: 'W', workflow_name: 'Model', execution_id: lockId, locked_at: new Date(now).toISOString() });

/**
 * Callers contending for a scope (semaphore: one scope, N permits) or for sets of scopes (mutex,
 * all at once). Each step runs the earliest due caller; callers due at the same instant run in an
 * order drawn from the seed. A release pushes a wake token that wakes one blocked waiter of that scope.
 */
export function runLocks(options: { seed: number; callers: number; maxHolders: number; scopeSets?: string[][]; ttlMs: number; holdMs: [number, number]; crashRate: number; overstayRate?: number; pollMs: number; maxWaitMs: number; arrivalSpreadMs: number }, scripts: Scripts = {}): CapacityRun {
  const random = prng(options.seed);
  const clock = new VirtualClock();
  const redis = new LuaRedis(clock);
  const start = clock.now;
  const semaphore = options.maxHolders > 1;
  const callers: Caller[] = Array.from({ length: options.callers }, (_, i) => {
    const scopes = options.scopeSets ? options.scopeSets[Math.floor(random() * options.scopeSets.length)] : ['res'];
    const arrive = start + Math.floor(random() * options.arrivalSpreadMs);
    return { name: `C${i}`, scopes, state: 'arriving', nextAt: arrive, deadline: arrive + options.maxWaitMs };
  });
  const violations: string[] = [];
  const leases = new Map<string, Array<{ caller: string; ends: number }>>();
  const lastFence = new Map<string, number>();
  let maxSeen = 0;
  let steps = 0;
  const live = (scope: string) => (leases.get(scope) ?? []).filter((lease) => lease.ends > clock.now);

  const acquire = (caller: Caller): { granted: boolean; fences: number[]; wake?: string } => {
    if (semaphore) {
      const [holders, sidecars, fence, wake] = semaphoreKeys(caller.scopes[0]);
      const reply = parseSemaphoreAcquireReply(redis.eval(scripts.semaphoreAcquire ?? SEMAPHORE_ACQUIRE_SCRIPT, [holders, sidecars, fence], [String(options.ttlMs), String(options.maxHolders), caller.name, holder(caller.name, clock.now)]));
      return reply.acquired ? { granted: true, fences: [reply.fence] } : { granted: false, fences: [], wake };
    }
    const keys = caller.scopes.map((scope) => nativeLockKeys(scope));
    const reply = parseAcquireReply(redis.eval(scripts.acquire ?? ACQUIRE_SCRIPT, keys.flatMap(([counter, sidecar, fence]) => [counter, sidecar, fence]), [String(options.ttlMs), holder(caller.name, clock.now)]));
    return reply.acquired ? { granted: true, fences: reply.fences } : { granted: false, fences: [], wake: keys[reply.heldIndex][3] };
  };
  const release = (caller: Caller) => {
    for (const scope of caller.scopes) {
      if (semaphore) {
        const [holders, sidecars, , wake] = semaphoreKeys(scope);
        redis.eval(SEMAPHORE_RELEASE_SCRIPT, [holders, sidecars, wake], [caller.name]);
      } else {
        const [counter, sidecar, , wake] = nativeLockKeys(scope);
        redis.eval(RELEASE_SCRIPT, [counter, sidecar, wake], [caller.name]);
      }
      const ended = leases.get(scope)?.find((lease) => lease.caller === caller.name && lease.ends > clock.now);
      if (ended) ended.ends = clock.now;
    }
    // BLPOP: each token wakes one waiter blocked on that list (the others sleep on).
    for (const waiter of callers.filter((c) => c.state === 'waiting' && c.wake && redis.listLength(c.wake) > 0)) {
      if (redis.listLength(waiter.wake!) === 0) continue;
      redis.popList(waiter.wake!);
      waiter.nextAt = clock.now;
    }
  };

  for (;;) {
    const due = callers.filter((c) => c.state === 'arriving' || c.state === 'waiting' || c.state === 'holding');
    if (due.length === 0) break;
    const at = Math.min(...due.map((c) => c.nextAt));
    const now = due.filter((c) => c.nextAt === at);
    const caller = now[Math.floor(random() * now.length)];
    clock.now = Math.max(clock.now, at);
    steps++;
    if (caller.state === 'holding') {
      release(caller);
      caller.state = 'done';
    } else {
      const { granted, fences, wake } = acquire(caller);
      if (granted) {
        const crashed = random() < options.crashRate;
        const overstay = random() < (options.overstayRate ?? 0);
        const hold = overstay ? options.ttlMs * 2 : options.holdMs[0] + Math.floor(random() * (options.holdMs[1] - options.holdMs[0]));
        caller.scopes.forEach((scope, i) => {
          leases.set(scope, [...live(scope), { caller: caller.name, ends: clock.now + options.ttlMs }]);
          const previous = lastFence.get(scope) ?? -Infinity;
          if (!(fences[i] > previous)) violations.push(`fence of ${scope} went from ${previous} to ${fences[i]} (${caller.name})`);
          lastFence.set(scope, fences[i]);
        });
        caller.state = crashed ? 'crashed' : 'holding';
        caller.nextAt = clock.now + hold;
      } else if (clock.now >= caller.deadline) {
        caller.state = 'timed-out';
      } else {
        caller.state = 'waiting';
        caller.wake = wake;
        // BLPOP returns at once when a token is waiting (a release nobody was blocked for).
        if (redis.listLength(wake!) > 0) {
          redis.popList(wake!);
          caller.nextAt = clock.now + 1;
        } else caller.nextAt = Math.min(clock.now + options.pollMs, caller.deadline);
      }
    }
    for (const scope of new Set(callers.flatMap((c) => c.scopes))) {
      const count = live(scope).length;
      maxSeen = Math.max(maxSeen, count);
      if (count > options.maxHolders) violations.push(`${count} live holds of ${scope} at +${clock.now - start} ms (max ${options.maxHolders}): ${live(scope).map((lease) => lease.caller).join(', ')}`);
    }
    if (steps > 20_000) {
      violations.push('no progress after 20,000 steps');
      break;
    }
  }
  const timedOut = callers.filter((c) => c.state === 'timed-out');
  // Every holder releases (or crashes and its TTL frees it) well within the max wait: a timeout is a deadlock.
  if (timedOut.length && options.maxWaitMs >= options.callers * (options.holdMs[1] + options.ttlMs + options.pollMs)) violations.push(`${timedOut.length} caller(s) timed out: ${timedOut.map((c) => `${c.name} [${c.scopes}]`).join(', ')}`);
  return { violations, maxSeen, steps, evals: redis.evals };
}

/**
 * Rate-limited calls: each arrives at its offset (µs after a window edge) and runs its script at
 * once (calls arriving at the same instant in an order drawn from the seed); an allowed call runs
 * at arrival + its wait. Returns the violations of the algorithm's bound and of arrival order.
 */
export function runRateLimit(algorithm: RateLimitAlgorithm, options: { seed: number; arrivalsUs: number[]; limit: number; windowUs: number; ratePerSecond?: number; maxWaitUs: (i: number) => number }, scripts: Scripts = {}): CapacityRun & { allowed: number; runAtUs: number[] } {
  const random = prng(options.seed);
  const clock = new VirtualClock();
  // A window edge of every window length used, so "around the edge" means what it says.
  clock.now = Math.ceil(clock.now / 60_000) * 60_000;
  const startUs = clock.now * 1000;
  const redis = new LuaRedis(clock);
  const script = scripts.rateLimit?.[algorithm] ?? RATE_LIMIT_SCRIPTS[algorithm];
  const order = options.arrivalsUs.map((at, i) => ({ at, i, tie: random() })).sort((a, b) => a.at - b.at || a.tie - b.tie);
  const runAtUs: number[] = [];
  const violations: string[] = [];
  let lastWaitingRun = -Infinity;
  for (const { at, i } of order) {
    clock.now = (startUs + at) / 1000;
    const maxWait = String(options.maxWaitUs(i));
    const argv =
      algorithm === 'sliding-log'
        ? [String(options.limit), String(options.windowUs), maxWait, `call-${i}`, '1']
        : algorithm === 'token-bucket'
          ? [String(options.ratePerSecond), String(options.limit), maxWait, '1']
          : [String(options.limit), String(options.windowUs), maxWait, '1'];
    const reply = redis.eval(script, [nativeRateLimitKey('api', algorithm)], argv);
    const { allowed } = parseRateLimitReply(reply);
    const waitUs = Number((reply as number[])[1]);
    if (!allowed) continue;
    const runAt = at + waitUs;
    if (waitUs > 0) {
      if (runAt < lastWaitingRun) violations.push(`call ${i} (arrived +${at} µs) runs at +${runAt} µs, before an earlier waiting call (+${lastWaitingRun} µs)`);
      lastWaitingRun = runAt;
    }
    runAtUs.push(runAt);
  }
  let maxSeen = 0;
  if (algorithm === 'sliding-log') {
    maxSeen = maxInAnyWindow(runAtUs, options.windowUs);
    if (maxSeen > options.limit) violations.push(`${maxSeen} calls in one ${options.windowUs / 1e6} s interval (limit ${options.limit})`);
  } else if (algorithm === 'fixed') {
    const perWindow = new Map<number, number>();
    for (const t of runAtUs) perWindow.set(Math.floor((startUs + t) / options.windowUs), (perWindow.get(Math.floor((startUs + t) / options.windowUs)) ?? 0) + 1);
    maxSeen = Math.max(0, ...perWindow.values());
    if (maxSeen > options.limit) violations.push(`${maxSeen} calls in one clock window (limit ${options.limit})`);
  } else {
    const sorted = [...runAtUs].sort((a, b) => a - b);
    const rate = options.ratePerSecond! / 1e6;
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i; j < sorted.length; j++) {
        const calls = j - i + 1;
        const bound = options.limit + rate * (sorted[j] - sorted[i]);
        if (calls > bound + 1e-6) {
          violations.push(`${calls} calls in ${(sorted[j] - sorted[i]) / 1e6} s (burst ${options.limit} + rate ${options.ratePerSecond}/s allows ${bound.toFixed(3)})`);
          i = sorted.length;
          break;
        }
      }
    }
    maxSeen = maxInAnyWindow(runAtUs, 1e6);
  }
  return { violations, maxSeen, steps: order.length, evals: redis.evals, allowed: runAtUs.length, runAtUs };
}

/** Calls in bursts around window edges and at random, some waiting and some not: one seed's arrivals. */
export function adversarialArrivals(seed: number, windowUs: number, calls: number): { arrivalsUs: number[]; maxWaitUs: (i: number) => number } {
  const random = prng(seed);
  const arrivalsUs = Array.from({ length: calls }, () => {
    const kind = random();
    // a third just before an edge, a third just after, a third anywhere in three windows
    if (kind < 1 / 3) return windowUs - 1 - Math.floor(random() * windowUs * 0.05);
    if (kind < 2 / 3) return windowUs + Math.floor(random() * windowUs * 0.05);
    return Math.floor(random() * windowUs * 3);
  });
  const waits = arrivalsUs.map(() => (random() < 0.5 ? 0 : Math.floor(random() * windowUs * 4)));
  return { arrivalsUs, maxWaitUs: (i) => waits[i] };
}
