// Built-in summaries: per built-in function of the snapshot (by canonical name, either realm), what
// it returns and what it calls. A built-in without an entry is taken to call every function its
// receiver and arguments reach and to return any of them (Engine.unsummarized). The implicit calls a
// built-in makes (a callback, a species constructor, a replacer, toJSON, Symbol.replace of its
// argument, then of a thenable, ...) go through the engine's operations, so they are checked like
// the code's own calls.
import type { Engine, Summary } from './engine.js';
import { BIGINT, BOOL, NUM, STR, SYM, UNDEF, type AbstractObject, type VSet, isObjectValue, isStringValue, objectOf, ownKey, STRING_INDEX, wellKnownSymbol, WELL_KNOWN_SYMBOLS, type Args, tailOf } from './heap.js';

type C = Parameters<Summary>[1];
const set = (...v: number[]) => new Set(v);
const union = (...sets: Iterable<number>[]) => {
  const out = new Set<number>();
  for (const s of sets) for (const v of s) out.add(v);
  return out;
};
const arg = (c: C, i: number): VSet => c.args[i] ?? tailOf(c.args) ?? set(UNDEF);
const PRIMS = () => set(STR, NUM, BOOL, UNDEF, BIGINT);
/** A built-in of both realms by its name (the sandbox's and the runner's), as a set of ids. */
const bothRealms = (e: Engine, name: string) => new Set([e.graph.byName.get(name), e.graph.byName.get(`host:${name}`)]);

/**
 * Coerces every argument (and the receiver) and gives the primitive types listed; constructed (`new
 * Number(1)`), a wrapper object of the constructor's prototype, which keeps what the code stores on it.
 */
const primitive = (...result: number[]): Summary => (e, c) => {
  for (const a of c.args) e.coerce(a, c.site);
  return c.isNew ? union(result, [instanceOf(e, c, 'a wrapper object')]) : new Set(result);
};

/** A fresh object of the site whose prototype is the constructed built-in's `prototype`. */
function instanceOf(e: Engine, c: C, label: string): number {
  const proto = [...e.get(set(c.fn.id), 'prototype', c.site)].find(isObjectValue);
  return e.fresh(c.site, `instance:${c.fn.id}`, proto ?? 'Object.prototype', label).id;
}
const elementsOf = (e: Engine, c: C, values: VSet = c.self) => e.get(values, '#', c.site);
const callback = (e: Engine, c: C, fn: VSet, self: VSet, args: VSet[]) => e.call(fn, self, args, { ...c.site, text: `the callback of ${c.fn.label}` }, false, true);
/**
 * A receiver a built-in hands on (call, apply and bind's first argument, a callback's thisArg): what the code
 * gave, and undefined whatever the analysis knows of it. A value the analysis holds as defined may be
 * undefined at run time (a variable declared without one, a string index out of range, a hole, a function
 * that returns nothing, a spread of an empty string, a missing argument list), and a sloppy function then
 * runs with the global object as `this` (round 23).
 */
const thisArgOf = (c: C, i: number): VSet => union(arg(c, i), [UNDEF]);

/** ArraySpeciesCreate: receiver.constructor[Symbol.species] constructs the result; a fresh array when it is Array. */
function speciesArray(e: Engine, c: C, elements: VSet, tag = 'species'): VSet {
  const site = { ...c.site, text: `the species constructor of the receiver of ${c.fn.label}` };
  const constructors = e.get(c.self, 'constructor', site);
  const species = e.get(constructors, '@@species', site);
  const out = set(e.freshArray(c.site, tag, elements));
  const arrayCtor = bothRealms(e, 'Array');
  const own = [...species].filter((s) => isObjectValue(s) && !arrayCtor.has(s));
  if (own.length) {
    const made = e.call(own, set(), [set(NUM)], site, true, true);
    e.put(made, '#', elements, site);
    for (const m of made) out.add(m);
  }
  return out;
}

/** Array.of / Array.from construct their receiver when it is a constructor other than Array (a subclass), then store the elements into it. */
function constructWith(e: Engine, c: C, elements: VSet): VSet {
  const out = set(e.freshArray(c.site, 'from', elements));
  const arrays = bothRealms(e, 'Array');
  const own = [...c.self].filter((s) => isObjectValue(s) && !arrays.has(s));
  if (own.length) {
    const made = e.call(own, set(), [set(NUM)], { ...c.site, text: `the receiver of ${c.site.text}` }, true, true);
    e.put(made, '#', elements, c.site);
    for (const m of made) out.add(m);
  }
  return out;
}

const iteratorOf = (e: Engine, c: C, elements: Iterable<number>, tag = 'iterator', proto = '%ArrayIteratorPrototype%') => {
  const it = e.fresh(c.site, tag, proto, 'an iterator');
  e.heap.join(e.heap.slot(it, '%elems'), elements);
  return set(it.id);
};
const pair = (e: Engine, c: C, tag: string, a: Iterable<number>, b: Iterable<number>) => {
  const p = e.fresh(c.site, tag, 'Array.prototype', 'an entry');
  e.heap.join(e.heap.prop(p, '0'), a);
  e.heap.join(e.heap.prop(p, '1'), b);
  e.heap.add(e.heap.prop(p, 'length'), NUM);
  return p.id;
};
/** Own keys of each value (Object.keys, entries): of an object o "an own key of o", which reads only o's own properties from o; of a string, an index. */
const ownKeys = (values: VSet) => [...values].flatMap((v) => (isObjectValue(v) ? [ownKey(objectOf(v))] : isStringValue(v) ? [STRING_INDEX] : []));

const arrayCallback = (result: (e: Engine, c: C, elements: VSet, returned: VSet) => VSet): Summary => (e, c) => {
  const elements = elementsOf(e, c);
  const returned = callback(e, c, arg(c, 0), thisArgOf(c, 1), [elements, set(NUM), c.self]);
  return result(e, c, elements, returned);
};

const ARRAY: Record<string, Summary> = {
  forEach: arrayCallback(() => set(UNDEF)),
  some: arrayCallback(() => set(BOOL)),
  every: arrayCallback(() => set(BOOL)),
  find: arrayCallback((e, c, el) => union(el, [UNDEF])),
  findLast: arrayCallback((e, c, el) => union(el, [UNDEF])),
  findIndex: arrayCallback(() => set(NUM)),
  findLastIndex: arrayCallback(() => set(NUM)),
  filter: arrayCallback((e, c, el) => speciesArray(e, c, el)),
  map: arrayCallback((e, c, el, ret) => speciesArray(e, c, ret)),
  flatMap: arrayCallback((e, c, el, ret) => speciesArray(e, c, union(ret, e.get(ret, '#', c.site)))),
  reduce: (e, c) => reduce(e, c),
  reduceRight: (e, c) => reduce(e, c),
  join: (e, c) => {
    e.coerce(elementsOf(e, c), c.site);
    e.coerce(arg(c, 0), c.site);
    return set(STR);
  },
  toString: (e: Engine, c: C) => e.invokeMethod(c.self, 'join', [], c.site),
  toLocaleString: (e: Engine, c: C) => {
    // ECMA-402: each element's toLocaleString is called with the locales and options given (round 25).
    e.invokeMethod(elementsOf(e, c), 'toLocaleString', [arg(c, 0), arg(c, 1)], c.site);
    return set(STR);
  },
  push: (e, c) => {
    e.put(c.self, '#', union(...c.args), c.site);
    return set(NUM);
  },
  // unshift, shift, splice and sort move the elements between indexes in place: every element may land at every index.
  unshift: (e, c) => {
    e.put(c.self, '#', union(elementsOf(e, c), ...c.args), c.site);
    return set(NUM);
  },
  pop: (e, c) => union(elementsOf(e, c), [UNDEF]),
  shift: (e, c) => {
    const elements = elementsOf(e, c);
    e.put(c.self, '#', elements, c.site);
    return union(elements, [UNDEF]);
  },
  at: (e, c) => union(elementsOf(e, c), [UNDEF]),
  slice: (e, c) => speciesArray(e, c, elementsOf(e, c)),
  splice: (e, c) => {
    const elements = elementsOf(e, c);
    e.put(c.self, '#', union(elements, ...c.args.slice(2)), c.site);
    return speciesArray(e, c, elements);
  },
  // Each of the receiver and the arguments is either spread (an array, or @@isConcatSpreadable) or put whole: both are possible.
  concat: (e, c) => {
    const all = union(c.self, ...c.args);
    e.get(all, '@@isConcatSpreadable', c.site);
    return speciesArray(e, c, union(all, e.get(all, '#', c.site)));
  },
  flat: (e, c) => {
    const el = elementsOf(e, c);
    return speciesArray(e, c, union(el, e.get(el, '#', c.site), e.get(e.get(el, '#', c.site), '#', c.site)));
  },
  toSorted: (e, c) => sort(e, c, set(e.freshArray(c.site, 'sorted', elementsOf(e, c)))),
  toReversed: (e, c) => set(e.freshArray(c.site, 'reversed', elementsOf(e, c))),
  toSpliced: (e, c) => set(e.freshArray(c.site, 'spliced', union(elementsOf(e, c), ...c.args.slice(2)))),
  with: (e, c) => set(e.freshArray(c.site, 'with', union(elementsOf(e, c), arg(c, 1)))),
  sort: (e, c) => {
    e.put(c.self, '#', elementsOf(e, c), c.site);
    return sort(e, c, c.self);
  },
  // Reverses in place: every element may land at every index.
  reverse: (e, c) => {
    e.put(c.self, '#', elementsOf(e, c), c.site);
    return c.self;
  },
  fill: (e, c) => {
    e.put(c.self, '#', arg(c, 0), c.site);
    return c.self;
  },
  copyWithin: (e, c) => {
    e.put(c.self, '#', elementsOf(e, c), c.site);
    return c.self;
  },
  includes: () => set(BOOL),
  indexOf: () => set(NUM),
  lastIndexOf: () => set(NUM),
  keys: (e, c) => iteratorOf(e, c, [NUM]),
  values: (e, c) => iteratorOf(e, c, elementsOf(e, c)),
  '@@iterator': (e, c) => iteratorOf(e, c, elementsOf(e, c)),
  entries: (e, c) => iteratorOf(e, c, [pair(e, c, 'entry', [NUM], elementsOf(e, c))]),
};

function reduce(e: Engine, c: C): VSet {
  const elements = elementsOf(e, c);
  // The initial value when one is given (a spread may give one), else the first element.
  const tail: VSet | undefined = tailOf(c.args);
  const acc = c.args.length > 1 ? c.args[1] : tail ? union(tail, elements) : elements;
  const heap = e.heap;
  const accumulator = heap.slot(e.fresh(c.site, 'reduce', undefined, 'an accumulator'), '%acc');
  heap.join(accumulator, acc);
  const returned = callback(e, c, arg(c, 0), set(UNDEF), [new Set(accumulator), elements, set(NUM), c.self]);
  heap.join(accumulator, returned);
  return new Set(accumulator);
}

function sort(e: Engine, c: C, result: VSet): VSet {
  const elements = elementsOf(e, c);
  const compare = arg(c, 0);
  if ([...compare].some((v) => v === UNDEF)) e.coerce(elements, c.site);
  callback(e, c, compare, set(UNDEF), [elements, elements]);
  return result;
}

/** Own values of objects (Object.values, entries, assign's sources): getters run; a built-in's enumerable keys only. */
function ownValues(e: Engine, values: VSet, c: C): VSet {
  const out = new Set<number>();
  for (const v of values) {
    if (isStringValue(v)) out.add(STR);
    if (!isObjectValue(v)) continue;
    const o = e.heap.object(v);
    for (const k of e.heap.ownEnumerableKeys(o)) for (const w of e.get([v], k, c.site)) out.add(w);
    for (const w of e.heap.ownEnumerableAtRunTimeKeys(o)) out.add(w);
  }
  return out;
}

function assign(e: Engine, c: C): VSet {
  const target = arg(c, 0);
  for (const source of c.args.slice(1)) {
    for (const v of source) {
      if (!isObjectValue(v)) continue;
      const o = e.heap.object(v);
      for (const k of e.heap.ownEnumerableKeys(o)) e.put(target, k, e.get([v], k, c.site), c.site);
      if (o.dyn.size) e.put(target, undefined, new Set(e.heap.ownEnumerableAtRunTimeKeys(o)), c.site);
    }
  }
  return target;
}

/**
 * What a built-in of the runner's realm made that the analysis does not model member by member (Intl's
 * parts, options, segments, locales): a fresh object of the site, an array and an object at once, whose
 * every member is itself or a primitive and whose every method gives itself or a primitive. It keeps what
 * the code writes to it, as any object of the site does.
 */
function freshData(e: Engine, c: C, tag: string): number {
  return opaqueObject(e, `${c.site.tag}:${tag}`, 'an object a built-in made', ['Object.prototype', 'Array.prototype'], [], 'opaque-data').id;
}

/**
 * The one object under `siteKey` of what the analysis does not model member by member: callable, every
 * member is itself or a primitive (or what `holds` adds), and a call of it is unsummarized (model 'opaque'),
 * or, for data a built-in made ('opaque-data': Intl's parts, options, segments, locales, which are arrays
 * and plain objects of data whose methods are their prototypes', summarized there), unsummarized but for
 * storing: no member of such data keeps what it is handed.
 */
function opaqueObject(e: Engine, siteKey: string, label: string, protos: string[], holds: Iterable<number> = [], model: 'opaque' | 'opaque-data' = 'opaque'): AbstractObject {
  const o = e.heap.site(siteKey, () => {
    const x = e.heap.create('site', label, protos.map((p) => e.builtin(p)), true);
    x.model = model;
    return x;
  });
  e.heap.join(o.dyn, [o.id, STR, NUM, BOOL, UNDEF, ...holds]);
  return o;
}


const freshObject = (e: Engine, c: C, tag: string, dyn: Iterable<number>, proto = 'Object.prototype') => {
  const o = e.fresh(c.site, tag, proto, 'an object a built-in made');
  e.heap.join(o.dyn, dyn);
  return o;
};

/**
 * ToObject of each value, as `Object(v)` and `Object.prototype.valueOf` do it: an object is itself;
 * undefined and null give a fresh plain object (Object's own case); a primitive gives a wrapper object of
 * the site, whose prototype is the one the primitive is boxed with in the called function's realm
 * (String.prototype for a string: its methods, their constructor, what the code stored on them), and
 * which keeps what the code stores on it. A plain object there would read none of them (round 27).
 */
function toObject(e: Engine, c: C, values: VSet, nullish: 'fresh' | 'none'): VSet {
  const out = set();
  for (const v of values) {
    if (isObjectValue(v)) {
      out.add(v);
      continue;
    }
    const sandboxProto = e.heap.receiverObject(v, e.graph.prototypes);
    if (sandboxProto === undefined) {
      if (nullish === 'fresh') out.add(freshObject(e, c, 'object', []).id);
      continue;
    }
    // The runner realm's Object (or valueOf) boxes with the runner realm's prototypes.
    const proto = c.fn.path?.startsWith('host:') ? (e.graph.byName.get(`host:${e.heap.object(sandboxProto).path}`) ?? sandboxProto) : sandboxProto;
    const wrapper = e.fresh(c.site, `wrapper:${proto}`, proto, 'a wrapper object');
    if (isStringValue(v)) {
      e.heap.join(e.heap.prop(wrapper, '#'), [STR]);
      e.heap.add(e.heap.prop(wrapper, 'length'), NUM);
    }
    out.add(wrapper.id);
  }
  return out;
}

const OBJECT: Record<string, Summary> = {
  keys: (e, c) => set(e.freshArray(c.site, 'keys', ownKeys(arg(c, 0)))),
  getOwnPropertyNames: (e, c) => set(e.freshArray(c.site, 'keys', ownKeys(arg(c, 0)))),
  getOwnPropertySymbols: (e, c) => set(e.freshArray(c.site, 'keys', [SYM, ...WELL_KNOWN_SYMBOLS.map(wellKnownSymbol)])),
  values: (e, c) => set(e.freshArray(c.site, 'values', ownValues(e, arg(c, 0), c))),
  entries: (e, c) => set(e.freshArray(c.site, 'entries', [pair(e, c, 'entry', ownKeys(arg(c, 0)), ownValues(e, arg(c, 0), c))])),
  assign,
  fromEntries: (e, c) => {
    const entries = e.iterate(arg(c, 0), c.site);
    e.coerce(e.get(entries, '0', c.site), c.site);
    return set(freshObject(e, c, 'fromEntries', e.get(entries, '1', c.site)).id);
  },
  freeze: (e, c) => {
    e.put(arg(c, 0), undefined, set(), c.site);
    return arg(c, 0);
  },
  seal: (e, c) => OBJECT.freeze(e, c),
  preventExtensions: (e, c) => OBJECT.freeze(e, c),
  isFrozen: () => set(BOOL),
  isSealed: () => set(BOOL),
  isExtensible: () => set(BOOL),
  is: () => set(BOOL),
  hasOwn: (e, c) => {
    e.coerce(arg(c, 1), c.site);
    return set(BOOL);
  },
  create: (e, c) => {
    const o = e.fresh(c.site, 'create', undefined, 'an object made by Object.create');
    for (const p of arg(c, 0)) if (isObjectValue(p)) e.heap.add(o.protos, p);
    if (c.args.length > 1) {
      const descriptors = ownValues(e, arg(c, 1), c);
      e.heap.join(o.dyn, e.get(descriptors, 'value', c.site));
      e.heap.join(o.dyn, e.call(e.get(descriptors, 'get', c.site), set(o.id), [], c.site, false, true));
      e.call(e.get(descriptors, 'set', c.site), set(o.id), [PRIMS()], c.site, false, true);
    }
    return set(o.id);
  },
  groupBy: (e, c) => {
    const elements = e.iterate(arg(c, 0), c.site);
    e.coerce(callback(e, c, arg(c, 1), set(UNDEF), [elements, set(NUM)]), c.site);
    return set(freshObject(e, c, 'groupBy', [e.freshArray(c.site, 'group', elements)], 'Object.prototype').id);
  },
};

const OBJECT_PROTOTYPE: Record<string, Summary> = {
  hasOwnProperty: primitive(BOOL),
  propertyIsEnumerable: primitive(BOOL),
  isPrototypeOf: () => set(BOOL),
  toString: (e: Engine, c: C) => {
    e.get(c.self, '@@toStringTag', c.site);
    return set(STR);
  },
  toLocaleString: (e: Engine, c: C) => e.invokeMethod(c.self, 'toString', [], c.site),
  valueOf: (e: Engine, c: C) => toObject(e, c, c.self, 'none'),
};


const FUNCTION_PROTOTYPE: Record<string, Summary> = {
  call: (e, c) => e.call(c.self, thisArgOf(c, 0), withTail(c.args.slice(1), tailOf(c.args)), c.site, false),
  apply: (e, c) => {
    const list = e.get(c.args[1] ?? set(UNDEF), '#', c.site);
    return e.call(c.self, thisArgOf(c, 0), withTail([], list), c.site, false);
  },
  // The bound arguments keep their places (a built-in bound with its callback, `Array.from.bind(null, list,
  // fn)`, gets fn as its second argument); a spread among them puts every later argument anywhere after.
  // A bound function's [[Prototype]] is its target's (BoundFunctionCreate), not Function.prototype: bound
  // from a class that extends another, it inherits that class's statics (`B.bind().k` reads A.k), and
  // `class C extends B.bind()` puts them on C's chain (round 27). A Proxy target's getPrototypeOf trap would
  // run here, but Proxy is a capability of its own (reported wherever it is reached).
  bind: (e, c) => {
    const b = e.fresh(c.site, 'bound', 'Function.prototype', 'a bound function');
    b.callable = true;
    for (const t of c.self) if (isObjectValue(t)) for (const p of e.heap.object(t).protos) e.heap.add(b.protos, p);
    e.heap.join(e.heap.slot(b, '%target'), c.self);
    e.heap.join(e.heap.slot(b, '%boundThis'), thisArgOf(c, 0));
    c.args.slice(1).forEach((a, i) => e.heap.join(e.heap.slot(b, `%boundArg${i}`), a));
    const tail: VSet | undefined = tailOf(c.args);
    if (tail) e.heap.join(e.heap.slot(b, '%boundTail'), union(tail, [UNDEF]));
    return set(b.id);
  },
  toString: () => set(STR),
  '@@hasInstance': (e, c) => {
    e.get(c.self, 'prototype', c.site);
    // OrdinaryHasInstance of a bound function is `instanceof` of its target: the target's own Symbol.hasInstance is called with the value (round 25).
    const targets = new Set<number>();
    for (const f of c.self) if (isObjectValue(f)) for (const t of e.heap.object(f).slots.get('%target') ?? []) targets.add(t);
    if (targets.size > 0) e.instanceOf(arg(c, 0), targets, c.site);
    return set(BOOL);
  },
};

function withTail(args: VSet[], tail: VSet | undefined): VSet[] {
  const out: Args = [...args];
  if (tail) out.tail = tail;
  return out;
}

/** String.prototype methods that call a method of their argument (Symbol.replace, ...) when it is an object. */
const protocol = (symbol: string, result: (e: Engine, c: C) => VSet): Summary => (e, c) => {
  e.coerce(c.self, c.site);
  const out = new Set<number>(result(e, c));
  const objects = new Set([...arg(c, 0)].filter(isObjectValue));
  if (objects.size) for (const v of e.invokeMethod(objects, `@@${symbol}`, [set(STR), ...c.args.slice(1)], c.site)) out.add(v);
  const strings = new Set([...arg(c, 0)].filter((v) => !isObjectValue(v)));
  if (strings.size) e.coerce(strings, c.site);
  for (const a of c.args.slice(1)) if ([...a].some(isObjectValue)) e.coerce(callback(e, c, a, set(UNDEF), [set(STR), set(STR), set(NUM), set(STR)]), c.site);
  for (const a of c.args.slice(1)) e.coerce(a, c.site);
  return out;
};

/** The parts of a string constant split at a string constant, as constants (a path like 'meta.processed' keeps its keys); else undefined. */
function constantSplit(e: Engine, c: C): number[] | undefined {
  if (c.self.size !== 1 || c.args.length !== 1 || c.args[0].size !== 1) return undefined;
  const text = e.heap.stringOf([...c.self][0]);
  const separator = e.heap.stringOf([...c.args[0]][0]);
  if (text === undefined || separator === undefined) return undefined;
  const parts = text.split(separator);
  return parts.length <= 64 ? parts.map((part) => e.heap.stringConstant(part)) : undefined;
}

const STRING_PROTOTYPE: Record<string, Summary> = {
  split: protocol('split', (e, c) => set(e.freshArray(c.site, 'split', constantSplit(e, c) ?? [STR]))),
  replace: protocol('replace', () => set(STR)),
  replaceAll: protocol('replace', () => set(STR)),
  match: protocol('match', (e, c) => set(e.freshArray(c.site, 'match', [STR, NUM]), UNDEF)),
  matchAll: protocol('matchAll', (e, c) => iteratorOf(e, c, [e.freshArray(c.site, 'match', [STR, NUM])])),
  search: protocol('search', () => set(NUM)),
  includes: (e, c) => {
    e.get(arg(c, 0), '@@match', c.site);
    return primitive(BOOL)(e, c);
  },
  '@@iterator': (e, c) => iteratorOf(e, c, [STR]),
};
for (const m of ['startsWith', 'endsWith']) STRING_PROTOTYPE[m] = STRING_PROTOTYPE.includes;

/** RegExp methods run `this.exec` (RegExpExec), which the code may have replaced on its own regular expression: what it gives is the code's. */
function regexpExec(e: Engine, c: C, matchers: VSet = c.self): VSet {
  e.coerce(arg(c, 0), c.site);
  const results = e.invokeMethod(matchers, 'exec', [set(STR)], c.site);
  for (const key of ['0', 'index', 'length']) e.coerce(e.get(results, key, c.site), c.site);
  return results;
}

/** The regular expressions @@split and @@matchAll construct with SpeciesConstructor(rx, %RegExp%) and then exec: a fresh one, or what the code's species gives. */
function speciesMatchers(e: Engine, c: C): VSet {
  const site = { ...c.site, text: `the species constructor of ${c.site.text}` };
  const species = e.get(e.get(c.self, 'constructor', site), '@@species', site);
  const builtin = bothRealms(e, 'RegExp');
  const own = [...species].filter((s) => isObjectValue(s) && !builtin.has(s));
  const matchers = own.length ? e.call(own, set(), [c.self, set(STR)], site, true, true) : set();
  matchers.add(e.fresh(c.site, 'species-regexp', 'RegExp.prototype', 'a regular expression').id);
  return matchers;
}

const REGEXP_PROTOTYPE: Record<string, Summary> = {
  // Annex B's compile(pattern, flags) gives its receiver a new pattern and flags in place and sets its lastIndex to 0:
  // a write onto the receiver (Policy.write: onto one of luxon's cached regular expressions, a change every later task
  // parses with, round 40). Its pattern and flags are converted to strings (a regular expression handed as the pattern
  // is read by its internal slots, which converting it over-approximates).
  compile: (e, c) => {
    e.coerce(arg(c, 0), c.site);
    e.coerce(arg(c, 1), c.site);
    e.put(c.self, 'lastIndex', set(NUM), c.site);
    return c.self;
  },
  // A fresh array of strings, with `groups` and `indices`, objects the code may write to.
  exec: (e, c) => {
    e.coerce(arg(c, 0), c.site);
    const result = e.heap.object(e.freshArray(c.site, 'exec', [STR, UNDEF]));
    e.heap.join(e.heap.prop(result, 'index'), [NUM]);
    e.heap.join(e.heap.prop(result, 'input'), [STR]);
    e.heap.join(e.heap.prop(result, 'groups'), [UNDEF, freshObject(e, c, 'exec-groups', [STR, UNDEF]).id]);
    e.heap.join(e.heap.prop(result, 'indices'), [UNDEF, e.freshArray(c.site, 'exec-indices', [e.freshArray(c.site, 'exec-index-pair', [NUM]), UNDEF])]);
    return set(result.id, UNDEF);
  },
  test: (e, c) => (regexpExec(e, c), set(BOOL)),
  '@@match': (e, c) => union(regexpExec(e, c), [e.freshArray(c.site, 'match', [STR])]),
  // The iterator gives what exec of the matcher gives, as it is.
  '@@matchAll': (e, c) => iteratorOf(e, c, union(regexpExec(e, c, speciesMatchers(e, c)), [e.freshArray(c.site, 'match', [STR])])),
  // Get(result, "index"), as it is.
  '@@search': (e, c) => union(e.get(regexpExec(e, c), 'index', c.site), [NUM]),
  '@@replace': (e, c) => {
    const results = regexpExec(e, c);
    // Captures are converted to strings; result.groups goes to the replacer as it is (and its values are converted for `$<name>`).
    e.coerce(e.get(results, '#', c.site), c.site);
    const groups = e.get(results, 'groups', c.site);
    e.coerce(e.getAny(groups, c.site), c.site);
    const replacer = arg(c, 1);
    e.coerce(callback(e, c, replacer, set(UNDEF), withTail([set(STR), set(STR), set(NUM), set(STR)], union(groups, [STR, NUM]))), c.site);
    e.coerce(replacer, c.site);
    return set(STR);
  },
  // The captures of what exec of the splitter gives go into the result as they are.
  '@@split': (e, c) => set(e.freshArray(c.site, 'split', union(e.get(regexpExec(e, c, speciesMatchers(e, c)), '#', c.site), [STR, UNDEF]))),
  toString: (e: Engine, c: C) => {
    e.get(c.self, 'source', c.site);
    e.get(c.self, 'flags', c.site);
    return set(STR);
  },
};

/** JSON.stringify: toJSON, getters and a replacer of every object it walks are called. */
function stringify(e: Engine, c: C): VSet {
  const replacer = arg(c, 1);
  const seen = new Set<number>();
  const queue = [...arg(c, 0)];
  const holder = freshObject(e, c, 'holder', arg(c, 0));
  while (queue.length) {
    const v = queue.pop()!;
    if (seen.has(v) || !isObjectValue(v) || e.heap.object(v).kind === 'builtin') continue;
    seen.add(v);
    const o = e.heap.object(v);
    const next = e.invokeMethod(set(v), 'toJSON', [set(STR)], c.site);
    if (!o.callable) for (const w of union(ownValues(e, set(v), c), o.props.has('#') ? e.get([v], '#', c.site) : [])) next.add(w);
    if ([...replacer].some(isObjectValue)) for (const w of callback(e, c, replacer, set(v, holder.id), [set(STR), next])) next.add(w);
    for (const w of next) if (!seen.has(w)) queue.push(w);
  }
  e.get(replacer, '#', c.site);
  return set(STR, UNDEF);
}

function parse(e: Engine, c: C): VSet {
  e.coerce(arg(c, 0), c.site);
  const object = freshObject(e, c, 'json-object', []);
  const array = e.fresh(c.site, 'json-array', 'Array.prototype', 'an array JSON.parse made');
  const values = [object.id, array.id, STR, NUM, BOOL, UNDEF];
  e.heap.join(object.dyn, values);
  e.heap.join(e.heap.prop(array, '#'), values);
  e.heap.add(e.heap.prop(array, 'length'), NUM);
  const reviver = arg(c, 1);
  if (![...reviver].some(isObjectValue)) return new Set(values);
  const holder = freshObject(e, c, 'json-holder', values);
  // Node 24 hands the reviver a third argument, a fresh context object whose source is the value's JSON text.
  const context = freshObject(e, c, 'json-context', []);
  e.heap.join(e.heap.prop(context, 'source'), [STR, UNDEF]);
  const revived = callback(e, c, reviver, set(object.id, array.id, holder.id), [set(STR), new Set([...values, ...object.dyn]), set(context.id)]);
  e.heap.join(object.dyn, revived);
  e.heap.join(e.heap.prop(array, '#'), revived);
  e.heap.join(holder.dyn, revived);
  return new Set([...values, ...revived]);
}

/** Whether a value is a promise object (its prototype chain holds either realm's Promise.prototype). */
function isPromise(e: Engine, v: number): boolean {
  if (!isObjectValue(v)) return false;
  const protos = bothRealms(e, 'Promise.prototype');
  return e.heap.chain(v, e.graph.prototypes).some((o) => protos.has(o.id));
}

/** NewPromiseCapability(C): a fresh promise when C is Promise; a subclass is constructed with an executor whose functions the engine calls. */
function capability(e: Engine, c: C, ctors: VSet, tag: string): { promises: VSet; resolves: VSet; rejects: VSet } {
  const builtin = bothRealms(e, 'Promise');
  const p = e.fresh(c.site, `promise:${tag}`, 'Promise.prototype', 'a promise');
  const out = { promises: set(p.id), resolves: set(e.resolvingFunction(p, c.site)), rejects: set(e.rejectingFunction(c.site)) };
  const own = [...ctors].filter((s) => isObjectValue(s) && !builtin.has(s));
  if (own.length) {
    const executor = e.heap.site(`${c.site.tag}:executor:${tag}`, () => {
      const x = e.heap.create('site', 'a promise capability executor', [e.builtin('Function.prototype')], true);
      x.model = 'executor';
      return x;
    });
    for (const v of e.call(own, set(), [set(executor.id)], { ...c.site, text: `the promise subclass of ${c.site.text}` }, true, true)) out.promises.add(v);
    for (const v of executor.slots.get('%resolve') ?? []) out.resolves.add(v);
    for (const v of executor.slots.get('%reject') ?? []) out.rejects.add(v);
  }
  return out;
}

function settle(e: Engine, c: C, cap: ReturnType<typeof capability>, values: VSet): VSet {
  e.call(cap.resolves, set(UNDEF), [values], c.site, false, true);
  e.call(cap.rejects, set(UNDEF), [e.thrown], c.site, false, true);
  return cap.promises;
}

const settledValues = (e: Engine, c: C, promises: VSet) => e.awaitValue(promises, c.site);

const PROMISE: Record<string, Summary> = {
  'Promise.prototype.then': (e, c) => {
    const site = { ...c.site, text: `the species constructor of ${c.site.text}` };
    const species = e.get(e.get(c.self, 'constructor', site), '@@species', site);
    const cap = capability(e, c, species, 'then');
    const value = union(...[...c.self].filter(isObjectValue).map((p) => e.heap.object(p).slots.get('%value') ?? set()));
    const onFulfilled = arg(c, 0);
    const onRejected = arg(c, 1);
    const results = union(callback(e, c, onFulfilled, set(UNDEF), [value]), callback(e, c, onRejected, set(UNDEF), [e.thrown]));
    if ([...onFulfilled].some((v) => !isObjectValue(v))) for (const v of value) results.add(v);
    return settle(e, c, cap, results);
  },
  'Promise.prototype.catch': (e, c) => e.invokeMethod(c.self, 'then', [set(UNDEF), arg(c, 0)], c.site),
  // then(thenFinally, catchFinally): each calls onFinally, awaits what it gives, then passes the receiver's value (or reason) on.
  'Promise.prototype.finally': (e, c) => {
    e.awaitValue(callback(e, c, arg(c, 0), set(UNDEF), []), c.site);
    const value = union(...[...c.self].filter(isObjectValue).map((p) => e.heap.object(p).slots.get('%value') ?? set()));
    return union(e.invokeMethod(c.self, 'then', [arg(c, 0), arg(c, 0)], c.site), [e.promiseOf(value, c.site, 'finally')]);
  },
  Promise: (e, c) => {
    const p = e.fresh(c.site, 'promise:new', 'Promise.prototype', 'a promise');
    callback(e, c, arg(c, 0), set(UNDEF), [set(e.resolvingFunction(p, c.site)), set(e.rejectingFunction(c.site))]);
    return set(p.id);
  },
  // A promise given to it is given back as it is (when its constructor is the receiver: any promise, here).
  'Promise.resolve': (e, c) => union(settle(e, c, capability(e, c, c.self, 'resolve'), arg(c, 0)), [...arg(c, 0)].filter((v) => isPromise(e, v))),
  'Promise.reject': (e, c) => {
    e.heap.join(e.thrown, arg(c, 0));
    return settle(e, c, capability(e, c, c.self, 'reject'), set(UNDEF));
  },
  'Promise.withResolvers': (e, c) => {
    const cap = capability(e, c, c.self, 'withResolvers');
    const o = e.fresh(c.site, 'withResolvers', 'Object.prototype', 'an object');
    e.heap.join(e.heap.prop(o, 'promise'), cap.promises);
    e.heap.join(e.heap.prop(o, 'resolve'), cap.resolves);
    e.heap.join(e.heap.prop(o, 'reject'), cap.rejects);
    return set(o.id);
  },
  'Promise.try': (e, c) => settle(e, c, capability(e, c, c.self, 'try'), callback(e, c, arg(c, 0), set(UNDEF), c.args.slice(1))),
};
for (const name of ['all', 'allSettled', 'race', 'any']) {
  PROMISE[`Promise.${name}`] = (e, c) => {
    const elements = e.iterate(arg(c, 0), c.site);
    const promises = e.invokeMethod(c.self, 'resolve', [elements], c.site);
    const values = settledValues(e, c, promises);
    const cap = capability(e, c, c.self, name);
    if (name === 'any') {
      const aggregate = e.fresh(c.site, 'aggregate', 'AggregateError.prototype', 'an AggregateError');
      e.heap.add(e.heap.prop(aggregate, 'errors'), e.freshArray(c.site, 'errors', e.thrown));
      e.heap.add(e.thrown, aggregate.id);
    }
    let result: VSet = values;
    if (name === 'all') result = set(e.freshArray(c.site, 'all', values));
    if (name === 'allSettled') {
      const entry = e.fresh(c.site, 'settled', 'Object.prototype', 'a settled result');
      e.heap.join(e.heap.prop(entry, 'status'), [STR]);
      e.heap.join(e.heap.prop(entry, 'value'), values);
      e.heap.join(e.heap.prop(entry, 'reason'), e.thrown);
      result = set(e.freshArray(c.site, 'allSettled', [entry.id]));
    }
    return settle(e, c, cap, result);
  };
}

/** Map.groupBy: a Map whose keys are what the callback gives (as they are) and whose values are arrays of the elements. */
function mapGroupBy(e: Engine, c: C): VSet {
  const elements = e.iterate(arg(c, 0), c.site);
  const keys = callback(e, c, arg(c, 1), set(UNDEF), [elements, set(NUM)]);
  const m = e.fresh(c.site, 'map-groupBy', 'Map.prototype', 'a Map');
  e.heap.join(e.heap.slot(m, '%keys'), keys);
  e.heap.add(e.heap.slot(m, '%values'), e.freshArray(c.site, 'group', elements));
  return set(m.id);
}

/**
 * new Map(iterable) / new Set(iterable) (and the Weak ones): each element is added by calling the new
 * object's own `set` or `add`, which a subclass may have replaced (`super(iterable)` calls the
 * subclass's). The object is the subclass's instance under `super(...)`, else a fresh one.
 */
function collection(e: Engine, c: C, kind: 'Map' | 'Set', adder: 'set' | 'add'): VSet {
  const instances = new Set([...c.self].filter(isObjectValue));
  const made = instances.size ? instances : set(e.fresh(c.site, kind.toLowerCase(), `${kind}.prototype`, `a ${kind}`).id);
  const elements = e.iterate(arg(c, 0), c.site);
  const args = kind === 'Map' ? [e.get(elements, '0', c.site), e.get(elements, '1', c.site)] : [elements];
  e.invokeMethod(made, adder, args, { ...c.site, text: `the ${adder} of ${c.site.text}` });
  return made;
}

/** Map and Set keep their entries in slots. */
const COLLECTIONS: Record<string, Summary> = {
  Map: (e, c) => collection(e, c, 'Map', 'set'),
  Set: (e, c) => collection(e, c, 'Set', 'add'),
  get: (e, c) => union(slots(e, c.self, '%values'), [UNDEF]),
  set: (e, c) => (store(e, c.self, arg(c, 0), arg(c, 1)), c.self),
  add: (e, c) => (store(e, c.self, arg(c, 0), arg(c, 0)), c.self),
  has: () => set(BOOL),
  delete: () => set(BOOL),
  clear: () => set(UNDEF),
  forEach: (e, c) => {
    callback(e, c, arg(c, 0), thisArgOf(c, 1), [slots(e, c.self, '%values'), slots(e, c.self, '%keys'), c.self]);
    return set(UNDEF);
  },
  keys: (e, c) => iteratorOf(e, c, slots(e, c.self, '%keys'), 'iterator', '%MapIteratorPrototype%'),
  values: (e, c) => iteratorOf(e, c, slots(e, c.self, '%values'), 'iterator', '%MapIteratorPrototype%'),
  entries: (e, c) => iteratorOf(e, c, [pair(e, c, 'entry', slots(e, c.self, '%keys'), slots(e, c.self, '%values'))], 'iterator', '%MapIteratorPrototype%'),
};
COLLECTIONS['@@iterator'] = (e, c) => {
  const isMap = [...c.self].some((v) => isObjectValue(v) && e.heap.object(v).protos.has(e.builtin('Map.prototype')));
  return isMap ? COLLECTIONS.entries(e, c) : COLLECTIONS.values(e, c);
};
const slots = (e: Engine, values: VSet, name: string) => union(...[...values].filter(isObjectValue).map((v) => e.heap.object(v).slots.get(name) ?? set()));
function store(e: Engine, targets: VSet, keys: VSet, values: VSet): void {
  for (const t of targets) {
    if (!isObjectValue(t)) continue;
    const o = e.heap.object(t);
    if (o.kind === 'builtin') continue;
    e.heap.join(e.heap.slot(o, '%keys'), keys);
    e.heap.join(e.heap.slot(o, '%values'), values);
  }
}

/** next() of the engine's iterators (arrays, maps, sets, strings, matchAll) and of generators. */
function iteratorNext(e: Engine, c: C): VSet {
  const result = e.fresh(c.site, 'iter-result', 'Object.prototype', 'an iterator result');
  e.heap.add(e.heap.prop(result, 'done'), BOOL);
  const value = e.heap.prop(result, 'value');
  e.heap.add(value, UNDEF);
  for (const v of c.self) {
    if (!isObjectValue(v)) continue;
    const o = e.heap.object(v);
    e.heap.join(value, o.slots.get('%elems') ?? []);
    for (const g of o.slots.get('%generator') ?? []) {
      const fn = e.heap.object(g);
      e.heap.join(value, fn.slots.get('%yield') ?? []);
      e.heap.join(value, fn.fn?.returns ?? []);
      e.heap.join(e.heap.slot(fn, '%sent'), arg(c, 0));
    }
  }
  return set(result.id);
}

/**
 * next, return and throw of an iterator or generator: return(v) completes with v as the result's value
 * (a finally block may run first), throw(v) throws v at the paused yield (a catch clause in the generator gets it).
 */
function resumption(member: 'next' | 'return' | 'throw', isAsync: boolean): Summary {
  return (e, c) => {
    const result = iteratorNext(e, c);
    if (member === 'return') for (const r of result) e.heap.join(e.heap.prop(e.heap.object(r), 'value'), arg(c, 0));
    if (member === 'throw') e.heap.join(e.thrown, arg(c, 0));
    if (!isAsync) return result;
    // An async generator awaits what it returns (a `return` in its body or in a finally, the value given to return(v)) and what it yields.
    for (const r of result) {
      const value = e.heap.prop(e.heap.object(r), 'value');
      e.heap.join(value, e.awaitValue(new Set(value), c.site));
    }
    return set(e.promiseOf(result, c.site, 'async-next'));
  };
}

/** Iterator helpers (Node 24): callbacks get what the receiver's next() gives, and closing it calls its return(). */
const iteratorHelper = (kind: 'iterator' | 'value' | 'array' | 'reduce'): Summary => (e, c) => {
  const values = e.get(e.invokeMethod(c.self, 'next', [], c.site), 'value', c.site);
  e.invokeMethod(c.self, 'return', [], c.site);
  if (kind === 'reduce') {
    const acc = e.heap.slot(e.fresh(c.site, 'reduce', undefined, 'an accumulator'), '%acc');
    e.heap.join(acc, union(values, c.args[1] ?? set()));
    e.heap.join(acc, callback(e, c, arg(c, 0), set(UNDEF), [new Set(acc), values, set(NUM)]));
    return new Set(acc);
  }
  const returned = [...arg(c, 0)].some(isObjectValue) ? callback(e, c, arg(c, 0), set(UNDEF), [values, set(NUM), values]) : set();
  if (kind === 'array') return set(e.freshArray(c.site, 'toArray', values));
  if (kind === 'value') return union(values, returned, arg(c, 1), [UNDEF, BOOL]);
  return iteratorOf(e, c, union(values, returned, e.iterate(returned, c.site)), 'helper', '%ArrayIteratorPrototype%');
};

function errorConstructor(e: Engine, c: C): VSet {
  const proto = e.get(set(c.fn.id), 'prototype', c.site);
  const err = e.fresh(c.site, `error:${c.fn.id}`, [...proto].find(isObjectValue), 'an error');
  e.coerce(arg(c, 0), c.site);
  e.heap.join(e.heap.prop(err, 'message'), [STR]);
  e.heap.join(e.heap.prop(err, 'stack'), [STR]);
  e.heap.join(e.heap.prop(err, 'cause'), e.get(c.args[1] ?? set(UNDEF), 'cause', c.site));
  if (c.fn.label.endsWith('AggregateError')) e.heap.add(e.heap.prop(err, 'errors'), e.freshArray(c.site, 'errors', e.iterate(arg(c, 0), c.site)));
  // new SuppressedError(error, suppressed, message) keeps its first two arguments as they are.
  if (c.fn.label.endsWith('SuppressedError')) {
    e.heap.join(e.heap.prop(err, 'error'), arg(c, 0));
    e.heap.join(e.heap.prop(err, 'suppressed'), arg(c, 1));
    e.coerce(arg(c, 2), c.site);
  }
  for (const t of c.self) if (isObjectValue(t) && e.heap.object(t).kind === 'site') for (const key of ['message', 'stack', 'cause']) e.heap.join(e.heap.prop(e.heap.object(t), key), e.heap.prop(err, key));
  return set(err.id);
}

/** The code's sloppy functions made so far, found once each (the heap only grows). */
const sloppySeen = new WeakMap<Engine['heap'], { scanned: number; found: AbstractObject[] }>();
function sloppyFunctions(e: Engine): AbstractObject[] {
  let known = sloppySeen.get(e.heap);
  if (!known) sloppySeen.set(e.heap, (known = { scanned: 0, found: [] }));
  const objects = e.heap.allObjects();
  for (; known.scanned < objects.length; known.scanned++) {
    const o = objects[known.scanned];
    if (o.fn && !o.fn.strict) known.found.push(o);
  }
  return known.found;
}

/** Whether a receiver may be a sloppy function of the code (what the caller and arguments getters answer for). */
const hasSloppyReceiver = (e: Engine, c: C) => [...c.self].some((v) => isObjectValue(v) && e.heap.object(v).fn !== undefined && !e.heap.object(v).fn!.strict);

/** What Function.prototype's caller/arguments getter gives a sloppy function of the code: any such function, or its arguments object. */
const callerOrArguments = (e: Engine, c: C): VSet =>
  new Set([UNDEF, ...(hasSloppyReceiver(e, c) ? sloppyFunctions(e).flatMap((o) => [o.id, o.fn!.argumentsObject]) : [])]);

/** Getters of built-ins: a primitive, except these. */
const GETTERS: Record<string, Summary> = {
  '@@species': (e, c) => c.self,
  // Function.prototype.caller / arguments: a sloppy function's caller (a sloppy function of the code) or its arguments object; null otherwise.
  // Only a sloppy function of the code has either: on a strict function, a built-in or a host function
  // (n8n's are compiled strict) the getter gives null or throws. V8 has one getter for both keys (the
  // snapshot names it Function.prototype.arguments[get]), so each answers for both: until round 20 the
  // getter gave only arguments objects when `caller` was read, and `h.caller.arguments[0]` passed.
  caller: (e, c) => callerOrArguments(e, c),
  arguments: (e, c) => callerOrArguments(e, c),
  buffer: (e, c) => bufferOf(e, c),
  parent: (e, c) => bufferOf(e, c),
};

/**
 * Getters of the snapshot known to give a primitive (by owner and key). Every other getter without a
 * summary gives a primitive or an object of the runner's realm the analysis does not model (a stream,
 * a bound Intl function, a promisified timer), which is followed as such: test/validate/purity-modules
 * checks that every getter of the snapshot is one of these, summarized, or opaque.
 */
export const PRIMITIVE_GETTERS: ReadonlySet<string> = new Set([
  'RegExp.prototype.dotAll', 'RegExp.prototype.flags', 'RegExp.prototype.global', 'RegExp.prototype.hasIndices', 'RegExp.prototype.ignoreCase', 'RegExp.prototype.multiline',
  'RegExp.prototype.source', 'RegExp.prototype.sticky', 'RegExp.prototype.unicode', 'RegExp.prototype.unicodeSets', 'RegExp.input', 'RegExp.$_', 'RegExp.lastMatch', 'RegExp.$&',
  'RegExp.lastParen', 'RegExp.$+', 'RegExp.leftContext', 'RegExp.$`', 'RegExp.rightContext', "RegExp.$'", 'RegExp.$1', 'RegExp.$2', 'RegExp.$3', 'RegExp.$4', 'RegExp.$5',
  'RegExp.$6', 'RegExp.$7', 'RegExp.$8', 'RegExp.$9', 'Map.prototype.size', 'Set.prototype.size', 'ArrayBuffer.prototype.byteLength', 'ArrayBuffer.prototype.maxByteLength',
  'ArrayBuffer.prototype.resizable', 'ArrayBuffer.prototype.detached', 'SharedArrayBuffer.prototype.byteLength', 'SharedArrayBuffer.prototype.maxByteLength',
  'SharedArrayBuffer.prototype.growable', 'DataView.prototype.byteLength', 'DataView.prototype.byteOffset', 'Symbol.prototype.description', 'DisposableStack.prototype.disposed',
  'AsyncDisposableStack.prototype.disposed', 'TextDecoder.prototype.encoding', 'TextDecoder.prototype.fatal', 'TextDecoder.prototype.ignoreBOM', 'TextDecoderStream.prototype.encoding',
  'TextDecoderStream.prototype.fatal', 'TextDecoderStream.prototype.ignoreBOM', 'TextEncoder.prototype.encoding', 'TextEncoderStream.prototype.encoding', 'Buffer.prototype.offset',
  '%TypedArray%.prototype.byteLength', '%TypedArray%.prototype.byteOffset', '%TypedArray%.prototype.length', '%TypedArray%.prototype.@@toStringTag', '%IteratorPrototype%.@@toStringTag',
  'WebAssembly.Table.prototype.length', 'Intl.Locale.prototype.language', 'Intl.Locale.prototype.script', 'Intl.Locale.prototype.region', 'Intl.Locale.prototype.baseName',
  'Intl.Locale.prototype.calendar', 'Intl.Locale.prototype.caseFirst', 'Intl.Locale.prototype.collation', 'Intl.Locale.prototype.firstDayOfWeek', 'Intl.Locale.prototype.hourCycle',
  'Intl.Locale.prototype.numeric', 'Intl.Locale.prototype.numberingSystem',
]);

/**
 * What an accessor the analysis does not model gives: a primitive, or an opaque object. The runner realm's
 * (TextDecoderStream's readable, a ReadableStream) has that realm's functions as members, which every task
 * shares: its unknown prototype stands for them (a write onto `readable.getReader` is a change the next task
 * sees). The vm realm's (an Intl formatter's bound format) dies with the task.
 */
function opaqueHostValue(e: Engine, c: C): VSet {
  const o = c.fn.path?.startsWith('host:')
    ? opaqueObject(e, 'opaque-runner', 'an object of the runner realm the analysis does not model', ['host:Object.prototype', 'host:Function.prototype', 'host:%UnknownPrototype%'])
    : opaqueObject(e, 'opaque-host', 'an object of the runner realm the analysis does not model', ['host:Object.prototype', 'host:Function.prototype']);
  return set(o.id, STR, NUM, BOOL, UNDEF);
}

/** Whether a snapshot path names %TypedArray%.prototype (either realm's: the 'host:' prefix is dropped). */
const typedArrayPrototype = (owner: string) => owner === 'Uint8Array.prototype.__proto__';

/** The canonical owner of a getter: '%TypedArray%' for the TypedArray intrinsic under any of its names. */
export function getterName(path: string): string {
  // The runner realm's %IteratorPrototype% is reached from its Iterator global (the snapshot takes every host global), the vm's from a sample.
  return path.replace(/^host:/, '').replace(/\[get\]$/, '').replace(/^Uint8Array\.prototype\.__proto__\./, '%TypedArray%.prototype.').replace(/^Iterator\.prototype\./, '%IteratorPrototype%.');
}

/** A Buffer's ArrayBuffer: for a Buffer made by the runner's realm, Node's shared allocation pool. */
function bufferOf(e: Engine, c: C): VSet {
  const hostBuffer = e.builtin('Buffer.prototype');
  const out = new Set<number>();
  for (const v of c.self) {
    if (!isObjectValue(v)) continue;
    const chain = e.heap.chain(v, e.graph.prototypes);
    if (chain.some((o) => o.id === hostBuffer)) {
      const pool = e.heap.site('buffer-pool', () => {
        const p = e.heap.create('site', "Node's shared Buffer allocation pool", [e.builtin('ArrayBuffer.prototype')]);
        p.cap = { kind: 'pool', label: "Node's shared Buffer allocation pool (host memory that can hold other tasks' data)" };
        return p;
      });
      e.policy.report(c.site.node, 'reaches', { expression: c.site.text, capabilities: [pool.cap!.label], weak: false }, 'and is read');
      out.add(pool.id);
    } else out.add(e.fresh(c.site, 'arraybuffer', 'ArrayBuffer.prototype', 'an ArrayBuffer').id);
  }
  return out;
}

/**
 * setTimeout / setInterval (extra arguments from index 2) and setImmediate (from index 1): a Timeout (an
 * Immediate) of Node's, whose prototype's methods are functions every task shares (a write onto
 * `setTimeout(f).unref` lands: round 29), keeps the callback and the arguments (_onTimeout, _timerArgs)
 * and is linked with every other timer, other tasks' too (_idlePrev, _idleNext: Node's timer lists,
 * nodeTimerLists); the callback is called with them and the timer as `this`. Until 2026-12-03 the timer was an opaque
 * function holding itself, which every conversion called: a body with one callback took a million values
 * and more, a Promise.race against a timeout was near the work bound.
 */
function timer(e: Engine, c: C): VSet {
  const fn = arg(c, 0);
  if ([...fn].some(isStringValue)) e.policy.report(c.site.node, 'reaches', `\`${c.site.text}\` with a string`, 'evaluates code (dynamic code; pass a function instead)');
  const immediate = c.fn.label.endsWith('setImmediate');
  // setTimeout and setInterval convert their delay to a number (Node: after *= 1), calling valueOf of an object.
  if (!immediate) e.coerce(arg(c, 1), c.site);
  const extra = immediate ? c.args.slice(1) : c.args.slice(2);
  const prototype = e.builtin(immediate ? 'host:%ImmediatePrototype%' : 'host:%TimeoutPrototype%');
  const t = e.heap.site(`${c.site.tag}:timer`, () => {
    const made = e.heap.create('site', 'a timer object of the runner realm', [prototype]);
    made.timer = true;
    return made;
  });
  const state = e.nodeState();
  const timerLists = nodeTimerLists(e);
  // Node's own fields of a timer (lib/internal/timers.js Timeout, lib/timers.js Immediate), each under its key: the
  // callback under _onTimeout, never under `hasRef` or `then`, which the code and the engine call. What Node keeps
  // under a symbol (kRefed, the async ids, the async context frame: Node's objects) is at a key known only at run
  // time: its own object of Node's, no function, through which Node's state is reached.
  const args = e.freshArray(c.site, 'timer-args', union(...extra, tailOf(c.args) ?? []));
  const fields: [string, Iterable<number>][] = immediate
    ? [['_onImmediate', fn], ['_argv', [args, UNDEF]], ['_idleNext', [timerLists.id, UNDEF]], ['_idlePrev', [timerLists.id, UNDEF]], ['_destroyed', [BOOL]]]
    : [['_onTimeout', fn], ['_timerArgs', [args, UNDEF]], ['_idleNext', [timerLists.id, UNDEF]], ['_idlePrev', [timerLists.id, UNDEF]], ['_idleTimeout', [NUM]], ['_idleStart', [NUM, UNDEF]], ['_repeat', [NUM, UNDEF]], ['_destroyed', [BOOL]]];
  for (const [key, values] of fields) e.heap.join(e.heap.prop(t, key), values);
  const internals = e.heap.site('node-timer-internals', () => {
    const o = e.heap.create('site', "what Node keeps on a timer under a symbol (its async context frame, ...)", [e.builtin('host:Object.prototype')]);
    o.js = true;
    e.heap.add(o.dyn, state.id);
    return o;
  });
  e.heap.join(t.dyn, [NUM, BOOL, UNDEF, internals.id]);
  // What it made the timer hold at keys known only at run time: anything else there came from a write (Engine.untouchedTimer).
  e.heap.join(e.heap.slot(t, '%made'), t.dyn);
  // Node links the timer into its lists, which its functions other than the timers never walk.
  e.heap.add(timerLists.dyn, t.id);
  // When it fires Node calls what the timer holds then (listOnTimeout: ReflectApply(timer._onTimeout, timer,
  // timer._timerArgs)), what the code wrote there too, with the elements of an arguments list it put there.
  const onFire = e.get([t.id], immediate ? '_onImmediate' : '_onTimeout', c.site);
  // The list there then (the one it made, which the code may have written into, or one the code put there), at
  // every place: the arguments setTimeout was given are at their own places too.
  const lists = [...e.get([t.id], immediate ? '_argv' : '_timerArgs', c.site)].filter((v) => v !== UNDEF);
  const elements = e.get(lists, '#', c.site);
  elements.delete(UNDEF);
  const firedWith: Args = extra.map((a) => union(a, elements));
  if (elements.size > 0) firedWith.tail = elements;
  callback(e, c, onFire, set(t.id), firedWith);
  return set(NUM, t.id);
}

const TIMER_MAKERS: ReadonlySet<string> = new Set(['setTimeout', 'setInterval', 'setImmediate']);
const TIMER_CLEARERS: ReadonlySet<string> = new Set(['clearTimeout', 'clearInterval', 'clearImmediate']);

/**
 * Which functions of Node's library keep to their summary here, whatever the untrusted rule for Node's library would
 * fear (Engine.trustedNodeCall says why), and on what: 'callback' for those handed a callback first, of which they read
 * its type only (FormData's forEach, the timer makers: a function or a primitive keeps them to it), 'timers' for the
 * timer clearers and a Timeout's or an Immediate's methods (handed only primitives and timers the code made).
 */
export function nodeCallTrust(path: string | undefined): 'callback' | 'timers' | undefined {
  const name = (path ?? '').replace(/^host:/, '');
  if (name === 'FormData.prototype.forEach' || TIMER_MAKERS.has(name)) return 'callback';
  if (TIMER_CLEARERS.has(name) || /^%(Timeout|Immediate)Prototype%\./.test(name)) return 'timers';
  return undefined;
}

/**
 * Node's timer lists (lib/internal/timers.js: a TimersList per duration, the immediate queue), with every timer
 * linked there: this task's, and those of every other task the runner runs, whose `_onTimeout` is that task's
 * function (it runs with what that task holds: `() => helpers.httpRequest(...)`) and whose `_timerArgs` are that
 * task's values ($env among them). A timer's `_idleNext` and `_idlePrev` are its neighbours there, so the code
 * reaches them by walking the fields (the oracle: `t._idleNext._onTimeout()` calls another task's callback). One
 * object for the lists and the other tasks' timers, at every key what any of them holds; apart from Node's other
 * state (Engine.nodeState), which every call of Node's library reaches: its functions other than the timers never
 * walk the lists, and the timer functions are trusted only with timers the code made (handedToNodeTimers).
 */
function nodeTimerLists(e: Engine): AbstractObject {
  return e.heap.site('node-timer-lists', () => {
    const protos = ['host:Object.prototype', 'host:%TimeoutPrototype%', 'host:%ImmediatePrototype%'].map((name) => e.builtin(name));
    const lists = e.heap.create('site', "Node's timer lists and the timers of other tasks linked there", protos);
    lists.js = true;
    const theirs = e.heap.create('n8n', "another task's timer callback or arguments", [e.builtin('host:Function.prototype')], true);
    theirs.model = 'capability';
    theirs.cap = { kind: 'task', label: "another task's timer callback or its arguments (they run with, or are, what that task holds: its helpers, $env)" };
    e.heap.join(lists.dyn, [lists.id, theirs.id, NUM, BOOL, UNDEF]);
    return lists;
  });
}

/**
 * What Node's timer functions do with an object that is no timer a timer function made (lib/timers.js): clearTimeout
 * and clearInterval, handed one whose `_onTimeout` is truthy, unenroll it (`L.remove`: its `_idleNext._idlePrev =
 * its _idlePrev`, its `_idlePrev._idleNext = its _idleNext`, so objects it links, luxon's shared ones among them,
 * are written; a timer list found by its `_idleTimeout` deleted; a timer id it names under a symbol forgotten);
 * clearImmediate, handed any object not yet `_destroyed`, lowers the runner's count of immediates (after which no
 * later setImmediate of the runner fires) and unlinks it from the immediate queue; a Timeout's or Immediate's
 * methods called on one (`.call(fake)`, an object inheriting from a timer) unlink or link it, and its conversion
 * keeps it among the runner's timer ids. Rounds 31 and 34 found each (a fake whose `_idleNext` is a real list or
 * one of luxon's objects: 23 bodies; `clearImmediate({ _onImmediate: 1 })`). Node's own state handed to one (its
 * lists, another task's timer) is the same. A number or a string is a timer's id, and undefined nothing; a timer
 * a timer function made is Node's (a write into its list fields is reported where it is written, Policy.write).
 */
function handedToNodeTimers(e: Engine, c: C, handed: VSet, how: 'timeout' | 'immediate' | 'method'): void {
  for (const v of handed) {
    if (!isObjectValue(v)) continue;
    const o = e.heap.object(v);
    if (o.timer) continue;
    if (o.kind === 'site' && o.js) {
      e.policy.report(c.site.node, 'unprovable', `\`${c.site.text}\` may be handed Node's timer lists or another task's timer`, "(Node's timer functions relink what they are handed in the lists every task's timers join)");
      return;
    }
    // clearTimeout and clearInterval pass over an object whose _onTimeout is falsy; the others take any object.
    if (how === 'timeout' && ![...e.get([v], '_onTimeout', c.site)].some((w) => w !== UNDEF)) continue;
    e.policy.report(c.site.node, 'unprovable', `\`${c.site.text}\` may be handed an object that is no timer Node made`, "(Node unlinks or links it: it writes what it links into each other and changes the timer lists, ids and counts every later task's timers use)");
    return;
  }
}

/** A timer's methods: ref, unref, refresh and close give the timer, hasRef a boolean, its conversion its id; each but hasRef unlinks or links its receiver. */
function timerMethod(member: string): Summary {
  const result: Summary =
    member === 'hasRef' ? () => set(BOOL) : member === '@@toPrimitive' ? () => set(NUM) : ['ref', 'unref', 'refresh', 'close'].includes(member) ? (e, c) => new Set([...c.self].filter(isObjectValue)) : () => set(UNDEF);
  return (e, c) => {
    if (member !== 'hasRef') handedToNodeTimers(e, c, c.self, 'method');
    return result(e, c);
  };
}

/** Built-ins that coerce their arguments and give primitives (or a fresh object of their own prototype). */
const PRIMITIVE_FUNCTIONS = [
  'String', 'Number', 'Boolean', 'BigInt', 'Symbol', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent', 'escape', 'unescape',
  'atob', 'btoa', 'Date.now', 'Date.parse', 'Date.UTC', 'Symbol.for', 'Symbol.keyFor', 'String.fromCharCode', 'String.fromCodePoint', 'Number.isInteger', 'Number.isFinite', 'Number.isNaN',
  'Number.isSafeInteger', 'Number.parseFloat', 'Number.parseInt', 'Array.isArray', 'Buffer.isBuffer', 'Buffer.byteLength', 'Buffer.compare', 'Buffer.isEncoding',
];

/** What a primitive-giving built-in gives: a number, a boolean, or any primitive. */
function primitiveResult(name: string, owner: string, member: string): number[] {
  if (owner === 'Math' || ['Number', 'parseInt', 'parseFloat', 'Date.now', 'Date.parse', 'Date.UTC', 'Number.parseInt', 'Number.parseFloat', 'Buffer.byteLength', 'Buffer.compare'].includes(name)) return [NUM];
  if (owner === 'Date.prototype' && /^(get|set)|^valueOf$/.test(member)) return [NUM];
  if (owner === 'String.prototype' && ['indexOf', 'lastIndexOf', 'charCodeAt', 'codePointAt', 'localeCompare', 'search'].includes(member)) return [NUM, UNDEF];
  if (['isNaN', 'isFinite', 'Number.isInteger', 'Number.isFinite', 'Number.isNaN', 'Number.isSafeInteger', 'Array.isArray', 'Buffer.isBuffer', 'Buffer.isEncoding', 'Boolean'].includes(name)) return [BOOL];
  if (owner === 'String.prototype' && ['includes', 'startsWith', 'endsWith', 'isWellFormed'].includes(member)) return [BOOL];
  if (name === 'String' || (owner === 'String.prototype' && member !== 'at' && member !== 'charAt')) return [STR];
  return [STR, NUM, BOOL, UNDEF, BIGINT, SYM];
}

/** The table, by canonical name (either realm: a 'host:' prefix is dropped before the lookup). */
export function buildSummaries(names: Iterable<string>): Record<string, Summary> {
  const table: Record<string, Summary> = Object.create(null);
  const own = (t: Record<string, Summary>, k: string): Summary | undefined => (Object.hasOwn(t, k) ? t[k] : undefined);
  const primitiveMethodOwners = ['String.prototype', 'Number.prototype', 'Boolean.prototype', 'Date.prototype', 'BigInt.prototype', 'Symbol.prototype', 'Math', 'Error.prototype', 'Buffer.prototype', 'Intl'];
  for (const raw of names) {
    const name = raw.replace(/^host:/, '');
    const member = name.slice(name.lastIndexOf('.') + 1);
    const owner = name.slice(0, name.lastIndexOf('.'));
    if (name.endsWith('[get]')) table[name] = own(GETTERS, name.replace(/\[get\]$/, '').slice(name.lastIndexOf('.') + 1)) ?? (PRIMITIVE_GETTERS.has(getterName(name)) ? () => set(STR, NUM, BOOL, UNDEF) : opaqueHostValue);
    else if (name.endsWith('[set]')) table[name] = (e, c) => set(UNDEF);
    // %TypedArray%.prototype's methods (a Buffer's forEach, map, reduce, sort, ...) do what Array.prototype's do.
    else if ((owner === 'Array.prototype' || typedArrayPrototype(owner)) && own(ARRAY, member)) table[name] = own(ARRAY, member)!;
    else if (owner === 'Object' && own(OBJECT, member)) table[name] = own(OBJECT, member)!;
    else if (owner === 'Object.prototype' && own(OBJECT_PROTOTYPE, member)) table[name] = own(OBJECT_PROTOTYPE, member)!;
    else if (owner === 'Function.prototype' && own(FUNCTION_PROTOTYPE, member)) table[name] = own(FUNCTION_PROTOTYPE, member)!;
    else if (owner === 'String.prototype' && own(STRING_PROTOTYPE, member)) table[name] = own(STRING_PROTOTYPE, member)!;
    else if (owner === 'RegExp.prototype' && own(REGEXP_PROTOTYPE, member)) table[name] = own(REGEXP_PROTOTYPE, member)!;
    else if (own(PROMISE, name)) table[name] = own(PROMISE, name)!;
    else if ((owner === 'Map.prototype' || owner === 'Set.prototype' || owner === 'WeakMap.prototype' || owner === 'WeakSet.prototype') && own(COLLECTIONS, member)) table[name] = own(COLLECTIONS, member)!;
    else if (['Map', 'Set', 'WeakMap', 'WeakSet'].includes(name)) table[name] = COLLECTIONS[name.replace('Weak', '')];
    else if (name === 'Map.groupBy') table[name] = mapGroupBy;
    else if (/Iterator|Generator/.test(owner) && (member === 'next' || member === 'return' || member === 'throw')) table[name] = resumption(member, /Async/.test(owner));
    else if (/Iterator/.test(owner) && (member === '@@iterator' || member === '@@asyncIterator')) table[name] = (e, c) => c.self;
    else if (/Iterator/.test(owner) && ['map', 'filter', 'take', 'drop', 'flatMap'].includes(member)) table[name] = iteratorHelper('iterator');
    else if (/Iterator/.test(owner) && ['forEach', 'some', 'every', 'find'].includes(member)) table[name] = iteratorHelper('value');
    else if (/Iterator/.test(owner) && member === 'reduce') table[name] = iteratorHelper('reduce');
    else if (/Iterator/.test(owner) && member === 'toArray') table[name] = iteratorHelper('array');
    else if (/(^|\.)(Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|AggregateError|SuppressedError)$/.test(name) && !name.includes('prototype')) table[name] = errorConstructor;
    // Function.prototype is itself a function: it takes anything and gives undefined.
    else if (name === 'Function.prototype') table[name] = () => set(UNDEF);
    // String.raw(strings, ...subs): the raw strings and the substitutions, converted and joined.
    else if (name === 'String.raw') table[name] = (e, c) => {
      const raw = e.get(arg(c, 0), 'raw', c.site);
      e.coerce(e.get(raw, 'length', c.site), c.site);
      e.coerce(e.get(raw, '#', c.site), c.site);
      for (const a of c.args.slice(1)) e.coerce(a, c.site);
      return set(STR);
    };
    else if (name === 'JSON.stringify') table[name] = stringify;
    else if (name === 'JSON.parse') table[name] = parse;
    else if (TIMER_MAKERS.has(name)) table[name] = timer;
    else if (TIMER_CLEARERS.has(name)) table[name] = (e, c) => (handedToNodeTimers(e, c, arg(c, 0), name === 'clearImmediate' ? 'immediate' : 'timeout'), primitive(UNDEF)(e, c));
    else if ((owner === '%TimeoutPrototype%' || owner === '%ImmediatePrototype%') && member !== 'constructor') table[name] = timerMethod(member);
    else if (name === 'Array.from') table[name] = (e, c) => {
      const elements = union(e.iterate(arg(c, 0), c.site), e.get(arg(c, 0), '#', c.site));
      const mapped = [...arg(c, 1)].some(isObjectValue) ? callback(e, c, arg(c, 1), thisArgOf(c, 2), [elements, set(NUM)]) : elements;
      return constructWith(e, c, mapped);
    };
    // Async iteration (Symbol.asyncIterator, else Symbol.iterator; next and return), every value awaited
    // (a thenable's then called), and what the map function gives awaited too; the array comes in a promise.
    else if (name === 'Array.fromAsync') table[name] = (e, c) => {
      const elements = e.awaitValue(union(e.iterate(arg(c, 0), c.site, true), e.get(arg(c, 0), '#', c.site)), c.site);
      const mapped = [...arg(c, 1)].some(isObjectValue) ? e.awaitValue(callback(e, c, arg(c, 1), thisArgOf(c, 2), [elements, set(NUM)]), c.site) : elements;
      return set(e.promiseOf(constructWith(e, c, mapped), c.site, 'fromAsync'));
    };
    else if (name === 'Array.of') table[name] = (e, c) => constructWith(e, c, union(...c.args));
    else if (name === 'Array') table[name] = (e, c) => set(e.freshArray(c.site, 'of', union(...c.args)));
    else if (name === 'Object') table[name] = (e, c) => toObject(e, c, c.args.length ? arg(c, 0) : set(UNDEF), 'fresh');
    else if (name === 'structuredClone') table[name] = (e, c) => union(e.heap.reach(ownValues(e, arg(c, 0), c)), arg(c, 0));
    else if (name === 'Date') table[name] = (e, c) => (primitive()(e, c), set(STR, e.fresh(c.site, 'date', 'Date.prototype', 'a Date').id));
    // Called without new on a regular expression (or an object with a truthy @@match whose constructor is RegExp), it gives that object back.
    else if (name === 'RegExp') table[name] = (e, c) => {
      e.get(arg(c, 0), '@@match', c.site);
      e.get(arg(c, 0), 'constructor', c.site);
      e.get(arg(c, 0), 'source', c.site);
      e.get(arg(c, 0), 'flags', c.site);
      for (const a of c.args) e.coerce(a, c.site);
      const made = set(e.fresh(c.site, 'regexp', 'RegExp.prototype', 'a regular expression').id);
      return c.isNew ? made : union(made, [...arg(c, 0)].filter(isObjectValue));
    };
    else if (/^Buffer\.(from|alloc|allocUnsafe|allocUnsafeSlow|concat|copyBytesFrom)$/.test(name)) table[name] = (e, c) => {
      primitive()(e, c);
      e.get(union(...c.args), '#', c.site);
      return set(e.fresh(c.site, 'buffer', 'Buffer.prototype', 'a Buffer').id);
    };
    // TextEncoder's encode: the string it converts, in a fresh Uint8Array of the runner's realm (Node's
    // encoding code runs there: its prototype is not the task's, round 29); encodeInto writes numbers into
    // the array it is given and gives a fresh { read, written } of that realm; TextDecoder's decode a string.
    else if (name === 'TextEncoder.prototype.encode') table[name] = (e, c) => {
      primitive()(e, c);
      const bytes = e.fresh(c.site, 'encoded', 'host:Uint8Array.prototype', 'a Uint8Array of the runner realm');
      e.heap.add(e.heap.prop(bytes, '#'), NUM);
      e.heap.add(e.heap.prop(bytes, 'length'), NUM);
      return set(bytes.id);
    };
    else if (name === 'TextEncoder.prototype.encodeInto') table[name] = (e, c) => {
      e.coerce(arg(c, 0), c.site);
      e.put(arg(c, 1), '#', set(NUM), c.site);
      const counts = e.fresh(c.site, 'encodeInto', 'host:Object.prototype', 'what encodeInto gives');
      for (const key of ['read', 'written']) e.heap.add(e.heap.prop(counts, key), NUM);
      return set(counts.id);
    };
    else if (name === 'TextDecoder.prototype.decode') table[name] = (e, c) => (e.get(arg(c, 0), '#', c.site), primitive(STR)(e, c));
    // Node's TextEncoder, TextDecoder and FormData (undici) are classes: constructed, an instance of their
    // prototype (a TextDecoder converts its label and reads its options' fatal and ignoreBOM). FormData's
    // methods convert names and values to strings, and give strings, booleans, or an array of the runner's.
    else if (name === 'TextEncoder' || name === 'FormData') table[name] = (e, c) => set(instanceOf(e, c, `a ${name} of the runner realm`));
    else if (name === 'TextDecoder') table[name] = (e, c) => {
      e.coerce(arg(c, 0), c.site);
      for (const key of ['fatal', 'ignoreBOM']) e.get(arg(c, 1), key, c.site);
      return set(instanceOf(e, c, 'a TextDecoder of the runner realm'));
    };
    else if (owner === 'FormData.prototype' && ['append', 'set', 'delete'].includes(member)) table[name] = primitive(UNDEF);
    else if (owner === 'FormData.prototype' && member === 'has') table[name] = primitive(BOOL);
    // undici's forEach(callbackfn, thisArg = globalThis): for each entry, callbackfn.call(thisArg, value, key, this),
    // the `call` read off the callback (the code's own, if it put one there); thisArg undefined is the runner's global
    // object, which a sloppy function callback gets as `this` (round 29).
    else if (owner === 'FormData.prototype' && member === 'forEach') table[name] = (e, c) => {
      const thisArg = new Set([...arg(c, 1)].map((v) => (v === UNDEF ? e.graph.runnerGlobal : v)));
      if (c.args.length < 2) thisArg.add(e.graph.runnerGlobal);
      e.invokeMethod(arg(c, 0), 'call', [thisArg, set(STR), set(STR), c.self], { ...c.site, text: `the callback of ${c.fn.label}` });
      return set(UNDEF);
    };
    else if (owner === 'FormData.prototype' && member === 'get') table[name] = primitive(STR, UNDEF);
    // Its iterators are undici's, whose next is a function of the runner realm as shared as the array
    // iterator's it is modelled by (a write onto either is a change every later task sees).
    else if (owner === 'FormData.prototype' && (member === 'entries' || member === '@@iterator')) table[name] = (e, c) => iteratorOf(e, c, [pair(e, c, 'entry', [STR], [STR])], 'iterator', 'host:%ArrayIteratorPrototype%');
    else if (owner === 'FormData.prototype' && (member === 'keys' || member === 'values')) table[name] = (e, c) => iteratorOf(e, c, [STR], 'iterator', 'host:%ArrayIteratorPrototype%');
    else if (owner === 'FormData.prototype' && member === 'getAll') table[name] = (e, c) => {
      primitive()(e, c);
      const all = e.fresh(c.site, 'getAll', 'host:Array.prototype', 'an array of the runner realm');
      e.heap.add(e.heap.prop(all, '#'), STR);
      e.heap.add(e.heap.prop(all, 'length'), NUM);
      return set(all.id);
    };
    else if (/^Intl\.[A-Z]\w*$/.test(name)) table[name] = (e, c) => (primitive()(e, c), set(e.fresh(c.site, 'intl', `${name}.prototype`, `an ${name}`).id));
    // Intl's methods give strings and numbers, or fresh objects and arrays of them (formatToParts,
    // resolvedOptions, segment, maximize, supportedValuesOf, ...) that the code may write to.
    else if (owner === 'Intl' || owner.startsWith('Intl.')) table[name] = (e, c) => union(primitive(STR, NUM, BOOL, UNDEF)(e, c), [freshData(e, c, 'intl-result')]);
    // ToPrimitive(this, number), then Invoke(this, "toISOString"): whatever that gives (or null).
    else if (name === 'Date.prototype.toJSON') table[name] = (e, c) => (e.coerce(c.self, c.site), union(e.invokeMethod(c.self, 'toISOString', [], c.site), [UNDEF]));
    else if (name === 'Date.prototype.@@toPrimitive') table[name] = (e, c) => (e.coerce(c.self, c.site), set(STR, NUM));
    else if (PRIMITIVE_FUNCTIONS.includes(name) || (primitiveMethodOwners.some((o) => owner === o || owner.startsWith(`${o}.`)) && !/^(Buffer.prototype\.(slice|subarray|buffer))$/.test(name))) table[name] = primitive(...primitiveResult(name, owner, member));
  }
  return table;
}

export type { AbstractObject };
