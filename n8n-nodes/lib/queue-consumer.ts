// The Queue Trigger's engine: one consumer of one queue. It claims jobs under the queue's one
// concurrency limit (the CLAIM script counts every process's leases), runs each as one execution,
// renews the job's lease while it runs, and acknowledges it from the execution's outcome: success
// completes it, an error retries it after its backoff or dead-letters it. It blocks on the queue's
// wake list between claims (an enqueue or a freed slot pushes a token) in bounded slices, and wakes
// by itself when the next delayed job is due. A heartbeat claims nothing but takes back the jobs
// of processes that died (their leases lapsed) and keeps this consumer listed. It knows nothing of
// n8n: the node passes `run`, which starts an execution and resolves when it ends.
import { randomUUID } from 'node:crypto';
import { claimEval, completeEval, failEval, LEASE_RENEWALS_PER_LEASE, parseClaimReply, parseFailReply, queueKeys, renewEval, type ClaimedJob, type QueueJobContext } from 'n8n-lock-protocol/queues';
import { HEARTBEAT_INTERVAL_MS } from 'n8n-lock-protocol/functions';
import type { RunOutcome } from './execution-outcome';
import { takeRateLimitSlot } from './rate-limit';
import { hangUp, type RedisClient } from './redis';
import { sleep, STOP_STEP_MS, waitAtMost } from './trigger-engine';
import { evalScript } from './scripts';

export interface QueueConsumerConfig {
  queue: string;
  consumerId: string;
  /** Jobs of this queue running at once across every process (each trigger must say the same). */
  concurrency: number;
  leaseMs: number;
  /** At most this many jobs start per window (sliding log, shared by every process), or no limit. */
  rateLimit?: { maxJobs: number; windowSeconds: number };
  /** The longest one wait for a wake-up blocks: how quickly stop() is noticed, at the latest. */
  blockMs?: number;
  heartbeatMs?: number;
}

export interface QueueConsumerHooks {
  /** Starts one execution for the job; resolves when it has ended. */
  run(json: Record<string, unknown>, job: QueueJobContext): Promise<RunOutcome>;
  log?(level: 'debug' | 'info' | 'warn' | 'error', message: string): void;
}

/** The item field of a Queue Trigger execution that says which job it runs. */
export const QUEUE_JOB_FIELD = '_queueJob';


/** The execution's item: the payload's fields when it is an object, else `{ payload }`; the job context beside them. */
export function jobItem(job: ClaimedJob, context: QueueJobContext): Record<string, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(job.payload);
  } catch {
    payload = job.payload;
  }
  const fields = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : { payload };
  return { ...fields, [QUEUE_JOB_FIELD]: context };
}

export class QueueConsumer {
  private readonly wakeKey: string;
  private running = false;
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private inFlight = 0;
  private slotFreed?: () => void;
  private readonly outcomes = new Set<Promise<void>>();

  constructor(
    /** Claims, renewals, acknowledgements. */
    private readonly redis: RedisClient,
    /** BLPOP on the wake list only: a blocked connection can do nothing else. */
    private readonly waker: RedisClient,
    private readonly config: QueueConsumerConfig,
    private readonly hooks: QueueConsumerHooks,
  ) {
    this.wakeKey = queueKeys(config.queue).wake;
  }

  get jobsRunning(): number {
    return this.inFlight;
  }

  /** Registers (a claim of nothing), then starts the heartbeat and the claim loop. */
  async start(): Promise<void> {
    await this.claim(0);
    this.running = true;
    this.heartbeat = setInterval(() => void this.claim(0).catch((error) => this.log('warn', `heartbeat failed: ${(error as Error).message}`)), this.config.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
    this.loop = this.claimLoop();
  }

  /**
   * Stops claiming and waits a little for the jobs still running, so their outcome is recorded;
   * a job still running afterwards keeps no lease (nothing renews it) and is delivered again.
   */
  async stop(waitForRunningMs = 5_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeat);
    this.slotFreed?.();
    hangUp(this.waker);
    await waitAtMost(this.loop, STOP_STEP_MS);
    if (this.outcomes.size) await waitAtMost(Promise.allSettled([...this.outcomes]), waitForRunningMs);
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    this.hooks.log?.(level, `Queue "${this.config.queue}": ${message}`);
  }

  private async claim(most: number) {
    const { concurrency: limit, leaseMs, consumerId } = this.config;
    return parseClaimReply(await evalScript(this.redis, claimEval(this.config.queue, { limit, leaseMs, consumerId, most, rnd: Math.random() })));
  }

  private async claimLoop(): Promise<void> {
    const blockMs = this.config.blockMs ?? 2_000;
    while (this.running) {
      // One process never runs more than the whole queue may.
      const free = this.config.concurrency - this.inFlight;
      if (free <= 0) {
        await new Promise<void>((resolve) => {
          this.slotFreed = resolve;
          setTimeout(resolve, blockMs);
        });
        continue;
      }
      let reply;
      try {
        reply = await this.claim(free);
      } catch (error) {
        if (!this.running) return;
        this.log('warn', `claiming jobs failed: ${(error as Error).message}`);
        await sleep(1_000);
        continue;
      }
      for (const job of reply.jobs) this.runJob(job);
      if (reply.jobs.length > 0) continue;
      // Nothing to take: every slot is busy somewhere, or the queue is empty. A completion or an
      // enqueue pushes a wake token; a delayed job wakes nobody, so wait no longer than its time.
      const untilDelayed = reply.nextDelayedAt === null ? blockMs : reply.nextDelayedAt - reply.now;
      const waitMs = Math.min(blockMs, Math.max(0, untilDelayed));
      if (waitMs <= 0) continue;
      try {
        await this.waker.blpop(this.wakeKey, Math.max(0.01, waitMs / 1000));
      } catch (error) {
        if (!this.running) return;
        this.log('warn', `waiting for jobs failed: ${(error as Error).message}`);
        await sleep(1_000);
      }
    }
  }

  /** Runs one claimed job: lease renewals while it runs, then its acknowledgement. */
  private runJob(job: ClaimedJob): void {
    const { queue, leaseMs, consumerId } = this.config;
    const context: QueueJobContext = { queue, jobId: job.id, attempt: job.attempt, maxAttempts: job.maxAttempts, enqueuedAt: new Date(job.enqueuedAt).toISOString() };
    this.inFlight++;
    const renewals = setInterval(() => {
      evalScript(this.redis, renewEval(queue, job.id, job.attempt, leaseMs, consumerId))
        .then((renewed) => {
          if (Number(renewed) === 1) return;
          clearInterval(renewals);
          this.log('warn', `lost the lease of job ${job.id} (attempt ${job.attempt}): it lapsed, and the job will be delivered again`);
        })
        .catch((error) => this.log('warn', `renewing the lease of job ${job.id} failed: ${(error as Error).message}`));
    }, leaseMs / LEASE_RENEWALS_PER_LEASE);
    const outcome = Promise.resolve()
      .then(async () => {
        const limit = this.config.rateLimit;
        if (limit) {
          await takeRateLimitSlot(this.redis, { algorithm: 'sliding-log', scope: `queue:${queue}`, limit: limit.maxJobs, windowSeconds: limit.windowSeconds, maxWaitSeconds: 24 * 3_600, callId: `${job.id}:${job.attempt}:${randomUUID()}`, cost: 1 });
        }
        return this.hooks.run(jobItem(job, context), context);
      })
      .catch((error: Error): RunOutcome => ({ status: 'error', message: error.message }))
      .then(async (result) => {
        clearInterval(renewals);
        // A run paused in a Wait node is handed to n8n's own wait: the job is done here.
        if (result.status !== 'error') {
          if (Number(await evalScript(this.redis, completeEval(queue, job.id, job.attempt))) !== 1) this.log('warn', `job ${job.id} (attempt ${job.attempt}) succeeded after its lease lapsed: it was delivered again`);
          return;
        }
        const failed = parseFailReply(await evalScript(this.redis, failEval(queue, job.id, job.attempt, result.message, Math.random())));
        if (failed.outcome === 'dead') this.log('warn', `job ${job.id} failed its last attempt (${job.attempt}) and is dead: ${result.message}`);
      })
      .catch((error) => this.log('warn', `acknowledging job ${job.id} failed (its lease will lapse and it will be delivered again): ${(error as Error).message}`))
      .finally(() => {
        clearInterval(renewals);
        this.inFlight--;
        this.slotFreed?.();
        this.outcomes.delete(outcome);
      });
    this.outcomes.add(outcome);
  }
}
