// The native Rate Limit node's one operation against Redis: one Lua script per algorithm
// (n8n-lock-protocol's rate-limit.ts), the server's clock, and, when the call may wait, a sleep
// until exactly the slot the script reserved (no polling: the reservation is the place in line).
import { parseRateLimitReply, rateLimitEval, type RateLimitRequest } from 'n8n-lock-protocol/rate-limit';
import type { RedisClient } from './redis';

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

export async function takeRateLimitSlot(redis: RedisClient, request: RateLimitRequest, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): Promise<RateLimitOutcome> {
  const reply = parseRateLimitReply(await redis.eval(...rateLimitEval(request)));
  if (!reply.allowed) return { allowed: false, waited_ms: 0, retry_after_ms: reply.waitMs, count: reply.count };
  if (reply.waitMs > 0) await sleep(reply.waitMs);
  const slot = reply.slotAtMs ?? Date.now();
  return { allowed: true, waited_ms: reply.waitMs, retry_after_ms: 0, count: reply.count, slot_at: new Date(slot).toISOString(), slot_at_ms: slot };
}
