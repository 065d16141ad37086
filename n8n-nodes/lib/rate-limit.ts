// The native Rate Limit node's one operation against Redis: one Lua script per algorithm
// (n8n-lock-protocol's rate-limit.ts), the server's clock, and, when the call may wait, a sleep
// until exactly the slot the script reserved (no polling: the reservation is the place in line).
import { parseRateLimitReply, rateLimitEval, type RateLimitRequest } from 'n8n-lock-protocol/rate-limit';
import { metricField } from 'n8n-lock-protocol/metrics';
import type { RedisClient } from './redis';
import { recordedEval, recordingPlan, type Recorder, type RecordingPlan, type StatusRecording } from './metrics';
import { evalScript } from './scripts';

export interface RateLimitOutcome {
  allowed: boolean;
  /** The time this call waited for its slot (allowed), or would have had to (denied). */
  waited_ms: number;
  retry_after_ms: number;
  /** sliding-log: calls in the window's log; token-bucket: whole tokens left; fixed: calls in the window. */
  count: number;
  /** Allowed: the slot the limit gave this call, on the Redis server's clock (ISO 8601, µs in slot_at_ms). */
  slot_at?: string;
  slot_at_ms?: number;
}

/** The script's reply: status 1 (allowed; `1w` when its wait, element 2 in µs, is above 0) or 0 (denied). One plan per algorithm, made once. */
const DECISION_PLANS = new Map<string, RecordingPlan>();
function decisionPlan(algorithm: string): RecordingPlan {
  let plan = DECISION_PLANS.get(algorithm);
  if (plan === undefined) {
    const waited: StatusRecording['reply'] = [[metricField('rate_limit_wait_seconds', algorithm), 2, 1e-6]];
    plan = recordingPlan(
      {
        '1': { inc: [metricField('rate_limit_decisions', algorithm, 'allowed')], reply: waited },
        '1w': { inc: [metricField('rate_limit_decisions', algorithm, 'waited')], reply: waited },
        '0': { inc: [metricField('rate_limit_decisions', algorithm, 'denied')] },
      },
      2,
    );
    DECISION_PLANS.set(algorithm, plan);
  }
  return plan;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function takeRateLimitSlot(redis: RedisClient, request: RateLimitRequest, { sleep = sleepFor, recorder }: { sleep?: (ms: number) => Promise<void>; recorder?: Recorder } = {}): Promise<RateLimitOutcome> {
  const recording = recordedEval(redis, recorder, rateLimitEval(request), decisionPlan(request.algorithm));
  const raw = await evalScript(redis, recording.args);
  recording.settled(raw);
  const reply = parseRateLimitReply(raw);
  if (!reply.allowed) return { allowed: false, waited_ms: 0, retry_after_ms: reply.waitMs, count: reply.count };
  if (reply.waitMs > 0) await sleep(reply.waitMs);
  const slot = reply.slotAtMs ?? Date.now();
  return { allowed: true, waited_ms: reply.waitMs, retry_after_ms: 0, count: reply.count, slot_at: new Date(slot).toISOString(), slot_at_ms: slot };
}
