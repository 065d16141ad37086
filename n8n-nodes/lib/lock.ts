// The native lock engine's three operations against Redis: each one Lua script (src/native-lock/
// protocol.ts). Acquire waits on the scope's wake list (a release pushes one token, so the next
// waiter runs at once) and re-checks every poll interval anyway, because a stock holder releases
// without waking anyone.
import {
  ACQUIRE_SCRIPT,
  EXTEND_SCRIPT,
  heldByAnotherMessage,
  heldMessage,
  nativeLockKeys,
  parseAcquireReply,
  parseCompareReply,
  RELEASE_SCRIPT,
  sidecarPrefix,
  timeoutMessage,
  unreadableSidecarMessage,
  type NativeHolder,
} from '../../src/native-lock/protocol';
import type { Redis } from 'ioredis';

/** What the Lock node needs: a command connection and a connection of its own to block on. */
export interface LockConnections {
  command(): Promise<Redis>;
  blocking<T>(work: (client: Redis) => Promise<T>): Promise<T>;
}

export interface AcquireRequest {
  scope: string;
  ttlSeconds: number;
  holder: NativeHolder;
  waitTillLockReleased: boolean;
  maxWaitSeconds: number;
  pollSeconds: number;
}

export interface AcquiredLock {
  acquired: true;
  scope: string;
  lock_id: string;
  fence: number;
  key: string;
  meta_key: string;
  workflow_id: string;
  workflow_name: string;
  execution_id: string;
  locked_at: string;
  expires_at: string;
  waited_ms: number;
}

/** A lock operation that ended with the primitives' error (fail fast, timeout, LOGIC ERROR). */
export class LockError extends Error {
  constructor(readonly kind: 'held' | 'timeout' | 'not-owner' | 'unreadable' | 'not-held', message: string) {
    super(message);
    this.name = 'LockError';
  }
}

export async function acquireLock(connections: LockConnections, request: AcquireRequest, now = () => Date.now()): Promise<AcquiredLock> {
  const [counter, sidecar, fence, wake] = nativeLockKeys(request.scope);
  const ttlMs = Math.ceil(request.ttlSeconds) * 1000;
  const started = now();
  const deadline = started + request.maxWaitSeconds * 1000;
  for (;;) {
    const lockedAt = new Date(now()).toISOString();
    const holder = { ...request.holder, locked_at: lockedAt };
    const redis = await connections.command();
    const reply = parseAcquireReply(await redis.eval(ACQUIRE_SCRIPT, 3, counter, sidecar, fence, String(ttlMs), sidecarPrefix(holder)));
    if (reply.acquired) {
      return {
        acquired: true,
        scope: request.scope,
        lock_id: holder.lock_id,
        fence: reply.fence,
        key: counter,
        meta_key: sidecar,
        workflow_id: holder.workflow_id,
        workflow_name: holder.workflow_name,
        execution_id: holder.execution_id,
        locked_at: lockedAt,
        expires_at: new Date(Date.parse(lockedAt) + ttlMs).toISOString(),
        waited_ms: now() - started,
      };
    }
    if (!request.waitTillLockReleased) throw new LockError('held', heldMessage(request.scope));
    const remaining = deadline - now();
    if (remaining <= 0) throw new LockError('timeout', timeoutMessage(request.scope, request.maxWaitSeconds));
    // BLPOP takes seconds with decimals; 0 would block forever.
    const waitSeconds = Math.max(0.01, Math.min(request.pollSeconds * 1000, remaining) / 1000);
    await connections.blocking((client) => client.blpop(wake, waitSeconds));
  }
}

export interface ReleaseResult {
  released: true;
  idempotent: boolean;
  scope: string;
  lock_id: string;
}

export async function releaseLock(redis: Redis, scope: string, lockId: string): Promise<ReleaseResult> {
  const [counter, sidecar, , wake] = nativeLockKeys(scope);
  const reply = parseCompareReply(await redis.eval(RELEASE_SCRIPT, 3, counter, sidecar, wake, lockId));
  if (reply.outcome === 'done') return { released: true, idempotent: false, scope, lock_id: lockId };
  if (reply.outcome === 'absent') return { released: true, idempotent: true, scope, lock_id: lockId };
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope));
}

export interface ExtendResult {
  extended: true;
  scope: string;
  lock_id: string;
  expires_at: string;
}

export async function extendLock(redis: Redis, scope: string, lockId: string, ttlSeconds: number, now = Date.now()): Promise<ExtendResult> {
  const [counter, sidecar] = nativeLockKeys(scope);
  const ttlMs = Math.ceil(ttlSeconds) * 1000;
  const reply = parseCompareReply(await redis.eval(EXTEND_SCRIPT, 2, counter, sidecar, lockId, String(ttlMs)));
  if (reply.outcome === 'done') return { extended: true, scope, lock_id: lockId, expires_at: new Date(now + ttlMs).toISOString() };
  if (reply.outcome === 'absent') throw new LockError('not-held', `Lock on scope '${scope}' is not held (released or expired): nothing to extend for lock_id ${lockId}`);
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope));
}
