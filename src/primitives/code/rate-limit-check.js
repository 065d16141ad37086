// Code-node bodies of rate_limit_check (see lock-acquisition.js for the conventions).

/** Build Bucket Key: a fixed window; the bucket number rotates every windowSeconds. */
export function buildBucketKey({ $input }) {
  const input = $input.first().json;
  const scope = input.scope === null || input.scope === undefined ? '' : String(input.scope).trim();
  if (scope === '') {
    throw new Error('rate_limit_check: scope is required');
  }
  const limit = Number(input.limit);
  const windowSeconds = Number(input.windowSeconds);
  if (input.limit === null || !Number.isFinite(limit) || limit <= 0) {
    throw new Error('rate_limit_check: limit must be a number > 0');
  }
  if (input.windowSeconds === null || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new Error('rate_limit_check: windowSeconds must be a number > 0');
  }
  const bucket = Math.floor(Date.now() / (windowSeconds * 1000));
  return [
    {
      json: {
        scope,
        limit,
        windowSeconds,
        ttl_seconds: Math.ceil(windowSeconds),
        bucket,
        key: 'n8n-ratelimit-' + scope + '-' + bucket,
      },
    },
  ];
}

/** Build Result: allowed while the bucket's count stays within the limit. */
export function buildResult({ $input, $ }) {
  const context = $('Build Bucket Key').first().json;
  const result = $input.first().json;
  const raw = Object.prototype.hasOwnProperty.call(result, context.key) ? result[context.key] : Object.values(result)[0];
  const count = Number(raw);
  return [{ json: { allowed: count <= context.limit, scope: context.scope, count, limit: context.limit } }];
}
