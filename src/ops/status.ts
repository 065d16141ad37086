// Pure: raw key readings (value + PTTL per key) -> the status report. No Redis, no clock.
import { classifyKey, counterKey, sidecarKey, type KeyLayout, type RateLimitAlgorithm } from 'n8n-lock-protocol/keys';
import { compileScopeGlob } from './scope-glob.js';
import { WAITERS_PER_SCOPE_UNKNOWN, type LockNodeWaiters } from './waiters.js';

/** One key as read from Redis: GET value (null when absent or not a string) and PTTL. */
export interface KeyReading {
  key: string;
  value: string | null;
  /** Redis PTTL: -1 = no expiry, -2 = gone (expired or deleted between SCAN and the read). */
  pttlMs: number;
  /** Set when GET failed (e.g. WRONGTYPE: someone stored a hash under our name). */
  readError?: string;
  /** A sorted set's members and scores, or a hash's fields and values, flat (the semaphore's holds, the native rate limits). */
  entries?: string[];
}

/**
 * Reads GET value and PTTL of every KEYS[i] in one command: 5,000 keys cost one EVAL instead of
 * 10,000 pipelined commands, which is what makes `status` over 50k locks fast (the client, not
 * Redis, was the bottleneck: 100k keys as a 200k-command pipeline took 1.5 s in ioredis, measured). Redis runs it in ~10 ms per 5k
 * keys (measured; an explicit index instead of `#reply` halves that: `#` is not O(1) in Lua).
 * Read-only. Reply: value (false = absent or not a string; a sorted set's or a hash's entries as
 * a JSON array), PTTL, and the key's type when it is not a string (else false), three slots per
 * key; Lua false keeps the array from truncating.
 */
export const READ_KEYS_SCRIPT = `
local reply, n = {}, 0
for _, key in ipairs(KEYS) do
  local value = redis.pcall('GET', key)
  local not_string = false
  if type(value) == 'table' then
    not_string = redis.call('TYPE', key).ok
    value = false
    if not_string == 'zset' then value = cjson.encode(redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')) end
    if not_string == 'hash' then value = cjson.encode(redis.call('HGETALL', key)) end
  end
  reply[n + 1] = value
  reply[n + 2] = redis.call('PTTL', key)
  reply[n + 3] = not_string
  n = n + 3
end
return reply
`;

/** READ_KEYS_SCRIPT's flat reply -> one reading per key, in the order of `keys`. */
export function parseReadKeysReply(keys: string[], reply: unknown): KeyReading[] {
  if (!Array.isArray(reply) || reply.length !== keys.length * 3) throw new Error(`unexpected reply from the read script (${Array.isArray(reply) ? reply.length : typeof reply} for ${keys.length} keys)`);
  return keys.map((key, index) => {
    const value = reply[index * 3] as string | null;
    const notString = reply[index * 3 + 2] as string | null;
    const reading: KeyReading = { key, value: notString ? null : value, pttlMs: Number(reply[index * 3 + 1]) };
    if (notString) reading.readError = `${notString}: not a string`;
    if (notString && value !== null) {
      // cjson writes an empty table as {}.
      const entries: unknown = JSON.parse(value);
      reading.entries = Array.isArray(entries) ? entries.map(String) : [];
    }
    return reading;
  });
}

/**
 * Counter and sidecar are written with the same TTL a few node hops apart (milliseconds, seconds
 * under heavy load), and a lost GET-null -> INCR race refreshes the counter once (milliseconds).
 * A healthy pair therefore differs by far less than 10 s. The failure this catches is the seed's
 * INCR-first design (or a caller with a different ttl_seconds): every INCR re-applies EXPIRE to the
 * counter only, so the counter outlives the sidecar by the length of the traffic, and once the
 * sidecar expires release and cleanup can no longer prove ownership.
 */
export const TTL_DRIFT_THRESHOLD_MS = 10_000;

export const LOCK_FLAGS = ['no-ttl', 'no-sidecar', 'sidecar-without-counter', 'ttl-drift', 'sidecar-unparseable', 'counter-not-integer'] as const;
export type LockFlag = (typeof LOCK_FLAGS)[number];
export const RATE_LIMIT_FLAGS = ['no-ttl', 'counter-not-integer'] as const;
export type RateLimitFlag = (typeof RATE_LIMIT_FLAGS)[number];

/** What each flag means and what the operator should do: printed under the table and in the docs. */
export const FLAG_ADVICE: Record<LockFlag, string> = {
  'no-ttl': 'counter has no TTL: it will never free itself. If no execution still runs the critical section, delete it: n8n-lock unlock <scope> --force',
  'no-sidecar':
    'counter without its :meta sidecar: nobody can prove ownership (crash between INCR and SET, or the sidecar expired first). Wait for the TTL or: n8n-lock unlock <scope> --force',
  'sidecar-without-counter': 'stale :meta without a counter: the lock is free; harmless, it expires with its TTL or is overwritten by the next holder',
  'ttl-drift': `counter and :meta TTLs differ by more than ${TTL_DRIFT_THRESHOLD_MS / 1000} s: some caller re-applies EXPIRE (INCR-first design, or callers with different ttl_seconds). Fix the callers (n8n-lock validate)`,
  'sidecar-unparseable': ':meta is not the JSON {lock_id, ...} the primitives write: release and cleanup cannot match it. Inspect it, then: n8n-lock unlock <scope> --force',
  'counter-not-integer': 'the counter is not an integer string (wrong type or foreign data under our key name): inspect it with redis-cli before deleting',
};

export interface Holder {
  lock_id: string;
  workflow_id: string | null;
  workflow_name: string | null;
  execution_id: string | null;
  locked_at: string | null;
  /** Native engine holders only (the Lock node): the fencing token and the engine's name. */
  fence?: number;
  engine?: 'node';
  /** A semaphore holder's Max Holders (the Lock node above 1). */
  max_holders?: number;
}

/** A semaphore scope (Max Holders above 1): its live holds, each with its own sidecar. */
export interface SemaphoreStatus {
  /** Max Holders as the holders' sidecars say (the largest, should callers disagree); null when none says. */
  max_holders: number | null;
  holders: Array<{ lock_id: string; expires_in_ms: number; holder: Holder | null }>;
}

export interface LockStatus {
  scope: string;
  counter: { key: string; count: number | null; ttl_ms: number | null } | null;
  /** holder is null when the sidecar is unparseable; raw (at most 200 chars) is kept only then. */
  sidecar: { key: string; ttl_ms: number | null; holder: Holder | null; raw?: string } | null;
  held_for_ms: number | null;
  flags: LockFlag[];
  /** Present for a semaphore scope (the native Lock node with Max Holders above 1). */
  semaphore?: SemaphoreStatus;
  /** Executions waiting for this scope: always null, because nothing records them per scope (waiters.ts). */
  waiters: null;
}

export interface RateLimitStatus {
  scope: string;
  key: string;
  /** The stock fixed window's bucket number; null for the native Rate Limit node's keys. */
  bucket: number | null;
  /** The native Rate Limit node's algorithm (its count: calls in the log, whole tokens, calls in its windows). */
  algorithm?: RateLimitAlgorithm;
  count: number | null;
  ttl_ms: number | null;
  flags: RateLimitFlag[];
}

export interface StatusReport {
  /** Bumped on any incompatible change of this shape. */
  version: 1;
  generated_at: string;
  redis: string;
  /** Where the URL came from: `--redis-url`, `$N8N_LOCK_REDIS_URL`, the env file (`envs/dev.yml`) or `default`. */
  redis_source: string;
  scope_glob: string | null;
  /** lock_flags has every flag, zero or not, so scripts can read any of them without a default. */
  summary: { locks: number; flagged_locks: number; lock_flags: Record<LockFlag, number>; rate_limit_buckets: number; flagged_rate_limit_buckets: number };
  locks: LockStatus[];
  /** What is known about waiters: the Lock node's blocked now, all scopes together (null: unknown), never per scope. */
  waiters: { lock_node_blocked: number | null; per_scope: null; note: string; error?: string };
  rate_limits: RateLimitStatus[];
  scan: { keys_read: number; round_trips: number };
}

export interface StatusContext {
  nowMs: number;
  redis: string;
  redisSource?: string;
  scopeGlob?: string;
  roundTrips: number;
  /** How scopes' keys are spelled: `cluster` on a Redis Cluster (hash-tagged), else plain. */
  layout?: KeyLayout;
  /** readLockNodeWaiters' count; absent: not read (unknown). */
  lockNodeWaiters?: LockNodeWaiters;
}

/** Redis PTTL -> our ttl_ms: null means "never expires". */
function ttlOrNull(pttlMs: number): number | null {
  return pttlMs === -1 ? null : pttlMs;
}

function parseCount(reading: KeyReading): number | null {
  if (reading.value === null || !/^-?\d+$/.test(reading.value)) return null;
  const count = Number(reading.value);
  return Number.isSafeInteger(count) ? count : null;
}

/** The sidecar's holder, or null when it is not the JSON object with a string lock_id that release expects. */
export function parseHolder(raw: string | null): Holder | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  // Strictly a string: the unlock script compares strings, so status must not call a number valid.
  if (typeof record.lock_id !== 'string') return null;
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);
  const holder: Holder = { lock_id: record.lock_id, workflow_id: text(record.workflow_id), workflow_name: text(record.workflow_name), execution_id: text(record.execution_id), locked_at: text(record.locked_at) };
  if (typeof record.fence === 'number' && Number.isSafeInteger(record.fence)) holder.fence = record.fence;
  if (record.engine === 'node') holder.engine = 'node';
  if (typeof record.max_holders === 'number' && Number.isSafeInteger(record.max_holders)) holder.max_holders = record.max_holders;
  return holder;
}

export function heldForMs(holder: Holder | null, nowMs: number): number | null {
  if (!holder?.locked_at) return null;
  const lockedAt = Date.parse(holder.locked_at);
  return Number.isNaN(lockedAt) ? null : nowMs - lockedAt;
}

export function lockFlags(lock: Pick<LockStatus, 'counter' | 'sidecar'>): LockFlag[] {
  const { counter, sidecar } = lock;
  const flags = new Set<LockFlag>();
  if (counter && counter.ttl_ms === null) flags.add('no-ttl');
  if (counter && !sidecar) flags.add('no-sidecar');
  if (sidecar && !counter) flags.add('sidecar-without-counter');
  if (counter && sidecar) {
    const oneNeverExpires = (counter.ttl_ms === null) !== (sidecar.ttl_ms === null);
    const bothExpire = counter.ttl_ms !== null && sidecar.ttl_ms !== null;
    if (oneNeverExpires || (bothExpire && Math.abs(counter.ttl_ms! - sidecar.ttl_ms!) > TTL_DRIFT_THRESHOLD_MS)) flags.add('ttl-drift');
  }
  if (sidecar && sidecar.holder === null) flags.add('sidecar-unparseable');
  if (counter && counter.count === null) flags.add('counter-not-integer');
  return LOCK_FLAGS.filter((flag) => flags.has(flag));
}

export function buildStatusReport(readings: KeyReading[], context: StatusContext): StatusReport {
  const matchesScope = context.scopeGlob === undefined ? () => true : compileScopeGlob(context.scopeGlob);
  // One entry per scope holding both readings: 50k locks are 100k keys, so this path is hot.
  const pairs = new Map<string, { counter?: KeyReading; sidecar?: KeyReading; holders?: KeyReading; sidecars?: KeyReading }>();
  const rateLimits: RateLimitStatus[] = [];
  for (const reading of readings) {
    if (reading.pttlMs === -2) continue; // vanished between SCAN and read: it no longer exists
    const kind = classifyKey(reading.key, context.layout);
    if (!kind || !matchesScope(kind.scope)) continue;
    if (kind.kind === 'fence' || kind.kind === 'wake') continue; // the holder's fence is in its sidecar
    if (kind.kind === 'native-rate-limit') {
      rateLimits.push({ scope: kind.scope, key: reading.key, bucket: null, algorithm: kind.algorithm, count: nativeRateLimitCount(kind.algorithm, reading.entries ?? []), ttl_ms: ttlOrNull(reading.pttlMs), flags: reading.pttlMs === -1 ? ['no-ttl'] : [] });
    } else if (kind.kind !== 'rate-limit') {
      const pair = pairs.get(kind.scope);
      if (pair) pair[kind.kind] = reading;
      else pairs.set(kind.scope, { [kind.kind]: reading });
    } else {
      const count = parseCount(reading);
      const ttl = ttlOrNull(reading.pttlMs);
      const flags: RateLimitFlag[] = [];
      if (ttl === null) flags.push('no-ttl');
      if (count === null) flags.push('counter-not-integer');
      rateLimits.push({ scope: kind.scope, key: reading.key, bucket: kind.bucket, count, ttl_ms: ttl, flags });
    }
  }

  // Default sort is UTF-16 code-unit order (the same on every machine, unlike localeCompare).
  const scopes = [...pairs.keys()].sort();
  const locks = scopes.map((scope): LockStatus => {
    const { counter: counterReading, sidecar: sidecarReading, holders, sidecars } = pairs.get(scope)!;
    const counter = counterReading ? { key: counterKey(scope, context.layout), count: parseCount(counterReading), ttl_ms: ttlOrNull(counterReading.pttlMs) } : null;
    let sidecar: LockStatus['sidecar'] = null;
    if (sidecarReading) {
      const holder = parseHolder(sidecarReading.value);
      sidecar = { key: sidecarKey(scope, context.layout), ttl_ms: ttlOrNull(sidecarReading.pttlMs), holder };
      if (!holder) sidecar.raw = (sidecarReading.value ?? `<${sidecarReading.readError ?? 'unreadable'}>`).slice(0, 200);
    }
    const semaphore = holders || sidecars ? semaphoreStatus(holders?.entries ?? [], sidecars?.entries ?? [], context.nowMs) : undefined;
    const held_for_ms = heldForMs(sidecar?.holder ?? semaphore?.holders[0]?.holder ?? null, context.nowMs);
    return { scope, counter, sidecar, held_for_ms, flags: lockFlags({ counter, sidecar }), ...(semaphore ? { semaphore } : {}), waiters: null };
  });
  rateLimits.sort((a, b) => compareStrings(a.scope, b.scope) || (b.bucket ?? -1) - (a.bucket ?? -1) || compareStrings(a.key, b.key));

  return {
    version: 1,
    generated_at: new Date(context.nowMs).toISOString(),
    redis: context.redis,
    redis_source: context.redisSource ?? 'default',
    scope_glob: context.scopeGlob ?? null,
    summary: summarize(locks, rateLimits),
    locks,
    waiters: waitersSection(context.lockNodeWaiters),
    rate_limits: rateLimits,
    scan: { keys_read: readings.length, round_trips: context.roundTrips },
  };
}

function waitersSection(waiters: LockNodeWaiters | undefined): StatusReport['waiters'] {
  const blocked = waiters?.blocked ?? null;
  const error = waiters ? waiters.error : 'not read';
  return { lock_node_blocked: blocked, per_scope: null, note: WAITERS_PER_SCOPE_UNKNOWN, ...(error ? { error } : {}) };
}

/** A semaphore's live holds (expired ones, which the next acquire drops, are left out), oldest first. */
function semaphoreStatus(holdEntries: string[], sidecarEntries: string[], nowMs: number): SemaphoreStatus {
  const sidecars = new Map<string, string>();
  for (let i = 0; i + 1 < sidecarEntries.length; i += 2) sidecars.set(sidecarEntries[i], sidecarEntries[i + 1]);
  const holders: SemaphoreStatus['holders'] = [];
  let maxHolders: number | null = null;
  for (let i = 0; i + 1 < holdEntries.length; i += 2) {
    const expiresInMs = Number(holdEntries[i + 1]) - nowMs;
    if (expiresInMs <= 0) continue;
    const holder = parseHolder(sidecars.get(holdEntries[i]) ?? null);
    if (holder?.max_holders !== undefined) maxHolders = Math.max(maxHolders ?? 0, holder.max_holders);
    holders.push({ lock_id: holdEntries[i], expires_in_ms: expiresInMs, holder });
  }
  return { max_holders: maxHolders, holders };
}

/** What a native rate-limit key holds: calls in the log, whole tokens left, or calls in its windows. */
function nativeRateLimitCount(algorithm: RateLimitAlgorithm, entries: string[]): number | null {
  if (algorithm === 'sliding-log') return entries.length / 2;
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < entries.length; i += 2) fields.set(entries[i], entries[i + 1]);
  if (algorithm === 'token-bucket') return fields.has('tokens') ? Math.max(0, Math.floor(Number(fields.get('tokens')))) : null;
  return [...fields.values()].reduce((sum, count) => sum + Number(count), 0);
}

function summarize(locks: LockStatus[], rateLimits: RateLimitStatus[]): StatusReport['summary'] {
  const lock_flags = Object.fromEntries(LOCK_FLAGS.map((flag) => [flag, 0])) as Record<LockFlag, number>;
  for (const lock of locks) for (const flag of lock.flags) lock_flags[flag]++;
  return {
    locks: locks.length,
    flagged_locks: locks.filter((lock) => lock.flags.length > 0).length,
    lock_flags,
    rate_limit_buckets: rateLimits.length,
    flagged_rate_limit_buckets: rateLimits.filter((bucket) => bucket.flags.length > 0).length,
  };
}

/**
 * The keys of every flagged entry, to read again after a short pause. Healthy traffic passes
 * through flagged states for a moment: the stock Redis node runs INCR then EXPIRE (no-ttl), SETs the
 * sidecar a node hop after the INCR (no-sidecar), and the sidecar, written last, outlives the
 * counter by that hop at expiry (sidecar-without-counter). A monitoring check must not page on them.
 */
export function keysToRecheck(report: StatusReport, layout: KeyLayout = 'plain'): string[] {
  const keys: string[] = [];
  for (const lock of report.locks) if (lock.flags.length) keys.push(counterKey(lock.scope, layout), sidecarKey(lock.scope, layout));
  for (const bucket of report.rate_limits) if (bucket.flags.length) keys.push(bucket.key);
  return keys;
}

/**
 * Merges the second reading of the flagged keys into the first report: an entry keeps a flag only
 * if BOTH readings had it (a transient state rarely shows twice, a real problem always does), takes
 * the second reading's values (the newer truth), and is dropped if its keys are gone by then.
 */
export function settleReport(first: StatusReport, recheckReadings: KeyReading[], context: StatusContext): StatusReport {
  const second = buildStatusReport(recheckReadings, context);
  const secondLocks = new Map(second.locks.map((lock) => [lock.scope, lock]));
  const secondBuckets = new Map(second.rate_limits.map((bucket) => [bucket.key, bucket]));
  const locks: LockStatus[] = [];
  for (const lock of first.locks) {
    if (!lock.flags.length) {
      locks.push(lock);
      continue;
    }
    const again = secondLocks.get(lock.scope);
    if (again) locks.push({ ...again, flags: again.flags.filter((flag) => lock.flags.includes(flag)) });
  }
  const rateLimits: RateLimitStatus[] = [];
  for (const bucket of first.rate_limits) {
    if (!bucket.flags.length) {
      rateLimits.push(bucket);
      continue;
    }
    const again = secondBuckets.get(bucket.key);
    if (again) rateLimits.push({ ...again, flags: again.flags.filter((flag) => bucket.flags.includes(flag)) });
  }
  return {
    ...first,
    summary: summarize(locks, rateLimits),
    locks,
    rate_limits: rateLimits,
    scan: { keys_read: first.scan.keys_read + recheckReadings.length, round_trips: context.roundTrips },
  };
}

/** Monitoring contract: 1 when anything is flagged, else 0. */
export function statusExitCode(report: StatusReport): 0 | 1 {
  return report.summary.flagged_locks > 0 || report.summary.flagged_rate_limit_buckets > 0 ? 1 : 0;
}

// Code-unit order, not localeCompare: identical on every machine, so JSON output is stable.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
