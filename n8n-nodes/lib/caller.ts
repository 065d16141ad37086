// One call of a function, from the caller's side: check that someone serves it, XADD once (seed
// point 2: one stream per function, one entry per call, the consumer group balances), then wait
// for the one answer on the call's own list until the absolute deadline (seed point 7).
import { randomUUID } from 'node:crypto';
import {
  decodeAnswer,
  encodeCall,
  functionKeys,
  GLOBAL_SCOPE,
  isLive,
  LIVE_WITHIN_MS,
  metaKey,
  parseMeta,
  responseKey,
  type FailureKind,
} from 'n8n-lock-protocol/functions';
import { metricField } from 'n8n-lock-protocol/metrics';
import { isConnectionLoss, pipelined, writeReplicated, type RedisClient, type ReplicaAck } from './redis';
import { recordingPlan, recordOutcome, type Recorder } from './metrics';

export interface CallRequest {
  functionName: string;
  scope: string;
  params: Record<string, unknown>;
  timeoutMs: number;
  /** This call's depth (1 from a workflow that is not a function execution). */
  depth: number;
  /** `<workflow id>/<execution id>` of the caller, shown to operators. */
  caller: string;
}

export type CallErrorKind = FailureKind | 'no-consumer' | 'timeout' | 'not-replicated';

export type CallOutcome =
  | { ok: true; value: unknown; callId: string; ms: number }
  | { ok: false; kind: CallErrorKind; message: string; callId?: string; ms: number };

/** How long a caller waits for a consumer to appear (workflows activate in any order at start). */
export const NO_CONSUMER_RETRY_MS = 3_000;
const NO_CONSUMER_POLL_MS = 250;

export function describeScope(scope: string): string {
  return scope === GLOBAL_SCOPE ? 'global' : `workflow ${scope}`;
}

/** How many consumers of the function have sent a heartbeat recently. */
export async function liveConsumerCount(redis: RedisClient, scope: string, functionName: string, now = Date.now()): Promise<number> {
  const ids = await redis.smembers(functionKeys(scope, functionName).consumers);
  const metas = (await pipelined(redis, ids, (p, id) => p.hgetall(metaKey(scope, functionName, id)))) as Array<Record<string, string>>;
  return ids.filter((id, i) => isLive(parseMeta(id, metas[i]), now)).length;
}

export interface CallOptions {
  /**
   * A new connection after the one waiting for the answer was lost (a Sentinel failover, a Redis
   * restart): the caller keeps waiting on the new one until its deadline, since the answer may still
   * come. Without it a lost connection fails the call.
   */
  reconnect?: () => Promise<RedisClient>;
  /** Replicas that must hold the call before it counts as sent; a call they do not acknowledge is withdrawn. */
  replicaAck?: ReplicaAck;
}

/** How long to wait between attempts to reconnect while the deadline allows. */
const RECONNECT_PAUSE_MS = 250;

/**
 * Calls the function once and resolves with its value or why not. Never rejects for a call that
 * ended (timeout, no consumer, the function's error): only for Redis itself failing.
 */
export async function callFunction(redis: RedisClient, request: CallRequest, options: CallOptions = {}): Promise<CallOutcome> {
  const started = Date.now();
  const deadline = started + request.timeoutMs;
  const keys = functionKeys(request.scope, request.functionName);
  const ms = () => Date.now() - started;

  const retryUntil = Math.min(deadline, started + NO_CONSUMER_RETRY_MS);
  while ((await liveConsumerCount(redis, request.scope, request.functionName)) === 0) {
    if (Date.now() + NO_CONSUMER_POLL_MS > retryUntil) {
      return {
        ok: false,
        kind: 'no-consumer',
        message: `No live consumer for function "${request.functionName}" (${describeScope(request.scope)}): no Function trigger with this name has sent a heartbeat in the last ${LIVE_WITHIN_MS / 1000} s. Is the workflow that defines it published?`,
        ms: ms(),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, NO_CONSUMER_POLL_MS));
  }

  const callId = randomUUID();
  const response = responseKey(request.scope, request.functionName, callId);
  const fields = encodeCall({ callId, params: request.params, responseChannel: response, deadline, depth: request.depth, caller: request.caller, sentAt: Date.now() });
  const ack = options.replicaAck;
  let sent: Awaited<ReturnType<typeof writeReplicated>>;
  try {
    sent = await writeReplicated(redis, ack, 'XADD', [keys.stream, '*', ...fields]);
  } catch (error) {
    if (!ack || !isConnectionLoss(error)) throw error;
    // The master went away between the XADD and WAIT's answer: nobody can say whether a replica holds it.
    return { ok: false, kind: 'not-replicated', message: `The call to function "${request.functionName}" could not be confirmed: the connection to Redis was lost before ${ack.replicas} replica(s) acknowledged it; it may still run`, callId, ms: ms() };
  }
  if (ack && sent.acked < ack.replicas) {
    // Withdrawn, so a failover cannot leave the caller believing in a call the new master never had
    // (the consumer holds back a delivery the replicas do not hold, so it has not run).
    await redis.xdel(keys.stream, String(sent.reply)).catch(() => undefined);
    return { ok: false, kind: 'not-replicated', message: `The call to function "${request.functionName}" was not sent: ${sent.acked} of ${ack.replicas} replica(s) acknowledged it within ${ack.timeoutMs} ms (Replica Acknowledgements in the Redis credential)`, callId, ms: ms() };
  }

  let client = redis;
  for (;;) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) break;
    // BLPOP takes seconds with decimals; 0 would mean "forever", so never less than 10 ms.
    let reply: [string, string] | null;
    try {
      reply = await client.blpop(response, Math.max(0.01, remainingMs / 1000));
    } catch (error) {
      if (!options.reconnect || !isConnectionLoss(error)) throw error;
      const next = await reconnectBefore(options.reconnect, deadline);
      if (!next) break;
      client = next;
      continue;
    }
    if (reply) {
      const answer = decodeAnswer(reply[1]);
      if (answer.ok) return { ok: true, value: answer.value, callId, ms: ms() };
      return { ok: false, kind: answer.error.kind, message: answer.error.message, callId, ms: ms() };
    }
  }
  return {
    ok: false,
    kind: 'timeout',
    message: `Function "${request.functionName}" did not answer within ${formatSeconds(request.timeoutMs)} (call ${callId})`,
    callId,
    ms: ms(),
  };
}

/** A new connection from `reconnect`, trying again every RECONNECT_PAUSE_MS, or undefined once the deadline passed. */
async function reconnectBefore(reconnect: () => Promise<RedisClient>, deadline: number): Promise<RedisClient | undefined> {
  while (Date.now() < deadline) {
    try {
      return await reconnect();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
    }
  }
  return undefined;
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/**
 * Records how a call ended (answered, timed_out, errored: the function failed, nobody serves it,
 * ...) and how long it took. Sent after the answer, not waited for: the caller has its value.
 */
export function recordCall(redis: RedisClient, recorder: Recorder | undefined, outcome: CallOutcome): void {
  const status = outcome.ok ? 'answered' : outcome.kind === 'timeout' ? 'timed_out' : 'errored';
  recordOutcome(redis, recorder, CALL_PLAN, status, outcome.ms / 1000);
}

const callOutcome = (status: string) => ({ inc: [metricField('function_calls', status)], observe: [metricField('function_call_seconds')] });
const CALL_PLAN = recordingPlan({ answered: callOutcome('answered'), timed_out: callOutcome('timed_out'), errored: callOutcome('errored') });
