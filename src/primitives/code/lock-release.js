// Code-node bodies of lock_release (see lock-acquisition.js for the conventions).

/** Build Release Context: the keys of the scope and the lock_id the caller claims to hold. */
export function buildReleaseContext({ $input }) {
  const input = $input.first().json;
  const scope = input.scope === null || input.scope === undefined ? '' : String(input.scope).trim();
  if (scope === '') {
    throw new Error('lock_release: scope is required');
  }
  const providedLockId = input.lock_id === null || input.lock_id === undefined ? '' : String(input.lock_id);
  if (providedLockId === '') {
    throw new Error('lock_release: lock_id is required (pass the lock_id returned by lock_acquisition)');
  }
  const key = 'n8n-lock-' + scope;
  return [{ json: { scope, key, meta_key: key + ':meta', provided_lock_id: providedLockId } }];
}

/**
 * Verify Ownership: an absent sidecar means already released or expired (idempotent: the DELs then
 * delete nothing, because the counter may already be the next holder's); a sidecar of another
 * lock_id is a LOGIC ERROR that deletes nothing.
 */
export function verifyOwnership({ $input, $ }) {
  const context = $('Build Release Context').first().json;
  const raw = $input.first().json.lock_meta;
  const base = { scope: context.scope, lock_id: context.provided_lock_id };
  if (raw === null || raw === undefined || raw === '') {
    return [{ json: { released: true, idempotent: true, ...base } }];
  }
  let meta = null;
  try {
    meta = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch (error) {
    meta = null;
  }
  if (meta === null || typeof meta !== 'object') {
    return [
      {
        json: {
          released: false,
          ...base,
          message:
            "LOGIC ERROR: lock on '" + context.scope + "' has an unreadable sidecar (" + context.meta_key +
            '), not released; inspect it with n8n-lock status and free it with n8n-lock unlock --force',
        },
      },
    ];
  }
  if (String(meta.lock_id) === context.provided_lock_id) {
    return [{ json: { released: true, idempotent: false, ...base } }];
  }
  return [
    {
      json: {
        released: false,
        ...base,
        message:
          "LOGIC ERROR: lock on '" + context.scope + "' is held by " + meta.workflow_name + ' (workflow ' + meta.workflow_id +
          ', execution ' + meta.execution_id + ') since ' + meta.locked_at + ', not by lock_id ' + context.provided_lock_id,
      },
    },
  ];
}
