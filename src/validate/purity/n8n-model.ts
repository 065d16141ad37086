// What n8n 2.41 hands a Code node besides the built-ins (task runner buildContext): its data (items,
// $json, ... JSON made in the runner's realm), its accessors ($input, $(), $node, luxon's DateTime,
// ...: host functions and objects that give data), its capabilities (require, helpers.*, $env,
// $secrets, $evaluateExpression) and, for n8n's insecure runner mode and the legacy Function node,
// the host's own globals (process, fetch, ...). Each is an abstract object of the analysis; the
// summaries here say what a read, a write or a call of one gives.
import type { CallSite, Engine, Summary } from './engine.js';
import { BOOL, Heap, isObjectValue, NUM, objectOf, STR, UNDEF, type AbstractObject, type Capability, type VSet, tailOf } from './heap.js';

/** Per analysis: the objects, and which global keys hold them. */
export interface N8nValues {
  globals: Map<string, number>;
  data: number[];
}

const CAPABILITY_KEYS: Record<string, Capability> = {
  require: { kind: 'require', label: 'require (module loading)' },
  helpers: { kind: 'helpers', label: 'helpers (I/O helpers)' },
  $env: { kind: 'env', label: '$env (environment access)' },
  $secrets: { kind: 'env', label: '$secrets (external secrets)' },
  $evaluateExpression: { kind: 'expression', label: '$evaluateExpression (evaluates an n8n expression, which reads $env)' },
  process: { kind: 'process', label: 'process (process access)' },
  fetch: { kind: 'io', label: 'fetch (network I/O)' },
  XMLHttpRequest: { kind: 'io', label: 'XMLHttpRequest (network I/O)' },
  WebSocket: { kind: 'io', label: 'WebSocket (network I/O)' },
  $http: { kind: 'io', label: '$http (network I/O)' },
  getCredentials: { kind: 'io', label: 'getCredentials (credential access)' },
};
export const N8N_DATA_KEYS: ReadonlySet<string> = new Set(['items', 'item', '$json', '$binary', '$data']);
const DATA_KEYS = ['query', 'items', 'item', '$json', '$binary', '$data', '$vars', '$parameter', '$rawParameter', '$self', '$position', '$runIndex', '$itemIndex', '$mode', '$thisItem', '$thisItemIndex', '$thisRunIndex', '$nodeVersion', '$nodeId', '$webhookId', '$executionId', '$resumeWebhookUrl', '$agentInfo', '$evaluation', '$tool', '__isExecutionContext'];

export function createN8nValues(heap: Heap, byName: Map<string, number>): N8nValues {
  const hostObject = byName.get('host:Object.prototype')!;
  const hostArray = byName.get('host:Array.prototype')!;
  const hostFunction = byName.get('host:Function.prototype')!;
  const make = (label: string, proto: number, model: string, callable = false): AbstractObject => {
    const o = heap.create('n8n', label, [proto], callable);
    o.model = model;
    return o;
  };
  // One object for all of n8n's JSON data, arrays and objects alike: an own key of a row then reads that row's own data.
  const object = make("n8n's data", hostObject, 'data');
  object.protos.add(hostArray);
  const array = object;
  const accessor = make('an n8n accessor', hostObject, 'accessor');
  const accessorFn = make('an n8n accessor function', hostFunction, 'accessor', true);
  // luxon is a module of the runner process: n8n's data proxy hands every task the same DateTime, Duration
  // and Interval (workflow-data-proxy.js: `DateTime: luxon_1.DateTime`) and freezes only their prototypes
  // (js-task-runner.js). A luxon value may be one luxon caches (a zone, a locale): one object stands for all.
  const luxon = make('a luxon DateTime, Duration or Interval', hostObject, 'accessor');
  luxon.outlivesTask = 'a luxon value, which may be one luxon keeps for every task (a zone, a locale)';
  // It may be one of the arrays and Maps luxon keeps (`loc.meridiems()` is luxon's own array, `getWeekendDays()` its
  // cached one): their mutators, called as its methods (reverse, fill, splice, sort, set, clear), change what every
  // later task formats (round 34). Or one of the regular expressions luxon caches by numbering system and hands out in
  // `DateTime.buildFormatParser(fmt).units` (digitRegex): RegExp.prototype.compile rewrites one in place, and every later
  // task parses with what the code compiled (round 40). (Not Intl's prototypes, also among LUXON_MADE: they mutate
  // nothing, and their getters made every conversion of a luxon value an opaque object of the runner realm.)
  for (const name of ['Array', 'Map', 'RegExp']) heap.add(luxon.protos, byName.get(`host:${name}.prototype`)!);
  const luxonFn = make('a luxon function', hostFunction, 'luxon', true);
  luxonFn.outlivesTask = "luxon's DateTime, Duration or Interval or one of their functions, which every task of the runner shares";
  const jmespath = make('$jmespath', hostFunction, 'jmespath', true);
  const staticData = make('$getWorkflowStaticData', hostFunction, 'staticData', true);
  // One object for the workflow's static data, 'global' and 'node' alike: every call gives the same object,
  // and it holds what earlier executions stored (JSON: n8n saved it so) under any key.
  const stored = heap.create('n8n', "the workflow's static data", [hostObject]);
  heap.add(heap.slot(staticData, '%returns'), stored.id);
  const console = make('console', hostObject, 'console');
  const consoleFn = make('a console method', hostFunction, 'noop', true);
  const consoleLog = make('console.log', hostFunction, 'consoleLog', true);
  heap.add(heap.prop(console, 'log'), consoleLog.id);
  const data = [object.id, array.id, STR, NUM, BOOL, UNDEF];
  heap.join(object.dyn, data);
  // What it holds from earlier executions is JSON of its own: a write into it is not a write into the items.
  const storedJson = heap.create('n8n', "JSON an earlier execution stored in the static data", [hostObject, hostArray]);
  heap.join(storedJson.dyn, [storedJson.id, STR, NUM, BOOL, UNDEF]);
  heap.join(stored.dyn, [storedJson.id, STR, NUM, BOOL, UNDEF]);
  // $item(i) gives a data proxy of item i: every key n8n puts on the global object, capabilities too.
  const proxy = make('a data proxy ($item(i))', hostObject, 'accessor');
  const proxyFn = make('$item', hostFunction, 'accessor', true);
  heap.add(heap.slot(proxyFn, '%returns'), proxy.id);
  heap.join(accessor.dyn, [...data, accessor.id, accessorFn.id]);
  heap.join(luxon.dyn, [STR, NUM, BOOL, UNDEF, luxon.id, luxonFn.id, object.id, array.id]);
  // DateTime.fromISO, DateTime.DATE_FULL, DateTime.prototype: luxon's own functions, its format objects
  // (module constants, shared like the rest) and prototypes. Without these a read of a static gave nothing,
  // and every call of one was taken for a throw.
  heap.join(luxonFn.dyn, [STR, NUM, BOOL, UNDEF, luxon.id, luxonFn.id]);
  heap.join(console.dyn, [consoleFn.id]);
  heap.add(heap.slot(accessorFn, '%returns'), accessor.id);
  heap.join(heap.slot(accessorFn, '%returns'), data);
  heap.join(heap.slot(luxonFn, '%returns'), [luxon.id, STR, NUM, BOOL, UNDEF, object.id, array.id]);
  // luxon's functions told apart from the others under their keys (round 32): DateTime's and Duration's get and
  // Duration.normalizeUnit, which index an object by a string they are handed, and the methods that give a new plain
  // object or array (LUXON_FRESH), one function for each kind of result. Each is luxon's own, like the rest: what it
  // hands what it calls, never called by its model on what it reached (%toldApart).
  const toldApart = (label: string, model: string): AbstractObject => {
    const fn = make(label, hostFunction, model, true);
    fn.outlivesTask = luxonFn.outlivesTask;
    heap.add(heap.slot(fn, '%luxon'), luxon.id);
    heap.add(heap.slot(fn, '%luxonFn'), luxonFn.id);
    heap.add(heap.slot(luxonFn, '%toldApart'), fn.id);
    return fn;
  };
  heap.add(heap.prop(luxon, 'get'), toldApart("luxon's get (DateTime's: this[unit])", 'luxon-get').id);
  heap.add(heap.prop(luxonFn, 'normalizeUnit'), toldApart('Duration.normalizeUnit', 'luxon-normalize-unit').id);
  // A class's static resetCache (DateTime's, and Locale's and IANAZone's, reached as a luxon value's `loc` or `zone`
  // constructor) empties caches of luxon's module that every later task of the runner reads (round 39). An exact key, as
  // a static method is: no other function of luxon's holds anything there, and a copy of own keys skips it (not
  // enumerable). Only a read of it gives it (at its key, or at a key known only at run time: givenOnlyByReads): luxon's
  // source reads a resetCache only in Settings.resetCaches, which nothing n8n hands reaches, and hands one to nothing;
  // Node's library formats a function's properties (util.inspect) without calling them or giving them back.
  const resetCache = toldApart("luxon's resetCache (DateTime's, Locale's or IANAZone's)", 'luxon-reset-cache');
  resetCache.givenOnlyByReads = true;
  heap.add(heap.prop(luxonFn, 'resetCache'), resetCache.id);
  const freshFns = new Map<LuxonFresh, AbstractObject>();
  for (const [key, [on, kind]] of Object.entries(LUXON_FRESH)) {
    if (!freshFns.has(kind)) freshFns.set(kind, toldApart(FRESH_LABELS[kind], `luxon-${kind}`));
    heap.add(heap.prop(on === 'instance' ? luxon : luxonFn, key), freshFns.get(kind)!.id);
  }
  luxon.exactKeys = LUXON_VALUE_EXACT_KEYS;
  luxonFn.exactKeys = LUXON_FUNCTION_EXACT_KEYS;
  const globals = new Map<string, number>();
  for (const key of DATA_KEYS) globals.set(key, key === 'items' ? array.id : object.id);
  for (const key of ['$input', '$node', '$prevNode', '$workflow', '$execution', '$', '$item', '$items', '$getPairedItem', '$fromAI', '$fromAi', '$fromai']) globals.set(key, key.startsWith('$') && key !== '$input' && key !== '$node' && key !== '$prevNode' && key !== '$workflow' && key !== '$execution' ? accessorFn.id : accessor.id);
  for (const key of ['DateTime', 'Duration', 'Interval']) globals.set(key, luxonFn.id);
  for (const key of ['$now', '$today']) globals.set(key, luxon.id);
  globals.set('$jmespath', jmespath.id).set('$jmesPath', jmespath.id).set('$getWorkflowStaticData', staticData.id).set('console', console.id);
  for (const [key, cap] of Object.entries(CAPABILITY_KEYS)) {
    const o = make(cap.label, key === 'helpers' || key === '$env' || key === '$secrets' || key === 'process' ? hostObject : hostFunction, 'capability', key !== 'helpers' && key !== '$env' && key !== '$secrets' && key !== 'process');
    o.cap = cap;
    if (key === 'helpers') {
      const helper = make('a helpers function (I/O)', hostFunction, 'capability', true);
      helper.cap = { kind: 'io', label: 'a helpers function (I/O: helpers.httpRequest, ...)' };
      heap.add(o.dyn, helper.id);
    }
    globals.set(key, o.id);
  }
  globals.set('$item', proxyFn.id);
  for (const [key, v] of globals) heap.add(heap.prop(proxy, key), v);
  heap.join(proxy.dyn, data);
  return { globals, data: [object.id] };
}

/**
 * What `for (const k in v) v[k]` reads: every enumerable key on v's chain (to the analysis every key of the
 * code's and n8n's objects is enumerable, a built-in's are those the snapshot says), getters run with v as
 * the receiver, and what was stored under keys known only at run time.
 */
function enumerableValues(e: Engine, v: number, site: CallSite): VSet {
  const out = new Set<number>();
  const keys = new Set<string>();
  for (const o of e.heap.chain(v, e.graph.prototypes)) {
    for (const holder of [o, e.heap.overlayOf(o.id)]) {
      if (!holder) continue;
      for (const table of [holder.props, holder.getters]) for (const k of table.keys()) if (holder.kind !== 'builtin' || holder.enumerable?.has(k)) keys.add(k);
      for (const w of holder.dyn) out.add(w);
    }
  }
  // for-in names no symbol key ('@@iterator').
  for (const k of keys) if (!k.startsWith('@@')) for (const w of e.get([v], k, site)) out.add(w);
  return out;
}

/** The keys under which converting an object (to a string, a number, JSON) runs what it holds. */
const CONVERSION_KEYS = ['toString', 'valueOf', 'toJSON', '@@toPrimitive'];

/**
 * Whether luxon, handed `values` (the code's objects), may run a function of the code's and keep what it gives
 * for every later task: converting one of them or a value of its own keys (a function under a conversion key,
 * or a getter there, on it or its code prototypes), or calling a method of one (luxon takes any object with an
 * `offset` function for a zone and keeps its offsets by the zone's name). luxon keys the formatters, locales
 * and offsets it caches by the JSON of what it is handed, which need not match what converting gives (round 31:
 * `toLocaleString({ minute: Object.assign(() => 0, { toString: () => '2-digit' }) })` planted a formatter every
 * later task's `toLocaleString({ hour: 'numeric' })` got; a fake zone's `offset` kept NaN for Europe/Paris).
 * Plain options (`{ days: 1 }`, `{ zone: 'UTC' }`, a locale string) run none.
 */
/**
 * What among `values` (luxon's arguments) may have a JSON other than what Intl reads of it, named for the message
 * (luxon keys the formatters it keeps for every later task by the JSON of their options and makes them from the
 * options themselves, round 36): a boxed primitive (JSON writes `false` for `new Boolean(false)`, which Intl reads
 * as true), an object inheriting members from objects of the code's (JSON writes own members, Intl reads inherited
 * ones), a function (JSON drops it, Intl reads it as true) but a callback of the code's as it was made handed as an
 * argument (mapUnits, mapEndpoints), a getter or setter, and an object of another built-in prototype that holds
 * anything (its JSON and its conversions are its own). Not a Date handed as an argument (luxon's dates, never
 * options), an object of a built-in prototype that holds nothing (its JSON is `{}`, and Intl reads it as it reads
 * `{}`: true, NaN, or a string no option accepts such as "[object Intl.DateTimeFormat]"), or what luxon made
 * itself (LUXON_MADE, what an unsummarized luxon call gives); what a plain object or array, or what luxon made,
 * holds is looked at in turn.
 */
function keyedUnlikeRead(e: Engine, values: number[]): string | undefined {
  const seen = new Set<number>();
  const walk = (v: number, argument: boolean): string | undefined => {
    if (!isObjectValue(v)) return undefined;
    const id = objectOf(v);
    const o = e.heap.object(id);
    // luxon's own values are luxon's to read (a `base` DateTime, a zone), and so are its functions handed as an
    // argument. Inside options one of its functions is not: JSON calls it as a toJSON and luxon as a fake zone's
    // offset (`{ hour12: { toJSON: zone.offset } }`, `toJSON: Duration.fromObject({}).toObject`: round 37).
    if (isLuxon(e, v)) return argument || !(o.callable || o.fn) ? undefined : `one of luxon's functions inside options (${o.label})`;
    if (seen.has(id)) return undefined;
    seen.add(id);
    if (o.getters.size > 0 || o.setters.size > 0) return `an object with a getter or setter (${o.label})`;
    // The engine's resolving functions, handed to a `then` the model finds on a luxon value: luxon keys nothing by them.
    if (argument && ENGINE_FUNCTIONS.has(o.model ?? '')) return undefined;
    if (o.fn || o.callable) {
      const asMade = o.fn !== undefined && o.dyn.size === 0 && [...o.props.keys()].every((k) => k === 'name' || k === 'length' || k === 'prototype');
      return argument && asMade ? undefined : `a function (${o.label})`;
    }
    const protos = [...o.protos].map((p) => e.heap.object(p));
    const madeByLuxon = o.madeByLuxon === true;
    if (!madeByLuxon && protos.some((p) => p.kind !== 'builtin' && !(p.kind === 'n8n' && p.model === 'data'))) return `an object inheriting from an object of the code's (${o.label})`;
    if (protos.some((p) => BOXED_PROTOTYPES.has(p.path ?? ''))) return `a boxed primitive (${o.label})`;
    const plainOnly = protos.every((p) => PLAIN_PROTOTYPES.includes(p.path ?? '') || (p.kind === 'n8n' && p.model === 'data'));
    const holds = [...o.props.values(), o.dyn].some((cell) => cell.size > 0);
    if (!plainOnly && !madeByLuxon && holds) return `an object of a built-in kind that holds members (${o.label})`;
    if (!plainOnly && !madeByLuxon && !argument && protos.some((p) => p.path === 'Date.prototype' || p.path === 'host:Date.prototype')) return `a Date inside options (${o.label})`;
    for (const cell of [...o.props.values(), o.dyn]) for (const w of cell) {
      const found = walk(w, false);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const v of values) {
    const found = walk(v, true);
    if (found !== undefined) return found;
  }
  return undefined;
}
const BOXED_PROTOTYPES: ReadonlySet<string> = new Set(['Boolean', 'Number', 'String', 'Symbol', 'BigInt'].flatMap((name) => [`${name}.prototype`, `host:${name}.prototype`]));

/**
 * Every call of luxon's, its functions told apart included (resolvedLocaleOptions makes a cached formatter of its
 * options as toLocaleString does): what it is handed, n8n's data too (the code may write a boxed primitive into `$json`
 * and hand that as options), whose JSON may not be what Intl reads of it (keyedUnlikeRead) cannot be proven pure.
 */
function reportKeyedAmiss(e: Engine, c: Parameters<Summary>[1]): void {
  const keyedAmiss = keyedUnlikeRead(e, [...c.args, tailOf(c.args) ?? []].flatMap((a) => [...a]));
  if (keyedAmiss === undefined) return;
  e.policy.report(c.site.node, 'unprovable', `\`${c.site.text}\` hands luxon ${keyedAmiss}, whose JSON may not be what Intl reads of it`, '(luxon keys the formatters it keeps for every later task by the JSON of their options and makes them from the options themselves: `{ hour12: new Boolean(false) }` leaves a 12-hour formatter under the key of `hour12: false`, round 36)');
}

function runsCodeForLuxon(e: Engine, values: number[]): boolean {
  const isCodeFunction = (v: number) => isObjectValue(v) && (e.heap.object(v).fn !== undefined || e.heap.object(v).slots.has('%target'));
  const holdsCode = (o: AbstractObject, anyKey: boolean): boolean => {
    for (const p of e.heap.chain(o.id, e.graph.prototypes)) {
      if (p.kind === 'builtin') continue;
      if ([...p.dyn].some(isCodeFunction)) return true;
      for (const [k, cell] of p.props) if ((anyKey || CONVERSION_KEYS.includes(k)) && [...cell].some(isCodeFunction)) return true;
      if (CONVERSION_KEYS.some((k) => p.getters.has(k)) || (anyKey && p.getters.size > 0)) return true;
    }
    return false;
  };
  const handed = new Set<number>();
  for (const v of values) {
    if (!isObjectValue(v)) continue;
    handed.add(objectOf(v));
    const o = e.heap.object(v);
    // Not a function's `prototype`: luxon calls or converts a function it is handed, never reads that (round 32's
    // `mapUnits(function (x) { return x * 2; })`: the prototype's `constructor` is the function itself).
    if (o.kind === 'site') for (const [k, cell] of o.props) if (k !== 'prototype' || (!o.fn && !o.callable)) for (const w of cell) if (isObjectValue(w)) handed.add(objectOf(w));
  }
  for (const id of handed) {
    const o = e.heap.object(id);
    if (o.kind !== 'site') continue;
    // A function handed as a value converts through its own toString; an object's methods luxon may call (a zone's offset).
    if (holdsCode(o, !o.fn && !o.callable)) return true;
  }
  return false;
}

/**
 * What luxon makes besides its own values (the luxon model): plain objects and arrays, Dates, regular
 * expressions, Maps (its caches), errors and Intl's formatters, all of the runner's realm. Its source
 * names no typed array, buffer, iterator, generator, proxy, promise or weak collection
 * (test/validate/purity-points-to.test.ts reads it: the devDependency, the version n8n 2.41.1 ships).
 */
export const LUXON_MADE = ['Object', 'Array', 'Date', 'RegExp', 'Map', 'Error', 'TypeError', 'RangeError', 'Intl.DateTimeFormat', 'Intl.NumberFormat', 'Intl.RelativeTimeFormat', 'Intl.Locale', 'Intl.ListFormat'];

/** LUXON_MADE's prototypes, the runner realm's (built-ins of the shared graph: the same ids in every analysis). */
export const luxonPrototypes = (e: Engine): number[] => LUXON_MADE.map((name) => e.builtin(`host:${name}.prototype`));

/**
 * An object of the runner realm of the kinds luxon's own code makes (LUXON_MADE: an array, a plain object, a
 * Date, ...), holding luxon's values: one of n8n's, so that luxon's functions called on it are luxon's model,
 * not luxon handed the code's object.
 */
function luxonMade(e: Engine, luxonFn: AbstractObject): number {
  return e.heap.site('luxon-made', () => {
    const o = e.heap.create('n8n', 'an object luxon made (an array, a plain object, a Date, ...)', luxonPrototypes(e));
    o.madeByLuxon = true;
    e.heap.join(o.dyn, [...luxonFn.dyn]);
    return o;
  }).id;
}

/** What a method of LUXON_FRESH gives: a plain object of primitives, a new array of Intervals, or that and the elements of the array it merges. */
type LuxonFresh = 'object' | 'intervals' | 'merge' | 'parts';

/**
 * luxon's methods that give a new plain object or array of the runner realm (luxon 3.7's source, the version
 * n8n 2.41.1 ships): DateTime's and Duration's toObject (`{ ...this.c }`, `{ ...this.values }`: numbers, and
 * with includeConfig the locale's strings; `{}` when invalid), DateTime's resolvedLocaleOptions (Intl's strings),
 * Interval's splitAt, splitBy, divideEqually and difference and the static xor (Intervals made anew, or null),
 * and the static merge (the Intervals of its argument, or their unions). Everything else luxon gives is one of
 * its own values (the luxon model), which every task may share: writing into `dt.toObject()` is not.
 */
const LUXON_FRESH: Record<string, ['instance' | 'static', LuxonFresh]> = {
  toObject: ['instance', 'object'],
  resolvedLocaleOptions: ['instance', 'object'],
  splitAt: ['instance', 'intervals'],
  splitBy: ['instance', 'intervals'],
  divideEqually: ['instance', 'intervals'],
  difference: ['instance', 'intervals'],
  xor: ['static', 'intervals'],
  merge: ['static', 'merge'],
  // `this.isValid ? Formatter.create(...).formatDateTimeParts(this) : []`: Intl's formatToParts, a new array of new
  // { type, value } objects of strings every call (mapped anew for a fixed-offset zone).
  toLocaleParts: ['instance', 'parts'],
};
/** The keys under which a luxon value and luxon's functions hold a function told apart (createN8nValues): the same in every analysis. */
const LUXON_VALUE_EXACT_KEYS: ReadonlySet<string> = new Set(['get', ...Object.keys(LUXON_FRESH).filter((k) => LUXON_FRESH[k][0] === 'instance')]);
const LUXON_FUNCTION_EXACT_KEYS: ReadonlySet<string> = new Set(['normalizeUnit', 'resetCache', ...Object.keys(LUXON_FRESH).filter((k) => LUXON_FRESH[k][0] === 'static')]);
const FRESH_LABELS: Record<LuxonFresh, string> = {
  object: "luxon's toObject or resolvedLocaleOptions",
  intervals: "luxon's Interval.xor, splitAt, splitBy, divideEqually or difference",
  merge: 'Interval.merge',
  parts: "luxon's toLocaleParts",
};

/** One of luxon's own values or functions (n8n hands every task the same: they outlive it). */
const isLuxon = (e: Engine, v: number): boolean => isObjectValue(v) && e.heap.object(v).kind === 'n8n' && e.heap.object(v).outlivesTask !== undefined;

/**
 * Whether luxon, handed `v`, runs nothing of the code's and finds nothing but data and its own values: a
 * primitive, one of luxon's values, or an object of the code's (or n8n's data) that is not a function, holds no
 * getter, setter or slot, inherits only from Object.prototype or Array.prototype (either realm: built-ins, which a
 * write would change only with a finding of its own), and holds only such values. Or one of n8n's accessors
 * (`$input`, `$('Node')` and their functions: `$input.all().map(...)` may be one, as the model gives every accessor
 * function every accessor): n8n's own objects and functions, which give n8n's data and accessors whatever they are
 * called on and run nothing of the code's, so what they hold (their `%returns` too) is what decides.
 */
function plainForLuxon(e: Engine, v: number, seen: Set<number>): boolean {
  if (!isObjectValue(v) || isLuxon(e, v)) return true;
  const id = objectOf(v);
  if (seen.has(id)) return true;
  seen.add(id);
  const o = e.heap.object(id);
  if (o.kind === 'n8n' && o.model === 'accessor' && o.cap === undefined && o.getters.size === 0 && o.setters.size === 0) {
    for (const cell of [...o.props.values(), ...o.slots.values(), o.dyn]) for (const w of cell) if (!plainForLuxon(e, w, seen)) return false;
    return true;
  }
  const data = o.kind === 'site' || (o.kind === 'n8n' && o.model === 'data');
  if (!data || o.fn || o.callable || o.getters.size > 0 || o.setters.size > 0 || o.slots.size > 0) return false;
  for (const p of o.protos) if (!PLAIN_PROTOTYPES.includes(e.heap.object(p).path ?? '')) return false;
  for (const cell of o.props.values()) for (const w of cell) if (!plainForLuxon(e, w, seen)) return false;
  for (const w of o.dyn) if (!plainForLuxon(e, w, seen)) return false;
  return true;
}
const PLAIN_PROTOTYPES = ['Object.prototype', 'Array.prototype', 'host:Object.prototype', 'host:Array.prototype'];

/**
 * A method of LUXON_FRESH called on luxon's own values with plain arguments (plainForLuxon) gives what its source
 * makes: a new object or array of the runner realm, the code's to change. Called otherwise (on the code's object,
 * through call or apply, constructed, handed the code's functions), it is luxon's function like any other.
 */
function luxonFresh(e: Engine, c: Parameters<Summary>[1], kind: LuxonFresh): VSet {
  const tail = tailOf(c.args) ?? new Set<number>();
  const seen = new Set<number>();
  // merge sorts the array it is handed in place: the code's, never one of luxon's own (a cached list of month names).
  const sortsOwn = kind === 'merge' && [...(c.args[0] ?? []), ...tail].some((v) => isObjectValue(v) && isLuxon(e, v));
  // Before the plain path: what plainForLuxon lets through (luxon's own functions inside options) may still be keyed
  // amiss, for the kinds whose methods make a cached formatter of their options (resolvedLocaleOptions, which shares
  // its function with toObject, and toLocaleParts); the Intervals' methods key nothing.
  if (kind === 'object' || kind === 'parts') reportKeyedAmiss(e, c);
  const plain = !c.isNew && !sortsOwn && c.self.size > 0 && [...c.self].every((v) => isLuxon(e, v)) && [...c.args, tail].every((a) => [...a].every((v) => plainForLuxon(e, v, seen)));
  if (!plain) return asLuxonFunction(e, c);
  for (const a of c.args) e.coerce(a, c.site);
  const luxon = [...(c.fn.slots.get('%luxon') ?? [])];
  if (kind === 'object') {
    const o = e.fresh(c.site, 'luxon-object', 'host:Object.prototype', 'a plain object luxon made (toObject)');
    e.heap.join(o.dyn, [STR, NUM, BOOL, UNDEF]);
    return new Set([o.id]);
  }
  if (kind === 'parts') {
    const parts = e.fresh(c.site, 'luxon-parts', 'host:Array.prototype', 'an array of parts Intl made (toLocaleParts)');
    const part = e.fresh(c.site, 'luxon-part', 'host:Object.prototype', 'a part Intl made ({ type, value })');
    e.heap.join(part.dyn, [STR, UNDEF]);
    e.heap.join(e.heap.prop(parts, '#'), [part.id, UNDEF]);
    e.heap.add(e.heap.prop(parts, 'length'), NUM);
    return new Set([parts.id]);
  }
  const a = e.fresh(c.site, `luxon-${kind}`, 'host:Array.prototype', 'an array of Intervals luxon made');
  e.heap.join(e.heap.prop(a, '#'), [...luxon, UNDEF]);
  if (kind === 'merge') e.heap.join(e.heap.prop(a, '#'), e.get(c.args[0] ?? [UNDEF], '#', c.site));
  e.heap.add(e.heap.prop(a, 'length'), NUM);
  return new Set([a.id]);
}

/** What a luxon function told apart from the others (luxon-get, luxon-normalize-unit) may do besides: what any luxon function may (the luxon model). */
const asLuxonFunction = (e: Engine, c: Parameters<Summary>[1]): VSet => N8N_MODELS['luxon:call'](e, { ...c, fn: e.heap.object([...c.fn.slots.get('%luxonFn')!][0]) });

/** The engine's own functions (a promise's resolving functions, a capability executor), by model. */
export const ENGINE_FUNCTIONS: ReadonlySet<string> = new Set(['resolve', 'reject', 'executor']);

/** What reads, writes and calls of n8n's values do ('<model>:get', '<model>:call', ...). */
export const N8N_MODELS: Record<string, Summary> = {
  // An accessor function (a host function of n8n or luxon) coerces its arguments and gives data or accessors.
  // Whatever of n8n's data it gives is items' elements too: `$input.first()`, `$('X').last()` read the
  // arrays `items` is one of, so what the code stored into them comes back (round 24).
  'accessor:call': (e, c) => {
    for (const a of c.args) e.coerce(a, c.site);
    const out = new Set(c.fn.slots.get('%returns') ?? []);
    for (const v of [...out]) if (isObjectValue(v) && e.heap.object(v).model === 'data') for (const w of e.get([v], '#', c.site)) out.add(w);
    return out;
  },
  // A luxon function is an accessor function that, called on or with the code's own objects, calls their
  // methods and may give them back (DateTime.prototype.toJSON.call(o) gives o.toISO(); DateTime.max gives
  // an argument): unsummarized for those. Not for the engine's resolving functions: they reach a luxon
  // function only through a `then` read on a luxon value (the model gives one for every key), and luxon's
  // values are not thenables.
  // What it calls it may hand luxon's own values (round 30: a fake zone's `equals` is handed luxon's UTC zone
  // by setZone, `mapEndpoints` hands its function luxon's DateTimes, `merge` reduces the code's array from a
  // runner-realm array of its own): luxon's values and functions, which outlive the task, and an object of the
  // kinds luxon makes (luxonMade).
  'luxon:call': (e, c) => {
    const out = N8N_MODELS['accessor:call'](e, c);
    // Foreign to luxon: what is not one of n8n's values, or is one of its capabilities (require, a helper,
    // $evaluateExpression), which luxon calls when it is handed one to call (mapUnits, mapEndpoints: round 32).
    const foreign = (values: VSet) => new Set([...values].filter((v) => isObjectValue(v) && (e.heap.object(v).kind !== 'n8n' || e.heap.object(v).cap !== undefined) && !ENGINE_FUNCTIONS.has(e.heap.object(v).model ?? '')));
    const self = foreign(c.self);
    const args = c.args.map(foreign);
    // What it is handed as arguments: called on the code's object (JSON.stringify calling a luxon toJSON found on
    // one), luxon reads its fields, which the round's spellings did not need.
    if (runsCodeForLuxon(e, args.flatMap((a) => [...a]))) {
      e.policy.report(c.site.node, 'unprovable', `\`${c.site.text}\` hands luxon an object whose conversion or methods may run the code's function`, '(luxon keys the formatters, locales and zone offsets it keeps for every later task by the JSON of its arguments, and makes them from what converting them gives: round 31)');
    }
    reportKeyedAmiss(e, c);
    // Handed, on its own values, only objects that run nothing of the code's and hold only data and its values (an
    // options object, `{ hours: 2 }`), luxon reads their data: it calls nothing and stores nothing into them, and
    // what it gives is its own values, or what it was handed (kept in what it makes: an invalid zone's name) and
    // what that holds.
    const seen = new Set<number>();
    if (self.size === 0 && args.every((a) => [...a].every((v) => plainForLuxon(e, v, seen)))) {
      for (const v of e.heap.reach(args.flatMap((a) => [...a]))) out.add(v);
      return out;
    }
    if (self.size || args.some((a) => a.size)) {
      const own = [...c.fn.dyn, ...(c.fn.slots.get('%toldApart') ?? [])].filter((v) => isObjectValue(v) && e.heap.object(v).outlivesTask !== undefined);
      // It stores nothing into what it is handed (it builds what it gives anew: normalizeObject, new DateTime),
      // so n8n's data it is handed does not come to hold what it called and was given back.
      for (const v of e.unsummarized(c.fn, self, args, c.site, false, false, [...own, luxonMade(e, c.fn)])) out.add(v);
    }
    return out;
  },
  // DateTime#get(unit) is `this[unit]`, of whatever it is called on (Duration#get reads less: this.values at the
  // normalized unit): what that receiver holds at the key, its inherited members too (`get.call(() => 0,
  // 'constructor')` is the Function constructor, round 32), besides what any luxon function may do with what it is handed.
  'luxon-get:call': (e, c) => {
    const out = e.getKeys(c.self, e.keyOf(c.args[0] ?? new Set([UNDEF]), c.site), c.site);
    for (const v of asLuxonFunction(e, c)) out.add(v);
    return out;
  },
  // DateTime.resetCache(), Locale.resetCache() and IANAZone.resetCache() clear luxon's module-level caches (the zone
  // offset guesses; Intl's formatters, resolved options and week info by locale; the zones and their formatters),
  // which every later task of the runner shares: a change of that state, whatever it is called on or with, as a
  // write onto one of luxon's shared objects is (Policy.write).
  'luxon-reset-cache:call': (e, c) => {
    e.policy.report(c.site.node, 'builtinWrite', { expression: c.site.text, capabilities: [c.fn.label], weak: false }, "and is called, which empties the caches luxon keeps for every later task (its zones, Intl's formatters by locale)");
    return asLuxonFunction(e, c);
  },
  // Duration.normalizeUnit(unit) is `{ year: 'years', ... }[unit.toLowerCase()]`, a plain object of the runner
  // realm: a unit name, or what that object inherits at the key (`'constructor'`: the runner's Object, round 32).
  'luxon-normalize-unit:call': (e, c) => {
    const keys = e.keyOf(c.args[0] ?? new Set([UNDEF]), c.site).map((k) => (k === undefined || k.startsWith('@@') ? undefined : k.toLowerCase()));
    const out = e.getKeys(new Set([e.builtin('host:Object.prototype')]), keys.includes(undefined) ? [undefined] : keys, c.site);
    out.delete(UNDEF);
    out.add(STR);
    for (const v of asLuxonFunction(e, c)) out.add(v);
    return out;
  },
  'luxon-object:call': (e, c) => luxonFresh(e, c, 'object'),
  'luxon-intervals:call': (e, c) => luxonFresh(e, c, 'intervals'),
  'luxon-merge:call': (e, c) => luxonFresh(e, c, 'merge'),
  'luxon-parts:call': (e, c) => luxonFresh(e, c, 'parts'),
  // $jmespath(data, path) gives any value reachable from data (a path may name any key, constructor too).
  'jmespath:call': (e, c) => {
    for (const a of c.args.slice(1)) e.coerce(a, c.site);
    const reached = new Set<number>();
    for (const v of c.args[0] ?? []) for (const w of e.get(e.heap.reach([v]), undefined, c.site)) reached.add(w);
    return new Set([...e.heap.weaken(reached), ...e.heap.reach(c.args[0] ?? [])]);
  },
  // $getWorkflowStaticData(type): the same object at every call. n8n takes it back with the result once the
  // code changed it (JsTaskRunner) and saves it as JSON: what it holds is handed to n8n. (In the last pass
  // the heap no longer changes, so what it holds here is all it ever holds.)
  'staticData:call': (e, c) => {
    // Its type may be taken as a key (the oracle's stand-in does): an object given is converted.
    for (const a of c.args) e.coerce(a, c.site);
    const stored = c.fn.slots.get('%returns') ?? new Set<number>();
    e.handToN8n(stored, stored, c.site, "and is handed to n8n in the workflow's static data (n8n saves it as JSON)");
    return new Set(stored);
  },
  'noop:call': () => new Set([UNDEF]),
  // n8n 2.41's console.log (JsTaskRunner.buildCustomConsole; every other console method is a no-op) sends
  // each argument to n8n's execution log, shown in the editor (logNodeOutput): a string as it is, the
  // execution context by name, anything else through n8n's jsonStringify with circular references
  // replaced. That calls toJSON() on each object with it as `this` and keeps what it gives, reads every
  // enumerable key of the others, inherited ones too (their getters run with the object as receiver),
  // recursively, then JSON.stringify runs on the copy. What it reaches is handed to n8n, as a returned
  // value is.
  'consoleLog:call': (e, c) => {
    const logged = new Set<number>();
    for (const a of [...c.args, tailOf(c.args) ?? []]) for (const v of a) if (objectOf(v) !== e.graph.global) logged.add(v);
    const seen = new Set<number>();
    const fromToJSON = new Set<number>();
    const queue = [...logged];
    while (queue.length) {
      const v = queue.pop()!;
      if (seen.has(v)) continue;
      seen.add(v);
      if (!isObjectValue(v)) continue;
      for (const w of e.invokeMethod(new Set([v]), 'toJSON', [], c.site)) fromToJSON.add(w);
      for (const w of enumerableValues(e, v, c.site)) if (!seen.has(w)) queue.push(w);
    }
    e.handToN8n(fromToJSON, new Set([...seen, ...fromToJSON]), c.site, 'and is handed to n8n by console.log (it serializes its arguments into the execution log)');
    return new Set([UNDEF]);
  },
  // An object of the runner's realm the analysis does not model: it may call what it is given and give back what it reaches.
  'opaque:call': (e, c) => new Set([...e.unsummarized(c.fn, c.self, c.args, c.site), c.fn.id]),
  // Data a built-in made (Intl's parts): the same, but it keeps nothing it is handed.
  'opaque-data:call': (e, c) => new Set([...e.unsummarized(c.fn, c.self, c.args, c.site, false, false), c.fn.id]),
  // A promise's resolve function: what it is called with settles the promise.
  'resolve:call': (e, c) => {
    for (const p of c.fn.slots.get('%promise') ?? []) e.resolveInto(e.heap.object(p), c.args[0] ?? new Set([UNDEF]), c.site);
    return new Set([UNDEF]);
  },
  'reject:call': (e, c) => {
    e.heap.join(e.thrown, c.args[0] ?? []);
    return new Set([UNDEF]);
  },
  // The executor the engine hands a promise subclass's constructor: it keeps the functions it is called with, which the engine then calls.
  'executor:call': (e, c) => {
    e.heap.join(e.heap.slot(c.fn, '%resolve'), c.args[0] ?? []);
    e.heap.join(e.heap.slot(c.fn, '%reject'), c.args[1] ?? []);
    return new Set([UNDEF]);
  },
};
