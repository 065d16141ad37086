// Code-node bodies of rate_limit_sliding (see lock-acquisition.js for the conventions).

/**
 * Build Window Keys: the sliding-window counter (seed 003 calls the fixed window an anti-pattern;
 * its sorted-set log needs commands the Redis node lacks). The current and the previous fixed
 * window each have a counter; the estimate weighs the previous one by the part of it still inside
 * the sliding window that ends now.
 */
export function buildWindowKeys({ $input }) {
  const input = $input.first().json;
  const scope = input.scope === null || input.scope === undefined ? '' : String(input.scope).trim();
  if (scope === '') {
    throw new Error('rate_limit_sliding: scope is required');
  }
  const limit = Number(input.limit);
  const windowSeconds = Number(input.windowSeconds);
  if (input.limit === null || !Number.isFinite(limit) || limit <= 0) {
    throw new Error('rate_limit_sliding: limit must be a number > 0');
  }
  if (input.windowSeconds === null || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new Error('rate_limit_sliding: windowSeconds must be a number > 0');
  }
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const bucket = Math.floor(now / windowMs);
  const prefix = 'n8n-ratelimit-' + scope + '-';
  return [
    {
      json: {
        scope,
        limit,
        windowSeconds,
        // The current counter is read as the previous one during the whole next window.
        ttl_seconds: Math.ceil(2 * windowSeconds),
        bucket,
        key: prefix + bucket,
        previous_key: prefix + (bucket - 1),
        previous_weight: 1 - (now - bucket * windowMs) / windowMs,
      },
    },
  ];
}

/**
 * Build Result: estimate = previous window's count x its weight + this window's count (this call
 * included); allowed while the estimate stays within the limit. Every call counts, denied ones
 * too (as in rate_limit_check): a caller that keeps calling while denied stays denied.
 */
export function buildResult({ $input, $ }) {
  const context = $('Build Window Keys').first().json;
  const counted = $input.first().json;
  const raw = Object.prototype.hasOwnProperty.call(counted, context.key) ? counted[context.key] : Object.values(counted)[0];
  const count = Number(raw);
  const previousRaw = $('GET Previous Window').first().json.previous_count;
  const previous = previousRaw === null || previousRaw === undefined || previousRaw === '' ? 0 : Number(previousRaw) || 0;
  const estimate = previous * context.previous_weight + count;
  return [{ json: { allowed: estimate <= context.limit, scope: context.scope, count, limit: context.limit, estimate: Math.round(estimate * 1000) / 1000, previous_count: previous } }];
}
