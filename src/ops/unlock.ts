// Pure: the unlock Lua script, and its raw reply -> a decision, lines to print and an exit code.
import { describeHolder, formatDuration, formatTtl } from './format.js';
import { counterKey, sidecarKey, type KeyLayout } from 'n8n-lock-protocol/keys';
import { holdersKey, sidecarsKey } from 'n8n-lock-protocol/semaphore';
import { heldForMs, parseHolder, type Holder } from './status.js';

export type UnlockMode = 'lock-id' | 'force';

/**
 * One script, run atomically by Redis, for every unlock variant. Reading, comparing and deleting in
 * one script is what makes `--lock-id` a compare-and-delete: no other client can acquire, release
 * or rewrite the sidecar between our check and our DEL (the stock n8n Redis node has no EVAL, so
 * the release primitive cannot do this; the operator tool can). It also returns what it saw, so the
 * report of "what was deleted" is exactly what was deleted, and `--dry-run` (ARGV[3] = '1') runs the
 * same decision without the DEL.
 *
 * A scope with no mutex keys may be a semaphore (the Lock node's Max Holders above 1): then
 * `--lock-id` frees that holder's permit only (outcome 'permit-released'; a lock_id that holds none
 * is 'no-permit'), and `--force` deletes every permit ('permits-deleted'). The counter slots of the
 * reply then carry the number of permits held, the sidecar slots the permit holder's sidecar and
 * the ms its permit had left.
 *
 * KEYS[1] counter, KEYS[2] sidecar, KEYS[3] semaphore holds, KEYS[4] their sidecars;
 * ARGV[1] mode 'lock-id' | 'force', ARGV[2] expected lock_id.
 * Reply: { outcome, keys_deleted, counter_value, counter_pttl, sidecar_value, sidecar_pttl }.
 * Lua false becomes a nil reply without truncating the array (a Lua nil would cut it short).
 */
export const UNLOCK_SCRIPT = `
local function read(key)
  local value = redis.pcall('GET', key)
  if type(value) == 'table' and value.err then
    value = '<' .. redis.call('TYPE', key).ok .. ': not a string>'
  end
  return value, redis.call('PTTL', key)
end
local counter, counter_pttl = read(KEYS[1])
local sidecar, sidecar_pttl = read(KEYS[2])
local mode, expected, dry_run = ARGV[1], ARGV[2], ARGV[3] == '1'
local outcome
if not counter and not sidecar then
  local permits = redis.call('ZCARD', KEYS[3])
  if permits == 0 then
    return { 'not-locked', 0, false, -2, false, -2 }
  end
  if mode == 'force' then
    return { 'permits-deleted', dry_run and 0 or redis.call('DEL', KEYS[3], KEYS[4]), tostring(permits), redis.call('PTTL', KEYS[3]), false, -2 }
  end
  local expires = redis.call('ZSCORE', KEYS[3], expected)
  if not expires then
    return { 'no-permit', 0, tostring(permits), redis.call('PTTL', KEYS[3]), false, -2 }
  end
  local holder = redis.call('HGET', KEYS[4], expected)
  local time = redis.call('TIME')
  local left = math.floor(tonumber(expires) - (tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)))
  local deleted = 0
  if not dry_run then
    deleted = redis.call('ZREM', KEYS[3], expected)
    redis.call('HDEL', KEYS[4], expected)
  end
  return { 'permit-released', deleted, tostring(permits), redis.call('PTTL', KEYS[3]), holder, left }
elseif mode == 'force' then
  outcome = 'deleted'
elseif not sidecar then
  outcome = 'no-sidecar'
else
  local ok, meta = pcall(cjson.decode, sidecar)
  if not ok or type(meta) ~= 'table' or type(meta.lock_id) ~= 'string' then
    outcome = 'unparseable'
  elseif meta.lock_id ~= expected then
    outcome = 'mismatch'
  else
    outcome = 'deleted'
  end
end
local deleted = 0
if outcome == 'deleted' and not dry_run then
  deleted = redis.call('DEL', KEYS[2], KEYS[1])
end
return { outcome, deleted, counter, counter_pttl, sidecar, sidecar_pttl }
`;

export type UnlockOutcome = 'deleted' | 'not-locked' | 'no-sidecar' | 'unparseable' | 'mismatch' | 'permit-released' | 'permits-deleted' | 'no-permit';

export interface UnlockRequest {
  scope: string;
  mode: UnlockMode;
  lockId?: string;
  dryRun: boolean;
  /** `cluster` on a Redis Cluster: the scope's keys are hash-tagged there (keys.ts). */
  layout?: KeyLayout;
}

/** KEYS and ARGV for UNLOCK_SCRIPT. */
export function unlockScriptArgs(request: UnlockRequest): { keys: [string, string, string, string]; args: [string, string, string] } {
  return {
    keys: [counterKey(request.scope, request.layout), sidecarKey(request.scope, request.layout), holdersKey(request.scope, request.layout), sidecarsKey(request.scope, request.layout)],
    args: [request.mode, request.lockId ?? '', request.dryRun ? '1' : '0'],
  };
}

export interface UnlockResult {
  scope: string;
  outcome: UnlockOutcome;
  /** The lock_id the operator asked for (lock-id mode only). */
  lockId: string | null;
  dryRun: boolean;
  keysDeleted: number;
  counter: { key: string; value: string; ttl_ms: number | null } | null;
  sidecar: { key: string; value: string; ttl_ms: number | null; holder: Holder | null } | null;
  held_for_ms: number | null;
  /** The key the scope's counter has (or would have) on this server. */
  counterKey: string;
  layout?: KeyLayout;
}

export function parseUnlockReply(reply: unknown, request: UnlockRequest, nowMs: number): UnlockResult {
  if (!Array.isArray(reply) || reply.length !== 6) throw new Error(`unexpected reply from the unlock script: ${JSON.stringify(reply)}`);
  const [outcome, keysDeleted, counterValue, counterPttl, sidecarValue, sidecarPttl] = reply as [UnlockOutcome, number, string | null, number, string | null, number];
  const ttl = (pttl: number) => (pttl === -1 ? null : pttl);
  const holder = parseHolder(sidecarValue);
  return {
    scope: request.scope,
    outcome,
    lockId: request.mode === 'lock-id' ? (request.lockId ?? '') : null,
    dryRun: request.dryRun,
    keysDeleted: Number(keysDeleted),
    counter: counterValue === null ? null : { key: counterKey(request.scope, request.layout), value: counterValue, ttl_ms: ttl(Number(counterPttl)) },
    sidecar: sidecarValue === null ? null : { key: sidecarKey(request.scope, request.layout), value: sidecarValue, ttl_ms: ttl(Number(sidecarPttl)), holder },
    held_for_ms: heldForMs(holder, nowMs),
    counterKey: counterKey(request.scope, request.layout),
    layout: request.layout,
  };
}

/** The holder an unlock would free, from its dry-run look: the one whose execution to ask n8n about. */
export function holderToBeFreed(look: UnlockResult): Holder | null {
  return look.outcome === 'deleted' || look.outcome === 'permit-released' ? (look.sidecar?.holder ?? null) : null;
}

/**
 * Exit codes: 0 deleted (or would be, with --dry-run) or nothing to delete (idempotent, like the
 * release primitive); 1 refused because ownership could not be confirmed (lock_id mismatch, no
 * sidecar, unparseable sidecar): nothing was deleted. Usage and connection errors are 2 elsewhere.
 */
export function unlockExitCode(result: UnlockResult): 0 | 1 {
  return result.outcome === 'deleted' || result.outcome === 'not-locked' || result.outcome === 'permit-released' || result.outcome === 'permits-deleted' ? 0 : 1;
}

/** stdout: one line per key deleted (or that would be). stderr: the outcome in a sentence. */
export function describeUnlock(result: UnlockResult): { stdout: string[]; stderr: string[] } {
  const { scope, counter, sidecar } = result;
  const verb = result.dryRun ? 'would delete' : 'deleted';
  const holderText = sidecar?.holder ? `held by ${describeHolder(sidecar.holder)}, lock_id ${sidecar.holder.lock_id}${result.held_for_ms === null ? '' : `, for ${formatDuration(result.held_for_ms)}`}` : null;
  const stdout: string[] = [];
  const stderr: string[] = [];
  switch (result.outcome) {
    case 'deleted':
      if (sidecar) stdout.push(`${verb} ${sidecar.key} (${holderText ?? `unparseable: ${clip(sidecar.value)}`}; ttl ${formatTtl(sidecar.ttl_ms)})`);
      if (counter) stdout.push(`${verb} ${counter.key} (count ${clip(counter.value)}; ttl ${formatTtl(counter.ttl_ms)})`);
      stderr.push(result.dryRun ? `unlock: dry run, nothing deleted; '${scope}' would be freed` : `unlock: '${scope}' is free (${result.keysDeleted} key${result.keysDeleted === 1 ? '' : 's'} deleted)`);
      break;
    case 'permit-released':
      stdout.push(`${verb} the permit of lock_id ${result.lockId} in ${holdersKey(scope, result.layout)} (${holderText ?? 'no sidecar'}; ttl ${formatTtl(sidecar?.ttl_ms ?? null)})`);
      stderr.push(result.dryRun ? `unlock: dry run, nothing deleted; one of the ${counter?.value} permits of '${scope}' would be freed` : `unlock: one of the ${counter?.value} permits of '${scope}' is free`);
      break;
    case 'permits-deleted':
      stdout.push(`${verb} ${holdersKey(scope, result.layout)} and ${sidecarsKey(scope, result.layout)} (${counter?.value} permit(s) held; ttl ${formatTtl(counter?.ttl_ms ?? null)})`);
      stderr.push(result.dryRun ? `unlock: dry run, nothing deleted; every permit of '${scope}' would be freed` : `unlock: every permit of '${scope}' is free (${result.keysDeleted} key${result.keysDeleted === 1 ? '' : 's'} deleted)`);
      break;
    case 'no-permit':
      stderr.push(`unlock: refused, lock_id ${result.lockId} holds none of the ${counter?.value} permits of '${scope}' (a semaphore: n8n-lock status lists its holders); nothing deleted`);
      break;
    case 'not-locked':
      stderr.push(`unlock: '${scope}' is not locked (no ${result.counterKey} and no :meta); nothing to delete`);
      if (scope.startsWith('n8n-lock-')) stderr.push(`unlock: pass the scope, not the key: n8n-lock unlock ${scope.slice('n8n-lock-'.length).replace(/:meta$/, '')} ...`);
      break;
    case 'mismatch':
      stderr.push(`unlock: refused, '${scope}' is ${holderText}, not by lock_id ${result.lockId}; nothing deleted`);
      break;
    case 'no-sidecar':
      stderr.push(`unlock: refused, '${scope}' has a counter (count ${clip(counter?.value ?? '?')}, ttl ${formatTtl(counter?.ttl_ms ?? null)}) but no :meta sidecar, so no lock_id to compare; nothing deleted. Use --force to delete it`);
      break;
    case 'unparseable':
      stderr.push(`unlock: refused, the :meta of '${scope}' is not the JSON the primitives write (${clip(sidecar?.value ?? '')}), so no lock_id to compare; nothing deleted. Use --force to delete it`);
      break;
  }
  return { stdout, stderr };
}

function clip(text: string): string {
  return text.length <= 120 ? text : `${text.slice(0, 119)}…`;
}
