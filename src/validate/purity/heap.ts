// Abstract values and the heap of code-purity's points-to analysis (docs/rules/code-purity.md).
//
// A value is a number. Below OBJECT_BASE: the primitive types (one abstract value each, plus the
// well-known symbols). From STRING_BASE: string constants the code writes (interned), so that a key
// known to be one of a few strings reads only those. In between: abstract objects, each either an
// object of the real built-in graph (builtin-graph.ts), an allocation site of the code, or a model of
// what n8n hands in (its data, its accessors, its capabilities). A capability object reached through
// an over-approximation (a read with a run-time key, a built-in without a summary) is marked weak:
// WEAK is added to its number, and a finding on it is "cannot be proven pure", not "reaches".

export const UNDEF = 0; // undefined and null
export const BOOL = 1;
export const NUM = 2;
export const STR = 3;
export const BIGINT = 4;
export const SYM = 5; // a symbol that is not well known
export const WELL_KNOWN_SYMBOLS = ['asyncIterator', 'hasInstance', 'isConcatSpreadable', 'iterator', 'match', 'matchAll', 'replace', 'search', 'species', 'split', 'toPrimitive', 'toStringTag', 'unscopables', 'dispose', 'asyncDispose'];
const WK_BASE = 8;
export const OBJECT_BASE = 32;
export const WEAK = 1 << 21;
export const STRING_BASE = 1 << 22;
/** "An own key of object o" (what Object.keys(o), for-in over o, Object.entries(o) give): OWN_KEY_BASE + o's number. A string. */
export const OWN_KEY_BASE = 3 << 22;
export const ownKey = (objectId: number) => OWN_KEY_BASE + objectId;

export const wellKnownSymbol = (name: string): number => WK_BASE + WELL_KNOWN_SYMBOLS.indexOf(name);
export const isObjectValue = (v: number) => v >= OBJECT_BASE && v < STRING_BASE;
export const objectOf = (v: number) => (v >= WEAK && v < STRING_BASE ? v - WEAK : v);
export const isWeak = (v: number) => v >= WEAK && v < STRING_BASE;
export const isStringValue = (v: number) => v === STR || v >= STRING_BASE;

export type VSet = Set<number>;

/** An object's set of prototypes: its growth makes cached prototype chains stale (a class, not a lookup: grow runs on every join). */
class ProtoSet extends Set<number> {}

/** What a capability object gives whoever holds it (the policy's vocabulary). */
export interface Capability {
  /** 'compiler', 'global', 'reflection', 'require', 'helpers', 'env', 'expression', 'process', 'pool', 'proxy', 'caller', 'module'. */
  kind: string;
  /** For messages: "the Function constructor", "$env". */
  label: string;
}

export interface FunctionSite {
  node: any;
  strict: boolean;
  arrow: boolean;
  generator: boolean;
  async: boolean;
  params: VSet[];
  /** The index of the rest parameter (-1: none); the arguments from there on are `rest`. */
  restAt: number;
  rest: VSet;
  thisSet: VSet;
  returns: VSet;
  /** Objects whose prototype `super` reads (the home object of a method). */
  home: VSet;
  /** `new.target` and the instance `this` of a class constructor. */
  newTargets: VSet;
  argumentsObject: number;
  called: boolean;
}

export interface AbstractObject {
  id: number;
  kind: 'builtin' | 'site' | 'n8n';
  label: string;
  callable: boolean;
  props: Map<string, VSet>;
  getters: Map<string, VSet>;
  setters: Map<string, VSet>;
  /** Values stored under keys known only at run time (or every key: n8n's data). */
  dyn: VSet;
  protos: VSet;
  /** Keys that are enumerable own properties (built-ins only; a site's are all enumerable). */
  enumerable?: Set<string>;
  /** Engine slots: a promise's '%value', a generator's '%yield', a bound function's '%target', ... */
  slots: Map<string, VSet>;
  /** The built-in's path in the snapshot (summaries are found by it). */
  path?: string;
  fn?: FunctionSite;
  cap?: Capability;
  /** A built-in's property values, all of them and those under index keys, in order (built-ins never change: worked out once per process). */
  allValues?: number[];
  indexValues?: number[];
  /** The prototype chain, once worked out (a built-in's for good; a site's until a prototype set grows). */
  chain?: AbstractObject[];
  chainEpoch?: number;
  /** n8n's models: what a call gives, how a read behaves. */
  model?: string;
}

/** The heap: every abstract object, and whether anything grew since it was last asked. */
export class Heap {
  readonly objects: AbstractObject[];
  private readonly strings = new Map<string, number>();
  private readonly stringNames: string[] = [];
  private readonly sites = new Map<string, number>();
  /** Per-analysis objects holding what the code adds to a shared object it may extend (new keys of the global object). */
  readonly overlays = new Map<number, AbstractObject>();
  changed = false;
  /** Grows with every change (a value added to any set, an object made): equal versions, the same heap. */
  version = 0;
  /** Grows whenever some object's prototype set grows: cached chains of the code's objects are then stale. */
  private protoEpoch = 0;

  constructor(shared: AbstractObject[]) {
    this.objects = shared.slice();
  }

  overlay(o: AbstractObject): AbstractObject {
    let ov = this.overlays.get(o.id);
    if (!ov) {
      ov = this.create('site', `what the code added to ${o.label}`);
      this.overlays.set(o.id, ov);
    }
    return ov;
  }

  object(v: number): AbstractObject {
    return this.objects[objectOf(v) - OBJECT_BASE];
  }

  create(kind: AbstractObject['kind'], label: string, protos: number[] = [], callable = false): AbstractObject {
    const o: AbstractObject = { id: OBJECT_BASE + this.objects.length, kind, label, callable, props: new Map(), getters: new Map(), setters: new Map(), dyn: new Set(), protos: new ProtoSet(protos), slots: new Map() };
    this.version++;
    this.objects.push(o);
    return o;
  }

  /** The one object of an allocation site (the code's node and a tag): created once, found again on every pass. */
  site(key: string, make: () => AbstractObject): AbstractObject {
    const known = this.sites.get(key);
    if (known !== undefined) return this.object(known);
    const o = make();
    this.sites.set(key, o.id);
    this.changed = true;
    return o;
  }

  stringConstant(s: string): number {
    let v = this.strings.get(s);
    if (v === undefined) {
      v = STRING_BASE + this.stringNames.length;
      this.strings.set(s, v);
      this.stringNames.push(s);
    }
    return v;
  }

  stringOf(v: number): string | undefined {
    return v >= STRING_BASE && v < OWN_KEY_BASE ? this.stringNames[v - STRING_BASE] : undefined;
  }

  /** Adds `from` into `into`; notes a change. */
  join(into: VSet, from: Iterable<number>): void {
    // Arrays and sets in loops of their own: a loop over both iterates through the generic protocol, an object per value.
    if (Array.isArray(from)) {
      for (let i = 0; i < from.length; i++) if (!into.has(from[i])) this.grow(into, from[i]);
    } else for (const v of from as VSet) if (!into.has(v)) this.grow(into, v);
  }

  add(into: VSet, v: number): void {
    if (!into.has(v)) this.grow(into, v);
  }

  /** A change outside the sets (the engine's own state): the pass has not settled, and the heap's version moves. */
  noteChange(): void {
    this.changed = true;
    this.version++;
  }

  private grow(into: VSet, v: number): void {
    into.add(v);
    this.changed = true;
    this.version++;
    if (into instanceof ProtoSet) this.protoEpoch++;
  }

  slot(o: AbstractObject, name: string): VSet {
    let s = o.slots.get(name);
    if (!s) o.slots.set(name, (s = new Set()));
    return s;
  }

  prop(o: AbstractObject, key: string): VSet {
    let s = o.props.get(key);
    if (!s) o.props.set(key, (s = new Set()));
    return s;
  }

  /** The same values, with every capability object and built-in (a write to one is a finding) marked weak (it came through an over-approximation). */
  weaken(values: VSet): VSet {
    let needed = false;
    for (const v of values) {
      if (isObjectValue(v) && !isWeak(v) && (this.object(v).cap || this.object(v).kind === 'builtin')) {
        needed = true;
        break;
      }
    }
    if (!needed) return values;
    const out = new Set<number>();
    for (const v of values) out.add(isObjectValue(v) && !isWeak(v) && (this.object(v).cap || this.object(v).kind === 'builtin') ? v + WEAK : v);
    return out;
  }

  /** The objects on `v`'s prototype chain, itself first (a finite set: each visited once). */
  chain(v: number, prototypes: Record<string, number>): AbstractObject[] {
    const start = this.receiverObject(v, prototypes);
    if (start === undefined) return [];
    // A built-in's chain is all built-ins, which never change: worked out once per process.
    const first = this.object(start);
    if (first.kind === 'builtin') return (first.chain ??= this.walkChain(start));
    if (first.chain && first.chainEpoch === this.protoEpoch) return first.chain;
    first.chainEpoch = this.protoEpoch;
    return (first.chain = this.walkChain(start));
  }

  private walkChain(start: number): AbstractObject[] {
    const out: AbstractObject[] = [];
    const seen = new Set<number>();
    const queue = [start];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const o = this.object(id);
      out.push(o);
      for (const p of o.protos) queue.push(objectOf(p));
    }
    return out;
  }

  /** The object a property access on `v` starts at: itself, or the prototype a primitive is boxed with. */
  receiverObject(v: number, prototypes: Record<string, number>): number | undefined {
    if (isObjectValue(v)) return objectOf(v);
    if (isStringValue(v)) return prototypes.String;
    if (v === NUM) return prototypes.Number;
    if (v === BOOL) return prototypes.Boolean;
    if (v === BIGINT) return prototypes.BigInt;
    if (v === SYM || (v >= WK_BASE && v < WK_BASE + WELL_KNOWN_SYMBOLS.length)) return prototypes.Symbol;
    return undefined;
  }

  /**
   * Own properties (data values and getters' sets) of a site or n8n object, transitively: what a value hands
   * to code that walks it (not through `known`). With `withPrototypes`, every object's prototypes too: what
   * n8n is handed, whose reads of it (`item.json`, `item.binary`, toJSON) go up the prototype chain.
   */
  reach(values: Iterable<number>, includeBuiltins = true, known?: VSet, withPrototypes = false): VSet {
    const out = new Set<number>();
    const queue = [...values];
    while (queue.length) {
      const v = queue.pop()!;
      // What `known` holds was reached already (by whoever asks): not walked again.
      if (out.has(v) || known?.has(v)) continue;
      out.add(v);
      if (!isObjectValue(v)) continue;
      const o = this.object(v);
      if (withPrototypes) for (const p of o.protos) if (!out.has(p)) queue.push(p);
      if (o.kind === 'builtin') {
        if (!includeBuiltins) out.delete(v);
        continue;
      }
      for (const s of o.props.values()) for (const w of s) if (!out.has(w)) queue.push(w);
      for (const w of o.dyn) if (!out.has(w)) queue.push(w);
      for (const s of o.slots.values()) for (const w of s) if (!out.has(w)) queue.push(w);
      for (const s of o.getters.values()) for (const w of s) if (!out.has(w)) queue.push(w);
      for (const s of o.setters.values()) for (const w of s) if (!out.has(w)) queue.push(w);
    }
    return out;
  }
}
