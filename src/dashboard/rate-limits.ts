// Pure: one rate-limit key as the dashboard shows it: how full its window is and when the next
// slot frees. The limit itself is a parameter of the caller's node and is not in Redis, so "next
// free" is said as far as Redis can tell: when the oldest call leaves a sliding window, when the
// next fixed window starts, or when a token bucket is full again. Window lengths are read back
// from the key's own expiry, which every script sets from its window (rate-limit.ts).
import { formatDuration } from '../ops/format.js';
import type { RateLimitStatus } from '../ops/status.js';

export interface RateLimitRow {
  scope: string;
  /** The native node's algorithm, or `stock-fixed` for the stock rate_limit_check primitive. */
  algorithm: string;
  usage: string;
  nextFree: string;
  ttlMs: number | null;
  flags: string[];
}

const pairsOf = (entries: string[]) => Array.from({ length: Math.floor(entries.length / 2) }, (_, i) => [entries[2 * i], entries[2 * i + 1]] as const);
const inMs = (ms: number) => (ms <= 0 ? 'now' : `in ${ms < 1000 ? `${Math.ceil(ms)} ms` : formatDuration(ms)}`);

export function rateLimitRow(status: RateLimitStatus, entries: string[], serverNowMs: number): RateLimitRow {
  const base = { scope: status.scope, algorithm: status.algorithm ?? 'stock-fixed', ttlMs: status.ttl_ms, flags: [...status.flags] };
  const expiresAt = status.ttl_ms === null ? null : serverNowMs + status.ttl_ms;
  switch (status.algorithm) {
    case undefined:
      return { ...base, usage: `${status.count ?? '?'} calls in this window`, nextFree: status.ttl_ms === null ? 'never (no TTL)' : `next window ${inMs(status.ttl_ms)}` };
    case 'sliding-log': {
      const slots = pairsOf(entries).map(([, score]) => Number(score) / 1000);
      const used = slots.filter((at) => at <= serverNowMs).length;
      const reserved = slots.length - used;
      if (slots.length === 0) return { ...base, usage: 'empty', nextFree: 'now' };
      const newest = Math.max(...slots);
      const oldest = Math.min(...slots);
      // The key expires a window after its newest entry (to the ms the script rounded up).
      const windowMs = expiresAt === null ? null : Math.round((expiresAt - newest) / 1000) * 1000;
      const usage = `${used} call${used === 1 ? '' : 's'}${windowMs ? ` in the last ${formatDuration(windowMs)}` : ''}${reserved ? `, ${reserved} reserved ahead` : ''}`;
      const frees = windowMs === null ? 'unknown (no TTL)' : inMs(Math.max(oldest + windowMs, newest) - serverNowMs);
      return { ...base, usage, nextFree: reserved ? `after the reserved calls: ${inMs(newest - serverNowMs)}; when full, ${frees}` : `now if below the limit, else ${frees}` };
    }
    case 'fixed': {
      const windows = pairsOf(entries).map(([index, count]) => [Number(index), Number(count)] as const).sort((a, b) => a[0] - b[0]);
      if (windows.length === 0 || expiresAt === null) return { ...base, usage: `${status.count ?? 0} calls`, nextFree: 'now' };
      const windowMs = expiresAt / (windows[windows.length - 1][0] + 1);
      const current = Math.floor(serverNowMs / windowMs);
      const now = windows.find(([index]) => index === current)?.[1] ?? 0;
      const ahead = windows.filter(([index]) => index > current).reduce((sum, [, count]) => sum + count, 0);
      const usage = `${now} call${now === 1 ? '' : 's'} in this ${formatDuration(Math.round(windowMs))} window${ahead ? `, ${ahead} reserved in later windows` : ''}`;
      return { ...base, usage, nextFree: `now if below the limit, else next window ${inMs((current + 1) * windowMs - serverNowMs)}` };
    }
    case 'token-bucket': {
      const fields = new Map(pairsOf(entries));
      const tokens = Number(fields.get('tokens') ?? NaN);
      if (!Number.isFinite(tokens)) return { ...base, usage: 'unreadable', nextFree: 'unknown' };
      const usage = `${Math.max(0, Math.floor(tokens))} token${Math.floor(tokens) === 1 ? '' : 's'} left${tokens < 0 ? `, ${Math.ceil(-tokens)} reserved` : ''}`;
      const full = status.ttl_ms === null ? 'unknown' : inMs(status.ttl_ms - 1000);
      return { ...base, usage, nextFree: tokens >= 1 ? 'now' : `as it refills (full ${full})` };
    }
  }
  return { ...base, usage: `${status.count ?? '?'}`, nextFree: 'unknown' };
}
