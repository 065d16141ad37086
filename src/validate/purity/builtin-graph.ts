// The built-in graph as abstract objects: every object of the snapshot (builtin-snapshot.ts) is one,
// shared by every analysis and never changed by one (a write to a built-in is a finding, and is not
// applied). Names are canonical ('Object.prototype.__defineGetter__', 'Buffer (runner realm)'), and
// the capability objects are marked here, by their place in the real graph.
import { SNAPSHOT } from './builtin-snapshot.js';
import { BIGINT, BOOL, type Capability, Cell, CellMap, freezeBuiltin, NUM, OBJECT_BASE, STR, SYM, UNDEF, type AbstractObject, wellKnownSymbol } from './heap.js';

export interface BuiltinGraph {
  objects: AbstractObject[];
  /** Canonical name -> object id ('Object.prototype', 'host:Object.prototype'). */
  byName: Map<string, number>;
  global: number;
  /** Where a primitive of each type is boxed (the sandbox realm's prototypes). */
  prototypes: Record<string, number>;
  /** n8n's own values on the global object, modelled by n8n-model.ts: key -> the keys that hold it. */
  n8nKeys: string[];
  /** The built-ins a write of primitives may change without a finding (Policy.write): taskRealmFunctions. */
  primitiveWritable: ReadonlySet<number>;
  /** The runner realm's prototype the snapshot does not hold (addUnknownPrototype): its members are functions every task shares. */
  unknownPrototype: number;
  /** The runner process's global object (addRunnerGlobal): what Node's own JavaScript may hand a function it calls. */
  runnerGlobal: number;
  /** Every Error prototype of both realms ('TypeError.prototype', 'host:RangeError.prototype', ...): what an error the engine throws may inherit from. */
  errorPrototypes: readonly number[];
}

const PRIMITIVE: Record<string, number> = { undefined: UNDEF, null: UNDEF, boolean: BOOL, number: NUM, string: STR, bigint: BIGINT, symbol: SYM };

/** Capability objects of the graph, by canonical name (both realms: 'host:' names too). */
const CAPABILITIES: Record<string, Capability> = {
  globalThis: { kind: 'global', label: 'the global object' },
  Function: { kind: 'compiler', label: 'the Function constructor' },
  eval: { kind: 'compiler', label: 'eval' },
  '%AsyncFunctionPrototype%.constructor': { kind: 'compiler', label: 'the AsyncFunction constructor' },
  '%GeneratorFunctionPrototype%.constructor': { kind: 'compiler', label: 'the GeneratorFunction constructor' },
  '%AsyncGeneratorFunctionPrototype%.constructor': { kind: 'compiler', label: 'the AsyncGeneratorFunction constructor' },
  Proxy: { kind: 'proxy', label: 'Proxy (a proxy runs its handler on every operation)' },
  'Error.captureStackTrace': { kind: 'reflection', label: 'Error.captureStackTrace' },
  'Error.prepareStackTrace': { kind: 'reflection', label: 'Error.prepareStackTrace' },
  module: { kind: 'module', label: 'module' },
};
for (const key of ['getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', 'getPrototypeOf', 'setPrototypeOf', 'defineProperty', 'defineProperties']) {
  CAPABILITIES[`Object.${key}`] = { kind: 'reflection', label: `Object.${key}` };
}
for (const key of ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', '__proto__[get]', '__proto__[set]']) {
  CAPABILITIES[`Object.prototype.${key}`] = { kind: 'reflection', label: `Object.prototype.${key.replace(/\[.*$/, '')}` };
}
for (const key of ['apply', 'construct', 'defineProperty', 'deleteProperty', 'get', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions', 'set', 'setPrototypeOf']) {
  CAPABILITIES[`Reflect.${key}`] = { kind: 'reflection', label: `Reflect.${key}` };
}

let graph: BuiltinGraph | undefined;

/** The graph, built once per process from the snapshot. */
export function builtinGraph(): BuiltinGraph {
  return (graph ??= buildGraph());
}

function buildGraph(): BuiltinGraph {
  const snap = SNAPSHOT.objects;
  const names = canonicalNames();
  const objects: AbstractObject[] = snap.map((s, i) => ({
    id: OBJECT_BASE + i,
    kind: 'builtin',
    label: names[i],
    path: names[i],
    callable: s.callable,
    ...(s.js ? { js: true } : {}),
    props: new CellMap<string>(),
    getters: new CellMap<string>(),
    setters: new CellMap<string>(),
    dyn: new Cell(),
    protos: new Cell(s.proto >= 0 ? [OBJECT_BASE + s.proto] : []),
    enumerable: new Set(),
    slots: new CellMap<string>(),
  }));
  const n8nKeys: string[] = [];
  const value = (v: number | string): number | undefined => {
    if (typeof v === 'number') return OBJECT_BASE + v;
    if (v.startsWith('@@')) return wellKnownSymbol(v.slice(2));
    if (v.startsWith('n8n:')) return undefined;
    return PRIMITIVE[v] ?? UNDEF;
  };
  snap.forEach((s, i) => {
    const o = objects[i];
    for (const p of s.props as any[]) {
      const key: string = p[0];
      if (p[4] === 'a') {
        if (p[1] >= 0) o.getters.set(key, new Cell([OBJECT_BASE + p[1]]));
        if (p[2] >= 0) o.setters.set(key, new Cell([OBJECT_BASE + p[2]]));
        if (p[3]) o.enumerable!.add(key);
        continue;
      }
      const v = value(p[1]);
      if (v === undefined) {
        n8nKeys.push(key);
        continue;
      }
      o.props.set(key, new Cell([v]));
      if (p[2]) o.enumerable!.add(key);
    }
  });
  const byName = new Map<string, number>();
  names.forEach((n, i) => byName.set(n, OBJECT_BASE + i));
  // Each capability is found by walking the real graph from each realm's root, not by its name.
  const walk = (start: number | undefined, steps: string[]): number | undefined => {
    let id = start;
    for (const step of steps) {
      if (id === undefined) return undefined;
      const o = objects[id - OBJECT_BASE];
      const accessor = /^(.*)\[(get|set)\]$/.exec(step);
      const held = accessor ? (accessor[2] === 'get' ? o.getters : o.setters).get(accessor[1]) : o.props.get(step);
      id = held ? [...held][0] : undefined;
    }
    return id !== undefined && id >= OBJECT_BASE ? id : undefined;
  };
  for (const [path, cap] of Object.entries(CAPABILITIES)) {
    const [first, ...rest] = path.split('.');
    const sandbox = first === 'globalThis' ? byName.get('globalThis') : first.startsWith('%') ? walk(byName.get(first), rest) : walk(byName.get('globalThis'), [first, ...rest]);
    const host = walk(byName.get(`host:${first}`), rest);
    if (sandbox !== undefined) objects[sandbox - OBJECT_BASE].cap = cap;
    if (host !== undefined && host !== sandbox) objects[host - OBJECT_BASE].cap = { ...cap, label: `${cap.label} of the runner realm` };
  }
  const runnerGlobal = addRunnerGlobal(objects, byName);
  const unknownPrototype = addUnknownPrototype(objects, byName);
  // Shared by every analysis of this process: from here on a change throws.
  for (const o of objects) freezeBuiltin(o);
  const proto = (n: string) => byName.get(`${n}.prototype`)!;
  return {
    objects,
    byName,
    global: byName.get('globalThis')!,
    prototypes: { String: proto('String'), Number: proto('Number'), Boolean: proto('Boolean'), BigInt: proto('BigInt'), Symbol: proto('Symbol') },
    n8nKeys,
    primitiveWritable: taskRealmFunctions(objects),
    unknownPrototype,
    runnerGlobal,
    errorPrototypes: [...byName].filter(([name]) => /^(host:)?[A-Za-z]*Error\.prototype$/.test(name)).map(([, id]) => id),
  };
}

/**
 * The runner process's global object, which the snapshot does not hold (n8n hands the task none of it):
 * Node's own JavaScript runs in that scope and may hand it to a function it calls (FormData's forEach calls
 * its callback with `thisArg = globalThis` by default, round 29). It holds the runner's built-ins under
 * their names, its process, and itself; a built-in of the graph, so that what reaches it is not followed
 * into all of them (a write to it is a change every later task sees, as to any built-in).
 */
/** A built-in the snapshot does not hold, added to the graph under `path`. */
function addBuiltin(objects: AbstractObject[], byName: Map<string, number>, path: string, label: string, proto: string, callable: boolean, cap?: Capability): AbstractObject {
  const o: AbstractObject = {
    id: OBJECT_BASE + objects.length, kind: 'builtin', label, path, callable, props: new CellMap<string>(), getters: new CellMap<string>(), setters: new CellMap<string>(),
    dyn: new Cell(), protos: new Cell([byName.get(proto)!]), enumerable: new Set(), slots: new CellMap<string>(), ...(cap ? { cap } : {}),
  };
  objects.push(o);
  byName.set(path, o.id);
  return o;
}

function addRunnerGlobal(objects: AbstractObject[], byName: Map<string, number>): number {
  const builtins = [...byName].filter(([name]) => /^host:[A-Za-z_$][\w$]*$/.test(name));
  const global = addBuiltin(objects, byName, 'host:globalThis', "the runner process's global object", 'host:Object.prototype', false, { kind: 'global', label: "the runner process's global object (its process, its built-ins)" });
  const process = addBuiltin(objects, byName, 'host:process', "the runner's process", 'host:Object.prototype', false, { kind: 'process', label: "process (the runner's, process access)" });
  for (const [name, id] of builtins) global.props.set(name.slice('host:'.length), new Cell([id]));
  global.props.set('process', new Cell([process.id]));
  for (const key of ['globalThis', 'global']) global.props.set(key, new Cell([global.id]));
  for (const v of [process.id, STR, NUM, BOOL, UNDEF]) process.dyn.add(v);
  return global.id;
}

function prototypeIds(objects: AbstractObject[]): Set<number> {
  const prototypes = new Set<number>();
  for (const o of objects) {
    for (const p of o.protos) prototypes.add(p);
    for (const p of o.props.get('prototype') ?? []) if (p >= OBJECT_BASE) prototypes.add(p);
  }
  return prototypes;
}

/**
 * A prototype of the runner realm the snapshot does not hold, and the function every member of it stands
 * for: an object of that realm the analysis does not model (what a getter such as TextDecoderStream's
 * readable gives, a ReadableStream, and what calling one gives) inherits from it, so a member read on it may
 * be a function every task shares (a built-in: a write onto it is reported, round 29) or the runner's
 * Object (whose reflection works). One object: it is not known which prototype such an object has.
 */
function addUnknownPrototype(objects: AbstractObject[], byName: Map<string, number>): number {
  const make = (path: string, label: string, proto: string, callable: boolean) => addBuiltin(objects, byName, path, label, proto, callable);
  const prototype = make('host:%UnknownPrototype%', 'a prototype of the runner realm (shared by every task) the snapshot does not hold', 'host:Object.prototype', false);
  const method = make('host:%UnknownPrototype%.method', 'a function of the runner realm (shared by every task) the snapshot does not hold', 'host:Function.prototype', true);
  for (const v of [method.id, byName.get('host:Object')!, STR, NUM, BOOL, UNDEF]) prototype.dyn.add(v);
  for (const v of [method.id, STR, NUM, BOOL, UNDEF]) method.dyn.add(v);
  return prototype.id;
}

/** Capabilities that are only functions to call: a primitive stored on one does not call it (the global object and `module` are not). */
const CALL_ONLY_CAPABILITIES = new Set<Capability['kind']>(['compiler', 'reflection', 'proxy']);

/**
 * The functions of the task's own realm that are no built-in's prototype. n8n's runner makes a new vm
 * context for every task (createContext in JsTaskRunner), so what is stored on one dies with the task.
 * Left out: prototypes (every built-in's [[Prototype]] and every `prototype` value: a write there is
 * seen by every instance, which is changing a built-in), the runner realm's objects (they outlive the
 * task and every task of the runner process shares them; their names start with 'host:'), and the
 * global object and `module`, which are not functions.
 */
function taskRealmFunctions(objects: AbstractObject[]): Set<number> {
  const prototypes = prototypeIds(objects);
  const out = new Set<number>();
  for (const o of objects) {
    if (!o.callable || o.path!.startsWith('host:') || prototypes.has(o.id)) continue;
    if (o.cap && !CALL_ONLY_CAPABILITIES.has(o.cap.kind)) continue;
    out.add(o.id);
  }
  return out;
}

/**
 * A readable name for every object: the shortest path through properties from the global object's
 * own keys (no 'globalThis.' prefix) or a host root ('host:'), prototypes only where no property
 * leads; accessors as 'key[get]'.
 */
function canonicalNames(): string[] {
  const snap = SNAPSHOT.objects;
  const names: string[] = new Array(snap.length);
  const queue: number[] = [];
  snap.forEach((s, i) => {
    if (s.path === 'globalThis' || /^(host:)?[%A-Za-z$_][^.]*$/.test(s.path)) {
      names[i] = s.path;
      queue.push(i);
    }
  });
  const visit = (i: number, name: string) => {
    if (names[i] === undefined) {
      names[i] = name;
      queue.push(i);
    }
  };
  for (let round = 0; round < 2; round++) {
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q];
      const base = names[i] === 'globalThis' ? '' : `${names[i]}.`;
      for (const p of snap[i].props as any[]) {
        if (p[4] === 'a') {
          if (p[1] >= 0) visit(p[1], `${base}${p[0]}[get]`);
          if (p[2] >= 0) visit(p[2], `${base}${p[0]}[set]`);
        } else if (typeof p[1] === 'number') visit(p[1], `${base}${p[0]}`);
      }
      if (round === 1 && snap[i].proto >= 0) visit(snap[i].proto, `${names[i]}.__proto__`);
    }
    if (round === 0) queue.splice(0, queue.length, ...names.flatMap((n, i) => (n === undefined ? [] : [i])));
  }
  snap.forEach((s, i) => (names[i] ??= s.path));
  return names;
}
