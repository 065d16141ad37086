// Durable queues (issue #34): the Enqueue node, the Queue Trigger and `n8n-lock queue` share these
// key names and Lua scripts. Pure (no Redis client, no n8n).
//
// Every key of one queue carries the hash tag {<name>}, so on a Redis Cluster each script runs on
// one node. The scripts build a job's key from ARGV[1] (the job key prefix) because which job a
// claim takes is decided inside the script; those keys share the tag, so they are in the slot of
// the declared keys (Redis allows that; an ACL key pattern `~n8n-queue:*` covers them too):
//   n8n-queue:{<name>}:meta       hash: createdAt (the queue exists), seq (generated job ids)
//   n8n-queue:{<name>}:wait       list of job ids ready to run, oldest first (FIFO)
//   n8n-queue:{<name>}:delayed    sorted set: job id -> when it becomes ready (ms, server clock)
//   n8n-queue:{<name>}:active     sorted set: job id -> when its lease lapses (ms, server clock)
//   n8n-queue:{<name>}:dead       sorted set: job id -> when it died (the dead-letter set)
//   n8n-queue:{<name>}:consumers  sorted set: consumer id -> when it last claimed or beat
//   n8n-queue:{<name>}:wake       list of wake-up tokens for blocked triggers (BLPOP)
//   n8n-queue:{<name>}:job:<id>   hash: one job (payload, state, attempts, backoff, last error, timeline)
// A job is in exactly one of wait, delayed, active and dead, or is completed (its hash alone,
// kept for the retention window so its id still deduplicates). The model checker
// (test/model/queue.ts) runs these scripts and checks exactly that after every step.
//
// Time is the Redis server's (TIME) in every script: leases, delays and backoff mean the same
// to every process whatever its own clock says.
import { functionNameProblem, NODE_PACKAGE } from './functions.js';

export const QUEUE_PREFIX = 'n8n-queue:';

/** The community nodes that run these scripts. */
export const QUEUE_NODE_TYPES = { enqueue: `${NODE_PACKAGE}.enqueue`, queueTrigger: `${NODE_PACKAGE}.queueTrigger` } as const;

/** Why a queue name cannot be used (the same rules as a function name: it is part of key names), or undefined. */
export const queueNameProblem = functionNameProblem;

/** A trigger renews its leases this often relative to their length (three chances before one lapses). */
export const LEASE_RENEWALS_PER_LEASE = 3;
/** A consumer whose last claim or heartbeat is older than this is not counted as live by `queue status`. */
export const CONSUMER_LIVE_WITHIN_MS = 30_000;
/** Wake tokens kept at most: enough to wake every blocked trigger, few enough to stay small. */
export const WAKE_TOKENS_KEPT = 64;

export const DEFAULTS = {
  attempts: 3,
  backoff: 'exponential' as BackoffType,
  backoffMs: 1_000,
  jitter: 0.5,
  retentionMs: 24 * 3_600_000,
  leaseMs: 30_000,
};

export const BACKOFF_TYPES = ['fixed', 'exponential'] as const;
export type BackoffType = (typeof BACKOFF_TYPES)[number];

export const queueTag = (name: string) => `{${name}}`;
export const queueKeyPrefix = (name: string) => `${QUEUE_PREFIX}${queueTag(name)}:`;
export const jobKeyPrefix = (name: string) => `${queueKeyPrefix(name)}job:`;
export const jobKey = (name: string, id: string) => `${jobKeyPrefix(name)}${id}`;

/** The keys every script takes, in this order (KEYS[1..7]). */
export interface QueueKeys {
  wait: string;
  delayed: string;
  active: string;
  dead: string;
  meta: string;
  consumers: string;
  wake: string;
}

export function queueKeys(name: string): QueueKeys {
  const p = queueKeyPrefix(name);
  return { wait: `${p}wait`, delayed: `${p}delayed`, active: `${p}active`, dead: `${p}dead`, meta: `${p}meta`, consumers: `${p}consumers`, wake: `${p}wake` };
}

const keyList = (keys: QueueKeys) => [keys.wait, keys.delayed, keys.active, keys.dead, keys.meta, keys.consumers, keys.wake];

/** `n8n-queue:{<name>}:meta` back to the queue name, or null (what `queue status` scans for). */
export function parseMetaKey(key: string): string | null {
  const match = /^n8n-queue:\{([^{}]+)\}:meta$/.exec(key);
  return match && queueNameProblem(match[1]) === undefined ? match[1] : null;
}
export const META_SCAN_PATTERN = `${QUEUE_PREFIX}{*}:meta`;

/**
 * Why a job id cannot be used, or undefined. Generated ids are the queue's sequence numbers, so a
 * given id may not be all digits (BullMQ has the same rule), and it is part of a key name.
 */
export function jobIdProblem(id: string): string | undefined {
  if (id === '') return 'is empty';
  if (id.length > 200) return `is ${id.length} characters long (at most 200)`;
  if (/^\d+$/.test(id)) return 'is all digits, which are kept for generated ids: add a letter (e.g. order-42)';
  const bad = [...id].find((c) => !/[A-Za-z0-9_.:@-]/.test(c));
  if (bad !== undefined) return `contains ${JSON.stringify(bad)}: use letters, digits, "_", "-", ".", ":" and "@" only`;
  return undefined;
}

/**
 * The wait before retry number `attempt` + 1, after `attempt` attempts failed: fixed `baseMs`, or
 * exponential `baseMs * 2^(attempt-1)` (BullMQ's), shortened by up to `jitter` of itself at random.
 * The bounds a measured gap must fall in (the e2e checks them): [delay * (1 - jitter), delay].
 */
export function backoffBounds(type: BackoffType, baseMs: number, jitter: number, attempt: number): { minMs: number; maxMs: number } {
  const delay = type === 'exponential' ? baseMs * 2 ** (attempt - 1) : baseMs;
  return { minMs: Math.floor(delay * (1 - jitter)), maxMs: delay };
}

// ---- Lua ----

const NOW_MS = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function num(x) return string.format('%.0f', x) end
local function job_key(id) return ARGV[1] .. id end
-- The job's timeline (claim:<ms>, retry:<ms>:<delay ms>, dead:<ms>), one entry per event, so the
-- gaps between attempts can be read back and checked against their backoff.
local function note(key, event)
  local timeline = redis.call('HGET', key, 'timeline')
  redis.call('HSET', key, 'timeline', (timeline and (timeline .. ',') or '') .. event)
end
local function wake()
  redis.call('RPUSH', KEYS[7], '1')
  redis.call('LTRIM', KEYS[7], -${WAKE_TOKENS_KEPT}, -1)
  redis.call('PEXPIRE', KEYS[7], 60000)
end
`;

/**
 * An attempt ended without success (the execution failed, or its lease lapsed): the job waits its
 * backoff in delayed, or, when every attempt is used, goes to the dead-letter set with the error.
 * `rnd` in [0, 1) comes from the caller: Redis seeds a script's math.random the same every time.
 */
const RETRY_OR_DIE = `local function retry_or_die(id, err, rnd)
  local key = job_key(id)
  local f = redis.call('HMGET', key, 'attempts', 'maxAttempts', 'backoff', 'backoffMs', 'jitter')
  local attempts, max_attempts = tonumber(f[1]) or 0, tonumber(f[2]) or 1
  redis.call('ZREM', KEYS[3], id)
  if attempts >= max_attempts then
    redis.call('HSET', key, 'state', 'dead', 'lastError', err, 'finishedAt', num(now))
    redis.call('HDEL', key, 'owner')
    redis.call('ZADD', KEYS[4], now, id)
    note(key, 'dead:' .. num(now))
    return 2, 0
  end
  local delay = tonumber(f[4]) or 0
  if f[3] == 'exponential' then delay = delay * 2 ^ (attempts - 1) end
  delay = math.floor(delay * (1 - (tonumber(f[5]) or 0) * rnd))
  redis.call('HSET', key, 'state', 'delayed', 'lastError', err, 'readyAt', num(now + delay))
  redis.call('HDEL', key, 'owner')
  redis.call('ZADD', KEYS[2], now + delay, id)
  note(key, 'retry:' .. num(now) .. ':' .. num(delay))
  return 1, delay
end
`;

/**
 * Adds one job, or returns the one already known under its id (waiting, delayed, active, dead, or
 * completed within its retention): a duplicate is not an error and writes nothing.
 *   ARGV job prefix, job id ('' = generate), payload JSON, delay ms, attempts, backoff type,
 *        backoff ms, jitter (0-1), retention ms
 *   -> {1, id, state} added | {0, id, state} already known
 */
export const ENQUEUE_SCRIPT = `
${NOW_MS}local id = ARGV[2]
if id == '' then
  id = num(redis.call('HINCRBY', KEYS[5], 'seq', 1))
else
  local state = redis.call('HGET', job_key(id), 'state')
  if state then return {0, id, state} end
end
redis.call('HSETNX', KEYS[5], 'createdAt', num(now))
local delay = tonumber(ARGV[4])
local state = 'waiting'
if delay > 0 then state = 'delayed' end
redis.call('HSET', job_key(id), 'payload', ARGV[3], 'state', state, 'attempts', '0', 'maxAttempts', ARGV[5],
  'backoff', ARGV[6], 'backoffMs', ARGV[7], 'jitter', ARGV[8], 'retentionMs', ARGV[9],
  'enqueuedAt', num(now), 'readyAt', num(now + delay))
if delay > 0 then
  redis.call('ZADD', KEYS[2], now + delay, id)
else
  redis.call('RPUSH', KEYS[1], id)
end
-- A delayed job wakes a trigger too: its claim learns the job's time and sleeps until exactly then.
wake()
return {1, id, state}
`;

/**
 * Takes up to ARGV[5] jobs, never more than the queue's concurrency limit leaves free across every
 * process. First the leases that lapsed (their process died or stopped renewing) end as failed
 * attempts, and delayed jobs whose time came move to the back of wait.
 *   ARGV job prefix, concurrency limit, lease ms, consumer id, most to take, rnd (for lapsed jobs' jitter)
 *   -> {now, active after, waiting after, next delayed ms (-1 none), id1, payload1, attempt1, maxAttempts1, enqueuedAt1, id2, ...}
 */
export const CLAIM_SCRIPT = `
${NOW_MS}${RETRY_OR_DIE}for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 100)) do
  retry_or_die(id, 'lease lapsed: the process running the job stopped renewing it (crashed, or cut off from Redis)', tonumber(ARGV[6]))
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 1000)) do
  redis.call('ZREM', KEYS[2], id)
  redis.call('HSET', job_key(id), 'state', 'waiting')
  redis.call('RPUSH', KEYS[1], id)
end
redis.call('ZADD', KEYS[6], now, ARGV[4])
local active = redis.call('ZCARD', KEYS[3])
local take = math.min(tonumber(ARGV[2]) - active, tonumber(ARGV[5]))
local out = {}
local lease_ends = now + tonumber(ARGV[3])
while take > 0 do
  local id = redis.call('LPOP', KEYS[1])
  if not id then break end
  local key = job_key(id)
  local f = redis.call('HMGET', key, 'payload', 'maxAttempts', 'enqueuedAt')
  if f[1] then
    local attempt = redis.call('HINCRBY', key, 'attempts', 1)
    redis.call('HSET', key, 'state', 'active', 'startedAt', num(now), 'owner', ARGV[4])
    redis.call('ZADD', KEYS[3], lease_ends, id)
    note(key, 'claim:' .. num(now))
    out[#out + 1] = id
    out[#out + 1] = f[1]
    out[#out + 1] = attempt
    out[#out + 1] = f[2]
    out[#out + 1] = f[3]
    take = take - 1
    active = active + 1
  end
end
local next_delayed = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local head = {now, active, redis.call('LLEN', KEYS[1]), tonumber(next_delayed[2]) or -1}
for _, v in ipairs(out) do head[#head + 1] = v end
return head
`;

/** The job is still held by this attempt: in active and its attempt count unchanged (no later delivery). */
const HELD = `local function held(id, attempt)
  return redis.call('ZSCORE', KEYS[3], id) and redis.call('HGET', job_key(id), 'attempts') == attempt
end
`;

/**
 * Renews one attempt's lease, unless it already lapsed or the job moved on (a lapsed lease is
 * lost for good: another process may have the job by now).
 *   ARGV job prefix, id, attempt, lease ms, consumer id  -> 1 renewed | 0 lost
 */
export const RENEW_SCRIPT = `
${NOW_MS}${HELD}if not held(ARGV[2], ARGV[3]) or tonumber(redis.call('ZSCORE', KEYS[3], ARGV[2])) <= now then return 0 end
redis.call('ZADD', KEYS[3], 'XX', now + tonumber(ARGV[4]), ARGV[2])
redis.call('ZADD', KEYS[6], now, ARGV[5])
return 1
`;

/**
 * The attempt succeeded: the job is completed, its payload dropped, its hash kept for its
 * retention (its id still deduplicates), and one blocked trigger is woken for the freed slot.
 *   ARGV job prefix, id, attempt  -> 1 completed | 0 not held (the lease lapsed and the job moved on)
 */
export const COMPLETE_SCRIPT = `
${NOW_MS}${HELD}if not held(ARGV[2], ARGV[3]) then return 0 end
local key = job_key(ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('HSET', key, 'state', 'completed', 'finishedAt', num(now))
redis.call('HDEL', key, 'payload', 'owner')
redis.call('PEXPIRE', key, redis.call('HGET', key, 'retentionMs'))
wake()
return 1
`;

/**
 * The attempt failed: a retry after the backoff, or the dead-letter set once attempts are used up.
 *   ARGV job prefix, id, attempt, error message, rnd in [0, 1)
 *   -> {1, delay ms} retry | {2, 0} dead | {0, 0} not held
 */
export const FAIL_SCRIPT = `
${NOW_MS}${RETRY_OR_DIE}${HELD}if not held(ARGV[2], ARGV[3]) then return {0, 0} end
local outcome, delay = retry_or_die(ARGV[2], ARGV[4], tonumber(ARGV[5]))
wake()
return {outcome, delay}
`;

/**
 * Dead jobs back to the back of wait with their attempts reset (`queue retry`): the ids given, or
 * every dead job when none is given. Ids that are not dead change nothing at all.
 *   ARGV job prefix, id...  -> {1, revived} | {0, missing id...} | {-1} no such queue
 */
export const RETRY_DEAD_SCRIPT = `
${NOW_MS}if redis.call('EXISTS', KEYS[5]) == 0 then return {-1} end
local ids = {}
for i = 2, #ARGV do ids[#ids + 1] = ARGV[i] end
if #ids == 0 then ids = redis.call('ZRANGE', KEYS[4], 0, -1) end
local missing = {0}
for _, id in ipairs(ids) do
  if not redis.call('ZSCORE', KEYS[4], id) then missing[#missing + 1] = id end
end
if #missing > 1 then return missing end
for _, id in ipairs(ids) do
  redis.call('ZREM', KEYS[4], id)
  redis.call('HSET', job_key(id), 'state', 'waiting', 'attempts', '0', 'readyAt', num(now))
  redis.call('HDEL', job_key(id), 'finishedAt')
  redis.call('RPUSH', KEYS[1], id)
end
if #ids > 0 then wake() end
return {1, #ids}
`;

/**
 * Removes the queue's jobs (waiting, delayed, dead, and active ones only with force) and the
 * queue itself. Completed jobs' dedup hashes expire by themselves.
 *   ARGV job prefix, force ('1'), dry run ('1')
 *   -> {status, waiting, delayed, active, dead}: status 1 purged (or would be), 0 refused (jobs in flight, no force), -1 no such queue
 */
export const PURGE_SCRIPT = `
if redis.call('EXISTS', KEYS[5]) == 0 then return {-1, 0, 0, 0, 0} end
local counts = {redis.call('LLEN', KEYS[1]), redis.call('ZCARD', KEYS[2]), redis.call('ZCARD', KEYS[3]), redis.call('ZCARD', KEYS[4])}
if counts[3] > 0 and ARGV[2] ~= '1' then return {0, counts[1], counts[2], counts[3], counts[4]} end
if ARGV[3] == '1' then return {1, counts[1], counts[2], counts[3], counts[4]} end
for _, id in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do redis.call('DEL', ARGV[1] .. id) end
for i = 2, 4 do
  for _, id in ipairs(redis.call('ZRANGE', KEYS[i], 0, -1)) do redis.call('DEL', ARGV[1] .. id) end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7])
return {1, counts[1], counts[2], counts[3], counts[4]}
`;

// ---- arguments and replies ----

export interface JobOptions {
  /** '' or undefined: the queue numbers it. */
  jobId?: string;
  payload: string;
  delayMs: number;
  attempts: number;
  backoff: BackoffType;
  backoffMs: number;
  jitter: number;
  retentionMs: number;
}

type Eval = [script: string, keyCount: number, ...args: string[]];

const evalOf = (script: string, name: string, argv: Array<string | number>): Eval => [script, 7, ...keyList(queueKeys(name)), jobKeyPrefix(name), ...argv.map(String)];

export const enqueueEval = (name: string, job: JobOptions): Eval =>
  evalOf(ENQUEUE_SCRIPT, name, [job.jobId ?? '', job.payload, Math.round(job.delayMs), job.attempts, job.backoff, Math.round(job.backoffMs), job.jitter, Math.round(job.retentionMs)]);
export const claimEval = (name: string, o: { limit: number; leaseMs: number; consumerId: string; most: number; rnd: number }): Eval =>
  evalOf(CLAIM_SCRIPT, name, [o.limit, Math.round(o.leaseMs), o.consumerId, o.most, o.rnd]);
export const renewEval = (name: string, id: string, attempt: number, leaseMs: number, consumerId: string): Eval => evalOf(RENEW_SCRIPT, name, [id, attempt, Math.round(leaseMs), consumerId]);
export const completeEval = (name: string, id: string, attempt: number): Eval => evalOf(COMPLETE_SCRIPT, name, [id, attempt]);
export const failEval = (name: string, id: string, attempt: number, error: string, rnd: number): Eval => evalOf(FAIL_SCRIPT, name, [id, attempt, error.slice(0, 2_000), rnd]);
export const retryDeadEval = (name: string, ids: string[]): Eval => evalOf(RETRY_DEAD_SCRIPT, name, ids);
export const purgeEval = (name: string, o: { force: boolean; dryRun: boolean }): Eval => evalOf(PURGE_SCRIPT, name, [o.force ? '1' : '0', o.dryRun ? '1' : '0']);

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'dead';

export function parseEnqueueReply(reply: unknown): { created: boolean; id: string; state: JobState } {
  const [created, id, state] = reply as [number, string, JobState];
  return { created: Number(created) === 1, id: String(id), state };
}

/** One job a claim handed out. */
export interface ClaimedJob {
  id: string;
  payload: string;
  attempt: number;
  maxAttempts: number;
  enqueuedAt: number;
}

export interface ClaimReply {
  now: number;
  active: number;
  waiting: number;
  /** When the next delayed job becomes ready (ms, server clock), or null. */
  nextDelayedAt: number | null;
  jobs: ClaimedJob[];
}

export function parseClaimReply(reply: unknown): ClaimReply {
  const r = reply as unknown[];
  const jobs: ClaimedJob[] = [];
  for (let i = 4; i + 4 < r.length; i += 5) jobs.push({ id: String(r[i]), payload: String(r[i + 1]), attempt: Number(r[i + 2]), maxAttempts: Number(r[i + 3]), enqueuedAt: Number(r[i + 4]) });
  const next = Number(r[3]);
  return { now: Number(r[0]), active: Number(r[1]), waiting: Number(r[2]), nextDelayedAt: next < 0 ? null : next, jobs };
}

export type FailReply = { outcome: 'retry'; delayMs: number } | { outcome: 'dead' } | { outcome: 'not-held' };

export function parseFailReply(reply: unknown): FailReply {
  const [status, delay] = (reply as unknown[]).map(Number);
  return status === 1 ? { outcome: 'retry', delayMs: delay } : status === 2 ? { outcome: 'dead' } : { outcome: 'not-held' };
}

/** One event of a job's timeline: claimed, failed and retried after `delayMs`, or dead (ms on the server clock). */
export type TimelineEvent = { event: 'claim'; at: number } | { event: 'retry'; at: number; delayMs: number } | { event: 'dead'; at: number };

export function parseTimeline(text: string | null): TimelineEvent[] {
  return (text ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [event, at, delay] = entry.split(':');
      return event === 'retry' ? { event, at: Number(at), delayMs: Number(delay) } : { event: event as 'claim' | 'dead', at: Number(at) };
    });
}

/**
 * For each retry in a timeline: the backoff the script chose and the gap from the failure to the
 * next claim (which cannot come before the job is due, and comes as soon as a trigger wakes).
 */
export function retryGaps(timeline: TimelineEvent[]): Array<{ delayMs: number; gapMs: number }> {
  return timeline.flatMap((entry, i) => {
    const next = timeline.slice(i + 1).find((later) => later.event === 'claim');
    return entry.event === 'retry' && next ? [{ delayMs: entry.delayMs, gapMs: next.at - entry.at }] : [];
  });
}

/** The item field of a Queue Trigger execution: who the job is, for an idempotent handler. */
export interface QueueJobContext {
  queue: string;
  jobId: string;
  attempt: number;
  maxAttempts: number;
  enqueuedAt: string;
}
