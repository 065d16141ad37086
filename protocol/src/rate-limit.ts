// The native Rate Limit node's protocol: one key per scope and algorithm, one Lua script each, the
// server's clock (TIME) only, never a caller's. Pure.
//
// Every script answers one call of `cost` slots (a batch of items passes a node together, so its
// items take their slots together): "when may it run?". It returns the wait from now (0: at once).
// When that wait is within the caller's max wait, the call's slot is RESERVED in the same step (the
// log entry, the bucket's debt, the window's count), so:
//   - deny (max wait 0) takes nothing unless the call runs now; a denied call never counts;
//   - a waiting caller sleeps until exactly its slot and is never re-checked: no polling, and no
//     thundering herd when a slot frees;
//   - waiters are served in arrival order (each script runs alone, and each reservation comes after
//     every earlier one), and the limit holds for the calls at the times they run.
// A caller that is cancelled while it waits leaves its reservation behind: the slot goes unused.
//
// Keys (single-key scripts, so any layout and a Cluster work as they are):
//   n8n-ratelimit-<scope>:log     sliding-log: sorted set, one entry per call at the time it runs (µs)
//   n8n-ratelimit-<scope>:bucket  token-bucket: hash {tokens, ts}; tokens below 0 are reserved slots
//   n8n-ratelimit-<scope>:fixed   fixed: hash window index -> calls in that window
// The stock rate_limit_check's `n8n-ratelimit-<scope>-<bucket>` keys are its own: a scope is
// limited by one engine.
import { RATE_LIMIT_ALGORITHMS, RATE_LIMIT_PREFIX, RATE_LIMIT_SUFFIXES, type RateLimitAlgorithm } from './keys.js';
import { NODE_PACKAGE } from './functions.js';

/** The community node that runs these scripts. */
export const RATE_LIMIT_NODE_TYPE = `${NODE_PACKAGE}.rateLimit`;

export { RATE_LIMIT_ALGORITHMS, RATE_LIMIT_SUFFIXES, type RateLimitAlgorithm };

export const nativeRateLimitKey = (scope: string, algorithm: RateLimitAlgorithm) => `${RATE_LIMIT_PREFIX}${scope}${RATE_LIMIT_SUFFIXES[algorithm]}`;

const NOW_US = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
`;

/**
 * sliding-log (exact): at most `limit` calls in any window-long interval. A call of `cost` may run
 * at t when at most limit - cost entries are younger than a window at t (t >= the next older one +
 * window), and never before the newest entry (arrival order). Entries a window older than now can
 * no longer matter. Each slot is an entry `<call id>:<i>`.
 *   KEYS log   ARGV limit, window_us, max_wait_us, call id (unique per call), cost
 *   -> {1, wait_us, calls in the log, slot (server µs)} | {0, wait_us it would have needed, calls in the log}
 */
export const SLIDING_LOG_SCRIPT = `
${NOW_US}local limit, window, max_wait, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local at = now
if count > limit - cost then
  local bound = redis.call('ZRANGE', KEYS[1], count - limit + cost - 1, count - limit + cost - 1, 'WITHSCORES')
  at = math.max(at, tonumber(bound[2]) + window)
end
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] then at = math.max(at, tonumber(newest[2])) end
if at - now > max_wait then return {0, at - now, count} end
for i = 1, cost do redis.call('ZADD', KEYS[1], at, ARGV[4] .. ':' .. i) end
redis.call('PEXPIRE', KEYS[1], math.ceil((at + window - now) / 1000))
return {1, at - now, count + cost, at}
`;

/**
 * token-bucket: `burst` tokens, refilled at `rate` per second; a call takes `cost`. A call that
 * finds too few takes tokens it will have (the count goes below 0) and runs when they exist, so
 * the calls in any interval of length t are at most burst + rate x t.
 *   KEYS bucket   ARGV rate per second, burst, max_wait_us, cost
 *   -> {1, wait_us, whole tokens left, slot (server µs)} | {0, wait_us it would have needed, whole tokens left}
 */
export const TOKEN_BUCKET_SCRIPT = `
${NOW_US}local rate, burst, max_wait = tonumber(ARGV[1]) / 1000000, tonumber(ARGV[2]), tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens, ts = tonumber(state[1]), tonumber(state[2])
if not tokens or not ts then tokens, ts = burst, now end
if now > ts then tokens, ts = math.min(burst, tokens + (now - ts) * rate), now end
local left = tokens - tonumber(ARGV[4])
local wait = 0
if left < 0 then wait = math.ceil(-left / rate) end
if wait > max_wait then return {0, wait, math.floor(tokens)} end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', left), 'ts', string.format('%.0f', ts))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - left) / rate / 1000) + 1000)
return {1, wait, math.floor(math.max(left, 0)), now + wait}
`;

/**
 * fixed: at most `limit` calls per window of the server's clock (windows start at multiples of the
 * window length). A call that finds too little room in its window takes its `cost` places in the
 * first later window with room and runs when that window starts.
 *   KEYS fixed   ARGV limit, window_us, max_wait_us, cost
 *   -> {1, wait_us, calls in the window it runs in, slot (server µs)} | {0, wait_us it would have needed, calls in the current window}
 */
export const FIXED_WINDOW_SCRIPT = `
${NOW_US}local limit, window, max_wait, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local current = math.floor(now / window)
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if tonumber(field) < current then redis.call('HDEL', KEYS[1], field) end
end
local index = current
while (tonumber(redis.call('HGET', KEYS[1], string.format('%.0f', index))) or 0) + cost > limit do index = index + 1 end
local wait = math.max(0, index * window - now)
if wait > max_wait then return {0, wait, tonumber(redis.call('HGET', KEYS[1], string.format('%.0f', current))) or 0} end
local count = redis.call('HINCRBY', KEYS[1], string.format('%.0f', index), cost)
redis.call('PEXPIRE', KEYS[1], math.ceil(((index + 1) * window - now) / 1000))
return {1, wait, count, now + wait}
`;

export const RATE_LIMIT_SCRIPTS: Record<RateLimitAlgorithm, string> = { 'sliding-log': SLIDING_LOG_SCRIPT, 'token-bucket': TOKEN_BUCKET_SCRIPT, fixed: FIXED_WINDOW_SCRIPT };

export interface RateLimitRequest {
  algorithm: RateLimitAlgorithm;
  scope: string;
  /** sliding-log and fixed: calls per window; token-bucket: the burst (bucket size). */
  limit: number;
  /** sliding-log and fixed: the window (token-bucket has none: it refills at ratePerSecond). */
  windowSeconds: number;
  /** token-bucket only: tokens added per second. */
  ratePerSecond?: number;
  /** The longest this call may wait for its slot (0: deny unless it may run now). */
  maxWaitSeconds: number;
  /** Unique per call (sliding-log's entries). */
  callId: string;
  /** Slots the call takes at once (the items of one batch); at most limit (burst). */
  cost: number;
}

/** The EVAL arguments (script, key count, key, argv) of one call. */
export function rateLimitEval(request: RateLimitRequest): [string, number, string, ...string[]] {
  const maxWaitUs = String(Math.round(request.maxWaitSeconds * 1e6));
  const windowUs = String(Math.round(request.windowSeconds * 1e6));
  const key = nativeRateLimitKey(request.scope, request.algorithm);
  const script = RATE_LIMIT_SCRIPTS[request.algorithm];
  const cost = String(request.cost);
  if (request.algorithm === 'sliding-log') return [script, 1, key, String(request.limit), windowUs, maxWaitUs, request.callId, cost];
  if (request.algorithm === 'token-bucket') return [script, 1, key, String(request.ratePerSecond), String(request.limit), maxWaitUs, cost];
  return [script, 1, key, String(request.limit), windowUs, maxWaitUs, cost];
}

export interface RateLimitReply {
  allowed: boolean;
  /** How long the call waits for its slot (allowed), or would have had to (denied). */
  waitMs: number;
  /** sliding-log: calls in the log; token-bucket: whole tokens left; fixed: calls in the window. */
  count: number;
  /** When the call's slot is, on the server's clock (ms since the epoch); allowed calls only. */
  slotAtMs?: number;
}

export function parseRateLimitReply(reply: unknown): RateLimitReply {
  const [allowed, waitUs, count, slotUs] = (reply as unknown[]).map(Number);
  return { allowed: allowed === 1, waitMs: Math.ceil(waitUs / 1000), count, ...(allowed === 1 ? { slotAtMs: slotUs / 1000 } : {}) };
}
