// The counting semaphore of the native engine (the Lock node with Max Holders above 1): at most N
// holders of one scope at once, each with its own lock_id and fencing token. Pure: keys, scripts,
// replies. Max Holders 1 stays the mutex of native-lock.ts, which the stock primitives share.
//
// Keys of a scope (beside the mutex's, which a semaphore scope leaves alone):
//   n8n-lock-<scope>:holders   sorted set: lock_id -> when that hold expires (ms, the server's clock)
//   n8n-lock-<scope>:sidecars  hash: lock_id -> the holder's sidecar (the mutex sidecar's fields, plus max_holders)
//   n8n-lock-<scope>:fence     the last fencing token, shared with the mutex: strictly increasing per scope
//   n8n-lock-<scope>:wake      the wake list, shared with the mutex: a release pushes one token
// A hold expires on its own (a crashed execution) by its score: every acquire first drops the holds
// whose time has passed, and both keys expire with the last hold.
import { FENCE_SUFFIX, HOLDERS_SUFFIX, scopeKey, SIDECARS_SUFFIX, WAKE_SUFFIX, type KeyLayout } from './keys.js';

export const holdersKey = (scope: string, layout: KeyLayout = 'plain') => scopeKey(scope, HOLDERS_SUFFIX, layout);
export const sidecarsKey = (scope: string, layout: KeyLayout = 'plain') => scopeKey(scope, SIDECARS_SUFFIX, layout);

/** The four keys of a semaphore scope, in the order the scripts take them (one hash slot on a Cluster). */
export function semaphoreKeys(scope: string, layout: KeyLayout = 'plain'): [holders: string, sidecars: string, fence: string, wake: string] {
  return [holdersKey(scope, layout), sidecarsKey(scope, layout), scopeKey(scope, FENCE_SUFFIX, layout), scopeKey(scope, WAKE_SUFFIX, layout)];
}

/** The server's clock in ms and µs, and the holds that have expired by it dropped (both keys). */
const NOW_AND_DROP_EXPIRED = `local time = redis.call('TIME')
local now_us = tonumber(time[1]) * 1000000 + tonumber(time[2])
local now_ms = math.floor(now_us / 1000)
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now_ms)
for _, id in ipairs(expired) do redis.call('HDEL', KEYS[2], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms)
`;

/** Both keys live as long as the hold that expires last. */
const EXPIRE_WITH_LAST_HOLD = `local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then
  redis.call('PEXPIREAT', KEYS[1], last[2])
  redis.call('PEXPIREAT', KEYS[2], last[2])
end
`;

/**
 * Acquire one of max_holders permits: granted while fewer live holds exist and this lock_id holds
 * none (a second Acquire by the same lock_id waits, as it does on the mutex); the fencing token as
 * the mutex's (server clock in µs, or the last + 1).
 *   KEYS holders, sidecars, fence   ARGV ttl_ms, max_holders, lock_id, sidecar prefix
 *   -> {1, fence as text, holders now} | {0, ms until the first hold expires (-1: none), holders now}
 */
export const SEMAPHORE_ACQUIRE_SCRIPT = `
${NOW_AND_DROP_EXPIRED}local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[2]) or redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if first[2] then return {0, tonumber(first[2]) - now_ms, count} end
  return {0, -1, count}
end
local fence = string.format('%.0f', math.max((tonumber(redis.call('GET', KEYS[3])) or 0) + 1, now_us))
redis.call('SET', KEYS[3], fence, 'PX', ARGV[1])
redis.call('ZADD', KEYS[1], now_ms + tonumber(ARGV[1]), ARGV[3])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4] .. ',"fence":' .. fence .. ',"engine":"node","max_holders":' .. ARGV[2] .. '}')
${EXPIRE_WITH_LAST_HOLD}return {1, fence, count + 1}
`;

/**
 * Release the caller's permit and wake one waiter (the wake list keeps at most max_holders tokens,
 * read from the holder's sidecar, and lives a minute). A lock_id that holds no permit: nothing changes.
 *   KEYS holders, sidecars, wake   ARGV lock_id
 *   -> {1, the permit's fencing token (0: none)} released | {2} idempotent (not held: released or expired)
 */
export const SEMAPHORE_RELEASE_SCRIPT = `
local sidecar = redis.call('HGET', KEYS[2], ARGV[1])
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
if removed == 0 then return {2} end
local keep = tonumber(sidecar and string.match(sidecar, '"max_holders":(%d+)}$')) or 1
redis.call('RPUSH', KEYS[3], '1')
redis.call('LTRIM', KEYS[3], -keep, -1)
redis.call('PEXPIRE', KEYS[3], 60000)
return {1, tonumber(sidecar and string.match(sidecar, '"fence":(%d+)')) or 0}
`;

/**
 * Extend the caller's live permit to a new TTL from now.
 *   KEYS holders, sidecars   ARGV lock_id, ttl_ms
 *   -> {1} extended | {2} not held (released or expired)
 */
export const SEMAPHORE_EXTEND_SCRIPT = `
${NOW_AND_DROP_EXPIRED}if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {2} end
redis.call('ZADD', KEYS[1], 'XX', now_ms + tonumber(ARGV[2]), ARGV[1])
${EXPIRE_WITH_LAST_HOLD}return {1}
`;

export type SemaphoreAcquireReply = { acquired: true; fence: number; holders: number } | { acquired: false; firstExpiryMs: number; holders: number };

export function parseSemaphoreAcquireReply(reply: unknown): SemaphoreAcquireReply {
  const [status, a, holders] = (reply as unknown[]).map(Number);
  return status === 1 ? { acquired: true, fence: a, holders } : { acquired: false, firstExpiryMs: a, holders };
}

export const semaphoreFullMessage = (scope: string, maxHolders: number) => `Lock on scope '${scope}' has all ${maxHolders} holders (Max Holders) taken by other executions (wait_till_lock_released=false)`;
