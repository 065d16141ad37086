// The engine's operations on abstract values: property reads and writes (getters and setters
// included), calls and constructions (the code's functions, bound functions, built-ins by their
// summaries), and every call the engine makes implicitly: coercions (Symbol.toPrimitive, toString,
// valueOf), iteration (Symbol.iterator, next), promise resolution (then, rejection handlers), and
// instanceof (Symbol.hasInstance). Each implicit call has its one rule here; the syntax table and the
// summaries use these, never their own.
import type { BuiltinGraph } from './builtin-graph.js';
import { ENGINE_FUNCTIONS, luxonPrototypes } from './n8n-model.js';
import { type AbstractObject, BIGINT, BOOL, Cell, Heap, isObjectValue, isStringValue, isWeak, NUM, objectOf, STR, UNDEF, type VSet, wellKnownSymbol, type Args, tailOf, WELL_KNOWN_SYMBOLS, OWN_KEY_BASE, STRING_INDEX } from './heap.js';
import type { Policy } from './policy.js';
import { CallMemo, type MemoKey, ResultsBySite, sameInputs } from './call-memo.js';
import { nodeCallTrust } from './summaries.js';

/** A property key: a known string ('#' is every array index), or undefined for a key known only at run time. */
export type Key = string | undefined;

export interface CallSite {
  /** The node the call is at (findings are reported there) and a tag that makes its allocation sites distinct. */
  node: any;
  tag: string;
  /** How the code wrote the callee, for messages. */
  text: string;
}

export type Summary = (e: Engine, c: { self: VSet; args: VSet[]; site: CallSite; isNew: boolean; fn: AbstractObject }) => VSet;

function sameValues(a: VSet, b: VSet): boolean {
  if (a.size !== b.size) return false;
  for (const v of a) if (!b.has(v)) return false;
  return true;
}

/**
 * A read at a run-time key in progress: what its holders hold, each holder read once however many of the
 * values read have it on their chains (what a holder holds does not depend on the receiver), whether it
 * held anything, and its getters, each with every receiver it met (run once each when the read ends:
 * Function.prototype's caller and arguments sit on every function's chain). All weakened when it ends.
 */
interface RunTimeRead {
  found: VSet;
  contributes: Map<AbstractObject, boolean>;
  getters: Map<VSet, { key: string; receivers: Set<number> }>;
}

/** A built-in call running now: its inputs and site, and what a call inside it with the same ones was given. */
interface ActiveCall {
  inputs: MemoKey;
  tag: string;
  recursedWith: VSet | undefined;
}

/** A read's key, worked out once for all the values read. */
interface ReadKey {
  raw: Key;
  /** An own key of some object (Object.keys, for-in): reads of other objects read any key. */
  ownKeyRead: boolean;
  /** The key read on the prototype chain (undefined: any key). */
  read: Key;
  /** A canonical numeric key ('0', '1.5', 'NaN', '-1', '1e+21'): it also reads what was stored under '#'. */
  index: boolean;
  /** A key a string primitive answers itself: an index, '#', length. */
  stringKey: boolean;
}

/** The values of an object's properties whose keys pass `which`, in the order a loop over its properties meets them. */
function propertyValues(o: AbstractObject, which: (key: string) => boolean): number[] {
  const out: number[] = [];
  for (const [k, s] of o.props) if (which(k)) for (const w of s) out.push(w);
  return out;
}

function addAll(into: VSet, values: number[]): void {
  for (let i = 0; i < values.length; i++) into.add(values[i]);
}

interface Counters {
  steps: number;
  version: number;
  misses: number;
  overwrites: number;
  bodiesRun: number;
  reports: number;
}

/** The keys ToPrimitive reads, in the order it calls them. */
const TO_PRIMITIVE_KEYS = ['@@toPrimitive', 'toString', 'valueOf'];

/** Thrown when a body's analysis runs past its time bound (checked inside a pass, so no body can hang validate). */
export class BoundExceeded extends Error {
  constructor(readonly bound: 'work' | 'time' | 'depth') {
    super(bound);
  }
}

export class Engine {
  /** When the analysis of this body must stop (Date.now()). */
  deadline = Infinity;
  /** Work so far (each value a read or call handles or gives counts one), and how much the body may do (the deterministic bound; the deadline is a last resort). */
  steps = 0;
  budget = Infinity;
  private step(n = 1): void {
    this.steps += n;
    if (this.steps > this.budget) throw new BoundExceeded('work');
    if (this.steps % 512 === 0 && Date.now() > this.deadline) throw new BoundExceeded('time');
  }
  /** n steps at once, for work known to do nothing else; false (nothing counted) when they would pass the work bound: the work then runs and stops where it always did. */
  private stepMany(n: number): boolean {
    if (this.steps + n > this.budget) return false;
    const before = this.steps;
    this.steps += n;
    if (before >>> 9 !== this.steps >>> 9 && Date.now() > this.deadline) throw new BoundExceeded('time');
    return true;
  }
  /** Every value thrown anywhere, and every reason a promise is rejected with: what a catch clause or a rejection handler receives. */
  readonly thrown = new Cell();
  /** Objects of the code's own functions, once created. */
  readonly functions: AbstractObject[] = [];
  callFunction!: (fn: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew: boolean) => VSet;

  constructor(
    readonly heap: Heap,
    readonly graph: BuiltinGraph,
    readonly policy: Policy,
    readonly summaries: Record<string, Summary>,
    readonly models: Record<string, Summary>,
  ) {}

  builtin(name: string): number {
    const id = this.graph.byName.get(name) ?? this.graph.byName.get(`host:${name}`);
    if (id === undefined) throw new Error(`no built-in ${name}`);
    return id;
  }

  /**
   * A fresh object of an allocation site of `site`, with the prototype the built-in `proto` names. Made
   * during a call that may be the runner realm's (runnerRealmCalls), it has that realm's prototype of the
   * name too: `items.map(f)` gives the runner realm's array, whose methods outlive the task, so a write onto
   * one is a change of a built-in (Policy.write). (A call on a receiver of that realm counts too, which is
   * more than needed: ArraySpeciesCreate takes the callee's realm for another realm's plain Array.)
   */
  fresh(site: CallSite, tag: string, proto: string | number | undefined, label: string): AbstractObject {
    const twin = this.runnerRealmCalls > 0 && typeof proto === 'string' ? this.graph.byName.get(proto.startsWith('host:') ? proto : `host:${proto}`) : undefined;
    const o = this.heap.site(`${site.tag}:${tag}`, () =>
      this.heap.create('site', label, proto === undefined ? [] : [typeof proto === 'number' ? proto : this.builtin(proto), ...(twin === undefined ? [] : [twin])]),
    );
    // Made before by a call of the task's realm: it grows the runner realm's prototype now.
    if (twin !== undefined) this.heap.add(o.protos, twin);
    return o;
  }

  /** Built-in calls under way that may make the runner realm's objects: the callee or a receiver is that realm's. */
  private runnerRealmCalls = 0;

  /** Whether a call of `fn` on `self` may make objects of the runner realm: fn is its, or a receiver is (n8n's data, or inherits from it). */
  private mayBeRunnerRealm(fn: AbstractObject, self: VSet): boolean {
    if (fn.path?.startsWith('host:')) return true;
    for (const v of self) {
      if (!isObjectValue(v)) continue;
      const o = this.heap.object(v);
      if (o.kind === 'n8n' || o.path?.startsWith('host:')) return true;
      for (const p of o.protos) if (this.heap.object(p).path?.startsWith('host:')) return true;
    }
    return false;
  }

  freshArray(site: CallSite, tag: string, elements: Iterable<number>): number {
    const a = this.fresh(site, tag, 'Array.prototype', 'an array');
    this.heap.join(this.heap.prop(a, '#'), elements);
    this.heap.add(this.heap.prop(a, 'length'), NUM);
    return a.id;
  }

  // --- reads ---------------------------------------------------------------------------------

  /** What reading `key` of every value in `objects` gives; getters run with the receiver. */
  get(objects: Iterable<number>, rawKey: Key, site: CallSite, receivers?: VSet): VSet {
    const out = new Set<number>();
    // Worked out once per read, not per value: reads are the analysis's innermost loop.
    const ownKeyRead = rawKey !== undefined && rawKey.startsWith(OWN_KEY);
    const readKey = ownKeyRead ? undefined : rawKey;
    const index = readKey !== undefined && readKey !== '#' && isNumericKey(readKey);
    const key: ReadKey = { raw: rawKey, ownKeyRead, read: readKey, index, stringKey: readKey !== undefined && (isIndexKey(readKey) || readKey === '#' || readKey === 'length') };
    // A read at a run-time key runs every getter on every chain: each getter once, with all the receivers
    // it met, not once per receiver (Function.prototype's caller and arguments sit on every function's chain).
    const outer = this.runTimeRead;
    this.runTimeRead = readKey === undefined ? { found: new Set(), contributes: new Map(), getters: new Map() } : undefined;
    try {
      // Arrays and sets in loops of their own: a loop over both iterates through the generic protocol, an object per value.
      if (Array.isArray(objects)) for (let i = 0; i < objects.length; i++) this.readValue(objects[i], key, site, receivers, out);
      else for (const v of objects as VSet) this.readValue(v, key, site, receivers, out);
    } finally {
      const read = this.runTimeRead;
      this.runTimeRead = outer;
      if (read) {
        for (const w of this.heap.weaken(read.found)) out.add(w);
        // What a getter gives at a run-time key came through an over-approximation: weak, as the rest of the read.
        for (const [g, { key: k, receivers: r }] of read.getters) for (const w of this.heap.weaken(this.runGetter(this.heap.weaken(g), r, k, site))) out.add(w);
      }
    }
    this.step(out.size);
    return out;
  }
  /**
   * What reading any of `keys` of every value in `objects` gives: each key read on its own, but own keys of
   * several objects together. A value is then read at a run-time key once (whichever of them are another
   * object's), and an owner among the values reads its own properties once: the union of one read per
   * own key, without a read of every value per key (a loop over the keys of many objects has a key each).
   */
  getKeys(objects: VSet, keys: Key[], site: CallSite, receivers?: VSet): VSet {
    if (keys.length === 1) return this.get(objects, keys[0], site, receivers);
    const owners = new Set<number>();
    const out = new Set<number>();
    for (const key of keys) {
      if (key !== undefined && key.startsWith(OWN_KEY) && key !== OWN_KEY_OF_RECEIVER) owners.add(ownerOfKey(key));
      else for (const w of this.get(objects, key, site, receivers)) out.add(w);
    }
    if (owners.size === 1) for (const w of this.get(objects, ownKeyToken([...owners][0]), site, receivers)) out.add(w);
    else if (owners.size > 1) {
      // A string's own keys are its indexes and length; a number's, a boolean's and a symbol's are read on their chains.
      const others: number[] = [];
      for (const v of objects) {
        if (isStringValue(v)) out.add(STR).add(NUM);
        else others.push(v);
        if (isObjectValue(v) && owners.has(objectOf(v))) for (const w of this.get([v], ownKeyToken(objectOf(v)), site, receivers)) out.add(w);
      }
      for (const w of this.get(others, undefined, site, receivers)) out.add(w);
    }
    return out;
  }

  /** The read at a run-time key in progress (see RunTimeRead). */
  private runTimeRead: RunTimeRead | undefined;

  private readValue(v: number, key: ReadKey, site: CallSite, receivers: VSet | undefined, out: VSet): void {
    this.step();
    if (v === UNDEF) return;
    // Every read of an object asks the policy, an own key's too ($env[k] for k in $env).
    this.policy.read(v, key.read, site);
    if (key.ownKeyRead) {
      // An own key of this very object reads one of its own properties; of another, any key.
      if (isStringValue(v)) {
        out.add(STR).add(NUM);
        return;
      }
      if (isObjectValue(v) && (key.raw === OWN_KEY_OF_RECEIVER || ownerOfKey(key.raw!) === objectOf(v))) {
        this.readOwnKeys(v, site, out);
        return;
      }
      // A number, boolean or symbol has no own keys.
      if (key.raw === OWN_KEY_OF_RECEIVER && !isObjectValue(v)) return;
    }
    if (key.stringKey && isStringValue(v)) {
      out.add(key.read === 'length' ? NUM : STR);
      return;
    }
    if (key.read === undefined && this.runTimeRead) {
      let found = false;
      for (const o of this.heap.chain(v, this.graph.prototypes)) {
        const overlay = this.heap.overlayOf(o.id);
        if (this.readHolderAtRunTimeKey(o, receivers, v, this.runTimeRead)) found = true;
        if (overlay && this.readHolderAtRunTimeKey(overlay, receivers, v, this.runTimeRead)) found = true;
      }
      if (!found) out.add(UNDEF);
      return;
    }
    const weak = isWeak(v);
    // Straight into the result, unless what is found must be weakened first.
    const found = weak ? new Set<number>() : out;
    const before = found.size;
    for (const o of this.heap.chain(v, this.graph.prototypes)) {
      const overlay = this.heap.overlayOf(o.id);
      this.readHolder(o, receivers, v, key.read!, key.index, site, found);
      if (overlay) this.readHolder(overlay, receivers, v, key.read!, key.index, site, found);
    }
    if (found.size === before) out.add(UNDEF);
    if (weak) for (const w of this.heap.weaken(found)) out.add(w);
  }

  /**
   * One holder on a chain read at a run-time key: its values into the read's set the first time the read
   * meets it, its getters batched with this receiver every time. Whether it holds any value (a chain that
   * holds none gives undefined).
   */
  private readHolderAtRunTimeKey(holder: AbstractObject, given: VSet | undefined, receiver: number, read: RunTimeRead): boolean {
    let contributes = read.contributes.get(holder);
    if (contributes === undefined) {
      const into = read.found;
      contributes = holder.dyn.size > 0;
      if (holder.kind === 'builtin') {
        const values = (holder.allValues ??= propertyValues(holder, () => true));
        if (values.length > 0) contributes = true;
        addAll(into, values);
      } else for (const s of holder.props.values()) for (const w of s) {
        into.add(w);
        contributes = true;
      }
      for (const w of holder.dyn) into.add(w);
      read.contributes.set(holder, contributes);
    }
    if (holder.getters.size > 0) {
      for (const [k, g] of holder.getters) {
        let batch = read.getters.get(g);
        if (!batch) read.getters.set(g, (batch = { key: k, receivers: new Set() }));
        if (given) for (const r of given) batch.receivers.add(r);
        else batch.receivers.add(receiver);
      }
    }
    return contributes;
  }

  /** o[k] where k is an own key of o itself: any own property of o (and of what the code added to it), getters run. */
  private readOwnKeys(v: number, site: CallSite, out: VSet): void {
    const o = this.heap.object(v);
    const found = new Set<number>([UNDEF]);
    for (const holder of [o, this.heap.overlayOf(o.id)]) {
      if (!holder) continue;
      for (const s of holder.props.values()) for (const w of s) found.add(w);
      for (const [k, g] of holder.getters) for (const w of this.runGetter(g, new Set([v]), k, site)) found.add(w);
      for (const w of holder.dyn) found.add(w);
    }
    for (const w of isWeak(v) ? this.heap.weaken(found) : found) out.add(w);
  }

  /** What one object (or the overlay of what the code added to it) holds under a known `key`, into `into`; `index` says whether key is an array index (a run-time key: readHolderAtRunTimeKey). */
  private readHolder(holder: AbstractObject, given: VSet | undefined, receiver: number, key: string, index: boolean, site: CallSite, into: VSet): void {
    // A numeric key reads its own slot and what was stored under a key known only as a number ('#'); '#'
    // reads every numeric key, getters included (ToPropertyKey of a number is one of them: '0', '1.5', 'NaN').
    this.readKey(holder, given, receiver, key, site, into);
    if (index) this.readKey(holder, given, receiver, '#', site, into);
    if (key === '#') this.readNumericKeys(holder, given, receiver, site, into);
    if (holder.exactKeys?.has(key)) return;
    holder.dyn.addInto(into);
  }

  /** Every numeric key of one holder, getters included (a read of '#'). A method of its own: a closure in readHolder would cost every read a context object. */
  private readNumericKeys(holder: AbstractObject, given: VSet | undefined, receiver: number, site: CallSite, into: VSet): void {
    if (holder.kind === 'builtin') addAll(into, (holder.indexValues ??= propertyValues(holder, isNumericKey)));
    else holder.props.eachNumeric(isNumericKey, (s) => s.addInto(into));
    for (const [k, g] of holder.getters) if (isNumericKey(k)) for (const w of this.runGetter(g, given ?? new Set([receiver]), k, site)) into.add(w);
  }

  private readKey(holder: AbstractObject, given: VSet | undefined, receiver: number, key: string, site: CallSite, into: VSet): void {
    const own = holder.props.get(key);
    if (own) own.addInto(into);
    if (holder.getters.size === 0) return;
    const g = holder.getters.get(key);
    if (g) for (const w of this.runGetter(g, given ?? new Set([receiver]), key, site)) into.add(w);
  }

  private runGetter(getters: VSet, receivers: VSet, key: string, site: CallSite): VSet {
    return this.call(getters, receivers, [], { ...site, text: `the getter of ${key}` }, false, true);
  }

  /** Every value a read with a key known only at run time may give. */
  getAny(objects: Iterable<number>, site: CallSite): VSet {
    return this.get(objects, undefined, site);
  }

  // --- writes --------------------------------------------------------------------------------

  /** Stores `values` under `key` of every object in `objects`; setters run with the receiver. */
  put(objects: Iterable<number>, rawKey: Key, values: VSet, site: CallSite): void {
    for (const v of objects) {
      if (!isObjectValue(v)) continue;
      const key = rawKey !== undefined && rawKey.startsWith(OWN_KEY) ? undefined : rawKey;
      const o = this.heap.object(v);
      for (const p of this.heap.chain(v, this.graph.prototypes)) {
        const setters = setterAt(p, key);
        for (const s of setters) this.call(s, new Set([v]), [values], { ...site, text: `the setter of ${key ?? 'a run-time key'}` }, false, true);
        // V8's `stack` of an error is an own accessor whose setter keeps the value in its holder, whatever
        // the receiver: `Object.create(err).stack = v` sets err.stack (round 27). The analysis holds it as
        // the error's own data property: a write through an object that inherits from one stores there too.
        if ((key === 'stack' || key === undefined) && p !== o && p.kind === 'site' && p.props.has('stack')) this.heap.join(this.heap.prop(p, 'stack'), values);
      }
      const target = this.policy.write(v, key, values, site);
      if (!target) continue;
      if (key === undefined) {
        this.heap.join(target.dyn, values);
        // A path through this object may change from now on (stablePath): a change of the state, like any growth.
        this.heap.add(this.writtenAtRunTimeKey, o.id);
      }
      else {
        this.heap.join(this.heap.prop(target, key), values);
        // Whatever wrote it (`h['o'] = f`, `h[name] = f`, Object.assign, a setter), a path through this key of
        // this object may change too: stablePath asks, not only the names the syntax writes (round 28).
        let written = this.writtenAtKey.get(key);
        if (!written) this.writtenAtKey.set(key, (written = new Cell()));
        this.heap.add(written, o.id);
      }
      if (o.model) this.models[`${o.model}:put`]?.(this, { self: new Set([v]), args: [values], site, isNew: false, fn: o });
    }
  }

  // --- calls ---------------------------------------------------------------------------------

  /** Calls nested in one another right now, and how deep they may go (a call that calls back into calls, through then, getters or summaries, without end, stops here, not at the stack's end). */
  private depth = 0;
  static readonly MAX_DEPTH = 200;

  /** Calls (or constructs) every function in `callees` with each receiver in `self`. */
  call(callees: Iterable<number>, self: VSet, args: VSet[], site: CallSite, isNew: boolean, implicit = false): VSet {
    this.depth++;
    try {
      if (this.depth > Engine.MAX_DEPTH) throw new BoundExceeded('depth');
      const out = new Set<number>();
      if (Array.isArray(callees)) for (let i = 0; i < callees.length; i++) this.callOne(callees[i], self, args, site, isNew, implicit, out);
      else for (const f of callees as VSet) this.callOne(f, self, args, site, isNew, implicit, out);
      this.step(out.size);
      return out;
    } finally {
      this.depth--;
    }
  }

  private callOne(f: number, self: VSet, args: VSet[], site: CallSite, isNew: boolean, implicit: boolean, out: VSet): void {
    this.step();
    if (!isObjectValue(f)) return;
    const fn = this.heap.object(f);
    // Calling what is not a function throws a TypeError: nothing runs.
    if (!fn.callable && !fn.fn) return;
    if (!this.policy.invoke(f, site, implicit)) return;
    // The code's own function: the call joins into its parameters and gives what it returns (cheap, no
    // recursion; the values it joins count as work, so a call with everything costs what it costs).
    if (fn.fn) {
      let joined = self.size;
      for (let i = 0; i < args.length; i++) joined += args[i].size;
      this.step(joined);
      for (const w of isWeak(f) ? this.heap.weaken(this.callFunction(fn, self, args, site, isNew)) : this.callFunction(fn, self, args, site, isNew)) out.add(w);
      return;
    }
    // The same call of a built-in with the same inputs, already made in this pass, gives what it gave. Keyed
    // without the call site: objects it allocates are then shared between the sites, which only merges them.
    const memo = this.memo.get(f, isNew, self, args);
    if (memo) {
      for (const w of isWeak(f) ? this.heap.weaken(memo) : memo) out.add(w);
      return;
    }
    // Reported once per inputs in a pass (a memo hit made the same call with them); a bound function passes
    // them on to its target, which is asked in turn.
    if (!fn.slots.has('%target')) this.policy.handedTo(fn, self, args, site);
    // A built-in that calls back into itself with the very same inputs (a toLocaleString of an array
    // holding itself) gives, inside, what it gave last time: its effects are those of the outer call, and
    // the fixed point runs the body again until nothing grows. With other inputs it is a call of its own
    // (Function.prototype.call.call(F, ...) calls call on F).
    const inputs = this.memo.missed();
    for (const frame of this.activeCalls) {
      if (frame.tag === site.tag && sameInputs(frame.inputs, inputs)) {
        const last = this.lastResults.get(inputs, site.tag) ?? new Set<number>();
        frame.recursedWith = last;
        for (const w of last) out.add(w);
        return;
      }
    }
    // A call that met itself inside (recursedWith) ran the inner one with what it gave last time: run again,
    // the inner one given what this run gave, until the two agree (a local fixed point, cheaper than a pass
    // of the whole body: converting n8n's data, which holds itself, meets itself every time). Past the bound,
    // the next pass goes on from there.
    let result: VSet | undefined;
    for (let run = 0; ; run++) {
      const frame: ActiveCall = { inputs, tag: site.tag, recursedWith: undefined };
      result = this.callBuiltin(fn, self, args, site, isNew, implicit, frame);
      if (!result) return;
      this.lastResults.set(inputs, site.tag, result);
      if (!frame.recursedWith || sameValues(frame.recursedWith, result)) break;
      if (run + 1 >= Engine.LOCAL_RERUNS) {
        // The inner call gives more on the next pass: not settled yet.
        this.heap.noteChange();
        break;
      }
    }
    this.memo.set(inputs, result);
    for (const w of isWeak(f) ? this.heap.weaken(result) : result) out.add(w);
  }

  /** Runs of a built-in call that met itself before the fixed point's next pass takes over. */
  static readonly LOCAL_RERUNS = 4;

  /** One run of a built-in (a bound function, one of n8n's models, a summary or the unsummarized rule), with `frame` on the active calls. */
  private callBuiltin(fn: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew: boolean, implicit: boolean, frame: ActiveCall): VSet | undefined {
    this.activeCalls.push(frame);
    try {
      // A built-in's arguments from a spread or apply (`tail`) may be at any index from the last one given on:
      // summaries, models and the unsummarized rule see it there, however they read their arguments.
      if (tailOf(args) && !fn.slots.has('%target')) args = spreadTail(args);
      if (fn.slots.has('%target')) {
        // The bound arguments in their places, then the call's; after a spread among the bound ones, the call's may be at any place from there on.
        const bound: VSet[] = [];
        for (let i = 0; fn.slots.has(`%boundArg${i}`); i++) bound.push(fn.slots.get(`%boundArg${i}`)!);
        const boundTail = fn.slots.get('%boundTail');
        const callTail: VSet | undefined = tailOf(args);
        const all: Args = boundTail ? [...bound] : [...bound, ...args];
        if (boundTail) all.tail = new Set([...boundTail, ...args.flatMap((a) => [...a]), ...(callTail ?? [])]);
        else if (callTail) all.tail = callTail;
        return this.call(fn.slots.get('%target')!, isNew ? self : fn.slots.get('%boundThis')!, all, site, isNew, implicit);
      }
      if (fn.model) return this.models[`${fn.model}:call`]?.(this, { self, args, site, isNew, fn }) ?? new Set([UNDEF]);
      // Node's own JavaScript not trusted: what the rule says it may do, and what its summary says too (a genuine Buffer's ArrayBuffer is still the pool).
      const untrusted = fn.js ? this.nodeLibrary(fn, self, args, site, isNew) : undefined;
      if (fn.kind === 'builtin') {
        const summary = this.summaryOf(fn);
        const runnerRealm = this.mayBeRunnerRealm(fn, self);
        if (runnerRealm) this.runnerRealmCalls++;
        let result: VSet;
        try {
          result = summary ? summary(this, { self, args, site, isNew, fn }) : this.unsummarized(fn, self, args, site, isNew);
        } finally {
          if (runnerRealm) this.runnerRealmCalls--;
        }
        if (untrusted) for (const v of result) untrusted.add(v);
        return untrusted ?? result;
      }
      if (untrusted) return untrusted;
      return undefined;
    } finally {
      this.activeCalls.pop();
    }
  }

  /** The summary of a built-in, by its path in either realm (looked up once per built-in). */
  private summaryOf(fn: AbstractObject): Summary | undefined {
    let summary = this.summaryById.get(fn.id);
    if (summary === undefined) this.summaryById.set(fn.id, (summary = this.summaries[(fn.path ?? '').replace(/^host:/, '')] ?? null));
    return summary ?? undefined;
  }
  private readonly summaryById = new Map<number, Summary | null>();

  /** Objects something was stored into under a key known only at run time (a path through them may change). */
  readonly writtenAtRunTimeKey = new Cell();
  /** The objects written at each known key after they were made (put): a path through that key of one may change. */
  readonly writtenAtKey = new Map<string, Cell>();
  /** The built-in calls running now, outermost first (a call inside one with the same inputs and site is given its last result). */
  private readonly activeCalls: ActiveCall[] = [];
  private readonly memo = new CallMemo();
  /** The pass of the fixed point (memoized calls are valid within one). */
  pass = 0;
  newPass(): void {
    this.pass++;
    this.forgetMemos();
  }
  /** Forgets what the pass memoized (call results, conversion costs): a part of the body run again reads everything again. */
  forgetMemos(): void {
    this.memo.clear();
    this.conversions.clear();
    this.unchanged.clear();
  }
  /** Per pass: the cost of converting an object again while the heap's version is the one noted (see repeatUnchanged). */
  private readonly unchanged = new Map<number, { version: number; overwrites: number; cost: number }>();
  /** Calls of function bodies not yet run in the pass (a conversion that makes one does more than read). */
  bodiesRun = 0;
  /** Per pass: what converting a built-in object again costs while the memo still answers each call it makes (see conversionCost). */
  private readonly conversions = new Map<number, { cost: number; overwrites: number }>();
  /** What each built-in call (by its inputs and site) last gave, over all passes. */
  private readonly lastResults = new ResultsBySite();

  /**
   * A built-in without a summary: it may store, call with any of it, and return anything its receiver and
   * arguments reach (weakly: a finding on what it gives cannot be proven), as opaqueEffects says. Built-ins
   * it reaches are summarized where they are called, and it stores into no built-in (a write to one is a
   * finding of its own: the snapshot's built-ins are what the analysis knows them to be).
   */
  unsummarized(fn: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew = false, stores = true, own: readonly number[] = []): VSet {
    const reached = new Set(this.heap.weaken(this.heap.reach([...self, ...args.flatMap((a) => [...a])])));
    // Storing what holds no function, built-in or capability into what it reaches moves data among data:
    // nothing can be obtained through it, and the code's objects keep their shapes (a row handed to it).
    const store = stores && [...reached].some((v) => this.canCarry(v));
    this.opaqueEffects(reached, { ...site, text: `a function handed to ${fn.label}` }, store, (returned) => {
      const fresh = this.heap.weaken(this.heap.reach([...returned].filter((w) => !reached.has(w)), true, reached));
      return fresh;
    }, false, own, new Set([...self, ...args.flatMap((a) => [...a])]));
    // A plain object, or of the prototypes realmPrototypesOf names; constructed, an instance of its own prototype too.
    const result = this.fresh(site, `unsummarized:${fn.id}`, 'Object.prototype', `what ${fn.label} returns`);
    for (const p of this.realmPrototypesOf(fn)) this.heap.add(result.protos, p);
    if (fn.kind === 'n8n' && fn.outlivesTask !== undefined) result.madeByLuxon = true;
    if (isNew) for (const p of this.get([fn.id], 'prototype', site)) if (isObjectValue(p)) this.heap.add(result.protos, p);
    this.heap.join(result.dyn, reached);
    return new Set([...reached, result.id, STR, NUM, BOOL, UNDEF]);
  }

  /**
   * The prototypes what `fn` makes may have besides Object.prototype: luxon, handed the code's objects,
   * makes objects of the runner realm of the kinds its source makes (LUXON_MADE); an object of the runner
   * realm the analysis does not model (a getter's stream) gives objects of that realm, whose members are its
   * functions (its unknown prototype). A built-in without a summary otherwise gives a plain object: what it
   * makes of another prototype is a limit of the summaries (src/validate/purity/README.md, "What the
   * summaries assume"). Every prototype of the realm, or the unknown prototype, for every such built-in was
   * tried on 2026-12-03: each conversion of a result then calls their valueOf and toString, and template
   * bodies that use Buffer or Intl went from proven pure to the work bound.
   */
  private realmPrototypesOf(fn: AbstractObject): number[] {
    if (fn.model === 'luxon') return (this.luxonPrototypes ??= luxonPrototypes(this));
    const unknown = this.graph.unknownPrototype;
    if (fn.model === 'opaque' && fn.protos.holds(unknown)) return [unknown];
    return [];
  }

  private luxonPrototypes: number[] | undefined;

  /** Whether `v` is Node's own state (the only object of the analysis's own whose source is JavaScript). */
  private isNodeState(v: number): boolean {
    if (!isObjectValue(v)) return false;
    const o = this.heap.object(v);
    return !!o.js && o.kind === 'site';
  }

  /**
   * Whether `v` may carry a capability to what it is stored into: a function of the code's, a built-in or a
   * capability (a Node state that holds anything too). Not an object a summary made opaque (Intl's parts, a
   * timer): what it holds is reached with it and answers for itself, and calling it calls the unsummarized
   * rule on what it is handed. Not the engine's resolve, reject and executor either.
   */
  private canCarry(v: number): boolean {
    if (!isObjectValue(v)) return false;
    const o = this.heap.object(v);
    // Node's own objects (util.inspect's options, its lists) carry nothing by themselves: what they hold of the code's does.
    if (this.isNodeState(v)) {
      for (const w of o.dyn) if (isObjectValue(w) && !this.isNodeState(w)) return true;
      return false;
    }
    return (o.kind === 'builtin' && !o.js) || !!o.cap || (o.kind === 'site' && (!!o.fn || o.callable) && o.model !== 'opaque' && o.model !== 'opaque-data' && !ENGINE_FUNCTIONS.has(o.model ?? ''));
  }

  /**
   * What an opaque function (a built-in without a summary, Node's library not trusted) may do with what it
   * reaches, `reached` (which grows to all it reached): store any of it into any object of the code's or of
   * n8n's data among it (`store`: a WebAssembly.Table's slot, a timer list, round 26), and call the code's
   * functions and the capabilities among it, with any of it as the receiver and at every argument's place
   * (util.inspect hands a custom inspect method itself as its third argument), and reach what they give
   * back (`grow`), until nothing new is reached: each round calls every one with all that is known, so the
   * last round's calls see everything (what a call stores into a known object shows in the next pass).
   * Node's state is neither stored (every object would hold it, and it, then under `then`, every promise
   * resolved with it would call it again without end) nor called here: Node's library calls it itself.
   * Inside a call of Node's library, it stores and leaves the calls to the outermost (calls within calls
   * would go on without end). `ownValues` are what the callee holds of its own and may hand what it calls
   * besides what it reached (luxon's zones and caches, round 30); Node's library, its global object.
   */
  private opaqueEffects(reached: VSet, site: CallSite, store: boolean, grow: (returned: VSet) => Iterable<number>, nodeLibrary = false, ownValues: readonly number[] = [], handed: ReadonlySet<number> = new Set()): void {
    for (;;) {
      const weak = this.heap.weaken(reached);
      if (store) {
        const stored = [...weak].filter((v) => !this.isNodeState(v));
        for (const v of reached) {
          if (!isObjectValue(v)) continue;
          const o = this.heap.object(v);
          if ((o.kind === 'site' && !o.js) || (o.kind === 'n8n' && o.model === 'data')) this.heap.join(o.dyn, stored);
        }
      }
      if (nodeLibrary && this.inNodeLibrary) break;
      // Not its own functions (luxon's): what they do when it calls them is their model's.
      const callees = this.codeCallables(reached, nodeLibrary).filter((v) => !this.isNodeState(v) && !ownValues.includes(objectOf(v))).map((v) => this.asFoundInside(v, handed));
      if (callees.length === 0) break;
      // What the callee holds of its own it may hand what it calls too (weak: whether it does is not known):
      // Node's own JavaScript its global object, luxon its zones, DateTimes and arrays (ownValues).
      const own = [...this.heap.weaken(new Set(nodeLibrary ? [this.graph.runnerGlobal, ...ownValues] : ownValues))];
      const anyArguments: Args = [];
      anyArguments.tail = new Set([...weak, ...own, STR, NUM, BOOL, UNDEF]);
      let returned: VSet;
      const outermost = nodeLibrary && !this.inNodeLibrary;
      if (outermost) this.inNodeLibrary = true;
      try {
        returned = this.call(callees, new Set([...weak, ...own, UNDEF]), anyArguments, site, false, true);
      } finally {
        if (outermost) this.inNodeLibrary = false;
      }
      const before = reached.size;
      for (const w of grow(returned)) reached.add(w);
      if (reached.size === before) break;
    }
  }

  /**
   * A function of Node's own library (its source is JavaScript: Buffer's methods and getters, the timers,
   * FormData, TextEncoder, and util.inspect, which Node hands to a custom inspect method of what it formats
   * in an error message). It is JavaScript the analysis did not read, and it works on whatever it is handed
   * by plain property access: Buffer.prototype.readUInt8 gives `this[offset]` of any receiver, swap16 moves
   * its elements, toString calls the receiver's own utf8Slice, clearTimeout relinks its argument's
   * _idlePrev and _idleNext, and the timers link every timer to the others (round 25 found 55 bodies that
   * obtained a capability through them, past summaries written for genuine buffers and timers).
   *
   * Its summary is trusted only while what it reaches can carry nothing: primitives, n8n's data, and
   * objects (the code's or a summary's) that hold only such, through their properties, getters, setters and
   * prototypes, and Node's own state (what earlier calls of its library that were not trusted left there)
   * is empty. Moving and reading such values gives nothing but such values. Once it reaches a function of
   * the code, a built-in or a capability, no summary is trusted: whatever it reaches it may read and format
   * (handing it the global object, $env or a capability is reported as handing it to n8n is), store into
   * anything else it reaches, keep in its own state for any later call, hand back, and call, with any of it
   * as the receiver and the arguments, Node's own functions (util.inspect) among them.
   */
  private nodeLibrary(fn: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew: boolean): VSet | undefined {
    if (!isNew && this.trustedNodeCall(fn, self, args)) return undefined;
    const state = this.nodeState();
    // A built-in receiver that holds the function (Buffer of Buffer.from, of its species getter) is where the call was found, not a value handed to it.
    const handed = [...self].filter((v) => !(isObjectValue(v) && this.holdsOwn(this.heap.object(v), fn.id)));
    const reach = this.reachedByNode([...handed, ...args.flatMap((a) => [...a]), state.id]);
    if (!reach.carrier) return undefined;
    const reached = reach.values;
    const inner = { ...site, text: `what ${fn.label} (Node's own JavaScript) is handed` };
    // Its own global object it has already (it may have handed it to the code's function, and get it back).
    this.policy.returned(reached, inner, "and is handed to Node's own JavaScript, which may read, format and keep it", this.graph.runnerGlobal);
    this.opaqueEffects(reached, inner, true, (returned) => this.reachedByNode(returned).values, true, [], new Set([...handed, ...args.flatMap((a) => [...a])]));
    const out = new Set([...this.heap.weaken(reached), STR, NUM, BOOL, UNDEF]);
    if (isNew) {
      const instance = this.fresh(site, `node:${fn.id}`, undefined, `what ${fn.label} constructs`);
      for (const p of this.get([fn.id], 'prototype', site)) if (isObjectValue(p)) this.heap.add(instance.protos, p);
      this.heap.join(instance.dyn, out);
      out.add(instance.id);
    }
    return out;
  }

  /**
   * Whether a call of Node's library does only what its summary says, whatever else the untrusted rule would fear:
   * FormData's forEach (undici reads nothing of its callback but its type and `call`, nothing of its receiver but
   * its private entries), and Node's timers (summaries.ts timer, timerMethod). Node's timers (lib/timers.js,
   * lib/internal/timers.js) read nothing of what they are handed but, in setTimeout, setInterval and setImmediate, the callback's type (a function is
   * stored, anything else is formatted into an error message) and the delay, which the summary converts; the
   * extra arguments are stored and handed to the callback, which the summary calls. clearTimeout,
   * clearInterval, clearImmediate and the methods of a Timeout or an Immediate read and relink the list fields
   * of the timer they are handed (`_onTimeout`, `_idlePrev`, `_idleNext`, ...): trusted when every value
   * handed is a primitive (a timer's id) or a timer one of those functions made that the code wrote nothing
   * into (untouchedTimer). Without this, a timer's callback (a function of the code's, which can carry
   * anything) made every later timer call untrusted: a debounce, a clearTimeout in a finally, awaiting a
   * timeout ran into the work bound, and `t.hasRef()` could be anything Node's library holds (rounds 30, 31).
   */
  private trustedNodeCall(fn: AbstractObject, self: VSet, args: VSet[]): boolean {
    const trust = nodeCallTrust(fn.path);
    if (trust === undefined) return false;
    const tail: VSet = tailOf(args) ?? new Set();
    // What they are handed first is a callback, of which they read its type only (undici's forEach its `call` too,
    // which the summary reads as undici does): a function or a primitive (which throws) keeps them to their summary.
    if (trust === 'callback') {
      for (const v of [...(args[0] ?? []), ...tail]) if (isObjectValue(v) && !this.heap.object(v).callable && !this.heap.object(v).fn) return false;
      return true;
    }
    for (const values of [self, ...args, tail]) for (const v of values) if (isObjectValue(v) && !this.untouchedTimer(v)) return false;
    return true;
  }

  /**
   * A timer a timer function made (summaries.ts timer) that nothing wrote into since: no write at a known key
   * or one known only at run time (Engine.put), no getter or setter, its own prototype, and nothing but what
   * the summary put there (its slot '%made') stored by the untrusted rule for Node's library.
   */
  private untouchedTimer(v: number): boolean {
    const o = this.heap.object(v);
    if (o.timer !== true || o.getters.size > 0 || o.setters.size > 0 || o.protos.size !== 1 || this.writtenAtRunTimeKey.has(o.id)) return false;
    for (const written of this.writtenAtKey.values()) if (written.has(o.id)) return false;
    const made = o.slots.get('%made');
    for (const w of o.dyn) if (!made?.has(w)) return false;
    return true;
  }

  /**
   * What an opaque function calls when it calls `v`: `v`, but for one of luxon's functions told apart by name
   * (n8n-model.ts: DateTime's get, Duration.normalizeUnit) that it was not handed itself and found inside what
   * it reached (a luxon value's method), luxon's function like any other. A built-in calls a method it reads by
   * name under a protocol's key (toString, valueOf, toJSON, then, an iterator's) or of its own callback objects
   * (a Proxy handler's, a property descriptor's: reflection, a capability); neither reads `get` or
   * `normalizeUnit` off a luxon value to call it on another object. Called on whatever it reached, at any key,
   * `get` would give every member of everything (every prototype's), and every body that hands a DateTime to a
   * built-in without a summary could not be proven pure.
   */
  private asFoundInside(v: number, handed: ReadonlySet<number>): number {
    const generic = this.heap.object(v).slots.get('%luxonFn');
    return generic !== undefined && !handed.has(v) ? [...generic][0] : v;
  }

  /**
   * What among `values` an opaque built-in calls: the code's functions and capabilities. A built-in it reaches
   * is summarized where it is called, and the engine's own calls hand one only primitives or the engine's
   * functions (implicitProtocols); but Node's library (`withBuiltins`) hands what it calls its own values: the
   * custom inspect method of what an error message formats is given util.inspect as its third argument, so
   * `bait[Symbol.for('nodejs.util.inspect.custom')] = [].push` stored util.inspect into the code's array, whose
   * `[2]` then inspected the code's timer down Node's lists into another task's arguments (round 35). So it
   * calls the built-ins it reaches too, each under its summary.
   */
  private codeCallables(values: Iterable<number>, withBuiltins = false): number[] {
    return [...values].filter((v) => {
      if (!isObjectValue(v)) return false;
      const o = this.heap.object(v);
      return (o.callable || o.fn) && (o.kind !== 'builtin' || o.cap || withBuiltins);
    });
  }

  /** Whether a call of Node's library is making its calls (nodeLibrary). */
  private inNodeLibrary = false;

  /** Whether built-in `o` holds function `f` as one of its own properties, getters or setters. */
  private holdsOwn(o: AbstractObject, f: number): boolean {
    if (o.kind !== 'builtin') return false;
    if ((o.allValues ??= propertyValues(o, () => true)).includes(f)) return true;
    for (const table of [o.getters, o.setters]) for (const cell of table.values()) if (cell.has(f)) return true;
    return false;
  }

  /**
   * Node's own state (what FormData holds, util.inspect, ...): one object per analysis, an array and a function
   * (util.inspect), that holds whatever Node's library was handed once it was not trusted (never itself:
   * nodeLibrary), and Node's own objects: at every key one object for all of them (util.inspect's
   * defaultOptions, styles, colors and prototype, which every later inspect of the runner reads: round 35), whose
   * every key gives it again or a primitive, and a write into which is a write into Node's state (Policy.write).
   * Not the timer lists, which only the timer functions walk (summaries.ts nodeTimerLists).
   */
  nodeState(): AbstractObject {
    return this.heap.site('node-library-state', () => {
      const protos = ['host:Object.prototype', 'host:Array.prototype'].map((name) => this.builtin(name));
      const o = this.heap.create('site', "Node's own state (what its library was handed, util.inspect, ...)", protos, true);
      o.js = true;
      const own = this.heap.create('site', "Node's own objects (util.inspect's defaultOptions, styles, colors, ...)", protos);
      own.js = true;
      this.heap.join(own.dyn, [own.id, STR, NUM, BOOL, UNDEF]);
      this.heap.add(o.dyn, own.id);
      return o;
    });
  }

  /**
   * What Node's library reaches from `values` (the values, what they hold, their prototypes other than the
   * built-ins, and what the code added to a built-in: the global object's n8n keys), and whether any of it
   * can carry a capability: a function of the code, a built-in handed as a value (other than Node's own
   * functions: Buffer handed to Buffer's species constructor), a capability, or Node's state holding anything.
   */
  private reachedByNode(values: Iterable<number>): { values: VSet; carrier: boolean } {
    const reached = this.heap.reach(values, true, undefined, 'code');
    let carrier = false;
    for (const v of reached) if (this.canCarry(v)) carrier = true;
    return { values: reached, carrier };
  }

  /**
   * `super(...)`, written or implicit: the parent constructors run on the derived class's `this`, and a
   * parent that returns an object makes that object `this` from here on (fields and writes go to it).
   * The call's tag ends in ':super', which tells the parent's call it constructs no instance of its own.
   */
  constructParent(parents: Iterable<number>, thisSet: VSet, args: VSet[], site: CallSite): void {
    const made = this.call(parents, thisSet, args, { ...site, tag: `${site.tag}:super` }, true);
    for (const v of made) if (isObjectValue(v)) this.heap.add(thisSet, v);
  }

  /**
   * What n8n is handed and serializes as JSON (a returned value, a logged one, the workflow's static data):
   * JSON.stringify's implicit calls (toJSON, getters) run on `serialized`, and the policy is asked about
   * everything `handed` reaches.
   */
  handToN8n(serialized: VSet, handed: VSet, site: CallSite, use?: string): void {
    this.summaries['JSON.stringify'](this, { self: new Set([UNDEF]), args: [serialized], site, isNew: false, fn: this.heap.object(this.builtin('JSON.stringify')) });
    this.policy.returned(handed, site, use);
  }

  /** A method call `receiver.key(args)`: each receiver with the functions found on it. */
  invokeMethod(receivers: VSet, key: Key, args: VSet[], site: CallSite): VSet {
    const out = new Set<number>();
    for (const r of receivers) {
      const callees = this.get([r], key, site);
      for (const w of this.call(callees, new Set([r]), args, site, false)) out.add(w);
    }
    return out;
  }

  // --- implicit calls ------------------------------------------------------------------------

  /** ToPrimitive: Symbol.toPrimitive, then toString / valueOf of each object, called on it. Gives a primitive. */
  coerce(values: Iterable<number>, site: CallSite): VSet {
    const out = new Set<number>();
    const conversion = site.text.startsWith('a conversion of') ? site : { ...site, text: `a conversion of ${site.text}` };
    if (Array.isArray(values)) for (let i = 0; i < values.length; i++) this.convert(values[i], conversion, out);
    else for (const v of values as VSet) this.convert(v, conversion, out);
    return out;
  }

  private convert(v: number, conversion: CallSite, out: VSet): void {
    if (!isObjectValue(v)) {
      out.add(v);
      return;
    }
    if (!this.repeatConversion(v) && !this.repeatUnchanged(v)) {
      const before = this.counters();
      const hint = [new Set([STR])];
      const self = new Set([v]);
      for (const key of TO_PRIMITIVE_KEYS) this.invokeMethodImplicit(v, key, hint, conversion, self);
      this.noteConversion(v);
      this.noteUnchanged(v, before);
    }
    out.add(STR).add(NUM);
  }

  /** Everything a conversion can change or use up, but its steps: equal before and after, it only read and found what the memo had. */
  private counters(): Counters {
    return { steps: this.steps, version: this.heap.version, misses: this.memo.misses, overwrites: this.memo.overwrites, bodiesRun: this.bodiesRun, reports: this.policy.reportCalls };
  }

  /**
   * Converting any object again in a pass, while the heap is as it was when a conversion of it read
   * only what was there, called only what the memo answered and reported nothing, repeats exactly that
   * conversion: it is counted (its steps), not redone.
   */
  private repeatUnchanged(v: number): boolean {
    const known = this.unchanged.get(v);
    return known !== undefined && known.version === this.heap.version && known.overwrites === this.memo.overwrites && this.stepMany(known.cost);
  }

  private noteUnchanged(v: number, before: Counters): void {
    const after = this.counters();
    if (after.version === before.version && after.misses === before.misses && after.overwrites === before.overwrites && after.bodiesRun === before.bodiesRun && after.reports === before.reports) {
      this.unchanged.set(v, { version: after.version, overwrites: after.overwrites, cost: after.steps - before.steps });
    }
  }

  /**
   * Converting the same built-in object again in a pass does nothing new: its three reads are of the
   * built-in graph (no getter, nothing the code added), and each call they find is a built-in the memo
   * answers, with no capability to report. So it is only counted: the same steps, the same work bound.
   */
  private repeatConversion(v: number): boolean {
    const known = this.conversions.get(v);
    return known !== undefined && known.overwrites === this.memo.overwrites && this.stepMany(known.cost);
  }

  private noteConversion(v: number): void {
    const cost = this.conversionCost(v);
    if (cost === undefined) this.conversions.delete(v);
    else this.conversions.set(v, { cost, overwrites: this.memo.overwrites });
  }

  /**
   * The steps converting `v` takes when it runs nothing: per key, the read (one step for v, one per value
   * found) and the call (one per callee, one per value the memo gives). Undefined when a conversion of v
   * could do more than that: v is not a built-in, is a capability, its chain has a getter for a key or an
   * overlay of the code's additions, a callee is a capability or the code's, or a call is not memoized.
   */
  private conversionCost(v: number): number | undefined {
    const o = this.heap.object(v);
    if (o.kind !== 'builtin' || o.cap) return undefined;
    const chain = this.heap.chain(v, this.graph.prototypes);
    if (chain.some((p) => this.heap.overlayOf(p.id) !== undefined)) return undefined;
    const self = new Set([v]);
    const args = [new Set([STR])];
    let cost = 0;
    for (const key of TO_PRIMITIVE_KEYS) {
      const found = new Set<number>();
      for (const p of chain) {
        if (p.getters.has(key)) return undefined;
        const own = p.props.get(key);
        if (own) for (const w of own) found.add(w);
      }
      // What get gives: UNDEF when nothing is found, weakened when v is.
      const callees = found.size === 0 ? new Set([UNDEF]) : isWeak(v) ? this.heap.weaken(found) : found;
      const results = new Set<number>();
      for (const f of callees) {
        if (!isObjectValue(f)) continue;
        const fn = this.heap.object(f);
        if (!fn.callable && !fn.fn) continue;
        if (fn.cap || fn.fn) return undefined;
        const memo = this.memo.get(f, false, self, args);
        if (!memo) return undefined;
        for (const w of isWeak(f) ? this.heap.weaken(memo) : memo) results.add(w);
      }
      cost += 1 + 2 * callees.size + results.size;
    }
    return cost;
  }

  private invokeMethodImplicit(v: number, key: string, args: VSet[], site: CallSite, self: VSet = new Set([v])): VSet {
    return this.call(this.get([v], key, site), self, args, site, false, true);
  }

  /** What iterating each value gives (for-of, spread, destructuring, Array.from, Promise.all). */
  iterate(values: Iterable<number>, site: CallSite, asyncIteration = false): VSet {
    const out = new Set<number>();
    const s = { ...site, text: `iteration over ${site.text}` };
    for (const v of values) {
      if (isStringValue(v)) {
        out.add(STR);
        continue;
      }
      if (!isObjectValue(v)) continue;
      const keys = asyncIteration ? ['@@asyncIterator', '@@iterator'] : ['@@iterator'];
      for (const key of keys) {
        const iterators = this.invokeMethodImplicit(v, key, [], s);
        for (const it of iterators) {
          const results = this.invokeMethodImplicit(it, 'next', [new Set([UNDEF])], s);
          const settled = asyncIteration ? this.awaitValue(results, s) : results;
          for (const w of this.get(settled, 'value', s)) out.add(w);
          this.invokeMethodImplicit(it, 'return', [], s);
        }
      }
    }
    return asyncIteration ? this.awaitValue(out, s) : out;
  }

  /** A promise object's settled value: a fresh promise of the site, resolved with `values` (thenables followed). */
  promiseOf(values: VSet, site: CallSite, tag: string): number {
    const p = this.fresh(site, `promise:${tag}`, 'Promise.prototype', 'a promise');
    this.resolveInto(p, values, site);
    return p.id;
  }

  /** Resolves a promise with `values`: a thenable's `then` is called with the promise's resolving functions. */
  resolveInto(p: AbstractObject, values: VSet, site: CallSite): void {
    // Resolving p can resolve p again (a then that calls an async function whose result is resolved
    // into p): the inner resolution hands its values to the outer one, which runs until none is left.
    const pending = this.resolving.get(p.id);
    if (pending) {
      for (const v of values) pending.add(v);
      return;
    }
    const queue = new Set(values);
    this.resolving.set(p.id, queue);
    const done = new Set<number>();
    try {
      for (let next = [...queue]; next.length > 0; next = [...queue].filter((v) => !done.has(v))) {
        for (const v of next) done.add(v);
        this.resolveValues(p, next, site);
      }
    } finally {
      this.resolving.delete(p.id);
    }
  }
  private readonly resolving = new Map<number, Set<number>>();

  private resolveValues(p: AbstractObject, values: number[], site: CallSite): void {
    const settled = this.heap.slot(p, '%value');
    for (const v of values) {
      if (!isObjectValue(v)) {
        this.heap.add(settled, v);
        continue;
      }
      const o = this.heap.object(v);
      if (o.slots.has('%value') && this.isBuiltinThen(v, site)) {
        this.heap.join(settled, o.slots.get('%value')!);
        continue;
      }
      this.heap.add(settled, v);
      const thens = this.get([v], 'then', { ...site, text: `the then of what ${site.text} resolves with` });
      if ([...thens].some((t) => isObjectValue(t))) {
        const resolve = this.resolvingFunction(p, site);
        this.call(thens, new Set([v]), [new Set([resolve]), new Set([this.rejectingFunction(site)])], { ...site, text: `the then of what ${site.text} resolves with` }, false, true);
      }
    }
  }

  private isBuiltinThen(v: number, site: CallSite): boolean {
    const thens = this.get([v], 'then', site);
    const builtinThen = this.graph.byName.get('Promise.prototype.then');
    return [...thens].every((t) => objectOf(t) === builtinThen);
  }

  /** The resolve function the engine hands to an executor or a thenable's then: a call resolves `p`. */
  resolvingFunction(p: AbstractObject, site: CallSite): number {
    return this.heap.site(`${site.tag}:resolve:${p.id}`, () => {
      const f = this.heap.create('site', 'a promise resolve function', [this.builtin('Function.prototype')], true);
      f.model = 'resolve';
      this.heap.add(this.heap.slot(f, '%promise'), p.id);
      return f;
    }).id;
  }

  rejectingFunction(site: CallSite): number {
    return this.heap.site(`reject`, () => {
      const f = this.heap.create('site', 'a promise reject function', [this.builtin('Function.prototype')], true);
      f.model = 'reject';
      return f;
    }).id;
  }

  /** What `await values` gives. */
  awaitValue(values: VSet, site: CallSite): VSet {
    const p = this.heap.object(this.promiseOf(values, site, 'await'));
    return new Set(p.slots.get('%value') ?? []);
  }

  /** `x instanceof C`: C's Symbol.hasInstance is called with x. */
  instanceOf(left: VSet, right: VSet, site: CallSite): VSet {
    for (const c of right) this.invokeMethodImplicit(c, '@@hasInstance', [left], { ...site, text: `instanceof ${site.text}` });
    return new Set([BOOL]);
  }

  /** The key a computed member expression's values give: a string constant, an index, a well-known symbol, or run time. */
  keyOf(values: VSet, site: CallSite): Key[] {
    const keys = new Set<Key>();
    for (const v of values) {
      if (v === STRING_INDEX) keys.add('#');
      else if (v >= OWN_KEY_BASE) keys.add(ownKeyToken(v - OWN_KEY_BASE));
      // ToPropertyKey of a number or a bigint is a canonical numeric string ('1', '1.5', 'NaN'): '#' reads all of them.
      else if (v === NUM || v === BIGINT) keys.add('#');
      else if (v >= STR && this.heap.stringOf(v) !== undefined) keys.add(this.heap.stringOf(v)!);
      else if (v >= wellKnownSymbol('asyncIterator') && v < 32) keys.add(`@@${wkName(v)}`);
      else if (v === UNDEF) keys.add('undefined').add('null');
      else if (v === BOOL) keys.add('true').add('false');
      else if (isObjectValue(v)) {
        this.coerce([v], site);
        keys.add(undefined);
      } else keys.add(undefined);
    }
    return keys.has(undefined) ? [undefined] : [...keys];
  }
}


/** Node's functions that make a timer, and those that clear one (trustedNodeCall). */
/** A Key that is an own key of one object (see heap.ts ownKey). */
export const OWN_KEY = '\u0000own:';
/** The Key naming an own key of the object `id`. */
const ownKeyToken = (id: number): string => `${OWN_KEY}${id}`;
/** The object an own-key token names (not OWN_KEY_OF_RECEIVER). */
const ownerOfKey = (token: string): number => Number(token.slice(OWN_KEY.length));
/** A key that is an own key of whatever object it is read from (E[k] with k from Object.keys(E), the same E). */
export const OWN_KEY_OF_RECEIVER = `${OWN_KEY}receiver`;
const wkName = (v: number) => WELL_KNOWN_SYMBOLS[v - wellKnownSymbol('asyncIterator')];

/** Arguments with a tail, written out: the tail at four more indexes (no summary reads further), and kept as the tail. */
function spreadTail(args: VSet[]): VSet[] {
  const tail = tailOf(args)!;
  const out: Args = [...args, tail, tail, tail, tail];
  out.tail = tail;
  return out;
}

/** The setters a write at `key` may run on `p`: every one for a run-time key, those at numeric keys for '#', else the key's. */
function setterAt(p: AbstractObject, key: Key): VSet[] {
  if (p.setters.size === 0) return [];
  if (key === undefined) return [...p.setters.values()];
  if (key === '#') return [...p.setters].filter(([k]) => isNumericKey(k)).map(([, s]) => s);
  const own = p.setters.get(key);
  return own ? [own] : [];
}

/**
 * Whether a key is what ToPropertyKey gives for some number (String(n) === key: '0', '1.5', '-1',
 * 'NaN', 'Infinity', '1e+21'): a read or write with a number known only as a number ('#') may be at it.
 */
export function isNumericKey(key: string): boolean {
  if (isIndexKey(key)) return true;
  const c = key.charCodeAt(0);
  // Only a digit, '-', 'N' or 'I' can begin one: most keys are answered here.
  if (!((c >= 48 && c <= 57) || c === 45 || c === 78 || c === 73)) return false;
  return String(Number(key)) === key;
}

/** Whether a key is an array index as the analysis names one (/^\d+$/), without a regular expression: it runs on every read. */
export function isIndexKey(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
