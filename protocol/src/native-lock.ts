// The native lock engine's protocol, once: its keys, its three Lua scripts, the sidecar it writes
// and the messages it fails with. Pure. The Lock node (n8n-nodes/) bundles it; the CLI's status,
// unlock and the model checker read the same definitions.
//
// Interoperable with the stock primitives by construction (native-lock.md): the same counter key
// `n8n-lock-<scope>` (holding 1, so a stock caller's racing INCR returns 2 and waits), the same JSON
// sidecar `n8n-lock-<scope>:meta` with the same TTL (plus `fence` and `engine`, which stock readers
// ignore), so stock waiters wait for native holders and the reverse, and lock_release,
// error_handler_lock_cleanup, status and unlock work on native-held locks. Two keys of its own:
//   n8n-lock-<scope>:fence   the last fencing token, with the lock's TTL (no key outlives its lock for long)
//   n8n-lock-<scope>:wake    list a release pushes one token to, so one blocked waiter wakes at once
import { counterKey, FENCE_SUFFIX, scopeKey, sidecarKey, WAKE_SUFFIX, type KeyLayout } from './keys.js';
import { NODE_PACKAGE } from './functions.js';

/** The Lock node of the community node package (operations Acquire, Release, Extend). */
export const LOCK_NODE_TYPE = `${NODE_PACKAGE}.lock`;

/**
 * CLIENT SETNAME of the Lock node's connections, and of the ones its waiters block on (BLPOP on a
 * wake list): Redis does not say which key a blocked client waits for, but this name and `cmd=blpop`
 * in CLIENT LIST let status count the Lock node's waiters, all scopes together.
 */
export const LOCK_NODE_CONNECTION_NAME = 'n8n-lock-node';
export const WAITING_CONNECTION_SUFFIX = ':wait';

export const fenceKey = (scope: string, layout: KeyLayout = 'plain') => scopeKey(scope, FENCE_SUFFIX, layout);
export const wakeKey = (scope: string, layout: KeyLayout = 'plain') => scopeKey(scope, WAKE_SUFFIX, layout);

/**
 * The four keys of a scope, in the order the scripts take them. On a Cluster (`layout` 'cluster')
 * they carry the scope as a hash tag, so all four are in one slot and each script runs on one node.
 */
export function nativeLockKeys(scope: string, layout: KeyLayout = 'plain'): [counter: string, sidecar: string, fence: string, wake: string] {
  return [counterKey(scope, layout), sidecarKey(scope, layout), fenceKey(scope, layout), wakeKey(scope, layout)];
}

/** Who holds the lock: the primitives' sidecar fields (the script appends `fence` and `engine`). */
export interface NativeHolder {
  lock_id: string;
  workflow_id: string;
  workflow_name: string;
  execution_id: string;
  locked_at: string;
}

/**
 * The sidecar JSON without its closing brace: ACQUIRE_SCRIPT appends `,"fence":<n>,"engine":"node"}`
 * once it knows the token, so the fields keep the primitives' order and spelling byte for byte.
 */
export function sidecarPrefix(holder: NativeHolder): string {
  const json = JSON.stringify({ lock_id: holder.lock_id, workflow_id: holder.workflow_id, workflow_name: holder.workflow_name, execution_id: holder.execution_id, locked_at: holder.locked_at });
  return json.slice(0, -1);
}

/**
 * Acquire: all the scopes of a batch (one or more) as ONE atomic step. When every counter is free,
 * SET PX each, take each scope's next fencing token and write its sidecar with the same TTL; when
 * any is held, report the first held one and touch nothing (a waiter never re-arms a holder's TTL,
 * and never holds one scope while it waits for another: two executions whose scope sets overlap
 * cannot deadlock, in whatever order their items name the scopes).
 *
 * The fencing token is the Redis server's clock in microseconds (TIME), or the last token + 1 when
 * that is not larger: strictly increasing per scope while the fence key lives, and, after it
 * expired (it has the lock's TTL, so a per-record scope leaves no key behind for good), still larger
 * than every earlier token as long as the server's clock has not gone back by more than the time
 * since. A token written before that expired with INCR (1, 2, 3, ...) is smaller than any clock
 * value, so upgrading keeps the order. `%.0f`: Lua's tostring would print 1.7e+15.
 *   KEYS counter, sidecar, fence of scope 1, then of scope 2, ...   ARGV ttl_ms, sidecar prefix (see sidecarPrefix)
 *   -> {1, fence 1 as text, fence 2 as text, ...} | {0, counter pttl, sidecar or false, index of the held scope (1-based)}
 */
export const ACQUIRE_SCRIPT = `
local scopes = #KEYS / 3
for i = 0, scopes - 1 do
  if redis.call('EXISTS', KEYS[i * 3 + 1]) == 1 then
    return {0, redis.call('PTTL', KEYS[i * 3 + 1]), redis.call('GET', KEYS[i * 3 + 2]), i + 1}
  end
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local reply = {1}
for i = 0, scopes - 1 do
  redis.call('SET', KEYS[i * 3 + 1], '1', 'PX', ARGV[1])
  local fence = string.format('%.0f', math.max((tonumber(redis.call('GET', KEYS[i * 3 + 3])) or 0) + 1, now))
  redis.call('SET', KEYS[i * 3 + 3], fence, 'PX', ARGV[1])
  redis.call('SET', KEYS[i * 3 + 2], ARGV[2] .. ',"fence":' .. fence .. ',"engine":"node"}', 'PX', ARGV[1])
  reply[#reply + 1] = fence
end
return reply
`;

/**
 * The ownership check Release and Extend start with, one text for both (KEYS[2] the sidecar,
 * ARGV[1] the caller's lock_id): no sidecar -> {2}; a sidecar that does not parse or has no
 * lock_id -> {-1, sidecar}; another holder's -> {0, sidecar}; the caller's -> go on.
 */
const HELD_BY_ARGV1 = `local raw = redis.call('GET', KEYS[2])
if not raw then return {2} end
local ok, meta = pcall(cjson.decode, raw)
if not ok or type(meta) ~= 'table' or type(meta['lock_id']) ~= 'string' then return {-1, raw} end
if meta['lock_id'] ~= ARGV[1] then return {0, raw} end
`;

/**
 * Release: compare the sidecar's lock_id and delete sidecar and counter only on a match, then push
 * one wake-up token (the list keeps one, and lives a minute), and answer the released hold's
 * fencing token (the Redis clock in µs when it was taken: the hold's length is recorded from it). No sidecar: already released or
 * expired, and nothing is deleted (the counter may already be the next holder's). Another lock_id,
 * or a sidecar that does not parse: nothing is deleted.
 *   KEYS counter, sidecar, wake   ARGV lock_id
 *   -> {1, fence (0: none)} released | {2} idempotent (no sidecar) | {0, sidecar} held by another | {-1, sidecar} unreadable
 */
export const RELEASE_SCRIPT = `
${HELD_BY_ARGV1}redis.call('DEL', KEYS[2])
redis.call('DEL', KEYS[1])
redis.call('RPUSH', KEYS[3], '1')
redis.call('LTRIM', KEYS[3], -1, -1)
redis.call('PEXPIRE', KEYS[3], 60000)
return {1, tonumber(meta['fence']) or 0}
`;

/**
 * Extend: compare-and-pexpire of counter and sidecar.
 *   KEYS counter, sidecar   ARGV lock_id, ttl_ms
 *   -> {1} extended | {2} not held (no sidecar) | {0, sidecar} held by another | {-1, sidecar} unreadable
 */
export const EXTEND_SCRIPT = `
${HELD_BY_ARGV1}redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1}
`;

// ---- messages: the primitives' own words, so a caller cannot tell the engines apart by them ----

export const heldMessage = (scope: string) => `Lock on scope '${scope}' is held by another execution (wait_till_lock_released=false)`;

export const timeoutMessage = (scope: string, maxWaitSeconds: number) => `Timed out after ${maxWaitSeconds} s (max_wait_seconds) waiting for lock on scope '${scope}'`;

/** lock_release's words for a release by a lock_id that does not hold the lock. */
export function heldByAnotherMessage(scope: string, rawSidecar: string, lockId: string): string {
  let meta: Record<string, unknown> | null = null;
  try {
    meta = JSON.parse(rawSidecar);
  } catch {
    meta = null;
  }
  if (meta === null || typeof meta !== 'object') return unreadableSidecarMessage(scope);
  return `LOGIC ERROR: lock on '${scope}' is held by ${meta.workflow_name} (workflow ${meta.workflow_id}, execution ${meta.execution_id}) since ${meta.locked_at}, not by lock_id ${lockId}`;
}

export const unreadableSidecarMessage = (scope: string, layout: KeyLayout = 'plain') =>
  `LOGIC ERROR: lock on '${scope}' has an unreadable sidecar (${sidecarKey(scope, layout)}), not released; inspect it with n8n-lock status and free it with n8n-lock unlock --force`;

// ---- replies ----

/** The fences in the order of the scopes; or which scope (0-based) is held, and by whom. */
export type AcquireReply = { acquired: true; fences: number[] } | { acquired: false; heldIndex: number; pttlMs: number; sidecar: string | null };

export function parseAcquireReply(reply: unknown): AcquireReply {
  const [status, ...rest] = reply as [number, ...unknown[]];
  if (Number(status) === 1) return { acquired: true, fences: rest.map(Number) };
  const [pttl, sidecar, index] = rest as [number, string | null, number | undefined];
  return { acquired: false, pttlMs: Number(pttl), sidecar: sidecar ?? null, heldIndex: Number(index ?? 1) - 1 };
}

export type CompareReply = { outcome: 'done' } | { outcome: 'absent' } | { outcome: 'other'; sidecar: string } | { outcome: 'unreadable'; sidecar: string };

export function parseCompareReply(reply: unknown): CompareReply {
  const [status, sidecar] = reply as [number, string | undefined];
  switch (Number(status)) {
    case 1:
      return { outcome: 'done' };
    case 2:
      return { outcome: 'absent' };
    case 0:
      return { outcome: 'other', sidecar: String(sidecar) };
    default:
      return { outcome: 'unreadable', sidecar: String(sidecar) };
  }
}
