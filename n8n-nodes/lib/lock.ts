// The native lock engine's three operations against Redis: each one Lua script (n8n-lock-protocol's
// native-lock.ts). Acquire waits on the scope's wake list (a release pushes one token, so the next
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
} from 'n8n-lock-protocol/native-lock';
import { isConnectionLoss, writeReplicated, keyLayoutOfClient, type ReplicaAck, type RedisClient } from './redis';

/** What the Lock node needs: a command connection and a connection of its own to block on. */
export interface LockConnections {
  command(): Promise<RedisClient>;
  blocking<T>(work: (client: RedisClient) => Promise<T>): Promise<T>;
}

export interface AcquireRequest {
  scope: string;
  ttlSeconds: number;
  holder: NativeHolder;
  waitTillLockReleased: boolean;
  maxWaitSeconds: number;
  pollSeconds: number;
  /** Replicas that must hold the lock before it counts as acquired (Redisson's default); none when absent. */
  replicaAck?: ReplicaAck;
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
  constructor(readonly kind: 'held' | 'timeout' | 'not-owner' | 'unreadable' | 'not-held' | 'not-replicated' | 'connection-lost', message: string) {
    super(message);
    this.name = 'LockError';
  }
}

/** A lock the replicas did not acknowledge in time: it would be lost if the master failed now. */
const notReplicatedMessage = (scope: string, what: string, ack: ReplicaAck, acked: number) =>
  `Lock on scope '${scope}' ${what}: ${acked} of ${ack.replicas} replica(s) acknowledged it within ${ack.timeoutMs} ms (Replica Acknowledgements in the Redis credential); a failover now would lose it`;

export async function acquireLock(connections: LockConnections, request: AcquireRequest, now = () => Date.now()): Promise<AcquiredLock> {
  const ttlMs = Math.ceil(request.ttlSeconds) * 1000;
  const started = now();
  const deadline = started + request.maxWaitSeconds * 1000;
  for (;;) {
    const lockedAt = new Date(now()).toISOString();
    const holder = { ...request.holder, locked_at: lockedAt };
    const redis = await connections.command();
    const [counter, sidecar, fence, wake] = nativeLockKeys(request.scope, keyLayoutOfClient(redis));
    const script = [ACQUIRE_SCRIPT, 3, counter, sidecar, fence, String(ttlMs), sidecarPrefix(holder)];
    // WAIT blocks its connection until the replicas answer: on the shared one, every other
    // execution's lock would queue behind it (up to the timeout each while a replica lags).
    let outcome: Awaited<ReturnType<typeof writeReplicated>>;
    try {
      outcome = request.replicaAck ? await connections.blocking((client) => writeReplicated(client, request.replicaAck, 'EVAL', script)) : await writeReplicated(redis, undefined, 'EVAL', script);
    } catch (error) {
      // Sent, and no answer (a failover: the sentinels also kill the clients of a promoted master).
      if (isConnectionLoss(error)) throw new LockError('connection-lost', `The connection to Redis was lost while acquiring the lock on scope '${request.scope}': whether it was taken is unknown; it is released when this execution ends (or by its TTL)`);
      throw error;
    }
    const { reply: raw, acked } = outcome;
    const reply = parseAcquireReply(raw);
    if (reply.acquired && request.replicaAck && acked < request.replicaAck.replicas) {
      // Not granted after all: give it back, so nobody waits for a lock its holder never used.
      await redis.eval(RELEASE_SCRIPT, 3, counter, sidecar, wake, holder.lock_id).catch(() => undefined);
      throw new LockError('not-replicated', notReplicatedMessage(request.scope, 'was not acquired', request.replicaAck, acked));
    }
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

export async function releaseLock(redis: RedisClient, scope: string, lockId: string): Promise<ReleaseResult> {
  const [counter, sidecar, , wake] = nativeLockKeys(scope, keyLayoutOfClient(redis));
  const reply = parseCompareReply(await redis.eval(RELEASE_SCRIPT, 3, counter, sidecar, wake, lockId));
  if (reply.outcome === 'done') return { released: true, idempotent: false, scope, lock_id: lockId };
  if (reply.outcome === 'absent') return { released: true, idempotent: true, scope, lock_id: lockId };
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope, keyLayoutOfClient(redis)));
}

export interface ExtendResult {
  extended: true;
  scope: string;
  lock_id: string;
  expires_at: string;
}

export async function extendLock(redis: RedisClient, scope: string, lockId: string, ttlSeconds: number, now = Date.now(), replicaAck?: ReplicaAck): Promise<ExtendResult> {
  const layout = keyLayoutOfClient(redis);
  const [counter, sidecar] = nativeLockKeys(scope, layout);
  const ttlMs = Math.ceil(ttlSeconds) * 1000;
  const { reply: raw, acked } = await writeReplicated(redis, replicaAck, 'EVAL', [EXTEND_SCRIPT, 2, counter, sidecar, lockId, String(ttlMs)]);
  const reply = parseCompareReply(raw);
  if (reply.outcome === 'done' && replicaAck && acked < replicaAck.replicas) throw new LockError('not-replicated', notReplicatedMessage(scope, 'was extended on the master only', replicaAck, acked));
  if (reply.outcome === 'done') return { extended: true, scope, lock_id: lockId, expires_at: new Date(now + ttlMs).toISOString() };
  if (reply.outcome === 'absent') throw new LockError('not-held', `Lock on scope '${scope}' is not held (released or expired): nothing to extend for lock_id ${lockId}`);
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope, keyLayoutOfClient(redis)));
}
