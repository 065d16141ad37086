// The Function trigger's engine: one consumer of one function's stream. It registers itself, keeps
// a heartbeat, reads calls in bounded slices (seed point 5), hands each to n8n as one execution and
// answers the calls that end without Return From Function (seed point 6), expire (point 7), fail to
// parse, or were delivered too often (dead letter, point 3). It also reclaims the calls of dead
// consumers with XCLAIM, never by re-adding them (point 3), and on stop removes only itself
// (point 4). It knows nothing of n8n: the node passes `run`, which starts an execution and resolves
// when it ends.
import {
  CALL_CONTEXT_FIELD,
  fieldsToObject,
  functionKeys,
  HEARTBEAT_INTERVAL_MS,
  isLive,
  LIVE_WITHIN_MS,
  metaFields,
  metaKey,
  parseCall,
  parseMeta,
  type CallContext,
  type FunctionKeys,
} from 'n8n-lock-protocol/functions';
import { metricField } from 'n8n-lock-protocol/metrics';
import { answerEntry, errorAnswer, type EntryRef } from './answer';
import { recordingPlan, recordOutcome, type Recorder } from './metrics';
import type { RunOutcome } from './execution-outcome';
import { hangUp, pipelined, type RedisClient, type ReplicaAck } from './redis';
import { sleep, STOP_STEP_MS, waitAtMost } from './trigger-engine';

export interface ConsumerConfig {
  functionName: string;
  scope: string;
  workflowId: string;
  nodeId: string;
  consumerId: string;
  /** Declared parameter names: a call without one of them is answered with an error, not run. */
  parameters: string[];
  /** Calls this consumer runs at once; it reads no more than the free slots. */
  callsInFlight: number;
  /** A call delivered more often than this (crashes, reclaims) is dead-lettered. */
  maxDeliveries: number;
  /** XREADGROUP BLOCK slice: how quickly stop() is noticed, at the latest. */
  blockMs?: number;
  heartbeatMs?: number;
  liveWithinMs?: number;
  /**
   * Replicas that must hold a delivery before the call runs (the credential's Replica
   * Acknowledgements): a call the master alone knows may vanish in a failover, and its caller has
   * then been told it was not sent (it withdraws calls the replicas did not acknowledge).
   */
  replicaAck?: ReplicaAck;
  /** Where deliveries are recorded for Prometheus; nothing is recorded without one. */
  recorder?: Recorder;
}

/** Every delivery counts; one after the first (a crash, a reclaim) is a redelivery too. */
const DELIVERY_PLAN = recordingPlan({
  first: { inc: [metricField('function_deliveries')] },
  again: { inc: [metricField('function_deliveries'), metricField('function_redeliveries')] },
});

export type { RunOutcome };

export interface ConsumerHooks {
  /** Starts one execution for the item; resolves when it has ended. */
  run(json: Record<string, unknown>, context: CallContext): Promise<RunOutcome>;
  log?(level: 'debug' | 'info' | 'warn' | 'error', message: string): void;
}

type StreamEntry = [id: string, fields: string[] | null];
type PendingRow = [id: string, consumer: string, idleMs: number, deliveries: number];

/** Pending entries read per XPENDING page, and pages per maintenance round. */
const PENDING_PAGE = 100;
const MAX_PENDING_PAGES = 50;
/** An entry a live consumer holds longer than this past its deadline is answered as expired. */
const EXPIRY_GRACE_MS = 1_000;

export class FunctionConsumer {
  private readonly keys: FunctionKeys;
  private readonly meta: string;
  private running = false;
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private maintaining?: Promise<void>;
  private inFlight = 0;
  /**
   * Calls delivered while every slot is taken (a read and a reclaim can both fill the free slots
   * at once): they stay pending for this consumer and start as slots free up.
   */
  private readonly backlog: Array<() => Promise<void>> = [];
  private createdAt = 0;
  private slotFreed?: () => void;
  private readonly outcomes = new Set<Promise<void>>();

  constructor(
    /** Commands: registration, heartbeat, answers, claims. */
    private readonly redis: RedisClient,
    /** XREADGROUP ... BLOCK only: a blocked connection can do nothing else. */
    private readonly reader: RedisClient,
    private readonly config: ConsumerConfig,
    private readonly hooks: ConsumerHooks,
  ) {
    this.keys = functionKeys(config.scope, config.functionName);
    this.meta = metaKey(config.scope, config.functionName, config.consumerId);
  }

  get callsRunning(): number {
    return this.inFlight;
  }

  /** Creates the group (idempotent), registers, starts the heartbeat and the read loop. */
  async start(): Promise<void> {
    try {
      // From 0, not $: a call added before the group existed is served, not lost.
      await this.redis.xgroup('CREATE', this.keys.stream, this.keys.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!/BUSYGROUP/.test((error as Error).message)) throw error;
    }
    this.createdAt = Date.now();
    await this.register();
    this.running = true;
    this.heartbeat = setInterval(() => void this.beat(), this.config.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
    this.loop = this.readLoop();
  }

  /**
   * Stops reading, removes this consumer's registration (never the group: other consumers' calls
   * live there), and waits a little for the calls still running so their failures are answered.
   * Calls still pending afterwards stay in the group under this consumer's id: it takes them back
   * when it starts again, or a live consumer reclaims them once this one's heartbeat is gone.
   */
  async stop(waitForRunningMs = 5_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeat);
    this.slotFreed?.();
    // A blocked XREADGROUP would hold stop() for a whole slice: drop the reader's connection.
    hangUp(this.reader);
    await waitAtMost(this.loop, STOP_STEP_MS);
    await waitAtMost(this.maintaining, STOP_STEP_MS);
    await waitAtMost(this.redis.multi().srem(this.keys.consumers, this.config.consumerId).del(this.meta).exec(), STOP_STEP_MS);
    if (this.outcomes.size) await waitAtMost(Promise.allSettled([...this.outcomes]), waitForRunningMs);
    await waitAtMost(
      (async () => {
        const mine = await this.redis.xpending(this.keys.stream, this.keys.group, '-', '+', 1, this.config.consumerId);
        if (Array.isArray(mine) && mine.length === 0) await this.redis.xgroup('DELCONSUMER', this.keys.stream, this.keys.group, this.config.consumerId);
      })(),
      STOP_STEP_MS,
    );
  }

  /** The full registration: the heartbeat writes it again, so one deleted meanwhile comes back whole. */
  private async register(): Promise<void> {
    await this.redis
      .multi()
      .hset(this.meta, metaFields({ ...this.config, parameters: this.config.parameters, createdAt: this.createdAt, lastHeartbeat: Date.now() }))
      .sadd(this.keys.consumers, this.config.consumerId)
      .exec();
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    this.hooks.log?.(level, `Function "${this.config.functionName}": ${message}`);
  }

  private async beat(): Promise<void> {
    if (!this.running) return;
    try {
      await this.register();
    } catch (error) {
      this.log('warn', `heartbeat failed: ${(error as Error).message}`);
      return;
    }
    if (!this.maintaining) {
      this.maintaining = this.maintain()
        .catch((error) => this.log('warn', `reclaiming calls failed: ${(error as Error).message}`))
        .finally(() => (this.maintaining = undefined));
    }
  }

  private async readLoop(): Promise<void> {
    // First the calls this consumer id was given before and never answered (a restart after a
    // crash), then new ones.
    let cursor = '0';
    while (this.running) {
      const free = this.config.callsInFlight - this.inFlight - this.backlog.length;
      if (free <= 0) {
        await new Promise<void>((resolve) => {
          this.slotFreed = resolve;
          setTimeout(resolve, this.config.blockMs ?? 2_000);
        });
        continue;
      }
      let reply: Array<[string, StreamEntry[]]> | null;
      try {
        reply = (await this.reader.xreadgroup(
          'GROUP', this.keys.group, this.config.consumerId,
          'COUNT', free,
          'BLOCK', this.config.blockMs ?? 2_000,
          'STREAMS', this.keys.stream, cursor,
        )) as Array<[string, StreamEntry[]]> | null;
      } catch (error) {
        if (!this.running) return;
        const message = (error as Error).message;
        // The group vanished (someone deleted the stream): make it again and go on.
        if (/NOGROUP/.test(message)) {
          await this.redis.xgroup('CREATE', this.keys.stream, this.keys.group, '0', 'MKSTREAM').catch(() => undefined);
        } else {
          this.log('warn', `reading calls failed: ${message}`);
          await sleep(1_000);
        }
        continue;
      }
      const entries = reply?.[0]?.[1] ?? [];
      if (cursor !== '>' && entries.length === 0) {
        cursor = '>';
        continue;
      }
      if (entries.length && !(await this.deliveryReplicated())) {
        // Not run now: they stay pending for this consumer and are read again from its history,
        // until the replicas hold them or their caller withdrew them (then only the ack is left).
        this.log('warn', `${entries.length} call(s) not yet acknowledged by ${this.config.replicaAck!.replicas} replica(s): holding them back`);
        cursor = '0';
        await sleep(Math.min(1_000, this.config.blockMs ?? 2_000));
        continue;
      }
      for (const [id, fields] of entries) {
        // One entry that fails (Redis down mid-way, a hook that throws) must not end the loop:
        // the entry stays pending and comes back (a restart, a reclaim, the expiry check).
        try {
          if (cursor === '>') {
            this.recordDelivery(1);
            await this.handle(id, fields, 1);
            continue;
          }
          // A restart re-reads its own history: Redis counted those deliveries (this read included).
          cursor = id;
          const [row] = (await this.redis.xpending(this.keys.stream, this.keys.group, id, id, 1)) as PendingRow[];
          this.recordDelivery(Number(row?.[3] ?? 2));
          await this.handle(id, fields, Number(row?.[3] ?? 2));
        } catch (error) {
          this.log('warn', `handling entry ${id} failed: ${(error as Error).message}`);
        }
      }
    }
  }

  /**
   * Whether the replicas hold what this reader just read (WAIT covers the master's replication
   * offset at this connection's last write: the delivery, and so the calls delivered). True when no
   * acknowledgement is asked for.
   */
  private async deliveryReplicated(): Promise<boolean> {
    const ack = this.config.replicaAck;
    if (!ack) return true;
    try {
      return Number(await this.reader.call('WAIT', ack.replicas, ack.timeoutMs)) >= ack.replicas;
    } catch {
      return false;
    }
  }

  /** Sent without waiting: the call runs meanwhile. */
  private recordDelivery(deliveries: number): void {
    const status = deliveries > 1 ? 'again' : 'first';
    recordOutcome(this.redis, this.config.recorder, DELIVERY_PLAN, status);
  }

  /** One delivered entry: answer it at once (broken, expired, too often delivered), or run it. */
  private async handle(id: string, fields: string[] | null, deliveries: number): Promise<void> {
    const ref: EntryRef = { stream: this.keys.stream, group: this.keys.group, messageId: id, deadline: Date.now() };
    if (fields === null) {
      // Pending but deleted (answered by someone whose XDEL raced our read): only the ack is left.
      await this.redis.xack(this.keys.stream, this.keys.group, id);
      return;
    }
    const parsed = parseCall(fields, this.config.scope, this.config.functionName);
    if (!parsed.ok) {
      this.log('warn', `dead-lettering entry ${id}: ${parsed.reason}`);
      const callId = parsed.responseChannel ? fieldsToObject(fields).callId : undefined;
      await answerEntry(this.redis, { ...ref, callId }, callId ? errorAnswer(callId, 'malformed', `The call could not be read: ${parsed.reason}`) : undefined, this.deadLetter(id, fields, `malformed: ${parsed.reason}`, deliveries));
      return;
    }
    const { call } = parsed;
    const entry: EntryRef = { ...ref, callId: call.callId, deadline: call.deadline };
    if (deliveries > this.config.maxDeliveries) {
      const reason = `delivered ${deliveries} times (maximum ${this.config.maxDeliveries}): the executions that took it never answered`;
      this.log('warn', `dead-lettering call ${call.callId}: ${reason}`);
      await answerEntry(this.redis, entry, errorAnswer(call.callId, 'dead-letter', `Function "${this.config.functionName}" gave up on the call: ${reason}`), this.deadLetter(id, fields, reason, deliveries));
      return;
    }
    if (Date.now() > call.deadline) {
      await answerEntry(this.redis, entry, errorAnswer(call.callId, 'expired', `The call to function "${this.config.functionName}" reached its deadline before it started`));
      return;
    }
    const missing = this.config.parameters.filter((name) => !(name in call.params));
    if (missing.length) {
      await answerEntry(this.redis, entry, errorAnswer(call.callId, 'missing-parameter', `Function "${this.config.functionName}" needs the parameter${missing.length > 1 ? 's' : ''} ${missing.map((m) => JSON.stringify(m)).join(', ')}`));
      return;
    }
    if (this.inFlight >= this.config.callsInFlight) {
      this.backlog.push(() => this.handle(id, fields, deliveries));
      return;
    }
    const context: CallContext = {
      callId: call.callId,
      functionName: this.config.functionName,
      scope: this.config.scope,
      stream: this.keys.stream,
      group: this.keys.group,
      messageId: id,
      deadline: call.deadline,
      depth: call.depth,
      deliveries,
    };
    this.inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const next = this.running ? this.backlog.shift() : undefined;
      if (next) void next().catch((error) => this.log('warn', `starting a waiting call failed: ${(error as Error).message}`));
      this.slotFreed?.();
    };
    // If n8n never reports the end (it died mid-run), the slot comes back at the deadline anyway.
    const slotTimer = setTimeout(release, Math.max(0, call.deadline - Date.now()) + EXPIRY_GRACE_MS);
    const outcome = Promise.resolve()
      .then(() => this.hooks.run({ ...call.params, [CALL_CONTEXT_FIELD]: context }, context))
      .catch((error: Error): RunOutcome => ({ status: 'error', message: error.message }))
      .then(async (result) => {
        if (result.status === 'waiting') return;
        // Return From Function answered already when it ran: then this finds the entry acked and does nothing.
        const answer =
          result.status === 'error'
            ? errorAnswer(call.callId, 'function-error', result.message)
            : errorAnswer(call.callId, 'no-return', `Function "${this.config.functionName}" finished without reaching a Return From Function node`);
        await answerEntry(this.redis, entry, answer);
      })
      .catch((error) => this.log('warn', `answering call ${call.callId} failed: ${(error as Error).message}`))
      .finally(() => {
        clearTimeout(slotTimer);
        release();
        this.outcomes.delete(outcome);
      });
    this.outcomes.add(outcome);
  }

  private deadLetter(id: string, fields: string[], reason: string, deliveries: number) {
    return { key: this.keys.deadLetters, fields: [...fields, 'deadLetterReason', reason, 'originalId', id, 'deliveries', String(deliveries), 'consumer', this.config.consumerId, 'deadLetteredAt', String(Date.now())] };
  }

  /**
   * One round over the group's pending entries: calls held by dead consumers are claimed (XCLAIM
   * moves them to this consumer and counts the delivery) and handled here; calls that a live
   * consumer holds past their deadline are answered as expired; entries deleted while pending are
   * acknowledged. Dead consumers with nothing left pending are removed from the registry.
   */
  private async maintain(): Promise<void> {
    const now = Date.now();
    const liveWithin = this.config.liveWithinMs ?? LIVE_WITHIN_MS;
    // Every pending entry, page by page (a dead consumer's calls may sit behind the first page).
    const rows: PendingRow[] = [];
    for (let start = '-', page = 0; page < MAX_PENDING_PAGES; page++) {
      const batch = (await this.redis.xpending(this.keys.stream, this.keys.group, start, '+', PENDING_PAGE)) as PendingRow[];
      rows.push(...batch);
      if (batch.length < PENDING_PAGE) break;
      start = `(${batch[batch.length - 1][0]}`;
    }
    const registered = await this.redis.smembers(this.keys.consumers);
    const owners = [...new Set([...rows.map((r) => r[1]), ...registered])].filter((c) => c !== this.config.consumerId);
    // One round trip for every owner's registration, not one per owner.
    const metas = (await pipelined(this.redis, owners, (p, owner) => p.hgetall(metaKey(this.config.scope, this.config.functionName, owner)))) as Array<Record<string, string>>;
    const alive = new Map(owners.map((owner, i) => [owner, isLive(parseMeta(owner, metas[i]), now, liveWithin)]));

    const fromDead = rows.filter((r) => r[1] !== this.config.consumerId && alive.get(r[1]) === false && Number(r[2]) >= liveWithin);
    const free = Math.max(0, this.config.callsInFlight - this.inFlight);
    const toClaim = new Set(fromDead.slice(0, free).map((r) => r[0]));
    let claimed: StreamEntry[] = [];
    if (toClaim.size && this.running) {
      // The min-idle time makes a claim exclusive: a second live consumer claiming the same entries
      // in the same round finds them idle 0 ms and gets nothing (a dead consumer's are idle >= liveWithin).
      claimed = (await this.redis.xclaim(this.keys.stream, this.keys.group, this.config.consumerId, liveWithin, ...toClaim)) as StreamEntry[];
      const deliveries = new Map(fromDead.map((r) => [r[0], Number(r[3]) + 1]));
      for (const [id, fields] of claimed) {
        this.log('info', `reclaimed call ${id} from a consumer without heartbeat`);
        this.recordDelivery(deliveries.get(id) ?? 2);
        await this.handle(id, fields, deliveries.get(id) ?? 2);
      }
    }

    // Held by a live consumer (this one included) well past the deadline: the caller has given up.
    // The deadlines of every candidate in one round trip.
    const held = rows.filter(([id, , idleMs]) => idleMs >= EXPIRY_GRACE_MS && !toClaim.has(id)).map(([id]) => id);
    const entries = (await pipelined(this.redis, held, (p, id) => p.xrange(this.keys.stream, id, id))) as StreamEntry[][];
    for (const [i, id] of held.entries()) {
      const fields = entries[i]?.[0]?.[1];
      if (!fields) {
        await this.redis.xack(this.keys.stream, this.keys.group, id); // deleted while pending: only the ack is left
        continue;
      }
      const { deadline: rawDeadline, callId } = fieldsToObject(fields);
      const deadline = Number(rawDeadline);
      if (Number.isFinite(deadline) && now > deadline + EXPIRY_GRACE_MS && callId) {
        await answerEntry(this.redis, { stream: this.keys.stream, group: this.keys.group, messageId: id, callId, deadline }, errorAnswer(callId, 'expired', `The call to function "${this.config.functionName}" passed its deadline while it ran`));
      }
    }

    // Registry hygiene: a dead consumer that holds nothing any more is forgotten. What it holds is
    // known from the pending rows read above, less what this round claimed from it; when the page
    // limit cut the rows short, nothing is known for sure and nobody is forgotten this round.
    if (rows.length >= MAX_PENDING_PAGES * PENDING_PAGE) return;
    const claimedIds = new Set(claimed.map(([id]) => id));
    for (const owner of owners) {
      if (alive.get(owner) !== false) continue;
      if (rows.some(([id, holder]) => holder === owner && !claimedIds.has(id))) continue;
      await this.redis.multi().srem(this.keys.consumers, owner).del(metaKey(this.config.scope, this.config.functionName, owner)).exec();
      await this.redis.xgroup('DELCONSUMER', this.keys.stream, this.keys.group, owner).catch(() => undefined);
    }
  }
}

