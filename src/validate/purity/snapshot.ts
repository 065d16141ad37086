// The built-in graph a Code node's sandbox really holds, read from a live vm context built like
// n8n 2.41's task runner builds it (@n8n/task-runner js-task-runner.js: buildContext,
// getNativeVariables, createVmExecutableCode's prelude). Run in a process started with n8n's runner
// flags by scripts/snapshot-builtins.mjs; test/validate/purity-builtins.test.ts checks that the
// committed snapshot (builtin-snapshot.ts) equals what such a vm holds.
//
// Every object and function reachable from the context's global object and from the host values n8n
// hands in, through properties (values, getters, setters, symbol keys) and prototypes, is one entry.
// n8n's own values (require, helpers, the data proxy) are placeholders: the analysis models them.
import vm from 'node:vm';

/** A property value: an object's index, a primitive's type ('string', ...), a well-known symbol ('@@iterator'), or an n8n value ('n8n:require'). */
export type SnapshotValue = number | string;
/** [key, value] for a data property, [key, getter, setter] for an accessor (-1: none); keys of symbols are '@@name' / '@desc'. */
export type SnapshotProperty = [string, SnapshotValue, 0 | 1] | [string, number, number, 0 | 1, 'a'];
export interface SnapshotObject {
  /** The first path the walk reached it by: 'Array.prototype.map', 'host:Buffer.prototype'. */
  path: string;
  callable: boolean;
  /** 1 for a function whose source is JavaScript (Node's own library: Buffer's methods, timers, FormData, ...), not a built-in of the engine (`[native code]`). */
  js?: 1;
  proto: number;
  props: SnapshotProperty[];
}
export interface Snapshot {
  node: string;
  objects: SnapshotObject[];
}

/** The names n8n's buildContext puts on the context that the analysis models itself. */
export const N8N_MODELLED_KEYS = [
  '__isExecutionContext', 'require', 'console', '$getWorkflowStaticData', 'helpers', 'items', 'item',
  '$', '$binary', '$data', '$env', '$evaluateExpression', '$execution', '$getPairedItem', '$input', '$item', '$itemIndex', '$items', '$jmesPath', '$jmespath',
  '$json', '$mode', '$node', '$now', '$parameter', '$position', '$prevNode', '$runIndex', '$self', '$thisItem', '$thisItemIndex', '$thisRunIndex', '$today',
  '$vars', '$workflow', '$secrets', '$nodeVersion', '$nodeId', '$webhookId', '$fromAI', '$fromAi', '$fromai', '$agentInfo', '$rawParameter', '$tool', '$evaluation',
  '$executionId', '$resumeWebhookUrl', 'DateTime', 'Duration', 'Interval',
];

/** The prelude n8n 2.41's createVmExecutableCode runs before the code (test/validate/support/n8n-sandbox.ts checks it line for line). */
export const PRELUDE = [
  'globalThis.global = globalThis',
  'var module = { exports: {} }',
  'Object.getPrototypeOf = () => ({})',
  'Reflect.getPrototypeOf = () => ({})',
  'Object.setPrototypeOf = () => false',
  'Reflect.setPrototypeOf = () => false',
  'delete Error.prepareStackTrace',
  'delete Error.captureStackTrace',
  'Object.defineProperty(Error, "prepareStackTrace", { configurable: false, writable: false, value: undefined })',
  'Object.defineProperty(Error, "captureStackTrace", { configurable: false, writable: false, value: undefined })',
  'Object.defineProperty = () => ({})',
  'Object.defineProperties = () => ({})',
  '[Object, Function, Array, String, Number, Boolean, RegExp, Error, TypeError, RangeError, SyntaxError, ReferenceError, Promise, Symbol, Map, Set, WeakMap, WeakSet, Date, JSON, Math, Reflect, ArrayBuffer, DataView, Int8Array, Uint8Array, Float32Array, Float64Array].forEach((constructor) => { try { Object.freeze(constructor); } catch {} })',
];

/** The host values getNativeVariables() hands in (made in the runner's own realm). */
export const NATIVE_VARIABLE_NAMES = ['Buffer', 'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'btoa', 'atob', 'TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'FormData'];

/**
 * The host realm's own built-ins, every ECMAScript global the vm realm has too: n8n's data (items, $json)
 * and the errors and promises its host functions give are made there, and so is what Node's library makes
 * (TextEncoder's Uint8Array, a Buffer's ArrayBuffer, FormData's arrays; until round 29 only the
 * constructors n8n's data needs were taken, and a runner-realm Uint8Array or ArrayBuffer had no prototype
 * of its realm to inherit from).
 */
const hostBuiltinNames = (sandboxGlobal: object, context: Record<string, unknown>): string[] =>
  Object.getOwnPropertyNames(sandboxGlobal).filter((name) => !(name in context) && !['globalThis', 'global', 'module'].includes(name));

/** Instances whose prototypes are intrinsics no property leads to (%ArrayIteratorPrototype%, %AsyncFunction%, ...). */
function intrinsicSamples(): Record<string, unknown> {
  return {
    '%ArrayIteratorPrototype%': [][Symbol.iterator](),
    '%MapIteratorPrototype%': new Map().entries(),
    '%SetIteratorPrototype%': new Set().values(),
    '%StringIteratorPrototype%': ''[Symbol.iterator](),
    '%RegExpStringIteratorPrototype%': /x/g[Symbol.matchAll](''),
    '%GeneratorPrototype%': (function* () {}).prototype,
    '%AsyncGeneratorPrototype%': (async function* () {}).prototype,
    '%IteratorPrototype%': Object.getPrototypeOf([][Symbol.iterator]()),
    '%AsyncIteratorPrototype%': Object.getPrototypeOf((async function* () {}).prototype),
    '%AsyncFunctionPrototype%': async function () {},
    '%GeneratorFunctionPrototype%': function* () {},
    '%AsyncGeneratorFunctionPrototype%': async function* () {},
    '%AsyncFromSyncIteratorPrototype%': undefined,
  };
}

/**
 * The runner realm's timer objects, which the native timer functions give (n8n hands the task Node's own
 * setTimeout, setInterval and setImmediate): their prototypes' methods (ref, unref, refresh, ...) are
 * functions every task shares. No global leads to them.
 */
function hostTimerSamples(): Record<string, unknown> {
  const timeout = setTimeout(() => {}, 0);
  clearTimeout(timeout);
  const immediate = setImmediate(() => {});
  clearImmediate(immediate);
  return { '%TimeoutPrototype%': timeout, '%ImmediatePrototype%': immediate };
}

const WELL_KNOWN = Object.getOwnPropertyNames(Symbol).filter((k) => typeof (Symbol as any)[k] === 'symbol');

const functionSource = Function.prototype.toString;
/** Whether a function's source is JavaScript one can read (Node's library), not the engine's own (`[native code]`, bound functions too). */
function isJavaScript(f: Function): boolean {
  return !/\{\s*\[native code\]\s*\}$/.test(Reflect.apply(functionSource, f, []));
}

/** Takes the snapshot in this process: a vm context built like n8n's, after its prelude. */
export function takeSnapshot(): Snapshot {
  const placeholders = new Map<object, string>();
  const contextValues: Record<string, unknown> = {};
  for (const key of N8N_MODELLED_KEYS) {
    const marker = function n8nValue() {};
    placeholders.set(marker, key);
    contextValues[key] = marker;
  }
  const host = globalThis as any;
  for (const name of NATIVE_VARIABLE_NAMES) if (host[name] !== undefined) contextValues[name] = host[name];
  const context = vm.createContext(contextValues);
  // Samples first: the prelude replaces Object.getPrototypeOf in the context.
  const sandboxSamples = vm.runInContext(`(${intrinsicSamples.toString()})()`, context) as Record<string, unknown>;
  vm.runInContext(PRELUDE.join('; '), context);
  const sandboxGlobal = vm.runInContext('globalThis', context);
  const sandboxSymbols = vm.runInContext('Symbol', context);

  const index = new Map<object, number>();
  const objects: SnapshotObject[] = [];
  const queue: Array<[object, string]> = [];
  const isObject = (v: unknown): v is object => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const symbolKey = (s: symbol) => {
    const wk = WELL_KNOWN.find((k) => (Symbol as any)[k] === s || sandboxSymbols[k] === s);
    return wk ? `@@${wk}` : `@${s.description ?? ''}`;
  };
  const ref = (v: unknown, path: string): SnapshotValue => {
    if (isObject(v)) {
      if (placeholders.has(v)) return `n8n:${placeholders.get(v)}`;
      let i = index.get(v);
      if (i === undefined) {
        i = objects.length;
        index.set(v, i);
        objects.push({ path, callable: typeof v === 'function', ...(typeof v === 'function' && isJavaScript(v) ? { js: 1 as const } : {}), proto: -1, props: [] });
        queue.push([v, path]);
      }
      return i;
    }
    if (typeof v === 'symbol') return symbolKey(v).startsWith('@@') ? symbolKey(v) : 'symbol';
    if (v === null) return 'null';
    return typeof v;
  };
  ref(sandboxGlobal, 'globalThis');
  for (const [name, sample] of Object.entries(sandboxSamples)) if (isObject(sample)) ref(Object.getPrototypeOf(sample), name);
  for (const name of [...NATIVE_VARIABLE_NAMES, ...hostBuiltinNames(sandboxGlobal, contextValues)]) if (host[name] !== undefined && isObject(host[name])) ref(host[name], `host:${name}`);
  let hostSamplesTaken = false;
  while (queue.length || !hostSamplesTaken) {
    if (queue.length === 0 && !hostSamplesTaken) {
      hostSamplesTaken = true;
      for (const [name, sample] of Object.entries({ ...intrinsicSamples(), ...hostTimerSamples() })) if (isObject(sample)) ref(Object.getPrototypeOf(sample), `host:${name}`);
      if (!queue.length) break;
    }
    const [value, path] = queue.shift()!;
    const entry = objects[index.get(value)!];
    const proto = Object.getPrototypeOf(value);
    entry.proto = proto === null ? -1 : (ref(proto, `${path}.__proto__`) as number);
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key)!;
      const name = typeof key === 'symbol' ? symbolKey(key) : key;
      const sub = `${path}.${name}`;
      const e: 0 | 1 = d.enumerable ? 1 : 0;
      if ('value' in d) entry.props.push([name, ref(d.value, sub), e]);
      else entry.props.push([name, d.get ? (ref(d.get, `${sub}[get]`) as number) : -1, d.set ? (ref(d.set, `${sub}[set]`) as number) : -1, e, 'a']);
    }
  }
  return { node: process.version, objects };
}
