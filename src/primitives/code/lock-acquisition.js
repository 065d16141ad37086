// Code-node bodies of lock_acquisition. Each exported function is serialized verbatim into one
// Code node (scripts/gen-code-bodies.mjs) and must be self-contained: n8n runs it in its task
// runner, where only the Code-node globals ($input, $, $execution, $workflow) exist.

/** Build Lock Context: normalises the caller's inputs once; every later node reads them from here. */
export function buildLockContext({ $input, $execution }) {
  const input = $input.first().json;
  const scope = input.scope === null || input.scope === undefined ? '' : String(input.scope).trim();
  if (scope === '') {
    throw new Error('lock_acquisition: scope is required');
  }
  // Unmapped inputs arrive as null: apply the defaults here, never let null reach a strict If.
  const numberOr = (value, fallback, min) => {
    if (value === null || value === undefined || value === '') return fallback;
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
  };
  const flag = input.wait_till_lock_released;
  const waitTillLockReleased = !(flag === false || flag === 'false' || flag === 0);
  // 300 s, not the seed's 86400: with cleanup registered a failure frees the lock at once, and n8n
  // runs the error workflow for a regular-mode crash at restart; the TTL is the backstop for what
  // nothing else frees (a killed queue-mode worker), so it is kept about as long as a caller waits.
  const ttlSeconds = Math.ceil(numberOr(input.ttl_seconds, 300, 1));
  const maxWaitSeconds = numberOr(input.max_wait_seconds, 300, 0);
  // 0.5 s, measured (scripts/bench/stock-poll.ts, four runs on a shared 2-core VM: real n8n, 1 s
  // sections, 5 and 20 concurrent callers): at 1 s a scope stood idle about a poll period at each
  // handover (median 0.94-1.11 s with 5 callers); 0.5 s halved that (0.52-0.65 s; 0.55-0.72 s with
  // 20). 0.2 and 0.1 s were no faster on the whole (0.44-1.74 s: the waiters' loops of six nodes
  // compete with the holder for n8n's CPU) and cost more: with 20 callers 68-104 Redis commands/s
  // against 49-57 and 76-89 % CPU against 53-77 %, and about 2 KB of run data a poll, so a full
  // max_wait_seconds (300) stores up to ~1.3 MB per waiter at 0.5 s, ~6 MB at 0.1 s.
  const pollSeconds = numberOr(input.poll_seconds, 0.5, 0.01);
  // Without the caller's execution id the error handler can never match this lock: the fallback
  // (this sub-workflow's own id) only keeps the field non-empty.
  const executionId = input.execution_id ? String(input.execution_id) : String($execution.id);
  const lockId = input.lock_id ? String(input.lock_id) : executionId;
  const key = 'n8n-lock-' + scope;
  return [
    {
      json: {
        scope,
        key,
        meta_key: key + ':meta',
        ttl_seconds: ttlSeconds,
        wait_till_lock_released: waitTillLockReleased,
        max_wait_seconds: maxWaitSeconds,
        poll_seconds: pollSeconds,
        execution_id: executionId,
        lock_id: lockId,
        workflow_id: input.workflow_id ? String(input.workflow_id) : '',
        workflow_name: input.workflow_name ? String(input.workflow_name) : '',
        deadline_ms: Date.now() + maxWaitSeconds * 1000,
      },
    },
  ];
}

/** Check Lock State: after GET Lock, the lock is free when the counter key is absent. */
export function checkLockState({ $input, $ }) {
  const context = $('Build Lock Context').first().json;
  const value = $input.first().json.lock_value;
  const free = value === null || value === undefined || value === '';
  return [{ json: { ...context, free } }];
}

/** Evaluate Acquired: the caller whose INCR returned 1 holds the lock; anybody else lost a race. */
export function evaluateAcquired({ $input, $ }) {
  const context = $('Build Lock Context').first().json;
  const result = $input.first().json;
  // The Redis node names the output property after the key itself.
  const raw = Object.prototype.hasOwnProperty.call(result, context.key) ? result[context.key] : Object.values(result)[0];
  const count = Number(raw);
  const acquired = count === 1;
  return [{ json: { ...context, count, acquired, locked_at: acquired ? new Date().toISOString() : null } }];
}

/** Build Acquire Output: what the calling workflow receives on success. */
export function buildAcquireOutput({ $input }) {
  const held = $input.first().json;
  return [
    {
      json: {
        acquired: true,
        count: held.count,
        scope: held.scope,
        lock_id: held.lock_id,
        key: held.key,
        meta_key: held.meta_key,
        workflow_id: held.workflow_id,
        workflow_name: held.workflow_name,
        execution_id: held.execution_id,
        locked_at: held.locked_at,
      },
    },
  ];
}
