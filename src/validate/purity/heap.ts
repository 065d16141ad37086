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
/**
 * An own key of a string primitive (for-in over it, Object.keys of it): an index, '0', '1', ... As a value a
 * string no operation folds (it is no constant); as a key, '#', every index (Engine.keyOf). Object 0 does not exist.
 */
export const STRING_INDEX = ownKey(0);

export const wellKnownSymbol = (name: string): number => WK_BASE + WELL_KNOWN_SYMBOLS.indexOf(name);
export const isObjectValue = (v: number) => v >= OBJECT_BASE && v < STRING_BASE;
export const objectOf = (v: number) => (v >= WEAK && v < STRING_BASE ? v - WEAK : v);
export const isWeak = (v: number) => v >= WEAK && v < STRING_BASE;
export const isStringValue = (v: number) => v === STR || v >= STRING_BASE;

export type VSet = Set<number>;
/** A call's arguments: a set per position, and what any further argument may be (`tail`: a spread's elements). */
export type Args = VSet[] & { tail?: VSet };
/** What any argument past the listed ones may be, if a spread gave any. */
export const tailOf = (args: readonly VSet[]): VSet | undefined => (args as Args).tail;

/**
 * The pass of the fixed point being run, on a clock over every analysis of this process (a stamp left by
 * an earlier pass, of this body or another, never equals it), and whether the pass read a set of the
 * abstract state that grew after the read. A pass that did not (staleRead false) saw, at every read, what
 * the set holds when the pass ends: run again, it would read the same values, do the same operations and
 * add nothing, so it is the fixed point, and the confirming pass is not run (analysis.ts). Within a pass a
 * region (a loop's or a function's body) runs again at once when it alone read what grew (settleLocally):
 * its last run then read, at every read, what the set holds at the region's end.
 */
export const passClock = {
  /** The stamp a read leaves now. */
  current: 0,
  staleRead: false,
  /** The first stamp of this pass: a set stamped before it was not read in this pass. */
  passStart: 0,
  /**
   * A part of the body being run to its own fixed point (a loop's body, a function's: analysis.ts,
   * settleLocally), its first stamp and whether a set read in this run of it grew after the read. Such a
   * growth makes the part stale, not the pass: the part runs again, and reads the set again.
   */
  region: undefined as { start: number; stale: boolean } | undefined,
  newPass(): void {
    this.current++;
    this.passStart = this.current;
    this.staleRead = false;
    this.region = undefined;
  },
  /**
   * The stamp a set read now keeps: its first read of the pass. Not the last: a set read before a region and
   * again in it was read before the region's run, and its growth in the run makes the pass stale.
   */
  stamp(previous: number): number {
    return previous >= this.passStart ? previous : this.current;
  },
  /** Whether a set first read at `stamp` was read in this pass. */
  readInPass(stamp: number): boolean {
    return stamp >= this.passStart;
  },
  /** A set first read (in this pass) at `stamp` changes: the run of the region that read it first is stale, or else the pass (if it read it at all). */
  changedAfterRead(stamp: number): void {
    // Not `stamp < passStart`: a Cell's stamp is undefined while Set's constructor adds its first values.
    if (!(stamp >= this.passStart)) return;
    if (this.region && stamp >= this.region.start) this.region.stale = true;
    else this.staleRead = true;
  },
};

/**
 * A set of the abstract state that outlives an operation: a property, a slot, a variable, a parameter, what
 * a function returns. Its first read in a pass (has, size, iteration) stamps it (passClock.stamp); a value
 * added after a read in the same pass makes the pass stale (or only the run of the region that read it). Operations' own results are plain sets, never read after a growth
 * that matters. The types make every persistent field a Cell (a plain Set does not type-check there).
 */
export class Cell extends Set<number> {
  /** When this pass first read this set (passClock.stamp). */
  readIn = 0;
  /** A set of the shared built-in graph: never changes (a change would leak into every later analysis). */
  frozen = false;
  /** Whether it holds v, without counting as a read (a join's own check). */
  holds(v: number): boolean {
    return super.has(v);
  }
  /** How many values it holds, without counting as a read. */
  count(): number {
    return super.size;
  }
  override has(v: number): boolean {
    this.readIn = passClock.stamp(this.readIn);
    return super.has(v);
  }
  override get size(): number {
    this.readIn = passClock.stamp(this.readIn);
    return super.size;
  }
  /** Before any change: none to the shared graph, and one after a read in this pass makes the pass stale. */
  private changing(): void {
    if (this.frozen) throw new Error('a set of the shared built-in graph was changed');
    passClock.changedAfterRead(this.readIn);
  }
  /** Adds v, which it does not hold (a join's growth: checked already). */
  append(v: number): void {
    this.changing();
    super.add(v);
  }
  override add(v: number): this {
    if (!super.has(v)) this.append(v);
    return this;
  }
  // A value taken away after a read (only a new object's sets are cleared today) makes the pass stale, as growth does.
  override delete(v: number): boolean {
    this.changing();
    return super.delete(v);
  }
  override clear(): void {
    this.changing();
    super.clear();
  }
  override values(): SetIterator<number> {
    this.readIn = passClock.stamp(this.readIn);
    return super.values();
  }
  override keys(): SetIterator<number> {
    this.readIn = passClock.stamp(this.readIn);
    return super.keys();
  }
  override entries(): SetIterator<[number, number]> {
    this.readIn = passClock.stamp(this.readIn);
    return super.entries();
  }
  override forEach(f: (value: number, key: number, set: Set<number>) => void, thisArg?: unknown): void {
    this.readIn = passClock.stamp(this.readIn);
    super.forEach(f, thisArg);
  }
  override [Symbol.iterator](): SetIterator<number> {
    this.readIn = passClock.stamp(this.readIn);
    return super.values();
  }
  /**
   * Adds every value it holds into `into`: a read of it, as iterating it is, without the iterator a loop over a
   * cell makes (reads put the cells of every holder on a chain into their result, and most of them are empty).
   */
  addInto(into: Set<number>): void {
    this.readIn = passClock.stamp(this.readIn);
    if (super.size > 0) Set.prototype.forEach.call(this, addToReceiver, into);
  }
}

/** Set.prototype.forEach's callback for Cell.addInto, with the target set as `this`: no closure per call. */
function addToReceiver(this: Set<number>, v: number): void {
  this.add(v);
}

/**
 * Cells by key (an object's properties, getters, setters and slots; the variables). Which keys it has is
 * state too: a count or a walk over the keys stamps the map, a lookup that finds no key stamps that key,
 * and a cell made in the same pass after either starts out read (its first value then makes the pass
 * stale). A lookup of one key reads nothing of another: until 2026-12-03 a miss stamped the whole map, so
 * `item.json.a = 1` after a read of `item.json` (n8n's data holds no key `json` of its own) made every pass
 * stale. A key given another cell, or taken away, makes the pass stale.
 */
export class CellMap<K> extends Map<K, Cell> {
  /** When this pass first read which keys this map has (passClock.stamp). */
  readIn = 0;
  /** When this pass first looked each key up and found none (passClock.stamp). */
  private missedIn: Map<K, number> | undefined;
  /** When this pass first read every numeric key (eachNumeric), and which keys are numeric. */
  private numericReadIn = 0;
  private isNumeric: ((key: K) => boolean) | undefined;
  /** The first read in this pass of whether `key` is here: of the keys, of the numeric ones if it is one, or a lookup of it that missed. */
  private readOfKey(key: K): number {
    let first = passClock.readInPass(this.readIn) ? this.readIn : Infinity;
    const missed = this.missedIn?.get(key);
    if (missed !== undefined && passClock.readInPass(missed)) first = Math.min(first, missed);
    if (this.isNumeric !== undefined && passClock.readInPass(this.numericReadIn) && this.isNumeric(key)) first = Math.min(first, this.numericReadIn);
    return first === Infinity ? 0 : first;
  }
  /**
   * Calls `f` with the cell of every numeric key (a read of '#': ToPropertyKey of a number is one of them),
   * a read of those keys only: a key made afterwards that is not numeric (`row.total = 0` after the row's
   * elements were read) grows nothing that read saw.
   */
  eachNumeric(isNumeric: (key: K) => boolean, f: (cell: Cell) => void): void {
    this.isNumeric = isNumeric;
    this.numericReadIn = passClock.stamp(this.numericReadIn);
    for (const [k, c] of super.entries()) if (isNumeric(k)) f(c);
  }
  private miss(key: K): void {
    const missedIn = (this.missedIn ??= new Map());
    missedIn.set(key, passClock.stamp(missedIn.get(key) ?? 0));
  }
  /** A map of the shared built-in graph: never changes (a missing key's cell is an empty one that stays empty). */
  frozen = false;
  /** The cell at `key`, made empty if there is none (a write's target: not a read of the keys). */
  cell(key: K): Cell {
    let c = super.get(key);
    if (c === undefined) {
      if (this.frozen) return FROZEN_EMPTY;
      c = new Cell();
      const read = this.readOfKey(key);
      if (passClock.readInPass(read)) c.readIn = read;
      super.set(key, c);
    }
    return c;
  }
  override get(key: K): Cell | undefined {
    const c = super.get(key);
    if (c === undefined && !this.frozen) this.miss(key);
    return c;
  }
  override has(key: K): boolean {
    const found = super.has(key);
    if (!found && !this.frozen) this.miss(key);
    return found;
  }
  /** Before any change to the keys: none to the shared graph. */
  private changing(): void {
    if (this.frozen) throw new Error('a map of the shared built-in graph was changed');
  }
  override set(key: K, c: Cell): this {
    this.changing();
    const known = super.get(key);
    if (known !== c) {
      const read = this.readOfKey(key);
      if (known !== undefined) passClock.staleRead = true;
      else if (passClock.readInPass(read)) {
        // A lookup found no key here earlier in the pass: a cell that comes with values is a growth after that read.
        if (c.count() > 0) passClock.changedAfterRead(read);
        c.readIn = read;
      }
      super.set(key, c);
    }
    return this;
  }
  // A key taken away after its keys were read (only a new class's `prototype` is today) makes the pass stale.
  override delete(key: K): boolean {
    this.changing();
    passClock.changedAfterRead(this.readIn);
    const known = super.get(key);
    if (known) passClock.changedAfterRead(known.readIn);
    return super.delete(key);
  }
  override clear(): void {
    this.changing();
    passClock.changedAfterRead(this.readIn);
    super.clear();
  }
  override get size(): number {
    this.readIn = passClock.stamp(this.readIn);
    return super.size;
  }
  override keys(): MapIterator<K> {
    this.readIn = passClock.stamp(this.readIn);
    return super.keys();
  }
  override values(): MapIterator<Cell> {
    this.readIn = passClock.stamp(this.readIn);
    return super.values();
  }
  override entries(): MapIterator<[K, Cell]> {
    this.readIn = passClock.stamp(this.readIn);
    return super.entries();
  }
  override forEach(f: (value: Cell, key: K, map: Map<K, Cell>) => void, thisArg?: unknown): void {
    this.readIn = passClock.stamp(this.readIn);
    super.forEach(f, thisArg);
  }
  override [Symbol.iterator](): MapIterator<[K, Cell]> {
    this.readIn = passClock.stamp(this.readIn);
    return super.entries();
  }
}

/** The cell a frozen map gives for a key it lacks (frozen: empty for good). */
const FROZEN_EMPTY = new Cell();
FROZEN_EMPTY.frozen = true;

/** Makes a built-in of the shared graph unchangeable: a change throws, it does not leak into other analyses. */
export function freezeBuiltin(o: AbstractObject): void {
  for (const map of [o.props, o.getters, o.setters, o.slots]) {
    for (const c of Map.prototype.values.call(map) as MapIterator<Cell>) c.frozen = true;
    map.frozen = true;
  }
  o.dyn.frozen = true;
  o.protos.frozen = true;
}

/** An object's set of prototypes: its growth makes cached prototype chains stale, which no read stamps, so it makes the pass stale (a class, not a lookup: grow runs on every join). */
class ProtoSet extends Cell {}

/** What a capability object gives whoever holds it (the policy's vocabulary). */
export interface Capability {
  /** 'compiler', 'global', 'reflection', 'require', 'helpers', 'env', 'expression', 'process', 'pool', 'proxy', 'caller', 'module', 'task' (another task's values). */
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
  params: Cell[];
  /** The index of the rest parameter (-1: none); the arguments from there on are `rest`. */
  restAt: number;
  rest: Cell;
  thisSet: Cell;
  returns: Cell;
  /** Objects whose prototype `super` reads (the home object of a method). */
  home: Cell;
  /** `new.target` and the instance `this` of a class constructor. */
  newTargets: Cell;
  argumentsObject: number;
  called: boolean;
}

export interface AbstractObject {
  id: number;
  kind: 'builtin' | 'site' | 'n8n';
  label: string;
  callable: boolean;
  props: CellMap<string>;
  getters: CellMap<string>;
  setters: CellMap<string>;
  /** Values stored under keys known only at run time (or every key: n8n's data). */
  dyn: Cell;
  protos: Cell;
  /** Keys that are enumerable own properties (built-ins only; a site's are all enumerable). */
  enumerable?: Set<string>;
  /** Engine slots: a promise's '%value', a generator's '%yield', a bound function's '%target', ... */
  slots: CellMap<string>;
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
  /**
   * Of n8n's values, one the runner process keeps from task to task (luxon's DateTime, Duration and
   * Interval, their functions, the zones and locales luxon caches): a write onto it is a change every later
   * task sees, as on a built-in (Policy.write).
   */
  outlivesTask?: string;
  /** A function of Node's own library, whose source is JavaScript (the snapshot's `js`): no summary is trusted for it (Engine.nodeLibrary). */
  js?: boolean;
  /** A Timeout or Immediate that a timer function made (summaries.ts timer): what Node's timer functions may relink. */
  timer?: true;
  /**
   * Keys whose own property is all a read of this object gives there: what `dyn` holds (any other key) is not
   * read under them. Only n8n's luxon values and functions have any (n8n-model.ts: `get`, `normalizeUnit`, told
   * apart from luxon's other functions); a write onto one is a finding of its own (Policy.write), so they stay.
   */
  exactKeys?: ReadonlySet<string>;
  /** What luxon made itself (n8n-model.ts luxonMade, an unsummarized luxon call's result): not options the code crafted (keyedUnlikeRead). */
  madeByLuxon?: true;
  /**
   * Given only by a read of the key it is stored at, never handed on by a function that reaches it (luxon's
   * resetCache, n8n-model.ts): reach() leaves it out, so what a function without a summary may give or store is
   * not it.
   */
  givenOnlyByReads?: true;
}

/** The heap: every abstract object, and whether anything grew since it was last asked. */
export class Heap {
  readonly objects: AbstractObject[];
  private readonly strings = new Map<string, number>();
  private readonly stringNames: string[] = [];
  private readonly sites = new Map<string, number>();
  /** Per-analysis objects holding what the code adds to a shared object it may extend (new keys of the global object). */
  private readonly overlays = new Map<number, AbstractObject>();
  /** When this pass first looked for an overlay (a lookup that found none is a read of which overlays exist). */
  private overlaysReadIn = 0;
  /** When this pass first walked every object made so far (allObjects). */
  private objectsReadIn = 0;
  changed = false;
  /** Grows with every change (a value added to any set, an object made): equal versions, the same heap. */
  version = 0;
  /** Grows whenever some object's prototype set grows: cached chains of the code's objects are then stale. */
  private protoEpoch = 0;

  constructor(shared: AbstractObject[]) {
    this.objects = shared.slice();
  }

  /** What the code added to shared object o, made if there is none (a write's target). */
  overlay(o: AbstractObject): AbstractObject {
    let ov = this.overlays.get(o.id);
    if (!ov) {
      // A lookup earlier in the pass found no overlay: it would find this one now.
      passClock.changedAfterRead(this.overlaysReadIn);
      ov = this.create('site', `what the code added to ${o.label}`);
      this.overlays.set(o.id, ov);
    }
    return ov;
  }

  /** What the code added to shared object `id`, if anything (a read). */
  overlayOf(id: number): AbstractObject | undefined {
    this.overlaysReadIn = passClock.stamp(this.overlaysReadIn);
    return this.overlays.get(id);
  }

  /**
   * The keys an own-enumerable copy of `o` meets (spread, Object.assign, Object.values): its own
   * properties and getters (a built-in's enumerable ones only) and what the code or n8n added to it
   * (its overlay, always enumerable). One place, so no copy forgets the overlay.
   */
  ownEnumerableKeys(o: AbstractObject): Set<string> {
    const keys = new Set<string>();
    // Not luxon's told-apart methods (exactKeys): its prototypes' and classes' own, never an enumerable own key of a value.
    for (const k of o.props.keys()) if ((o.kind !== 'builtin' || o.enumerable?.has(k)) && !o.exactKeys?.has(k)) keys.add(k);
    for (const k of o.getters.keys()) if (o.kind !== 'builtin' || o.enumerable?.has(k)) keys.add(k);
    const overlay = this.overlayOf(o.id);
    if (overlay) for (const k of overlay.props.keys()) keys.add(k);
    return keys;
  }

  /**
   * What a copy of `o`'s own enumerable properties meets at keys known only at run time: its `dyn`, but for one of
   * luxon's values or functions without the functions there, which reads at run-time keys give (its prototypes' and
   * classes' methods): an own enumerable member of a luxon object is data or another of its objects (a preset's
   * strings, a DateTime's zone and locale), never a function, and `{ ...DateTime.DATETIME_MED }` then holds none.
   */
  ownEnumerableAtRunTimeKeys(o: AbstractObject): Iterable<number> {
    if (o.kind !== 'n8n' || o.outlivesTask === undefined) return o.dyn;
    return [...o.dyn].filter((v) => !isObjectValue(v) || !(this.object(v).callable || this.object(v).fn));
  }

  /** Every object made so far (a read of which objects exist: an object made later in the pass makes it stale). */
  allObjects(): readonly AbstractObject[] {
    this.objectsReadIn = passClock.stamp(this.objectsReadIn);
    return this.objects;
  }

  object(v: number): AbstractObject {
    return this.objects[objectOf(v) - OBJECT_BASE];
  }

  create(kind: AbstractObject['kind'], label: string, protos: number[] = [], callable = false): AbstractObject {
    const o: AbstractObject = { id: OBJECT_BASE + this.objects.length, kind, label, callable, props: new CellMap(), getters: new CellMap(), setters: new CellMap(), dyn: new Cell(), protos: new ProtoSet(protos), slots: new CellMap() };
    passClock.changedAfterRead(this.objectsReadIn);
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
    // A cell's own check is not a read of it (only a value it lacks is added).
    if (into instanceof Cell) {
      if (Array.isArray(from)) {
        for (let i = 0; i < from.length; i++) if (!into.holds(from[i])) this.grow(into, from[i]);
      } else for (const v of from as VSet) if (!into.holds(v)) this.grow(into, v);
      return;
    }
    // Arrays and sets in loops of their own: a loop over both iterates through the generic protocol, an object per value.
    if (Array.isArray(from)) {
      for (let i = 0; i < from.length; i++) if (!into.has(from[i])) this.grow(into, from[i]);
    } else for (const v of from as VSet) if (!into.has(v)) this.grow(into, v);
  }

  add(into: VSet, v: number): void {
    if (into instanceof Cell ? !into.holds(v) : !into.has(v)) this.grow(into, v);
  }

  /** A change outside the sets (the engine's own state), which no read stamps: the pass has not settled, is stale, and the heap's version moves. */
  noteChange(): void {
    this.changed = true;
    passClock.staleRead = true;
    this.version++;
  }

  private grow(into: VSet, v: number): void {
    if (into instanceof Cell) into.append(v);
    else into.add(v);
    this.changed = true;
    this.version++;
    if (into instanceof ProtoSet) {
      this.protoEpoch++;
      passClock.staleRead = true;
    }
  }

  slot(o: AbstractObject, name: string): Cell {
    return o.slots.cell(name);
  }

  prop(o: AbstractObject, key: string): Cell {
    return o.props.cell(key);
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
   * n8n is handed, whose reads of it (`item.json`, `item.binary`, toJSON) go up the prototype chain; with
   * 'code', the prototypes but the built-ins, and what the code or n8n added to a built-in (its overlay: the
   * global object's n8n keys), which is what JavaScript the analysis did not read may walk (Node's library).
   */
  reach(values: Iterable<number>, includeBuiltins = true, known?: VSet, withPrototypes: boolean | 'code' = false): VSet {
    const out = new Set<number>();
    const queue = [...values];
    while (queue.length) {
      const v = queue.pop()!;
      // What `known` holds was reached already (by whoever asks): not walked again.
      if (out.has(v) || known?.has(v)) continue;
      if (isObjectValue(v) && this.object(v).givenOnlyByReads) continue;
      out.add(v);
      if (!isObjectValue(v)) continue;
      const o = this.object(v);
      if (withPrototypes === true) for (const p of o.protos) if (!out.has(p)) queue.push(p);
      if (withPrototypes === 'code') {
        for (const p of o.protos) if (!out.has(p) && this.object(p).kind !== 'builtin') queue.push(p);
        const overlay = this.overlayOf(o.id);
        if (overlay && !out.has(overlay.id)) queue.push(overlay.id);
      }
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
