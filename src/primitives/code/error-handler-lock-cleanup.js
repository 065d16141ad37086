// Code-node bodies of error_handler_lock_cleanup (see lock-acquisition.js for the conventions).

/**
 * Prepare Scope List: one item per scope to check: every scope that has a sidecar now (from Find
 * Lock Sidecars: `n8n-lock-<scope>:meta`, so dynamic scopes too), then the env's lockScopes, each
 * carrying the failed execution's id from the Error Trigger payload. No item at all when there is
 * nothing to check (no scope, or a failed execution without id, whose locks can only expire): n8n
 * runs no node on zero items, so the workflow ends here, and no "anything to do?" If is needed.
 */
export function prepareScopeList({ $input, $, lockScopes }) {
  const payload = $('Error Trigger').first().json;
  const execution = payload.execution || {};
  const workflow = payload.workflow || {};
  const failedExecutionId = execution.id === null || execution.id === undefined || execution.id === '' ? null : String(execution.id);
  const scopes = [];
  const add = (scope) => {
    const name = scope === null || scope === undefined ? '' : String(scope).trim();
    if (name !== '' && !scopes.includes(name)) scopes.push(name);
  };
  const sidecars = ($input.first() && Array.isArray($input.first().json.keys) ? $input.first().json.keys : []).map(String).sort();
  for (const key of sidecars) {
    if (key.startsWith('n8n-lock-') && key.endsWith(':meta')) add(key.slice('n8n-lock-'.length, -':meta'.length));
  }
  for (const scope of Array.isArray(lockScopes) ? lockScopes : []) add(scope);
  const common = { failed_execution_id: failedExecutionId, failed_workflow_id: workflow.id || null, failed_workflow_name: workflow.name || null };
  if (scopes.length === 0 || failedExecutionId === null) return [];
  return scopes.map((scope) => {
    const key = 'n8n-lock-' + scope;
    return { json: { scope, key, meta_key: key + ':meta', ...common } };
  });
}

/** Filter Owned Scopes: a scope is owned when its sidecar names the failed execution. */
export function filterOwnedScopes({ $input, $ }) {
  const prepared = $('Prepare Scope List').all();
  // GET drops its input fields; its items come back in the order of Prepare Scope List's items.
  return $input.all().map((item, index) => {
    const scopeItem = prepared[index].json;
    const raw = item.json.lock_meta;
    let meta = null;
    if (raw !== null && raw !== undefined && raw !== '') {
      try {
        meta = typeof raw === 'string' ? JSON.parse(raw) : raw;
      } catch (error) {
        meta = null;
      }
    }
    const holder = meta !== null && typeof meta === 'object' && meta.execution_id !== undefined ? String(meta.execution_id) : null;
    return { json: { ...scopeItem, owned: holder !== null && holder === scopeItem.failed_execution_id, holder_execution_id: holder } };
  });
}

/** Log Cleanup: one summary for the operator log, whatever branch reached it (it runs only when some scope was checked). */
export function logCleanup({ $ }) {
  const first = $('Prepare Scope List').first().json;
  const checked = $('Filter Owned Scopes').all().map((item) => item.json);
  const owned = checked.filter((scope) => scope.owned).map((scope) => scope.scope);
  return [
    {
      json: {
        cleaned: owned.length > 0,
        cleaned_count: owned.length,
        scopes: owned,
        checked_scopes: checked.map((scope) => scope.scope),
        failed_execution_id: first.failed_execution_id,
      },
    },
  ];
}
