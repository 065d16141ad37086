// The native lock engine's three operations against Redis: each one Lua script (n8n-lock-protocol's
// native-lock.ts for the mutex of one or more scopes, semaphore.ts for Max Holders above 1).
// Acquire waits on the scope's wake list (a release pushes one token, so the next waiter runs at
// once) and re-checks every poll interval anyway, because a stock holder releases without waking
// anyone.
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
import { parseSemaphoreAcquireReply, SEMAPHORE_ACQUIRE_SCRIPT, SEMAPHORE_EXTEND_SCRIPT, SEMAPHORE_RELEASE_SCRIPT, semaphoreFullMessage, semaphoreKeys } from 'n8n-lock-protocol/semaphore';
import { metricField } from 'n8n-lock-protocol/metrics';
import { isConnectionLoss, keyLayoutOfClient, type ReplicaAck, type RedisClient } from './redis';
import { evalReplicated, evalScript } from './scripts';
import { recordedEval, recordingPlan, recordOutcome, type Recorder, type StatusRecording } from './metrics';

/** What the Lock node needs: a command connection and a connection of its own to block on. */
export interface LockConnections {
  command(): Promise<RedisClient>;
  blocking<T>(work: (client: RedisClient) => Promise<T>): Promise<T>;
}

export interface AcquireRequest {
  /** The distinct scopes of the batch, taken all at once or not at all (more than one: mutex only). */
  scopes: string[];
  ttlSeconds: number;
  /** Holders a scope admits at once: 1 is the mutex the stock primitives share, above 1 a semaphore. */
  maxHolders: number;
  holder: NativeHolder;
  waitTillLockReleased: boolean;
  maxWaitSeconds: number;
  pollSeconds: number;
  /** Replicas that must hold the lock before it counts as acquired (Redisson's default); none when absent. */
  replicaAck?: ReplicaAck;
  /** Where the acquisition is recorded for Prometheus; nothing is recorded without one. */
  recorder?: Recorder;
}

// What each outcome records (recordingPlan: compiled into Lua once, here).
const acquisition = (result: string): StatusRecording => ({ inc: [metricField('acquisitions', result)] });
/** A lock granted observes its wait, the seconds the acquisition passes with the decision. */
const ACQUIRED: StatusRecording = { ...acquisition('acquired'), observe: [metricField('wait_seconds')] };
/** A release's hold is measured from the fencing token the release script answers (reply element 2). */
const RELEASED: StatusRecording = { inc: [metricField('releases', 'released')], since: [[metricField('hold_seconds'), 2]] };
const release = (result: string): StatusRecording => ({ inc: [metricField('releases', result)] });
const extension = (result: string): StatusRecording => ({ inc: [metricField('extends', result)] });

/**
 * What the acquire script records itself: a grant (unless replicas must confirm it first) with its
 * wait, and a refusal when this Acquire does not wait; a timeout is decided by the caller. Indexed
 * by [replicas must confirm][waits till released].
 */
const ACQUIRE_PLANS = [false, true].map((replicaAck) =>
  [false, true].map((waits) => recordingPlan({ ...(replicaAck ? {} : { '1': ACQUIRED }), ...(waits ? {} : { '0': acquisition('refused') }) })),
);
/** Outcomes the acquisition decides here, after or instead of the script. */
const ACQUIRE_OUTCOMES = recordingPlan({ acquired: ACQUIRED, lost: acquisition('connection_lost'), not_replicated: acquisition('not_replicated'), timed_out: acquisition('timed_out') });
/** An explicit release (the Release operation) records every outcome; the end-of-execution one only a lock it released. */
const RELEASE_EXPLICIT = recordingPlan({ '1': RELEASED, '0': release('not_owner'), '-1': release('unreadable') });
const RELEASE_AT_END = recordingPlan({ '1': RELEASED });
const PERMIT_RELEASE_EXPLICIT = recordingPlan({ '1': RELEASED, '2': release('expired') });
const EXTEND = recordingPlan({ '1': extension('extended'), '0': extension('not_owner'), '-1': extension('unreadable') });
const PERMIT_EXTEND = recordingPlan({ '1': extension('extended'), '2': extension('not_held') });

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
  /** A semaphore's holders right after this one joined, and how many it admits. */
  holders?: number;
  max_holders?: number;
}

/** A lock operation that ended with the primitives' error (fail fast, timeout, LOGIC ERROR). */
export class LockError extends Error {
  constructor(readonly kind: 'held' | 'timeout' | 'not-owner' | 'unreadable' | 'not-held' | 'not-replicated' | 'connection-lost' | 'cross-slot', message: string) {
    super(message);
    this.name = 'LockError';
  }
}

/** A lock the replicas did not acknowledge in time: it would be lost if the master failed now. */
const notReplicatedMessage = (scope: string, what: string, ack: ReplicaAck, acked: number) =>
  `Lock on scope '${scope}' ${what}: ${acked} of ${ack.replicas} replica(s) acknowledged it within ${ack.timeoutMs} ms (Replica Acknowledgements in the Redis credential); a failover now would lose it`;

const scopesText = (scopes: string[]) => scopes.map((scope) => `'${scope}'`).join(', ');

/** One try: the scopes granted with their fences, or which scope is full and the wake list to block on. */
type Attempt = { granted: true; fences: number[]; holders?: number; keys: Array<[key: string, metaKey: string]> } | { granted: false; blocked: string; wake: string };

export async function acquireLock(connections: LockConnections, request: AcquireRequest, now = () => Date.now()): Promise<AcquiredLock[]> {
  const ttlMs = Math.ceil(request.ttlSeconds) * 1000;
  const started = now();
  const deadline = started + request.maxWaitSeconds * 1000;
  const what = scopesText(request.scopes);
  for (;;) {
    const lockedAt = new Date(now()).toISOString();
    const holder = { ...request.holder, locked_at: lockedAt };
    const redis = await connections.command();
    const layout = keyLayoutOfClient(redis);
    // A script touches the keys of one hash slot only; a Cluster spreads scopes over slots.
    if (layout === 'cluster' && request.scopes.length > 1) throw new LockError('cross-slot', `Lock on scopes ${what}: a Redis Cluster runs one script on one hash slot, and these scopes are in different slots; lock one scope per item there (Loop Over Items, batch size 1)`);
    const semaphore = request.maxHolders > 1;
    if (semaphore && request.scopes.length !== 1) throw new Error(`a semaphore (Max Holders ${request.maxHolders}) admits holders of one scope, got ${request.scopes.length}`);
    const keysOf = request.scopes.map((scope) => nativeLockKeys(scope, layout));
    const script = semaphore
      ? [SEMAPHORE_ACQUIRE_SCRIPT, 3, ...semaphoreKeys(request.scopes[0], layout).slice(0, 3), String(ttlMs), String(request.maxHolders), holder.lock_id, sidecarPrefix(holder)]
      : [ACQUIRE_SCRIPT, 3 * keysOf.length, ...keysOf.flatMap(([counter, sidecar, fence]) => [counter, sidecar, fence]), String(ttlMs), sidecarPrefix(holder)];
    const waitedSeconds = (now() - started) / 1000;
    const recording = recordedEval(redis, request.recorder, script as [string, number, ...string[]], ACQUIRE_PLANS[request.replicaAck ? 1 : 0][request.waitTillLockReleased ? 1 : 0], waitedSeconds);
    // WAIT blocks its connection until the replicas answer: on the shared one, every other
    // execution's lock would queue behind it (up to the timeout each while a replica lags).
    let outcome: Awaited<ReturnType<typeof evalReplicated>>;
    try {
      outcome = request.replicaAck ? await connections.blocking((client) => evalReplicated(client, request.replicaAck, recording.args)) : await evalReplicated(redis, undefined, recording.args);
    } catch (error) {
      // Sent, and no answer (a failover: the sentinels also kill the clients of a promoted master).
      if (isConnectionLoss(error)) {
        recordOutcome(redis, request.recorder, ACQUIRE_OUTCOMES, 'lost');
        throw new LockError('connection-lost', `The connection to Redis was lost while acquiring the lock on scope ${what}: whether it was taken is unknown; it is released when this execution ends (or by its TTL)`);
      }
      throw error;
    }
    const { reply: raw, acked } = outcome;
    recording.settled(raw);
    let attempt: Attempt;
    if (semaphore) {
      const reply = parseSemaphoreAcquireReply(raw);
      const [holders, sidecars, , wake] = semaphoreKeys(request.scopes[0], layout);
      attempt = reply.acquired ? { granted: true, fences: [reply.fence], holders: reply.holders, keys: [[holders, sidecars]] } : { granted: false, blocked: request.scopes[0], wake };
    } else {
      const reply = parseAcquireReply(raw);
      attempt = reply.acquired
        ? { granted: true, fences: reply.fences, keys: keysOf.map(([counter, sidecar]) => [counter, sidecar]) }
        : { granted: false, blocked: request.scopes[reply.heldIndex], wake: keysOf[reply.heldIndex][3] };
    }
    if (attempt.granted && request.replicaAck && acked < request.replicaAck.replicas) {
      // Not granted after all: give it back, so nobody waits for a lock its holder never used.
      await Promise.all(request.scopes.map((scope) => releaseLock(redis, scope, holder.lock_id, semaphore ? 'semaphore' : 'mutex').catch(() => undefined)));
      recordOutcome(redis, request.recorder, ACQUIRE_OUTCOMES, 'not_replicated');
      throw new LockError('not-replicated', notReplicatedMessage(request.scopes.join(', '), 'was not acquired', request.replicaAck, acked));
    }
    if (attempt.granted) {
      if (request.replicaAck) recordOutcome(redis, request.recorder, ACQUIRE_OUTCOMES, 'acquired', waitedSeconds);
      const { fences, keys, holders } = attempt;
      return request.scopes.map((scope, i) => ({
        acquired: true as const,
        scope,
        lock_id: holder.lock_id,
        fence: fences[i],
        key: keys[i][0],
        meta_key: keys[i][1],
        workflow_id: holder.workflow_id,
        workflow_name: holder.workflow_name,
        execution_id: holder.execution_id,
        locked_at: lockedAt,
        expires_at: new Date(Date.parse(lockedAt) + ttlMs).toISOString(),
        waited_ms: now() - started,
        ...(semaphore ? { holders, max_holders: request.maxHolders } : {}),
      }));
    }
    if (!request.waitTillLockReleased) throw new LockError('held', semaphore ? semaphoreFullMessage(attempt.blocked, request.maxHolders) : heldMessage(attempt.blocked));
    const remaining = deadline - now();
    if (remaining <= 0) {
      recordOutcome(redis, request.recorder, ACQUIRE_OUTCOMES, 'timed_out');
      throw new LockError('timeout', timeoutMessage(attempt.blocked, request.maxWaitSeconds));
    }
    // BLPOP takes seconds with decimals; 0 would block forever.
    const waitSeconds = Math.max(0.01, Math.min(request.pollSeconds * 1000, remaining) / 1000);
    await connections.blocking((client) => client.blpop(attempt.wake, waitSeconds));
  }
}

export interface ReleaseResult {
  released: true;
  idempotent: boolean;
  scope: string;
  lock_id: string;
}

/**
 * Release the scope's mutex, or, when this lock_id holds no mutex there, its semaphore permit
 * (the Release operation need not know Max Holders: the mutex's sidecar answers first). A caller
 * that knows which it took (the end-of-execution release) says so and saves the other round trip.
 *
 * Recorded: every outcome of an explicit release (`either`, the Release operation); of the
 * end-of-execution release only a lock it did release, since finding nothing there is the normal
 * case after a Release node, not a lock that expired.
 */
export async function releaseLock(redis: RedisClient, scope: string, lockId: string, kind: 'mutex' | 'semaphore' | 'either' = 'either', recorder?: Recorder): Promise<ReleaseResult> {
  const layout = keyLayoutOfClient(redis);
  if (kind === 'semaphore') return releasePermit(redis, scope, lockId, layout, recorder, false);
  const [counter, sidecar, , wake] = nativeLockKeys(scope, layout);
  const recording = recordedEval(redis, recorder, [RELEASE_SCRIPT, 3, counter, sidecar, wake, lockId], kind === 'either' ? RELEASE_EXPLICIT : RELEASE_AT_END);
  const raw = await evalScript(redis, recording.args);
  recording.settled(raw);
  const reply = parseCompareReply(raw);
  if (reply.outcome === 'done') return { released: true, idempotent: false, scope, lock_id: lockId };
  if (reply.outcome === 'absent') return kind === 'mutex' ? { released: true, idempotent: true, scope, lock_id: lockId } : releasePermit(redis, scope, lockId, layout, recorder, true);
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope, layout));
}

async function releasePermit(redis: RedisClient, scope: string, lockId: string, layout: ReturnType<typeof keyLayoutOfClient>, recorder: Recorder | undefined, explicit: boolean): Promise<ReleaseResult> {
  const [holders, sidecars, , wake] = semaphoreKeys(scope, layout);
  const recording = recordedEval(redis, recorder, [SEMAPHORE_RELEASE_SCRIPT, 3, holders, sidecars, wake, lockId], explicit ? PERMIT_RELEASE_EXPLICIT : RELEASE_AT_END);
  const raw = await evalScript(redis, recording.args);
  recording.settled(raw);
  const permit = parseCompareReply(raw);
  return { released: true, idempotent: permit.outcome !== 'done', scope, lock_id: lockId };
}

export interface ExtendResult {
  extended: true;
  scope: string;
  lock_id: string;
  expires_at: string;
}

export async function extendLock(redis: RedisClient, scope: string, lockId: string, ttlSeconds: number, now = Date.now(), replicaAck?: ReplicaAck, recorder?: Recorder): Promise<ExtendResult> {
  const layout = keyLayoutOfClient(redis);
  const [counter, sidecar] = nativeLockKeys(scope, layout);
  const ttlMs = Math.ceil(ttlSeconds) * 1000;
  // Not held as a mutex (2): the semaphore's script below decides, and records.
  const recording = recordedEval(redis, recorder, [EXTEND_SCRIPT, 2, counter, sidecar, lockId, String(ttlMs)], EXTEND);
  const { reply: raw, acked } = await evalReplicated(redis, replicaAck, recording.args);
  recording.settled(raw);
  const reply = parseCompareReply(raw);
  if (reply.outcome === 'done' && replicaAck && acked < replicaAck.replicas) throw new LockError('not-replicated', notReplicatedMessage(scope, 'was extended on the master only', replicaAck, acked));
  if (reply.outcome === 'done') return { extended: true, scope, lock_id: lockId, expires_at: new Date(now + ttlMs).toISOString() };
  if (reply.outcome === 'absent') {
    // No mutex of this lock_id: a semaphore permit, perhaps.
    const [holders, sidecars] = semaphoreKeys(scope, layout);
    const permitRecording = recordedEval(redis, recorder, [SEMAPHORE_EXTEND_SCRIPT, 2, holders, sidecars, lockId, String(ttlMs)], PERMIT_EXTEND);
    const permit = await evalReplicated(redis, replicaAck, permitRecording.args);
    permitRecording.settled(permit.reply);
    const extended = parseCompareReply(permit.reply).outcome === 'done';
    if (extended && replicaAck && permit.acked < replicaAck.replicas) throw new LockError('not-replicated', notReplicatedMessage(scope, 'was extended on the master only', replicaAck, permit.acked));
    if (extended) return { extended: true, scope, lock_id: lockId, expires_at: new Date(now + ttlMs).toISOString() };
  }
  if (reply.outcome === 'absent') throw new LockError('not-held', `Lock on scope '${scope}' is not held (released or expired): nothing to extend for lock_id ${lockId}`);
  if (reply.outcome === 'other') throw new LockError('not-owner', heldByAnotherMessage(scope, reply.sidecar, lockId));
  throw new LockError('unreadable', unreadableSidecarMessage(scope, layout));
}
