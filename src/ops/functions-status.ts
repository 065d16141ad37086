// Pure: what `functions status` read from Redis -> the report, its flags and the exit code.
import { entryTime, isLive, LIVE_WITHIN_MS, type ConsumerMeta } from 'n8n-lock-protocol/functions';

/** One function's stream as read from Redis (see readFunctionStreams in redis-client.ts). */
export interface FunctionReading {
  stream: string;
  scope: string;
  name: string;
  /** Entries on the stream: answered calls are deleted, so this is the backlog (waiting + running). */
  length: number;
  /** Delivered to a consumer and not answered yet. */
  pending: number;
  /** Id of the oldest entry still on the stream, or null when it is empty. */
  oldestId: string | null;
  /** Every consumer the registry or the group's pending list names, with its registration (null: gone). */
  consumers: Array<{ id: string; meta: ConsumerMeta | null; pending: number }>;
  deadLetters: number;
  /** False when the stream has no consumer group (nobody ever served it). */
  hasGroup: boolean;
}

export const FUNCTION_FLAGS = ['no-live-consumer', 'stale-consumer', 'old-backlog', 'dead-letters'] as const;
export type FunctionFlag = (typeof FUNCTION_FLAGS)[number];

export const FUNCTION_FLAG_ADVICE: Record<FunctionFlag, string> = {
  'no-live-consumer': 'no Function trigger has sent a heartbeat in the last 30 s: callers fail with "No live consumer". Publish (activate) the workflow that defines the function',
  'stale-consumer': 'a consumer stopped sending heartbeats (its n8n died or lost Redis). Its calls are reclaimed by a live consumer; if it never comes back, a live consumer forgets it once it holds no calls',
  'old-backlog': 'the oldest unanswered call is older than --max-age: consumers are too few or too slow (raise Calls in Flight, add workers), or they are down',
  'dead-letters': 'calls were dead-lettered (unreadable, or delivered more than Max Deliveries times). Read them with redis-cli XRANGE <dead-letter key> - +, then XTRIM it to 0 when handled',
};

export interface ConsumerStatus {
  id: string;
  heartbeat_age_ms: number | null;
  live: boolean;
  pending: number;
  workflow_id: string | null;
  calls_in_flight: number | null;
}

export interface FunctionStatus {
  name: string;
  scope: string;
  stream: string;
  length: number;
  pending: number;
  oldest_age_ms: number | null;
  consumers: ConsumerStatus[];
  live_consumers: number;
  dead_letters: number;
  flags: FunctionFlag[];
}

export interface FunctionsReport {
  redis: string;
  /** Where the URL came from: `--redis-url`, `$N8N_LOCK_REDIS_URL`, the env file (`envs/dev.yml`) or `default`. */
  redis_source: string;
  generated_at: string;
  function_glob: string | null;
  max_age_ms: number;
  functions: FunctionStatus[];
  summary: { functions: number; flagged: number; backlog: number; dead_letters: number };
}

export interface FunctionsContext {
  nowMs: number;
  redis: string;
  redisSource?: string;
  functionGlob?: string;
  maxAgeMs: number;
}

export function functionStatus(reading: FunctionReading, nowMs: number, maxAgeMs: number): FunctionStatus {
  const consumers: ConsumerStatus[] = reading.consumers.map(({ id, meta, pending }) => ({
    id,
    heartbeat_age_ms: meta ? nowMs - meta.lastHeartbeat : null,
    live: isLive(meta, nowMs),
    pending,
    workflow_id: meta?.workflowId || null,
    calls_in_flight: meta ? meta.callsInFlight : null,
  }));
  const live = consumers.filter((c) => c.live).length;
  const oldestAge = reading.oldestId === null ? null : nowMs - entryTime(reading.oldestId);
  const flags: FunctionFlag[] = [];
  if (live === 0) flags.push('no-live-consumer');
  if (consumers.some((c) => !c.live)) flags.push('stale-consumer');
  if (oldestAge !== null && oldestAge > maxAgeMs) flags.push('old-backlog');
  if (reading.deadLetters > 0) flags.push('dead-letters');
  return {
    name: reading.name,
    scope: reading.scope,
    stream: reading.stream,
    length: reading.length,
    pending: reading.pending,
    oldest_age_ms: oldestAge,
    consumers: consumers.sort((a, b) => a.id.localeCompare(b.id)),
    live_consumers: live,
    dead_letters: reading.deadLetters,
    flags,
  };
}

export function buildFunctionsReport(readings: FunctionReading[], context: FunctionsContext): FunctionsReport {
  const functions = readings
    .map((reading) => functionStatus(reading, context.nowMs, context.maxAgeMs))
    .sort((a, b) => a.name.localeCompare(b.name) || a.scope.localeCompare(b.scope));
  return {
    redis: context.redis,
    redis_source: context.redisSource ?? 'default',
    generated_at: new Date(context.nowMs).toISOString(),
    function_glob: context.functionGlob ?? null,
    max_age_ms: context.maxAgeMs,
    functions,
    summary: {
      functions: functions.length,
      flagged: functions.filter((f) => f.flags.length > 0).length,
      backlog: functions.reduce((sum, f) => sum + f.length, 0),
      dead_letters: functions.reduce((sum, f) => sum + f.dead_letters, 0),
    },
  };
}

export function functionsExitCode(report: FunctionsReport): 0 | 1 {
  return report.summary.flagged > 0 ? 1 : 0;
}

/** The liveness window, for help texts. */
export const LIVE_WITHIN_SECONDS = LIVE_WITHIN_MS / 1000;
