// What `n8n-lock queue` reads from and does to Redis: the queues (SCAN for their meta keys on every
// master), one queue's counts, its jobs, and the two changes it makes, both one script of
// n8n-lock-protocol/queues (retry dead jobs, purge). Every command of one queue carries its hash
// tag, so on a Cluster each goes to the node of that queue.
import { CONSUMER_LIVE_WITHIN_MS, jobKey, META_SCAN_PATTERN, parseMetaKey, purgeEval, queueKeys, retryDeadEval, type JobState } from 'n8n-lock-protocol/queues';
import { InputError } from '../errors.js';
import { scanTargets, type RedisClient } from './redis-client.js';

const SCAN_COUNT = 500;

const noSuchQueue = (name: string) => new InputError(`no queue named "${name}" in this Redis (n8n-lock queue status lists them)`);

/** One queue as `queue status` reads it. */
export interface QueueReading {
  name: string;
  waiting: number;
  delayed: number;
  active: number;
  /** Active jobs whose lease lapsed and that no claim took back yet (their process died, or nobody claims). */
  lapsed: number;
  dead: number;
  /** When the job at the head of wait was added (ms), or null when nothing waits. */
  oldestWaitingAt: number | null;
  consumers: Array<{ id: string; lastSeenAt: number }>;
  /** The Redis server's clock, which every time above is on. */
  serverNow: number;
}

export async function listQueues(client: RedisClient): Promise<string[]> {
  const names = new Set<string>();
  for (const node of scanTargets(client)) {
    let cursor = '0';
    do {
      const [next, keys] = (await node.scan(cursor, 'MATCH', META_SCAN_PATTERN, 'COUNT', SCAN_COUNT)) as [string, string[]];
      cursor = next;
      for (const key of keys) {
        const name = parseMetaKey(key);
        if (name !== null) names.add(name);
      }
    } while (cursor !== '0');
  }
  return [...names].sort();
}

/** Fails as bad input (exit 2) when the queue was never written to (or was purged). */
export async function requireQueue(client: RedisClient, name: string): Promise<void> {
  if (Number(await client.exists(queueKeys(name).meta)) === 0) throw noSuchQueue(name);
}

const serverNowMs = (time: [string, string]) => Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);

export async function readQueue(client: RedisClient, name: string): Promise<QueueReading> {
  const keys = queueKeys(name);
  const replies = (await client
    .pipeline()
    .time()
    .llen(keys.wait)
    .zcard(keys.delayed)
    .zcard(keys.active)
    .zcard(keys.dead)
    .lrange(keys.wait, 0, 0)
    .zrange(keys.consumers, 0, -1, 'WITHSCORES')
    .zrange(keys.active, 0, -1, 'WITHSCORES')
    .exec()) as Array<[Error | null, unknown]>;
  for (const [error] of replies) if (error) throw error;
  const [time, waiting, delayed, active, dead, head, consumers, leases] = replies.map(([, reply]) => reply) as [[string, string], number, number, number, number, string[], string[], string[]];
  const serverNow = serverNowMs(time);
  const oldest = head[0] === undefined ? null : await client.hget(jobKey(name, head[0]), 'enqueuedAt');
  const pairs = (flat: string[]) => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], Number(flat[2 * i + 1])] as const);
  return {
    name,
    waiting: Number(waiting),
    delayed: Number(delayed),
    active: Number(active),
    lapsed: pairs(leases).filter(([, endsAt]) => endsAt <= serverNow).length,
    dead: Number(dead),
    oldestWaitingAt: oldest === null ? null : Number(oldest),
    consumers: pairs(consumers).map(([id, lastSeenAt]) => ({ id, lastSeenAt })),
    serverNow,
  };
}

export const isLiveConsumer = (lastSeenAt: number, now: number) => now - lastSeenAt <= CONSUMER_LIVE_WITHIN_MS;

/** One job as `queue peek` shows it. */
export interface JobView {
  id: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  enqueuedAt: number | null;
  lastError: string | null;
  payload: unknown;
}

export const PEEK_STATES = ['waiting', 'delayed', 'active', 'dead'] as const;
export type PeekState = (typeof PEEK_STATES)[number];

/** The first `count` jobs of one state: waiting in the order they run, the others by their time (ready, lease end, death). */
export async function peekJobs(client: RedisClient, name: string, state: PeekState, count: number): Promise<JobView[]> {
  const keys = queueKeys(name);
  const ids = state === 'waiting' ? await client.lrange(keys.wait, 0, count - 1) : await client.zrange(keys[state], 0, count - 1);
  if (ids.length === 0) return [];
  const pipeline = client.pipeline();
  for (const id of ids) pipeline.hmget(jobKey(name, id), 'state', 'attempts', 'maxAttempts', 'enqueuedAt', 'lastError', 'payload');
  const rows = ((await pipeline.exec()) ?? []).map(([error, reply]) => {
    if (error) throw error;
    return reply as Array<string | null>;
  });
  return ids.map((id, i) => {
    const [jobState, attempts, maxAttempts, enqueuedAt, lastError, payload] = rows[i];
    let parsed: unknown = payload;
    try {
      parsed = payload === null ? null : JSON.parse(payload);
    } catch {
      /* shown as the text it is */
    }
    return { id, state: (jobState ?? state) as JobState, attempts: Number(attempts ?? 0), maxAttempts: Number(maxAttempts ?? 0), enqueuedAt: enqueuedAt === null ? null : Number(enqueuedAt), lastError, payload: parsed };
  });
}

/** Dead jobs back to the queue: the ids given, or all of them. An id that is not dead is bad input, and then nothing changes. */
export async function retryDeadJobs(client: RedisClient, name: string, ids: string[]): Promise<number> {
  const reply = (await client.eval(...retryDeadEval(name, ids))) as unknown[];
  const status = Number(reply[0]);
  if (status === -1) throw noSuchQueue(name);
  if (status === 0) throw new InputError(`not dead in queue "${name}": ${reply.slice(1).map(String).join(', ')} (n8n-lock queue peek ${name} --state dead lists the dead jobs); nothing was retried`);
  return Number(reply[1]);
}

export interface PurgeCounts {
  waiting: number;
  delayed: number;
  active: number;
  dead: number;
}

/** Purges the queue (or, dry, counts what would go); refuses a queue with jobs in flight unless forced. */
export async function purgeQueue(client: RedisClient, name: string, options: { force: boolean; dryRun: boolean }): Promise<PurgeCounts> {
  const [status, waiting, delayed, active, dead] = ((await client.eval(...purgeEval(name, options))) as unknown[]).map(Number);
  if (status === -1) throw noSuchQueue(name);
  if (status === 0) throw new InputError(`queue "${name}" has ${active} job(s) in flight: purging would drop jobs that are running now. Add --force to purge anyway (their executions still finish; their results are ignored); nothing was purged`);
  return { waiting, delayed, active, dead };
}
