import { codeBody, GraphBuilder } from './common.js';
import { codeNode, errorTrigger, ifNode, redisNode } from '../workflow/nodes.js';
import type { Workflow } from '../workflow/schema.js';

const P = 'error_handler_lock_cleanup';
const CODE = 'error-handler-lock-cleanup';

export const ERROR_HANDLER_NODES = {
  trigger: 'Error Trigger',
  find: 'Find Lock Sidecars',
  prepare: 'Prepare Scope List',
  getMeta: 'GET Scope Meta',
  filter: 'Filter Owned Scopes',
  owned: 'Owned?',
  delMeta: 'DEL Owned Meta',
  delCounter: 'DEL Owned Counter',
  log: 'Log Cleanup',
} as const;

/** The placeholder `render` replaces with the env's lockScopes as a JSON array literal. */
export const LOCK_SCOPES_PLACEHOLDER = '{{@:env:lockScopes}}';

/** The line of the Prepare Scope List body that carries the scopes: the placeholder, or once rendered a JSON array. */
export const LOCK_SCOPES_LINE_START = 'const LOCK_SCOPES = ';
export const lockScopesLine = (literal: string) => `${LOCK_SCOPES_LINE_START}${literal};`;

/** Every sidecar key (`n8n-lock-<scope>:meta`): how the handler finds dynamic scopes. */
export const SIDECAR_PATTERN = 'n8n-lock-*:meta';

/**
 * error_handler_lock_cleanup: frees only the locks whose sidecar names the failed execution, for
 * every scope that has a sidecar now (found with one KEYS, so dynamic scopes such as `crm-42` are
 * freed too) and the scopes registered in the env YAML `lockScopes`.
 *
 * Nine nodes, as the design card says: the KEYS node (the Redis node has no SCAN, and the failed
 * execution's dynamic scopes are known nowhere else) took the place of the "Has Scopes?" If, which
 * was not needed: Prepare Scope List gives no item when there is nothing to check, and n8n runs no
 * node on zero items. KEYS walks the whole keyspace inside Redis (measured: docs/measurements.md); it runs once
 * per failed locked execution, never on the lock's hot path.
 */
export function buildErrorHandlerLockCleanup(): Workflow {
  const N = ERROR_HANDLER_NODES;
  const at = (name: string) => ({ idSeed: `${P}/${name}`, name });
  return new GraphBuilder()
    .add(
      errorTrigger({ ...at(N.trigger), position: [0, 300] }),
      redisNode({ ...at(N.find), position: [110, 480] }, { operation: 'keys', keyPattern: SIDECAR_PATTERN }),
      codeNode(
        { ...at(N.prepare), position: [220, 300] },
        codeBody(CODE, 'prepareScopeList', { preamble: [lockScopesLine(LOCK_SCOPES_PLACEHOLDER)], extraArgs: 'lockScopes: LOCK_SCOPES' }),
      ),
      redisNode({ ...at(N.getMeta), position: [660, 200] }, { operation: 'get', key: '={{ $json.meta_key }}', propertyName: 'lock_meta' }),
      codeNode({ ...at(N.filter), position: [880, 200] }, codeBody(CODE, 'filterOwnedScopes')),
      ifNode({ ...at(N.owned), position: [1100, 200] }, '$json.owned'),
      redisNode({ ...at(N.delMeta), position: [1320, 100] }, { operation: 'delete', key: '={{ $json.meta_key }}' }),
      redisNode({ ...at(N.delCounter), position: [1540, 100] }, { operation: 'delete', key: '={{ $json.key }}' }),
      codeNode({ ...at(N.log), position: [1760, 300] }, codeBody(CODE, 'logCleanup')),
    )
    .connect(N.trigger, N.find)
    .connect(N.find, N.prepare)
    .connect(N.prepare, N.getMeta)
    .connect(N.getMeta, N.filter)
    .connect(N.filter, N.owned)
    .connect(N.owned, N.delMeta, 0)
    .connect(N.owned, N.log, 1)
    .connect(N.delMeta, N.delCounter)
    .connect(N.delCounter, N.log)
    .build('Error Handler Lock Cleanup');
}
