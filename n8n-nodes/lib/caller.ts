// One call of a function, from the caller's side: check that someone serves it, XADD once (seed
// point 2: one stream per function, one entry per call, the consumer group balances), then wait
// for the one answer on the call's own list until the absolute deadline (seed point 7).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
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
} from '../../src/functions/protocol';
import { pipelined } from './redis';

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

export type CallErrorKind = FailureKind | 'no-consumer' | 'timeout';

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
export async function liveConsumerCount(redis: Redis, scope: string, functionName: string, now = Date.now()): Promise<number> {
  const ids = await redis.smembers(functionKeys(scope, functionName).consumers);
  const metas = (await pipelined(redis, ids, (p, id) => p.hgetall(metaKey(id, functionName)))) as Array<Record<string, string>>;
  return ids.filter((id, i) => isLive(parseMeta(id, metas[i]), now)).length;
}

/**
 * Calls the function once and resolves with its value or why not. Never rejects for a call that
 * ended (timeout, no consumer, the function's error): only for Redis itself failing.
 */
export async function callFunction(redis: Redis, request: CallRequest): Promise<CallOutcome> {
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
  const response = responseKey(callId);
  await redis.xadd(keys.stream, '*', ...encodeCall({ callId, params: request.params, responseChannel: response, deadline, depth: request.depth, caller: request.caller, sentAt: Date.now() }));

  for (;;) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) break;
    // BLPOP takes seconds with decimals; 0 would mean "forever", so never less than 10 ms.
    const reply = await redis.blpop(response, Math.max(0.01, remainingMs / 1000));
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

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
