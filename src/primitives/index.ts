import { PRIMITIVE_NAMES, type PrimitiveName } from './common.js';
import { buildLockAcquisition } from './lock-acquisition.js';
import { buildLockRelease } from './lock-release.js';
import { buildErrorHandlerLockCleanup } from './error-handler-lock-cleanup.js';
import { buildRateLimitCheck } from './rate-limit-check.js';
import { buildRateLimitSliding } from './rate-limit-sliding.js';
import { stringifyJson } from '../workflow/json-file.js';
import type { Workflow } from '../workflow/schema.js';

export { PRIMITIVE_NAMES, PRIMITIVE_MARKER, type PrimitiveName } from './common.js';

export interface PrimitiveInfo {
  name: PrimitiveName;
  /** Workflow name written into the env YAML on registration. */
  displayName: string;
  description: string;
  build: () => Workflow;
}

export const PRIMITIVES: Readonly<Record<PrimitiveName, PrimitiveInfo>> = {
  lock_acquisition: {
    name: 'lock_acquisition',
    displayName: 'Lock Acquisition',
    description: 'acquire a per-scope lock (GET, then INCR+EXPIRE, :meta sidecar, wait loop, fail-fast and timeout exits)',
    build: buildLockAcquisition,
  },
  lock_release: {
    name: 'lock_release',
    displayName: 'Lock Release',
    description: 'release a lock after checking ownership against the :meta sidecar (idempotent when already gone)',
    build: buildLockRelease,
  },
  error_handler_lock_cleanup: {
    name: 'error_handler_lock_cleanup',
    displayName: 'Error Handler Lock Cleanup',
    description: "error workflow: frees the locks a failed execution held, whatever their scope (found by their sidecars) and the env's lockScopes",
    build: buildErrorHandlerLockCleanup,
  },
  rate_limit_check: {
    name: 'rate_limit_check',
    displayName: 'Rate Limit Check',
    description: 'fixed-window rate limit: INCR a per-window counter and report allowed = count <= limit',
    build: buildRateLimitCheck,
  },
  rate_limit_sliding: {
    name: 'rate_limit_sliding',
    displayName: 'Rate Limit Sliding',
    description: 'sliding-window rate limit: this window\'s count plus the previous one\'s, weighted by its part still inside the window',
    build: buildRateLimitSliding,
  },
};

/** The rate-limit algorithms and the primitive each one calls. */
export const RATE_LIMIT_ALGORITHMS = { fixed: 'rate_limit_check', sliding: 'rate_limit_sliding' } as const;
export type RateLimitAlgorithm = keyof typeof RATE_LIMIT_ALGORITHMS;

export function isPrimitiveName(name: string): name is PrimitiveName {
  return (PRIMITIVE_NAMES as readonly string[]).includes(name);
}

/** The exact bytes of templates/<name>.json. */
export function primitiveJson(name: PrimitiveName): string {
  return stringifyJson(PRIMITIVES[name].build());
}
