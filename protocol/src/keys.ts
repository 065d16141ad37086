// The Redis key names the primitives write (primitives.md, "Redis keys"), and their inverse.

export const LOCK_PREFIX = 'n8n-lock-';
export const SIDECAR_SUFFIX = ':meta';
export const RATE_LIMIT_PREFIX = 'n8n-ratelimit-';
/** The native lock engine's own keys beside counter and sidecar (native-lock.ts). */
export const FENCE_SUFFIX = ':fence';
export const WAKE_SUFFIX = ':wake';
/** The native semaphore's (Max Holders above 1) holds and their sidecars (semaphore.ts). */
export const HOLDERS_SUFFIX = ':holders';
export const SIDECARS_SUFFIX = ':sidecars';
/** Suffixes of a scope's own keys: a scope ending in one would name another scope's key. */
export const LOCK_KEY_SUFFIXES = [SIDECAR_SUFFIX, FENCE_SUFFIX, WAKE_SUFFIX, HOLDERS_SUFFIX, SIDECARS_SUFFIX] as const;
/** The native Rate Limit node's algorithms and the suffix of each one's key (rate-limit.ts). */
export const RATE_LIMIT_ALGORITHMS = ['sliding-log', 'token-bucket', 'fixed'] as const;
export type RateLimitAlgorithm = (typeof RATE_LIMIT_ALGORITHMS)[number];
export const RATE_LIMIT_SUFFIXES: Record<RateLimitAlgorithm, string> = { 'sliding-log': ':log', 'token-bucket': ':bucket', fixed: ':fixed' };

/**
 * One SCAN pattern for both families, so a status run walks the keyspace once instead of twice.
 * It over-matches (any `n8n-l…`/`n8n-r…` key); classifyKey drops what is not ours.
 */
export const SCAN_PATTERN = 'n8n-[lr]*';

/**
 * How a scope's keys are spelled.
 * - `plain` (a standalone Redis or Sentinel): `n8n-lock-<scope>`, the stock primitives' names, so
 *   both engines hold the same lock.
 * - `cluster`: `n8n-lock-{<scope>}`, a hash tag around the scope, so every key of one scope lands in
 *   one hash slot (a Lua script may only touch keys of one slot). The tag is the text between the
 *   first `{` and the first `}` after it, so the scope is written with `%`, `{` and `}`
 *   percent-encoded: whatever the user writes as a scope, the tag is exactly the whole scope and
 *   never empty (an empty tag `{}` would hash the whole key, and the scope's keys would scatter).
 */
export type KeyLayout = 'plain' | 'cluster';

const encodeTag = (scope: string) => scope.replace(/[%{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decodeTag = (tag: string) => tag.replace(/%(25|7B|7D)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The key of a scope with a suffix (`''`, `:meta`, `:fence`, `:wake`) in a layout. */
export function scopeKey(scope: string, suffix: string, layout: KeyLayout = 'plain'): string {
  return layout === 'cluster' ? `${LOCK_PREFIX}{${encodeTag(scope)}}${suffix}` : `${LOCK_PREFIX}${scope}${suffix}`;
}

export function counterKey(scope: string, layout: KeyLayout = 'plain'): string {
  return scopeKey(scope, '', layout);
}

export function sidecarKey(scope: string, layout: KeyLayout = 'plain'): string {
  return scopeKey(scope, SIDECAR_SUFFIX, layout);
}

export type KeyKind =
  | { kind: 'counter'; scope: string }
  | { kind: 'sidecar'; scope: string }
  | { kind: 'fence' | 'wake'; scope: string }
  | { kind: 'holders' | 'sidecars'; scope: string }
  | { kind: 'rate-limit'; scope: string; bucket: number }
  | { kind: 'native-rate-limit'; scope: string; algorithm: RateLimitAlgorithm };

/**
 * What a key is, or null when it is none of ours.
 * Scopes may contain `-` and `:`, so the split points are fixed by the format, not by searching:
 * a lock key ending in `:meta` is a sidecar (a scope that itself ends in `:meta` is therefore
 * indistinguishable from a sidecar, and is read as one); a rate-limit bucket is the digits after
 * the LAST `-`.
 */
export function classifyKey(key: string, layout: KeyLayout = 'plain'): KeyKind | null {
  if (layout === 'cluster' && key.startsWith(`${LOCK_PREFIX}{`)) {
    const close = key.indexOf('}', LOCK_PREFIX.length);
    const tag = close === -1 ? '' : key.slice(LOCK_PREFIX.length + 1, close);
    const suffix = key.slice(close + 1);
    // A key that is not in the tagged form (a stock node's `n8n-lock-{x` ...) is read as plain below.
    if (tag !== '' && !/%(?!25|7B|7D)/.test(tag)) {
      const scope = decodeTag(tag);
      if (suffix === '') return { kind: 'counter', scope };
      if (suffix === SIDECAR_SUFFIX) return { kind: 'sidecar', scope };
      if (suffix === FENCE_SUFFIX) return { kind: 'fence', scope };
      if (suffix === WAKE_SUFFIX) return { kind: 'wake', scope };
      if (suffix === HOLDERS_SUFFIX) return { kind: 'holders', scope };
      if (suffix === SIDECARS_SUFFIX) return { kind: 'sidecars', scope };
    }
  }
  if (key.startsWith(LOCK_PREFIX)) {
    const rest = key.slice(LOCK_PREFIX.length);
    if (rest.endsWith(SIDECAR_SUFFIX)) {
      const scope = rest.slice(0, -SIDECAR_SUFFIX.length);
      return scope === '' ? null : { kind: 'sidecar', scope };
    }
    // The native engine's fencing counter, wake-up list and semaphore holds: part of the lock, not locks of their own.
    for (const [suffix, kind] of [[FENCE_SUFFIX, 'fence'], [WAKE_SUFFIX, 'wake'], [HOLDERS_SUFFIX, 'holders'], [SIDECARS_SUFFIX, 'sidecars']] as const) {
      if (rest.endsWith(suffix)) {
        const scope = rest.slice(0, -suffix.length);
        return scope === '' ? null : { kind, scope };
      }
    }
    return rest === '' ? null : { kind: 'counter', scope: rest };
  }
  if (key.startsWith(RATE_LIMIT_PREFIX)) {
    const rest = key.slice(RATE_LIMIT_PREFIX.length);
    for (const algorithm of RATE_LIMIT_ALGORITHMS) {
      const suffix = RATE_LIMIT_SUFFIXES[algorithm];
      if (rest.endsWith(suffix) && rest.length > suffix.length) return { kind: 'native-rate-limit', scope: rest.slice(0, -suffix.length), algorithm };
    }
    const match = /^(.+)-(\d+)$/.exec(key.slice(RATE_LIMIT_PREFIX.length));
    if (!match) return null;
    const bucket = Number(match[2]);
    return Number.isSafeInteger(bucket) ? { kind: 'rate-limit', scope: match[1], bucket } : null;
  }
  return null;
}
