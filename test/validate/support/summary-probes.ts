// Differential probes for code-purity's built-in summaries (src/validate/purity/summaries.ts): for
// every built-in the summaries table really covers, Code-node bodies that hand it hostile shapes, a
// fast in-process runner that says whether a body really obtains the global object (or a code
// compiler), and the list of the built-ins with where to reach them from plain code.
//
// A hostile shape is a literal whose protocol methods and getters record `this` and their arguments
// into `leak` and return G (the global object) -- the shape itself never holds G. So G in a probe's
// result means a protocol call's result (or a value handed to a callback) escaped through the
// built-in. Shapes' functions are strict ('use strict'): G does not arrive as a sloppy `this`, except
// through CBS, the one sloppy callback, whose `this` is what the built-in calls it with.
import vm from 'node:vm';
import { builtinGraph } from '../../../src/validate/purity/builtin-graph.js';
import { buildSummaries } from '../../../src/validate/purity/summaries.js';
import { NATIVE_VARIABLE_NAMES, PRELUDE } from '../../../src/validate/purity/snapshot.js';

// --- shapes ------------------------------------------------------------------------------------

const REC = `'use strict'; leak.push(this, arguments);`;
/** An iterator object whose next() gives G twice, then is done. */
const ITER_G = `{ let n = 0; return { next() { 'use strict'; return { done: n++ > 1, value: G }; }, return() { 'use strict'; return { done: true }; } }; }`;

/** The benign members every hostile object has (so coercion and iteration work, and give no G). */
const BASE: Record<string, string> = {
  toString: `toString() { ${REC} return 's'; }`,
  valueOf: `valueOf() { ${REC} return 1; }`,
  toLocaleString: `toLocaleString() { ${REC} return 'l'; }`,
  toISOString: `toISOString() { ${REC} return 'i'; }`,
  toJSON: `toJSON() { ${REC} return 'j'; }`,
  join: `join() { ${REC} return 'j'; }`,
  exec: `exec() { ${REC} return null; }`,
  then: `then(res) { ${REC} if (typeof res === 'function') res('t'); return 't'; }`,
  next: `next() { ${REC} return { done: true, value: 1 }; }`,
  iterator: `[Symbol.iterator]() { ${REC} return this; }`,
  length: `length: 1`,
  idx0: `0: 'z'`,
};

const getter = (key: string) => `get ${key}() { ${REC} return G; }`;
/** The protocol member each hostile variant makes return G (replacing the benign one of the same name). */
export const HOSTILE: Record<string, string> = {
  toString: `toString() { ${REC} return G; }`,
  valueOf: `valueOf() { ${REC} return G; }`,
  toPrimitive: `[Symbol.toPrimitive]() { ${REC} return G; }`,
  toLocaleString: `toLocaleString() { ${REC} return G; }`,
  toISOString: `toISOString() { ${REC} return G; }`,
  toJSON: `toJSON() { ${REC} return G; }`,
  join: `join() { ${REC} return G; }`,
  exec: `exec() { ${REC} return (this.k = (this.k | 0) + 1) > 2 ? null : G; }`,
  then: `then(res, rej) { ${REC} if (typeof res === 'function') res(G); return G; }`,
  next: `next() { ${REC} return { done: (this.n = (this.n | 0) + 1) > 2, value: G }; }`,
  iterator: `[Symbol.iterator]() ${ITER_G.replace('{ let', `{ ${REC} let`)}`,
  asyncIterator: `[Symbol.asyncIterator]() ${ITER_G.replace('{ let', `{ ${REC} let`)}`,
  species: `constructor: { [Symbol.species]: CT }`,
  ctor: `constructor: CT`,
  idx0: `${getter('0')}, length: 2`,
  length: getter('length'),
  ...Object.fromEntries(['flags', 'source', 'lastIndex', 'index', 'groups', 'input', 'cause', 'message', 'name', 'errors', 'prototype', 'value', 'done', 'raw'].map((k) => [k, getter(k)])),
  setlike: `size: 1, has() { ${REC} return true; }, keys() ${ITER_G.replace('{ let', `{ ${REC} let`)}`,
  get: `get() { ${REC} return G; }`,
  return: `return() { ${REC} return G; }`,
  throw: `throw() { ${REC} return G; }`,
  replace: `[Symbol.replace]() { ${REC} return G; }`,
  split: `[Symbol.split]() { ${REC} return G; }`,
  match: `[Symbol.match]() { ${REC} return G; }`,
  matchAll: `[Symbol.matchAll]() { ${REC} return G; }`,
  search: `[Symbol.search]() { ${REC} return G; }`,
};

/** An object literal: the benign members, with `variant` made hostile (and a prototype, for accessor probes). */
export function hostileLiteral(variant: string, proto?: string): string {
  const members = { ...BASE };
  if (variant in members) delete members[variant];
  if (variant === 'idx0' || variant === 'length') delete members.length;
  const list = [...(proto ? [`__proto__: ${proto}`] : []), ...Object.values(members), HOSTILE[variant]];
  return `{ ${list.join(', ')} }`;
}

/** Declarations a probe can use (only those it names are emitted). */
const DECLS: Record<string, string> = {
  CT: `function CT(x) { ${REC} if (typeof x === 'function') x(function () {}, function () {}); return G; }`,
  CB: `function CB() { ${REC} return G; }`,
  CBS: `function CBS() { leak.push(this); return 1; }`,
  RXG: `class RXG extends RegExp { exec() { ${REC} return (this.k = (this.k | 0) + 1) > 2 ? null : G; } }`,
  RXM: `class RXM extends RegExp { exec() { ${REC} if ((this.k = (this.k | 0) + 1) > 2) return null; const m = ['a', G]; m.index = 0; m.groups = { g: G }; return m; } }`,
  RXI: `class RXI extends RegExp { exec() { ${REC} if ((this.k = (this.k | 0) + 1) > 2) return null; const m = ['a']; m.index = G; return m; } }`,
  GEN: `function* GEN() { 'use strict'; try { const x = yield 1; yield x.toJSON(); } catch (e) { yield e.toJSON(); } finally { yield 'f'; } }`,
  AGEN: `async function* AGEN() { 'use strict'; try { const x = yield 1; yield x.toJSON(); } catch (e) { yield e.toJSON(); } finally { yield 'f'; } }`,
};
const DECL_ORDER = ['CT', 'CB', 'CBS', 'RXG', 'RXM', 'RXI', 'GEN', 'AGEN'];

/** Reads what the built-in gave the way code would, calling toJSON on it: a receiver or argument the summary dropped gives G here. */
const POKE = [
  `const P = (v) => { 'use strict'; try { return (v !== null && typeof v === 'object') || typeof v === 'function' ? v.toJSON() : 0; } catch (e) { return 0; } };`,
  `const Q = (v, k) => { 'use strict'; try { return v === null || v === undefined ? undefined : v[k]; } catch (e) { return undefined; } };`,
  `const p = [P(r), P(Q(r, 'value')), P(Q(r, 0)), P(Q(r, 1)), P(Q(Q(r, 0), 0)), P(Q(Q(r, 0), 1))];`,
].join('\n');

// --- the built-ins -------------------------------------------------------------------------------

/** Instances whose prototypes are intrinsics no property leads to, as code that makes one (so `.next` reaches the intrinsic's). */
const INTRINSIC_SAMPLES: Record<string, string> = {
  '%ArrayIteratorPrototype%': '[][Symbol.iterator]()',
  '%MapIteratorPrototype%': 'new Map().entries()',
  '%SetIteratorPrototype%': 'new Set().values()',
  '%StringIteratorPrototype%': "''[Symbol.iterator]()",
  '%RegExpStringIteratorPrototype%': "/x/g[Symbol.matchAll]('')",
  '%GeneratorPrototype%': '(function* () {})()',
  '%AsyncGeneratorPrototype%': '(async function* () {})()',
  '%IteratorPrototype%': 'Iterator.prototype',
  '%AsyncIteratorPrototype%': '(async function* () {})()',
};

export interface SummarizedBuiltin {
  /** The summary's key (canonical name without 'host:'). */
  name: string;
  /** The graph path probed ('host:' when only the runner realm's is reachable). */
  path: string;
  kind: 'call' | 'get' | 'set';
  /** Code giving the function (call) or the object the accessor is found on (get/set). */
  expr: string;
  /** The accessor's key, as code inside brackets. */
  key?: string;
  /** The built-in's owner, as code (the natural receiver of a static), when it has one. */
  owner?: string;
  construct: boolean;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const keyCode = (k: string) => (k.startsWith('@@') ? `Symbol.${k.slice(2)}` : JSON.stringify(k));
const member = (base: string, k: string) => (k.startsWith('@@') ? `${base}[Symbol.${k.slice(2)}]` : IDENT.test(k) ? `${base}.${k}` : `${base}[${JSON.stringify(k)}]`);

/** Splits a canonical path into its root and keys ('Array.prototype.@@iterator', 'RegExp.$&[get]'). */
function splitPath(path: string): { root: string; keys: string[] } | undefined {
  if (/@(?!@)[^.]*\./.test(path.replace(/@@\w+/g, ''))) return undefined; // a key of a symbol with a dotted description
  const bare = path.replace(/^host:/, '');
  const parts = bare.split('.');
  return { root: parts[0], keys: parts.slice(1) };
}

/** A vm context built like n8n's (snapshot.ts: native variables of the runner realm, the prelude). */
export function makeContext(extra: Record<string, unknown> = {}): vm.Context {
  const host = globalThis as any;
  const values: Record<string, unknown> = {};
  for (const name of NATIVE_VARIABLE_NAMES) if (host[name] !== undefined) values[name] = host[name];
  Object.assign(values, extra);
  const context = vm.createContext(values);
  vm.runInContext(PRELUDE.join('; '), context);
  return context;
}

/** The real object at a canonical path, found from outside the context (prototypes by Object.getPrototypeOf of this realm). */
function realAt(context: vm.Context, samples: Record<string, unknown>, path: string): { value: unknown; accessor?: 'get' | 'set'; holder?: object; key?: PropertyKey } | undefined {
  const split = splitPath(path);
  if (!split) return undefined;
  const host = path.startsWith('host:');
  const symbols = vm.runInContext('Symbol', context);
  let value: any;
  if (split.root.startsWith('%')) {
    if (host) return undefined;
    const sample = samples[split.root];
    if (sample === undefined) return undefined;
    value = split.root === '%IteratorPrototype%' ? sample : Object.getPrototypeOf(sample);
    // A generator object's prototype is its function's own prototype object; the intrinsic is one further.
    if (/Generator|AsyncIterator/.test(split.root)) value = Object.getPrototypeOf(value);
    if (split.root === '%AsyncIteratorPrototype%') value = Object.getPrototypeOf(value);
  } else value = host ? (globalThis as any)[split.root] : vm.runInContext('globalThis', context)[split.root];
  for (let i = 0; i < split.keys.length; i++) {
    if (value === null || value === undefined) return undefined;
    const raw = split.keys[i];
    const acc = /^(.*)\[(get|set)\]$/.exec(raw);
    const name = acc ? acc[1] : raw;
    const key: PropertyKey = name.startsWith('@@') ? symbols[name.slice(2)] : name;
    if (name === '__proto__' && !acc) {
      value = Object.getPrototypeOf(value);
      continue;
    }
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (!d) return undefined;
    if (acc) {
      if (i !== split.keys.length - 1) return undefined;
      return { value: acc[2] === 'get' ? d.get : d.set, accessor: acc[2] as 'get' | 'set', holder: value, key };
    }
    value = 'value' in d ? d.value : undefined;
  }
  return { value };
}

/** Code reaching the path's object from a Code node (prototype steps by inheritance), checked against the real one. */
function codeFor(context: vm.Context, samples: Record<string, unknown>, path: string): SummarizedBuiltin | undefined {
  const split = splitPath(path);
  if (!split) return undefined;
  const real = realAt(context, samples, path);
  if (!real || real.value === undefined) return undefined;
  const host = path.startsWith('host:');
  let base: string;
  if (split.root.startsWith('%')) base = INTRINSIC_SAMPLES[split.root];
  else if (host) {
    if (!NATIVE_VARIABLE_NAMES.includes(split.root)) return undefined;
    base = split.root;
  } else base = IDENT.test(split.root) ? split.root : `globalThis[${JSON.stringify(split.root)}]`;
  if (!base) return undefined;
  const keys = split.keys.filter((k) => k !== '__proto__');
  const last = keys[keys.length - 1] ?? '';
  const acc = /^(.*)\[(get|set)\]$/.exec(last);
  const name = path.replace(/^host:/, '');
  try {
    if (acc) {
      const ownerExpr = keys.slice(0, -1).reduce(member, base);
      const owner = vm.runInContext(ownerExpr, context);
      // The accessor the code meets looking the key up from the owner.
      let o: any = owner;
      const key = real.key!;
      let d: PropertyDescriptor | undefined;
      while (o !== null && o !== undefined && !(d = Object.getOwnPropertyDescriptor(o, key))) o = Object.getPrototypeOf(o);
      if (!d || (acc[2] === 'get' ? d.get : d.set) !== real.value) return undefined;
      return { name, path, kind: acc[2] as 'get' | 'set', expr: ownerExpr, key: keyCode(acc[1]), construct: false };
    }
    const expr = keys.reduce(member, base);
    if (vm.runInContext(expr, context) !== real.value) return undefined;
    const ownerExpr = keys.length > 0 ? keys.slice(0, -1).reduce(member, base) : undefined;
    const fn = real.value as any;
    const construct = typeof fn === 'function' && !name.includes('.prototype.') && /^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1)) && Object.hasOwn(fn, 'prototype');
    return { name, path, kind: 'call', expr, owner: ownerExpr, construct };
  } catch {
    return undefined;
  }
}

/** Every summarized built-in of the snapshot (callable, or an accessor function), with code that reaches it; and those no plain code reaches. */
export function summarizedBuiltins(): { probed: SummarizedBuiltin[]; unreachable: string[]; tableSize: number } {
  const graph = builtinGraph();
  const table = buildSummaries(graph.byName.keys());
  const byName = new Map<string, string[]>();
  for (const o of graph.objects) {
    if (!o.callable) continue;
    const path = o.path ?? '';
    const name = path.replace(/^host:/, '');
    if (!Object.hasOwn(table, name)) continue;
    const paths = byName.get(name) ?? [];
    paths.push(path);
    byName.set(name, paths);
  }
  const context = makeContext();
  const samples = vm.runInContext(
    `({ ${Object.entries(INTRINSIC_SAMPLES).map(([k, v]) => `${JSON.stringify(k)}: (() => { try { return ${v}; } catch { return undefined; } })()`).join(', ')} })`,
    context,
  ) as Record<string, unknown>;
  const probed: SummarizedBuiltin[] = [];
  const unreachable: string[] = [];
  for (const [name, paths] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    paths.sort((a, b) => Number(a.startsWith('host:')) - Number(b.startsWith('host:')));
    let found: SummarizedBuiltin | undefined;
    for (const path of paths) if ((found = codeFor(context, samples, path))) break;
    if (found) probed.push(found);
    else unreachable.push(name);
  }
  return { probed, unreachable, tableSize: Object.keys(table).length };
}

// --- probes -------------------------------------------------------------------------------------

export interface Probe {
  builtin: string;
  /** A short label: receiver / arguments. */
  label: string;
  body: string;
}

/** Real instances a prototype method of each owner works on (brand checks). */
function naturalReceivers(b: SummarizedBuiltin): string[] {
  const n = b.name;
  const on = (re: RegExp) => re.test(n);
  if (on(/^Array\.prototype\./)) return ['[H_toJSON, 1]', "(() => { const a = [1, H_toJSON]; a.constructor = { [Symbol.species]: CT }; return a; })()"];
  if (on(/^String\.prototype\./)) return ["'abc'"];
  if (on(/^RegExp\.prototype\./)) return ["new RXM('a')", "new RXM('a', 'g')", "new RXG('a')", "new RXI('a')", "(() => { const x = /a/g; x.constructor = { [Symbol.species]: RXM }; return x; })()"];
  if (on(/^Date\.prototype\./)) return ['new Date(0)'];
  if (on(/^Map\.prototype\./)) return ['new Map([[H_toJSON, H_toJSON]])'];
  if (on(/^Set\.prototype\./)) return ['new Set([H_toJSON])'];
  if (on(/^WeakMap\.prototype\./)) return ['new WeakMap([[H_toJSON, H_toJSON]])'];
  if (on(/^WeakSet\.prototype\./)) return ['new WeakSet([H_toJSON])'];
  if (on(/^Promise\.prototype\./)) return ['Promise.resolve(H_toJSON)', "(() => { const x = Promise.resolve(1); x.constructor = { [Symbol.species]: CT }; return x; })()"];
  if (on(/^%GeneratorPrototype%/)) return ['(() => { const g = GEN(); g.next(); return g; })()'];
  if (on(/^%AsyncGeneratorPrototype%/)) return ['(() => { const g = AGEN(); g.next(); return g; })()'];
  if (on(/^%ArrayIteratorPrototype%/)) return ['[H_toJSON][Symbol.iterator]()'];
  if (on(/^%MapIteratorPrototype%/)) return ['new Map([[H_toJSON, H_toJSON]]).entries()'];
  if (on(/^%SetIteratorPrototype%/)) return ['new Set([H_toJSON]).values()'];
  if (on(/^%StringIteratorPrototype%/)) return ["'ab'[Symbol.iterator]()"];
  if (on(/^%RegExpStringIteratorPrototype%/)) return ["'aa'.matchAll(new RXM('a', 'g'))", "'aa'.matchAll(new RXI('a', 'g'))"];
  if (on(/^%IteratorPrototype%/)) return ['[H_toJSON].values()', '(() => { const g = GEN(); return g; })()'];
  if (on(/^%AsyncIteratorPrototype%/)) return ['AGEN()'];
  if (on(/^Function\.prototype\./)) return ['CB', 'CT', 'CBS'];
  if (on(/^Error\.prototype\./)) return ["new Error('m')"];
  if (on(/^Number\.prototype\./)) return ['1'];
  if (on(/^Boolean\.prototype\./)) return ['true'];
  if (on(/^BigInt\.prototype\./)) return ['1n'];
  if (on(/^Symbol\.prototype\./)) return ["Symbol('s')"];
  if (on(/^Buffer\.prototype\./)) return ["Buffer.from('ab')"];
  if (on(/^Uint8Array\.prototype/)) return ['new Uint8Array(2)'];
  if (on(/^ArrayBuffer\.prototype/)) return ['new ArrayBuffer(2)'];
  if (on(/^SharedArrayBuffer\.prototype/)) return ['new SharedArrayBuffer(2)'];
  if (on(/^DataView\.prototype/)) return ['new DataView(new ArrayBuffer(2))'];
  const intl = /^Intl\.(\w+)\.prototype\./.exec(n);
  if (intl) return [intl[1] === 'Locale' ? "new Intl.Locale('en')" : intl[1] === 'DisplayNames' ? "new Intl.DisplayNames('en', { type: 'region' })" : `new Intl.${intl[1]}('en')`];
  const proto = /^(\w+)\.prototype\./.exec(n);
  if (proto) return [`new ${proto[1]}()`];
  if (b.owner) return [b.owner];
  return ['undefined'];
}

const VARIANTS = Object.keys(HOSTILE);
const H = (v: string) => `H_${v}`;

/** Argument lists: every hostile variant alone, callbacks, regular expressions with a hostile exec, and pairs the built-ins' signatures take. */
function argumentLists(): string[][] {
  const lists: string[][] = [[], ['1'], ["'a'"], ['CB'], ['CBS'], ['CT'], ["new RXG('a')"], ["new RXM('a')"], ["new RXM('a', 'g')"], ["new RXI('a')"]];
  for (const v of VARIANTS) lists.push([H(v)]);
  for (const cb of ['CB', 'CBS']) lists.push(["'a'", cb], ["new RXM('a')", cb], ["new RXM('a', 'g')", cb], [H('iterator'), cb], ['[H_toJSON, 2]', cb], [cb, H('toJSON')], ['1', cb]);
  for (const v of ['toString', 'toJSON', 'then', 'iterator', 'value', 'cause', 'idx0', 'exec', 'replace']) lists.push(["'a'", H(v)], ['{}', H(v)], ['1', H(v)]);
  lists.push(['[H_toJSON]'], ['[[H_toJSON]]'], ['0', '1', H('toJSON')], ['0', H('toJSON')], ["'m'", H('cause')], ['[H_toJSON]', "'m'"], [H('toJSON'), H('toJSON')]);
  return lists;
}
const ARGUMENT_LISTS = argumentLists();
/** The arguments a hostile receiver is tried with. */
const RECEIVER_ARGS: string[][] = [[], ['1'], ["'a'"], ['CB'], ['CBS'], ["'a'", 'CB'], ['0', '1']];

/** A probe body: the declarations it names, the call, what code reads of the result, the return. */
function body(b: SummarizedBuiltin, call: string, names: string): string {
  const awaited = /Promise|Async|fromAsync/.test(b.name);
  const decls: string[] = ['const G = globalThis;', 'const leak = [];'];
  const hostile = VARIANTS.filter((v) => new RegExp(`\\b${H(v)}\\b`).test(names)).map((v) => `const ${H(v)} = ${hostileLiteral(v)};`);
  const text = [names, ...hostile].join('\n');
  for (const d of DECL_ORDER) if (new RegExp(`\\b${d}\\b`).test(text)) decls.push(DECLS[d]);
  decls.push(...hostile);
  return [...decls, `const r = ${awaited ? 'await ' : ''}${call};`, POKE, 'return [{ json: { r, p, leak } }];'].join('\n');
}

/** Built-ins summarized as giving primitives (by the table's own rules in buildSummaries): a smaller probe set. */
export const LIGHT = /^(Math\.|Number\.|Date\.(now|parse|UTC)|Date\.prototype\.(get|set|to(?!JSON)|valueOf)|String\.prototype\.(?!(split|replace|replaceAll|match|matchAll|search|@@iterator)$)|String\.(fromCharCode|fromCodePoint)|Boolean\.prototype|BigInt\.prototype|Symbol\.|Buffer\.|Intl\.|RegExp\.(?!prototype)|[a-z]\w*$)/;
/** Per built-in, the first probes of the priority order are run (the test's time budget). */
export const PROBE_CAP = { full: 130, light: 24 };

/** The probes of one built-in, most telling first, capped. */
export function probesFor(b: SummarizedBuiltin): Probe[] {
  const out: Probe[] = [];
  const add = (label: string, call: string) => out.push({ builtin: b.name, label, body: body(b, call, call) });
  const natural = naturalReceivers(b);
  const light = LIGHT.test(b.name) || b.kind !== 'call';
  const cap = light ? PROBE_CAP.light : PROBE_CAP.full;
  if (b.kind === 'get') {
    for (const recv of [b.expr, ...natural.filter((r) => r !== b.expr)]) add(`${recv}[${b.key}]`, `(${recv})[${b.key}]`);
    for (const v of VARIANTS) add(`{ __proto__: ${b.expr}, H_${v} }[${b.key}]`, `(${hostileLiteral(v, b.expr)})[${b.key}]`);
    return out.slice(0, cap);
  }
  if (b.kind === 'set') {
    for (const args of ARGUMENT_LISTS.filter((a) => a.length === 1)) add(`${b.expr}[${b.key}] = ${args[0]}`, `(() => { const o = { __proto__: ${b.expr} }; o[${b.key}] = ${args[0]}; return o; })()`);
    return out.slice(0, cap);
  }
  const fn = `(${b.expr})`;
  const callWith = (recv: string, args: string[], label = recv) => add(`${label} . (${args.join(', ')})`, `${fn}.call(${[recv, ...args].join(', ')})`);
  const hostileReceivers = [...VARIANTS.map(H), 'CT', '[H_toJSON]'];
  const lists = light ? ARGUMENT_LISTS.slice(0, 24) : ARGUMENT_LISTS;
  if (!light) for (const recv of hostileReceivers) callWith(recv, []);
  for (const args of lists) callWith(natural[0], args);
  if (b.construct) for (const args of lists.slice(0, 20)) add(`new (${args.join(', ')})`, `new ${fn}(${args.join(', ')})`);
  if (light) for (const recv of hostileReceivers) callWith(recv, []);
  for (const recv of natural.slice(1)) for (const args of lists) callWith(recv, args);
  for (const recv of hostileReceivers) for (const args of RECEIVER_ARGS.slice(1)) callWith(recv, args);
  return out.slice(0, cap);
}

// --- the concrete side --------------------------------------------------------------------------

export interface Concrete {
  /** What the result held: 'global object', 'Function', ... (empty: nothing). */
  obtained: string[];
  error?: string;
}

const MAX_DEPTH = 8;

/**
 * Runs probe bodies in one vm context built like n8n's (its prelude, the wrapper
 * `async function VmCodeWrapper() {...}()`), with the vm timeout on the synchronous part and a short
 * wait for the promise, and walks what each returns (bounded, without running getters) for the
 * context's global object, the runner realm's, and the code compilers. The runner realm's timers are
 * replaced by ones cleared after each probe.
 */
export class FastRunner {
  private readonly context: vm.Context;
  private readonly capabilities: Map<unknown, string>;
  private readonly timers = new Set<any>();

  constructor() {
    const track =
      (set: (...a: any[]) => any) =>
      (...a: any[]) => {
        const t = set(...a);
        this.timers.add(t);
        return t;
      };
    this.context = makeContext({
      setTimeout: track(setTimeout),
      setInterval: track(setInterval),
      setImmediate: track(setImmediate),
    });
    const realm = vm.runInContext(
      '({ global: globalThis, Function, eval, AsyncFunction: (async function () {}).constructor, GeneratorFunction: (function* () {}).constructor, AsyncGeneratorFunction: (async function* () {}).constructor })',
      this.context,
    );
    this.capabilities = new Map<unknown, string>([
      [realm.global, 'global object'],
      [this.context, 'global object'],
      [globalThis, 'host global object'],
      [process, 'host process'],
      [realm.Function, 'Function'],
      [realm.eval, 'eval'],
      [realm.AsyncFunction, 'AsyncFunction'],
      [realm.GeneratorFunction, 'GeneratorFunction'],
      [realm.AsyncGeneratorFunction, 'AsyncGeneratorFunction'],
      [Function, 'host Function'],
    ]);
  }

  /** Runs many bodies, compiled in one script (each its own VmCodeWrapper function). */
  async runAll(codes: string[], timeoutMs = 50): Promise<Concrete[]> {
    let fns: Array<() => unknown>;
    try {
      fns = vm.runInContext(`[${codes.map((c) => `async function VmCodeWrapper() {${c}\n}`).join(',\n')}]`, this.context, { timeout: 2000 });
    } catch {
      return Promise.all(codes.map((c) => this.run(c, timeoutMs)));
    }
    const out: Concrete[] = [];
    for (const fn of fns) out.push(await this.settle(() => fn(), timeoutMs));
    return out;
  }

  async run(code: string, timeoutMs = 50): Promise<Concrete> {
    return this.settle(() => vm.runInContext(`${PRELUDE_FREE}module.exports = async function VmCodeWrapper() {${code}\n}()`, this.context, { timeout: timeoutMs }), timeoutMs);
  }

  private async settle(start: () => unknown, timeoutMs: number): Promise<Concrete> {
    let result: unknown;
    let error: string | undefined;
    try {
      const promise = start();
      let timer: any;
      result = await Promise.race([
        Promise.resolve(promise),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
      ]).finally(() => clearTimeout(timer));
      Promise.resolve(promise).catch(() => {});
    } catch (e) {
      error = (() => {
        try {
          return String((e as any)?.message ?? e);
        } catch {
          return 'error';
        }
      })();
    }
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
      clearImmediate(t);
    }
    this.timers.clear();
    if (error !== undefined) return { obtained: [], error };
    return { obtained: this.inspect(result) };
  }

  private inspect(root: unknown): string[] {
    const found = new Set<string>();
    const visited = new Set<unknown>();
    let budget = 20000;
    const walk = (value: unknown, depth: number): void => {
      if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
      const label = this.capabilities.get(value);
      if (label !== undefined) {
        found.add(label);
        return;
      }
      if (depth >= MAX_DEPTH || visited.has(value) || --budget < 0) return;
      visited.add(value);
      if (ArrayBuffer.isView(value)) return;
      let keys: PropertyKey[] = [];
      try {
        keys = Reflect.ownKeys(value);
      } catch {}
      for (const key of keys) {
        let d: PropertyDescriptor | undefined;
        try {
          d = Reflect.getOwnPropertyDescriptor(value, key);
        } catch {
          continue;
        }
        if (!d) continue;
        if ('value' in d) walk(d.value, depth + 1);
        else {
          walk(d.get, depth + 1);
          walk(d.set, depth + 1);
        }
      }
      try {
        for (const [k, v] of Map.prototype.entries.call(value)) {
          walk(k, depth + 1);
          walk(v, depth + 1);
        }
      } catch {}
      try {
        for (const v of Set.prototype.values.call(value)) walk(v, depth + 1);
      } catch {}
    };
    walk(root, 0);
    return [...found];
  }
}
/** The prelude already ran when the context was made; each probe only declares `module` again, as the wrapper's script does. */
const PRELUDE_FREE = 'var module = { exports: {} }; ';
