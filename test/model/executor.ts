// A deterministic executor for exactly the node types the primitives use, one node step at a time,
// against an in-memory Redis with virtual-time TTLs. It runs the GENERATED JSON (templates/*.json):
// Code bodies are executed as written, expressions are evaluated, Redis ops follow the n8n node.
import { parseTemplate } from '../../src/workflow/expressions.js';
import { nodeAccessor } from '../support/code-node.js';

// Bodies and expressions are compiled once (a function per source text) and called with the
// Code-node globals as parameters; a fresh vm context per call made exploration 10x slower.
const CODE_PARAMS = ['$input', '$', '$execution', '$workflow', 'Date'];
const EXPRESSION_PARAMS = ['$json', '$', '$execution', '$workflow', 'Date'];
const cache = new Map<string, (...args: unknown[]) => any>();
function compiled(params: string[], body: string): (...args: unknown[]) => any {
  const key = params.join(',') + '\u0000' + body;
  let fn = cache.get(key);
  if (!fn) cache.set(key, (fn = new Function(...params, body) as (...args: unknown[]) => any));
  return fn;
}

export interface Item {
  json: Record<string, any>;
}

/** Virtual clock shared by Redis and every execution. */
export class Clock {
  now = 1_800_000_000_000;
}

/** Every mutation of a key, so properties can be checked after each step. */
export interface RedisEvent {
  op: 'get' | 'set' | 'setnx' | 'incr' | 'expire' | 'del';
  key: string;
  actor: string;
  result?: unknown;
  /** Counter TTL before/after an EXPIRE (ms deadlines). */
  before?: number | null;
  after?: number | null;
  /** Identity of the key's current life (a new epoch each time it is created from absent). */
  epoch?: number;
  at: number;
}

interface Entry {
  value: string;
  expiresAt: number | null;
  epoch: number;
}

/**
 * In-memory Redis: strings with expiry deadlines on the virtual clock. ioredis-mock keeps TTLs on
 * the wall clock, which a schedule that jumps virtual time cannot drive, so the model is this map.
 */
export class RedisModel {
  private readonly data = new Map<string, Entry>();
  private nextEpoch = 1;
  readonly events: RedisEvent[] = [];

  constructor(private readonly clock: Clock) {}

  private live(key: string): Entry | undefined {
    const entry = this.data.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.clock.now) {
      this.data.delete(key);
      return undefined;
    }
    return entry;
  }

  entry(key: string): Entry | undefined {
    return this.live(key);
  }

  get(key: string, actor: string): string | null {
    const value = this.live(key)?.value ?? null;
    this.events.push({ op: 'get', key, actor, result: value, at: this.clock.now, epoch: this.live(key)?.epoch });
    return value;
  }

  incr(key: string, actor: string): number {
    const entry = this.live(key);
    const value = entry ? Number(entry.value) + 1 : 1;
    const epoch = entry ? entry.epoch : this.nextEpoch++;
    this.data.set(key, { value: String(value), expiresAt: entry?.expiresAt ?? null, epoch });
    this.events.push({ op: 'incr', key, actor, result: value, epoch, at: this.clock.now });
    return value;
  }

  set(key: string, value: string, actor: string): void {
    const entry = this.live(key);
    const epoch = entry ? entry.epoch : this.nextEpoch++;
    this.data.set(key, { value, expiresAt: null, epoch }); // SET clears the TTL, as Redis does
    this.events.push({ op: 'set', key, actor, result: value, epoch, at: this.clock.now });
  }

  expire(key: string, seconds: number, actor: string): void {
    const entry = this.live(key);
    if (!entry) return;
    const before = entry.expiresAt;
    entry.expiresAt = this.clock.now + seconds * 1000;
    this.events.push({ op: 'expire', key, actor, before, after: entry.expiresAt, epoch: entry.epoch, at: this.clock.now });
  }

  /** SET key value NX PX ttl (the native engine's acquire): true when it created the key. */
  setNx(key: string, value: string, ttlMs: number, actor: string): boolean {
    if (this.live(key)) {
      this.events.push({ op: 'setnx', key, actor, result: false, epoch: this.live(key)!.epoch, at: this.clock.now });
      return false;
    }
    const epoch = this.nextEpoch++;
    this.data.set(key, { value, expiresAt: this.clock.now + ttlMs, epoch });
    this.events.push({ op: 'setnx', key, actor, result: true, epoch, at: this.clock.now });
    return true;
  }

  /** SET key value PX ttl. */
  setPx(key: string, value: string, ttlMs: number, actor: string): void {
    this.set(key, value, actor);
    this.live(key)!.expiresAt = this.clock.now + ttlMs;
  }

  /** The native engine's wake-up list of a scope: a release leaves one token when nobody waits. */
  private readonly wakeTokens = new Set<string>();

  pushWake(key: string): void {
    this.wakeTokens.add(key);
  }

  takeWake(key: string): boolean {
    return this.wakeTokens.delete(key);
  }

  /** KEYS: live keys matching a glob (`*`, `?`; what the primitives use), sorted. */
  keys(pattern: string): string[] {
    const regex = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
    return [...this.data.keys()].filter((k) => regex.test(k) && this.live(k)).sort();
  }

  del(key: string, actor: string): void {
    const entry = this.live(key);
    this.data.delete(key);
    this.events.push({ op: 'del', key, actor, result: entry ? entry.value : null, epoch: entry?.epoch, at: this.clock.now });
  }

  /** Canonical content, for state hashing. */
  snapshot(): string {
    const keys = [...this.data.keys()].filter((k) => this.live(k)).sort();
    return JSON.stringify([keys.map((k) => [k, this.data.get(k)!.value, this.data.get(k)!.expiresAt]), [...this.wakeTokens].sort()]);
  }
}

interface Pending {
  node: string;
  items: Item[];
}

export type ExecStatus = 'running' | 'waiting' | 'done' | 'failed';

/** One execution of one workflow, advanced node by node. */
export class Execution {
  status: ExecStatus = 'running';
  wakeAt = 0;
  error?: string;
  output: Item[] = [];
  lastNode = '';
  private readonly queue: Pending[] = [];
  private readonly runData = new Map<string, Item[]>();
  private readonly nodes: Map<string, any>;
  private readonly connections: Record<string, any>;
  private waitingItems?: Pending;

  constructor(
    readonly workflow: any,
    readonly actor: string,
    readonly executionId: string,
    input: Item[],
    private readonly redis: RedisModel,
    private readonly clock: Clock,
  ) {
    this.nodes = new Map(workflow.nodes.map((n: any) => [n.name, n]));
    this.connections = workflow.connections;
    const trigger = workflow.nodes.find((n: any) => /Trigger$/.test(n.type));
    this.queue.push({ node: trigger.name, items: input });
  }

  /** Execute one node. */
  step(): void {
    if (this.status === 'waiting') {
      if (this.clock.now < this.wakeAt) throw new Error('step() while waiting');
      this.status = 'running';
      this.route(this.waitingItems!.node, [this.waitingItems!.items]);
      this.waitingItems = undefined;
      if (this.queue.length === 0) this.finish();
      return;
    }
    const next = this.queue.shift();
    if (!next) return this.finish();
    const node = this.nodes.get(next.node);
    this.lastNode = node.name;
    try {
      const outputs = this.run(node, next.items);
      if (this.status === 'waiting') return;
      this.route(node.name, outputs);
    } catch (error) {
      this.status = 'failed';
      this.error = (error as Error).message;
      return;
    }
    if (this.queue.length === 0 && this.status === 'running') this.finish();
  }

  /** The node the next step() will run (for traces). */
  peek(): string {
    return this.status === 'waiting' ? `${this.waitingItems?.node} (wake)` : this.queue[0]?.node ?? '(end)';
  }

  private finish(): void {
    this.status = 'done';
    this.output = this.runData.get(this.lastNode) ?? [];
  }

  private route(from: string, outputs: Item[][]): void {
    this.runData.set(from, outputs.flat());
    const slots = this.connections[from]?.main ?? [];
    outputs.forEach((items, index) => {
      if (items.length === 0) return;
      for (const target of slots[index] ?? []) this.queue.push({ node: target.node, items });
    });
  }

  private accessor() {
    return nodeAccessor(this.runData);
  }

  private virtualDate() {
    const clock = this.clock;
    return class VirtualDate extends Date {
      constructor(...args: any[]) {
        if (args.length === 0) super(clock.now);
        else super(...(args as [any]));
      }
      static now() {
        return clock.now;
      }
    };
  }

  /** Evaluates an n8n parameter: `={{ js }}`, `=text {{ js }}`, or a plain value. */
  private evaluate(value: unknown, item: Item): any {
    if (typeof value !== 'string' || !value.startsWith('=')) return value;
    const args = [item.json, this.accessor(), { id: this.executionId }, { id: 'wf', name: 'wf' }, this.virtualDate()];
    const parts = parseTemplate(value);
    if (parts.length === 1 && parts[0].kind === 'expression') return compiled(EXPRESSION_PARAMS, `return (${parts[0].source});`)(...args);
    return parts.map((p) => (p.kind === 'text' ? p.value : String(compiled(EXPRESSION_PARAMS, `return (${p.source});`)(...args)))).join('');
  }

  private run(node: any, items: Item[]): Item[][] {
    const p = node.parameters;
    switch (node.type) {
      case 'n8n-nodes-base.executeWorkflowTrigger': {
        const declared = (p.workflowInputs?.values ?? []).map((v: any) => v.name);
        return [items.map((i) => ({ json: Object.fromEntries(declared.map((k: string) => [k, i.json[k] ?? null])) }))];
      }
      case 'n8n-nodes-base.errorTrigger':
        return [items];
      case 'n8n-nodes-base.code': {
        const $input = { first: () => items[0], all: () => items, last: () => items[items.length - 1] };
        // Code nodes run synchronously here; the bodies the primitives ship never await.
        const result = compiled(CODE_PARAMS, p.jsCode)($input, this.accessor(), { id: this.executionId }, { id: 'wf', name: 'wf' }, this.virtualDate());
        return [result.map((r: any) => ({ json: JSON.parse(JSON.stringify(r.json)) }))];
      }
      case 'n8n-nodes-base.if': {
        const condition = p.conditions.conditions[0];
        const yes: Item[] = [];
        const no: Item[] = [];
        for (const item of items) {
          const value = this.evaluate(condition.leftValue, item);
          if (typeof value !== 'boolean') throw new Error(`If "${node.name}": strict type validation: ${JSON.stringify(value)} is not a boolean`);
          (value ? yes : no).push(item);
        }
        return [yes, no];
      }
      case 'n8n-nodes-base.redis': {
        const out: Item[] = [];
        for (const item of items) {
          if (p.operation === 'keys') {
            // getValues false: one item with the names (n8n-nodes-base Redis v1).
            out.push({ json: { keys: this.redis.keys(String(this.evaluate(p.keyPattern, item))) } });
            continue;
          }
          const key = String(this.evaluate(p.key, item));
          if (p.operation === 'get') out.push({ json: { [p.propertyName]: this.redis.get(key, this.actor) } });
          else if (p.operation === 'incr') {
            const value = this.redis.incr(key, this.actor);
            const ttl = Number(this.evaluate(p.ttl, item));
            if (p.expire && ttl > 0) this.redis.expire(key, ttl, this.actor);
            out.push({ json: { [key]: value } });
          } else if (p.operation === 'set') {
            this.redis.set(key, String(this.evaluate(p.value, item)), this.actor);
            const ttl = Number(this.evaluate(p.ttl, item));
            if (p.expire && ttl > 0) this.redis.expire(key, ttl, this.actor);
            out.push(item);
          } else if (p.operation === 'delete') {
            this.redis.del(key, this.actor);
            out.push(item);
          } else throw new Error(`redis operation ${p.operation} not modelled`);
        }
        return [out];
      }
      case 'n8n-nodes-base.wait': {
        const seconds = Number(this.evaluate(p.amount, items[0]));
        this.status = 'waiting';
        this.wakeAt = this.clock.now + seconds * 1000;
        this.waitingItems = { node: node.name, items };
        return [];
      }
      case 'n8n-nodes-base.stopAndError':
        throw new Error(String(this.evaluate(p.errorMessage, items[0])));
      default:
        throw new Error(`node type ${node.type} not modelled`);
    }
  }

  /** Canonical state, for state hashing in exhaustive exploration. */
  snapshot(): string {
    return JSON.stringify([this.status, this.wakeAt, this.queue.map((q) => [q.node, q.items]), this.waitingItems?.node, [...this.runData.entries()]]);
  }
}
