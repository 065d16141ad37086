// Several callers running the generated lock primitives side by side, one node step at a time.
import { readFileSync } from 'node:fs';
import { Clock, Execution, RedisModel, type Item } from './executor.js';
import { NativeAcquire, NativeRelease } from './native.js';
import { wakeKey } from 'n8n-lock-protocol/native-lock';

const template = (name: string) => JSON.parse(readFileSync(new URL(`../../templates/${name}.json`, import.meta.url), 'utf8'));

export interface Scenario {
  callers: number;
  scope?: string;
  ttlSeconds?: number;
  maxWaitSeconds?: number;
  pollSeconds?: number;
  /** Virtual seconds spent inside the critical section (0: one step). */
  holdSeconds?: number;
  /** Caller i starts at i * arrivalEvery seconds (new callers keep arriving). */
  arrivalEverySeconds?: number;
  /** Run the error handler for a crashed caller (error workflow semantics). */
  cleanupOnCrash?: boolean;
  /** The scope is in the env's lockScopes (default); false: a dynamic scope, found only by the handler's KEYS. */
  registeredScope?: boolean;
  /** Acquisition graph to check (default: the shipped template). */
  acquisition?: any;
  /** Another lock_release graph (a fixture) instead of the shipped template. */
  release?: any;
  /** Another error_handler_lock_cleanup graph (a fixture) instead of the shipped template. */
  cleanup?: any;
  /** The engine of each caller, cycled (default all stock): ['node'] = all native, ['stock', 'node'] = mixed. */
  engines?: Array<'stock' | 'node'>;
}

export type Phase = 'idle' | 'acquire' | 'critical' | 'release' | 'done' | 'gave-up' | 'crashed' | 'cleanup';

export interface Actor {
  name: string;
  executionId: string;
  engine: 'stock' | 'node';
  phase: Phase;
  startAt: number;
  exec?: Execution | NativeAcquire | NativeRelease;
  lockId?: string;
  /** Epoch of the counter this caller created with INCR == 1. */
  epoch?: number;
  acquiredAt?: number;
  leaveAt?: number;
}

export interface Finding {
  property: string;
  message: string;
}

export class World {
  readonly clock = new Clock();
  readonly redis = new RedisModel(this.clock);
  readonly actors: Actor[] = [];
  readonly trace: string[] = [];
  readonly violations: Finding[] = [];
  /** Known, documented behaviours that are counted, not failed. */
  readonly known: Finding[] = [];
  /** The last fencing token a native acquire got (checked to grow). */
  private lastFence: number | undefined;
  private readonly acquisition: any;
  private readonly release: any;
  private readonly cleanup: any;
  private eventsChecked = 0;
  readonly scope: string;
  readonly ttl: number;

  constructor(readonly scenario: Scenario) {
    this.scope = scenario.scope ?? 'res';
    this.ttl = scenario.ttlSeconds ?? 10;
    this.acquisition = scenario.acquisition ?? template('lock_acquisition');
    this.release = scenario.release ?? template('lock_release');
    const registered = scenario.registeredScope === false ? [] : [this.scope];
    this.cleanup = JSON.parse(JSON.stringify(scenario.cleanup ?? template('error_handler_lock_cleanup')).replace('{{@:env:lockScopes}}', JSON.stringify(registered).replace(/"/g, '\\"')));
    for (let i = 0; i < scenario.callers; i++) {
      const engines = scenario.engines ?? ['stock'];
      this.actors.push({ name: `C${i}`, executionId: `exec-${i}`, engine: engines[i % engines.length], phase: 'idle', startAt: this.clock.now + i * (scenario.arrivalEverySeconds ?? 0) * 1000 });
    }
  }

  private get key() {
    return `n8n-lock-${this.scope}`;
  }

  /** Actors that can take a step now. */
  enabled(): number[] {
    return this.actors.flatMap((a, i) => {
      if (a.phase === 'idle') return a.startAt <= this.clock.now ? [i] : [];
      if (a.phase === 'critical') return (a.leaveAt ?? 0) <= this.clock.now ? [i] : [];
      if ((a.phase === 'acquire' || a.phase === 'release' || a.phase === 'cleanup') && a.exec) {
        if (a.exec.status === 'running' || (a.exec.status === 'waiting' && a.exec.wakeAt <= this.clock.now)) return [i];
      }
      return [];
    });
  }

  /** Holders that may be crashed at this point (inside the critical section). */
  crashable(): number[] {
    return this.actors.flatMap((a, i) => (a.phase === 'critical' ? [i] : []));
  }

  finished(): boolean {
    return this.actors.every((a) => ['done', 'gave-up', 'crashed'].includes(a.phase));
  }

  /** When nobody can move, jump the clock to the next wake-up, arrival or end of a critical section. */
  advance(): boolean {
    const times = this.actors.flatMap((a) => {
      if (a.phase === 'idle') return [a.startAt];
      if (a.phase === 'critical') return [a.leaveAt ?? this.clock.now];
      if (a.exec?.status === 'waiting') return [a.exec.wakeAt];
      return [];
    });
    const next = Math.min(...times.filter((t) => t > this.clock.now));
    if (!Number.isFinite(next)) return false;
    this.clock.now = next;
    this.trace.push(`      t=${this.t()} clock advances`);
    this.check();
    return true;
  }

  private t(): string {
    return `${((this.clock.now - 1_800_000_000_000) / 1000).toFixed(1)}s`;
  }

  step(index: number): void {
    const a = this.actors[index];
    const s = this.scenario;
    if (a.phase === 'idle' && a.engine === 'node') {
      a.exec = new NativeAcquire(a.name, { scope: this.scope, ttlSeconds: this.ttl, lockId: a.executionId, executionId: a.executionId, wait: true, maxWaitSeconds: s.maxWaitSeconds ?? 5, pollSeconds: s.pollSeconds ?? 1 }, this.redis, this.clock);
      a.phase = 'acquire';
    } else if (a.phase === 'idle') {
      const input: Item[] = [{ json: { scope: this.scope, ttl_seconds: this.ttl, execution_id: a.executionId, wait_till_lock_released: true, max_wait_seconds: s.maxWaitSeconds ?? 5, lock_id: a.executionId, workflow_id: 'W', workflow_name: 'Caller', poll_seconds: s.pollSeconds ?? 1 } }];
      a.exec = new Execution(this.acquisition, a.name, `${a.executionId}-acq`, input, this.redis, this.clock);
      a.phase = 'acquire';
    }
    if (a.phase === 'critical') {
      this.trace.push(`${a.name} t=${this.t()} leaves the critical section`);
      a.phase = 'release';
      a.exec =
        a.engine === 'node'
          ? new NativeRelease(a.name, this.scope, a.lockId!, this.redis)
          : new Execution(this.release, a.name, `${a.executionId}-rel`, [{ json: { scope: this.scope, lock_id: a.lockId } }], this.redis, this.clock);
      this.check();
      return;
    }
    const exec = a.exec!;
    const node = exec.peek();
    const before = this.redis.events.length;
    exec.step();
    const ops = this.redis.events.slice(before).map((e) => `${e.op.toUpperCase()} ${e.key}${e.result !== undefined ? ` -> ${JSON.stringify(e.result)}` : ''}`);
    this.trace.push(`${a.name} t=${this.t()} ${a.phase}: ${node}${ops.length ? `   [${ops.join('; ')}]` : ''}${exec.status === 'failed' ? `   FAILED: ${exec.error}` : ''}`);
    if (exec instanceof NativeRelease && exec.woke) this.wakeOneWaiter();
    if (exec.status === 'done' || exec.status === 'failed') this.phaseDone(a);
    this.check();
  }

  /** RPUSH to the wake list: the longest-blocked native waiter gets it, or it stays for the next one. */
  private wakeOneWaiter(): void {
    const waiter = this.actors.find((x) => x.phase === 'acquire' && x.exec instanceof NativeAcquire && x.exec.status === 'waiting');
    if (waiter) (waiter.exec as NativeAcquire).wake();
    else this.redis.pushWake(wakeKey(this.scope));
  }

  private phaseDone(a: Actor): void {
    const exec = a.exec!;
    if (a.phase === 'acquire') {
      if (exec.status === 'done' && exec.output[0]?.json.acquired === true) {
        // The native engine's fencing tokens only grow per scope, across expiries of the fence key.
        const fence = exec.output[0].json.fence;
        if (typeof fence === 'number') {
          if (this.lastFence !== undefined && fence <= this.lastFence) this.violations.push({ property: 'fence-increases', message: `${a.name} got fence ${fence} at t=${this.t()} after ${this.lastFence}` });
          this.lastFence = fence;
        }
        a.phase = 'critical';
        a.lockId = exec.output[0].json.lock_id;
        a.acquiredAt = this.clock.now;
        a.leaveAt = this.clock.now + (this.scenario.holdSeconds ?? 0) * 1000;
        a.epoch = this.redis.events.filter((e) => e.actor === a.name && e.key === this.key && ((e.op === 'incr' && e.result === 1) || (e.op === 'setnx' && e.result === true))).pop()?.epoch;
        this.trace.push(`${a.name} t=${this.t()} ENTERS the critical section (epoch ${a.epoch})`);
      } else {
        a.phase = 'gave-up';
        this.trace.push(`${a.name} t=${this.t()} gives up: ${exec.error}`);
      }
    } else if (a.phase === 'release' || a.phase === 'cleanup') {
      const cleanup = a.phase === 'cleanup';
      a.phase = 'done';
      if (exec.status === 'failed') this.trace.push(`${a.name} t=${this.t()} ${cleanup ? 'cleanup' : 'release'} failed: ${exec.error}`);
      if (cleanup) {
        // (6) the error workflow frees the crashed holder's lock (registered scope or not).
        const crashed = this.actors.find((x) => `cleanup(${x.name})` === a.name);
        const live = this.redis.entry(this.key);
        if (exec.status === 'failed' || (crashed && live && live.epoch === crashed.epoch)) {
          this.violations.push({ property: '6-cleanup-frees-crashed-lock', message: `${a.name} finished at t=${this.t()} (${exec.status}${exec.error ? `: ${exec.error}` : ''}) and ${crashed?.name}'s lock is still held` });
        }
      }
    }
  }

  /** The holder dies inside its critical section; with error-workflow semantics the cleanup runs. */
  crash(index: number): void {
    const a = this.actors[index];
    a.phase = 'crashed';
    this.trace.push(`${a.name} t=${this.t()} CRASHES holding epoch ${a.epoch}`);
    if (this.scenario.cleanupOnCrash) {
      const cleaner: Actor = { name: `cleanup(${a.name})`, executionId: `${a.executionId}-cleanup`, phase: 'cleanup', startAt: this.clock.now };
      cleaner.exec = new Execution(this.cleanup, cleaner.name, cleaner.executionId, [{ json: { execution: { id: a.executionId }, workflow: { id: 'W', name: 'Caller' } } }], this.redis, this.clock);
      this.actors.push(cleaner);
    }
    this.check();
  }

  /** Checks the properties on everything that happened since the last check. */
  check(): void {
    const events = this.redis.events;
    // A counter belongs to the caller whose INCR created it (returned 1), from that moment on.
    const owner = (epoch?: number) => {
      const creator = events.find((x) => x.key === this.key && ((x.op === 'incr' && x.result === 1) || (x.op === 'setnx' && x.result === true)) && x.epoch === epoch && epoch !== undefined);
      return creator ? this.actors.find((x) => x.name === creator.actor) : undefined;
    };
    for (; this.eventsChecked < events.length; this.eventsChecked++) {
      const e = events[this.eventsChecked];
      const holder = owner(e.epoch);
      const actor = this.actors.find((x) => x.name === e.actor)!;
      // (5) waiters never change the counter's TTL while it is held.
      if (e.op === 'expire' && e.key === this.key && e.before !== null && e.before !== undefined && holder && holder.name !== e.actor) {
        const myIncr = events.slice(0, this.eventsChecked).filter((x) => x.actor === e.actor && x.op === 'incr' && x.key === this.key).pop();
        const myGet = events.slice(0, this.eventsChecked).filter((x) => x.actor === e.actor && x.op === 'get' && x.key === this.key).pop();
        if (myIncr && Number(myIncr.result) > 1 && myGet && myGet.result === null) {
          this.known.push({ property: 'race-loser-refresh', message: `${e.actor} lost a GET-null -> INCR race and re-armed ${holder.name}'s TTL once` });
        } else {
          this.violations.push({ property: '5-waiters-keep-ttl', message: `${e.actor} re-armed the TTL of ${holder.name}'s lock at t=${this.t()} (was ${(e.before! - e.at) / 1000}s left, now ${(e.after! - e.at) / 1000}s)` });
        }
      }
      // (3)/(4) deletes: only the failed execution's (cleanup) or the owner's (release).
      if (e.op === 'del' && e.result !== null && e.key === this.key && holder && holder.name !== e.actor.replace(/^cleanup\((.*)\)$/, '$1')) {
        if (actor.phase === 'cleanup') this.violations.push({ property: '3-cleanup-only-own', message: `${e.actor} deleted ${holder.name}'s lock` });
        else {
          const sawSidecar = events.slice(0, this.eventsChecked).filter((x) => x.actor === e.actor && x.op === 'get' && x.key === `${this.key}:meta`).pop();
          if (sawSidecar && sawSidecar.result === null) {
            this.known.push({ property: 'residual-release-race', message: `${e.actor}'s late release found no sidecar and deleted ${holder.name}'s counter (between its INCR and SET)` });
          } else this.violations.push({ property: '4-release-by-owner-only', message: `${e.actor} deleted ${holder.name}'s lock` });
        }
      }
    }
    // (1) mutual exclusion: never two callers inside whose locks are both within their TTL (a
    // holder that outlives its TTL has lost the lock by design: that is what the TTL is for).
    const live = this.redis.entry(this.key);
    const inside = this.actors.filter((x) => x.phase === 'critical' && this.clock.now < x.acquiredAt! + this.ttl * 1000);
    if (inside.length > 1) {
      const finding = { property: '1-mutual-exclusion', message: `${inside.map((x) => x.name).join(' and ')} are inside the critical section together at t=${this.t()}` };
      // The documented residual race (a late release deleting a fresh counter) is the one way in.
      if (this.known.some((k) => k.property === 'residual-release-race')) this.known.push({ ...finding, property: 'residual-race-overlap' });
      else this.violations.push(finding);
    }
    // (2) a crashed holder's lock is free within its TTL.
    for (const crashed of this.actors.filter((x) => x.phase === 'crashed' && x.epoch !== undefined)) {
      if (live && live.epoch === crashed.epoch && this.clock.now >= crashed.acquiredAt! + this.ttl * 1000 + 1) {
        this.violations.push({ property: '2-crashed-lock-expires', message: `${crashed.name}'s lock still held at t=${this.t()}, ${(this.clock.now - crashed.acquiredAt!) / 1000}s after it was taken (TTL ${this.ttl}s)` });
      }
    }
  }

  /** Canonical state for exhaustive exploration. */
  stateKey(): string {
    return JSON.stringify([this.clock.now, this.redis.snapshot(), this.actors.map((a) => [a.phase, a.leaveAt, a.exec?.snapshot()])]);
  }
}
