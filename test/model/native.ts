// The native lock engine (the Lock node, n8n-nodes/lib/lock.ts) in the model: each of its Lua
// scripts (protocol/src/native-lock.ts) is ONE atomic step against the Redis model, doing the same
// operations on the same keys: acquire = SET NX PX counter + fence (clock or last + 1, PX) + SET PX sidecar; release =
// GET sidecar, compare lock_id, DEL sidecar, DEL counter, push a wake-up. Waiters sleep until their
// next poll or until a release wakes them. The steps mimic Execution's API, so World interleaves
// native and stock callers alike.
import { fenceKey, heldByAnotherMessage, heldMessage, sidecarPrefix, timeoutMessage, wakeKey } from 'n8n-lock-protocol/native-lock';
import type { Clock, ExecStatus, Item, RedisModel } from './executor.js';

export interface NativeAcquireInput {
  scope: string;
  ttlSeconds: number;
  lockId: string;
  executionId: string;
  wait: boolean;
  maxWaitSeconds: number;
  pollSeconds: number;
}

export class NativeAcquire {
  status: ExecStatus = 'running';
  wakeAt = 0;
  error?: string;
  output: Item[] = [];
  private readonly deadline: number;

  constructor(readonly actor: string, private readonly input: NativeAcquireInput, private readonly redis: RedisModel, private readonly clock: Clock) {
    this.deadline = clock.now + input.maxWaitSeconds * 1000;
  }

  peek(): string {
    return this.status === 'waiting' ? 'Lock Acquire (native, wake)' : 'Lock Acquire (native)';
  }

  step(): void {
    const { scope, ttlSeconds, lockId, executionId } = this.input;
    const key = `n8n-lock-${scope}`;
    const ttlMs = ttlSeconds * 1000;
    this.status = 'running';
    if (this.redis.setNx(key, '1', ttlMs, this.actor)) {
      // The script's token: the server clock in µs, or the last token + 1 when that is not larger.
      const fence = Math.max(Number(this.redis.get(fenceKey(scope), this.actor) ?? 0) + 1, this.clock.now * 1000);
      this.redis.setPx(fenceKey(scope), String(fence), ttlMs, this.actor);
      const prefix = sidecarPrefix({ lock_id: lockId, workflow_id: 'W', workflow_name: 'Caller', execution_id: executionId, locked_at: new Date(this.clock.now).toISOString() });
      this.redis.setPx(`${key}:meta`, `${prefix},"fence":${fence},"engine":"node"}`, ttlMs, this.actor);
      this.status = 'done';
      this.output = [{ json: { acquired: true, lock_id: lockId, fence } }];
      return;
    }
    if (!this.input.wait) return this.fail(heldMessage(scope));
    if (this.clock.now >= this.deadline) return this.fail(timeoutMessage(scope, this.input.maxWaitSeconds));
    this.status = 'waiting';
    // BLPOP on the wake list: a token left by a release nobody waited for returns at once.
    this.wakeAt = this.redis.takeWake(wakeKey(scope)) ? this.clock.now : this.clock.now + Math.min(this.input.pollSeconds * 1000, this.deadline - this.clock.now);
  }

  /** A release pushed a wake-up while this waiter was blocked on the list. */
  wake(): void {
    if (this.status === 'waiting') this.wakeAt = this.clock.now;
  }

  private fail(message: string): void {
    this.status = 'failed';
    this.error = message;
  }

  snapshot(): string {
    return JSON.stringify(['native-acquire', this.status, this.wakeAt, this.deadline]);
  }
}

export class NativeRelease {
  status: ExecStatus = 'running';
  wakeAt = 0;
  error?: string;
  output: Item[] = [];
  /** True once the release deleted the lock and pushed a wake-up (the World hands it to a waiter). */
  woke = false;

  constructor(readonly actor: string, private readonly scope: string, private readonly lockId: string, private readonly redis: RedisModel) {}

  peek(): string {
    return 'Lock Release (native)';
  }

  step(): void {
    const key = `n8n-lock-${this.scope}`;
    const raw = this.redis.get(`${key}:meta`, this.actor);
    this.status = 'done';
    if (raw === null) {
      this.output = [{ json: { released: true, idempotent: true } }];
      return;
    }
    let meta: { lock_id?: unknown } | null = null;
    try {
      meta = JSON.parse(raw);
    } catch {
      meta = null;
    }
    if (!meta || String(meta.lock_id) !== this.lockId) {
      this.status = 'failed';
      this.error = heldByAnotherMessage(this.scope, raw, this.lockId);
      return;
    }
    this.redis.del(`${key}:meta`, this.actor);
    this.redis.del(key, this.actor);
    this.woke = true;
    this.output = [{ json: { released: true, idempotent: false } }];
  }

  snapshot(): string {
    return JSON.stringify(['native-release', this.status]);
  }
}
