// A run-time oracle for the code-purity rule: runs a Code-node snippet the way n8n 2.41's JS task
// runner does in secure mode (@n8n/task-runner dist/js-task-runner/js-task-runner.js) and says which
// capabilities the snippet really got hold of.
//
// What it reproduces of the runner:
// - The runner process: n8n starts it (internal mode, n8n/dist/task-runners/task-runner-process-js.js;
//   external mode, the n8nio/runners launcher config) as `node --disallow-code-generation-from-strings
//   --disable-proto=delete start.js`. So the runner realm cannot compile strings (its Function and eval
//   throw EvalError) and Object.prototype.__proto__ is gone in every realm; a vm context still compiles
//   strings (createContext's codeGeneration defaults to allowed). Each run is a fresh child process of
//   this Node binary (or `options.node`) with those flags (`runnerFlags: false` drops them).
// - JsTaskRunner's constructor in secure mode (preventPrototypePollution): Buffer.allocUnsafe* become
//   Buffer.alloc, freezeGlobals() freezes every function-valued global of the runner realm and its
//   prototype, and Reflect, JSON, Math; EventEmitter's emit/on/... are locked. (n8n skips the freeze
//   when NODE_ENV=test: `hardenHost: false` runs that way.)
// - buildContext(): node:vm createContext({ __isExecutionContext, require, console,
//   $getWorkflowStaticData, ...getNativeVariables(), ...dataProxy, ...buildRpcCallObject(), items })
//   where every value is made in the runner (host) realm: the native variables are the host's own
//   Buffer, timers, TextEncoder..., the data proxy and helpers are host functions and objects.
// - createVmExecutableCode(): the same prelude lines, then
//   `module.exports = async function VmCodeWrapper() {<code>\n}()`, run with runInContext and the
//   vm timeout, the promise awaited with a timeout.
// - runForEachItem(): one context, `Object.assign(context, dataProxy, { item })` before each item's run.
//
// The stand-ins for what n8n wires to the outside world are spies: require, every helpers.* function,
// $evaluateExpression record a call, $env records a read of its keys. After the run the returned value
// is walked (bounded) and compared by identity with the capability values: the spies, $env, the host
// `process`, the host global object, the context's global object, and the code compilers (Function,
// AsyncFunction, GeneratorFunction, AsyncGeneratorFunction, eval) of each realm that can compile strings
// (with n8n's flags, only the sandbox realm's). Compiled code is seen by what it returns: a snippet that
// compiles `return this` returns the global object.
//
// A snippet runs in its own child process, killed when the run ends or overruns: what it writes to
// host prototypes, or a loop that never yields, cannot reach the test process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { PRELUDE } from '../../../src/validate/purity/snapshot.js';

export type N8nCodeMode = 'runOnceForAllItems' | 'runOnceForEachItem';

export interface RunLikeN8nOptions {
  mode?: N8nCodeMode;
  /** Input items, `{ json: {...} }`; sent to the runner process (host realm). */
  items?: object[];
  /** The task timeout: vm's timeout and the wait for the promise, in ms (default 2000). */
  timeoutMs?: number;
  /** Reproduce preventPrototypePollution() (freezeGlobals etc.), as n8n does unless NODE_ENV=test. Default true. */
  hardenHost?: boolean;
  /** Start the runner process with n8n's flags (--disallow-code-generation-from-strings --disable-proto=delete). Default true. */
  runnerFlags?: boolean;
  /** The Node binary of the runner process (n8n 2.41 runs on Node 24; the e2e harness caches one). Default: this process's. */
  node?: string;
  /** The workflow's static data as earlier executions left it, by type ('global', 'node'): JSON. Default: none. */
  staticData?: Record<string, object>;
  /**
   * Code of another task the runner ran before this one, in a context of its own that holds `$env`, `helpers` and the timer
   * functions: a timer it leaves pending is linked into the lists this task's timers of the same duration join (the
   * runner runs every task in one process). Default: none.
   */
  earlierTask?: string;
}

export interface OracleVerdict {
  /** What the snippet got hold of, e.g. 'require called', 'global object returned', 'host process returned'. */
  obtained: string[];
  /** The snippet's error (or the oracle's, for a run that never ended). */
  error?: string;
  /** A JSON-safe picture of the returned value (a per-item array in runOnceForEachItem); capabilities show as '[capability: …]'. */
  result?: unknown;
}

/** luxon as n8n 2.41 depends on it (3.7.2; the project's own copy, of the same version). */
const LUXON = createRequire(import.meta.url).resolve('luxon');

/** The secret held by the `$env` stand-in. */
export const ORACLE_ENV_SECRET = 's3cr3t-oracle-7f3a9c21';

/** Input rows as a webhook would deliver them: the attacker controls the values (row 0's `key` is 'constructor'). */
export const DEFAULT_ITEMS: object[] = [
  { json: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', tags: ['math', 'engines'], field: 'name', key: 'constructor', score: 42 } },
  { json: { id: 2, name: 'Alan Turing', email: 'alan@example.com', tags: ['logic'], field: 'email', key: 'id', score: 7 } },
];

/** The runner's prelude, line for line as createVmExecutableCode() joins it (shared with the built-in snapshot of code-purity's points-to analysis). */
export const N8N_PRELUDE: readonly string[] = PRELUDE;

/** The script runInContext runs: the prelude, then the wrapped code (createVmExecutableCode). */
export function n8nExecutableCode(code: string): string {
  return [...N8N_PRELUDE, `module.exports = async function VmCodeWrapper() {${code}\n}()`].join('; ');
}

// runner-types.js
const EXPOSED_RPC_METHODS = [
  'helpers.assertBinaryData',
  'helpers.getBinaryDataBuffer',
  'helpers.prepareBinaryData',
  'helpers.setBinaryDataBuffer',
  'helpers.binaryToString',
  'helpers.httpRequest',
  'helpers.request',
];
const UNSUPPORTED_HELPER_FUNCTIONS = [
  'helpers.httpRequestWithAuthentication',
  'helpers.requestWithAuthenticationPaginated',
  'helpers.copyBinaryFile',
  'helpers.createReadStream',
  'helpers.getBinaryStream',
  'helpers.binaryToBuffer',
  'helpers.getBinaryMetadata',
  'helpers.getStoragePath',
  'helpers.getBinaryPath',
  'helpers.writeContentToFile',
  'helpers.copyInputItems',
  'helpers.returnJsonArray',
  'helpers.normalizeItems',
  'helpers.getSSHClient',
  'helpers.createDeferredPromise',
  'helpers.constructExecutionMetaData',
];
// JsTaskRunner.CONSOLE_METHODS
const CONSOLE_METHODS = ['log', 'warn', 'error', 'info', 'debug', 'trace', 'dir', 'time', 'timeEnd', 'timeLog', 'assert', 'clear', 'count', 'countReset', 'group', 'groupEnd', 'groupCollapsed', 'table', 'dirxml', 'profile', 'profileEnd', 'timeStamp'];

/** The flags n8n 2.41 starts the JS runner process with, in secure mode. */
export const N8N_RUNNER_FLAGS: readonly string[] = ['--disallow-code-generation-from-strings', '--disable-proto=delete'];

// The runner process's program, given to `node -e`; its settings arrive as JSON on stdin, its reports
// leave as JSON lines on stdout. CommonJS, strict like the runner's compiled code (a sloppy host frame
// would hand its function to CallSite.getFunction()). No backticks or dollar-braces: it is a template.
const ORACLE_SOURCE = String.raw`
'use strict';
const vm = require('node:vm');
const fs = require('node:fs');
const { EventEmitter } = require('node:events');
const { executable, mode, items, timeoutMs, hardenHost, secret, exposed, unsupported, consoleMethods, storedData, luxonPath, earlierTask } = JSON.parse(fs.readFileSync(0, 'utf8'));
// luxon, a module of the runner process that every task's data proxy hands out (DateTime, Duration, Interval).
const luxon = require(luxonPath);

// Host primordials, taken before any snippet runs.
const { apply, ownKeys, getOwnPropertyDescriptor, getPrototypeOf } = Reflect;
const hostSetTimeout = setTimeout;
const hostClearTimeout = clearTimeout;
const mapEntries = Map.prototype.entries;
const setValues = Set.prototype.values;
const isView = ArrayBuffer.isView;
const writeSync = fs.writeSync;
const stringify = JSON.stringify;
const post = (message) => {
  try {
    writeSync(1, stringify(message) + '\n');
  } catch {}
};
const stringIncludes = String.prototype.includes;

const recorded = new Set();
const note = (what) => {
  if (recorded.has(what)) return;
  recorded.add(what);
  post({ type: 'obtained', what });
};

// --- JsTaskRunner constructor, secure mode: preventPrototypePollution() -------------------------
if (hardenHost) {
  const safeAlloc = Buffer.alloc.bind(Buffer);
  Buffer.allocUnsafe = safeAlloc;
  Buffer.allocUnsafeSlow = safeAlloc;
  const isFreezable = (value) => typeof value === 'object' || typeof value === 'function';
  Object.getOwnPropertyNames(globalThis)
    .map((name) => Reflect.get(globalThis, name))
    .filter((value) => typeof value === 'function')
    .forEach((fn) => {
      if (isFreezable(fn.prototype)) Object.freeze(fn.prototype);
      Object.freeze(fn);
    });
  [Reflect, JSON, Math].forEach(Object.freeze);
  // JsTaskRunner's constructor freezes luxon's prototypes too, not the classes themselves.
  [luxon.DateTime, luxon.Interval, luxon.Duration].map((constructor) => constructor.prototype).forEach(Object.freeze);
  for (const method of ['emit', 'on', 'once', 'addListener', 'prependListener', 'prependOnceListener']) {
    Object.defineProperty(EventEmitter.prototype, method, { value: EventEmitter.prototype[method], writable: false, configurable: false, enumerable: true });
  }
}

// --- Capability stand-ins, all made in the host realm --------------------------------------------
// Whether the runner realm may compile strings (not with --disallow-code-generation-from-strings).
const compiles = () => {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
};
const hostCompiles = compiles();
class ExecutionError extends Error {}
class ExpressionError extends Error {}
// createRequireResolver() with the default (empty) allow lists: every module is disallowed.
const requireResolver = (request) => {
  note('require called');
  throw new ExecutionError("Cannot find module '" + String(request) + "' [line 1]");
};

// buildRpcCallObject(): lodash set(rpcObject, 'helpers.x', fn).
const rpcObject = { helpers: {} };
const helperLabels = new Map();
for (const method of exposed) {
  const fn = async (...args) => {
    note(method + ' called');
    return undefined;
  };
  rpcObject.helpers[method.split('.')[1]] = fn;
  helperLabels.set(fn, method);
}
for (const method of unsupported) {
  const fn = () => {
    note(method + ' called');
    throw new ExecutionError("Unsupported function: '" + method + "' is not supported in the Code node");
  };
  rpcObject.helpers[method.split('.')[1]] = fn;
  helperLabels.set(fn, method);
}

// buildCustomConsole(): no-ops, but log, which sends each argument to n8n's execution log (logNodeOutput,
// shown in the editor): a string as it is, the execution context by name, anything else as n8n 2.41's
// jsonStringify(arg, { replaceCircularRefs: true }) writes it (n8n-workflow's replaceCircularReferences:
// toJSON() called and its result kept, else every enumerable key read, inherited ones too, recursively,
// cycles named; then JSON.stringify). What the text holds of $env has left the sandbox.
const copyKeysSkipped = new Set(['__proto__', 'constructor', 'prototype']);
const copyForLog = (value, known) => {
  if (typeof value !== 'object' || value === null || value instanceof RegExp) return value;
  if ('toJSON' in value && typeof value.toJSON === 'function') return value.toJSON();
  if (known.has(value)) return '[Circular Reference]';
  known.add(value);
  const copy = Array.isArray(value) ? [] : {};
  for (const key in value) {
    if (copyKeysSkipped.has(key)) continue;
    try {
      copy[key] = copyForLog(value[key], known);
    } catch (e) {
      if (!(e instanceof TypeError && apply(stringIncludes, String(e.message), ['Cannot assign to read only property']))) throw e;
    }
  }
  known.delete(value);
  return copy;
};
const customConsole = {};
for (const name of consoleMethods) customConsole[name] = () => {};
customConsole.log = (...args) => {
  for (const arg of args) {
    if (typeof arg === 'string') continue;
    if ((typeof arg === 'object' || typeof arg === 'function') && arg !== null && '__isExecutionContext' in arg) continue;
    const text = stringify(copyForLog(arg, new WeakSet()));
    if (typeof text === 'string' && apply(stringIncludes, text, [secret])) note('$env secret logged');
  }
};

const staticData = storedData;
// As n8n's Workflow.getStaticData for a string: 'global' or 'node' (the node's own key), any other throws.
// Not staticData[type] for any string: 'constructor' would hand out the host's Object, which n8n never does
// (round 25). A value that is not a string is still used as a key (converted: its toString runs), more than
// n8n does (it throws an error holding the value, which its error handling may convert): a stand-in that
// errs on the side of calling what the code planted (round 19's bodies).
const $getWorkflowStaticData = (type) => {
  if (typeof type === 'string' && type !== 'global' && type !== 'node') throw new Error('Unknown context type. Only global and node are supported.');
  return (staticData[type] ??= {});
};

// $env: an object holding a secret; reading any of its keys is getting hold of the secret.
const envTarget = { N8N_ORACLE_SECRET: secret, DB_PASSWORD: secret };
const $env = new Proxy(envTarget, {
  get(target, key, receiver) {
    if (typeof key === 'string' && Object.hasOwn(target, key)) note('$env.' + key + ' read');
    return Reflect.get(target, key, receiver);
  },
  getOwnPropertyDescriptor(target, key) {
    if (typeof key === 'string' && Object.hasOwn(target, key)) note('$env.' + key + ' read');
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
});
// An n8n expression can read $env: calling $evaluateExpression is a capability. n8n 2.41's own refuses
// (throws) when the runner realm cannot compile strings, as with n8n's flags: the call is still recorded,
// with that said, since a runner started otherwise (or insecure mode) evaluates.
const $evaluateExpression = (expression, itemIndex) => {
  if (!hostCompiles) {
    note('$evaluateExpression called (n8n refuses it: the runner realm cannot compile strings)');
    throw new ExpressionError("$evaluateExpression can't be used in the Code node while task runners run in secure mode");
  }
  note('$evaluateExpression called');
  return undefined;
};

const now = new Date('2025-06-01T12:00:00.000Z');
const today = new Date('2025-06-01T00:00:00.000Z');
const nodeAccessor = (index) => ({
  all: () => items,
  first: () => items[0],
  last: () => items[items.length - 1],
  item: items[index],
  params: {},
  context: {},
  isExecuted: true,
  itemMatching: (i) => items[i],
  pairedItem: (i) => items[i ?? index],
});
// WorkflowDataProxy.getDataProxy() for one item index (the keys the Code node sees).
function makeDataProxy(index) {
  const current = items[index];
  return {
    $json: current ? current.json : {},
    $binary: {},
    $data: current ? current.json : {},
    $input: { all: () => items, first: () => items[0], last: () => items[items.length - 1], item: current, params: {}, context: {} },
    $: (nodeName) => nodeAccessor(index),
    $node: { Webhook: { json: items[0] ? items[0].json : {}, parameter: {}, runIndex: 0 } },
    $self: {},
    $parameter: { field: 'name' },
    $prevNode: { name: 'Webhook', outputIndex: 0, runIndex: 0 },
    $runIndex: 0,
    $mode: 'manual',
    $workflow: { id: 'wf-oracle', name: 'Oracle', active: false },
    $itemIndex: index,
    $now: now,
    $today: today,
    $vars: {},
    DateTime: luxon.DateTime,
    Interval: luxon.Interval,
    Duration: luxon.Duration,
    $env,
    $evaluateExpression,
    $item: (itemIndex, runIndex) => makeDataProxy(itemIndex),
    $items: (nodeName, outputIndex, runIndex) => items,
    $jmespath: (data, expression) => undefined,
    $execution: {
      id: 'exec-oracle',
      mode: 'test',
      resumeUrl: 'http://localhost:5678/webhook-waiting/exec-oracle',
      customData: { set: () => {}, setAll: () => {}, get: () => undefined, getAll: () => ({}) },
    },
  };
}

// getNativeVariables(): the host realm's own.
const nativeVariables = {
  Buffer, setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate,
  btoa, atob, TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream, FormData,
};

// buildContext().
const context = vm.createContext({
  __isExecutionContext: true,
  require: requireResolver,
  console: customConsole,
  $getWorkflowStaticData,
  ...nativeVariables,
  ...(mode === 'runOnceForAllItems' ? makeDataProxy(0) : {}),
  ...rpcObject,
  ...(mode === 'runOnceForAllItems' ? { items } : {}),
});

// --- The capability values, compared by identity with what the snippet returns -----------------
const sandboxRealm = vm.runInContext(
  '({ global: globalThis, compiles: (() => { try { return new Function("return 1")() === 1 } catch { return false } })(), Function, AsyncFunction: (async function () {}).constructor, GeneratorFunction: (function* () {}).constructor, AsyncGeneratorFunction: (async function* () {}).constructor, eval })',
  context,
);
const capabilities = new Map([
  [sandboxRealm.global, 'global object'],
  [context, 'global object (the contextified sandbox)'],
  [globalThis, 'host global object'],
  [process, 'host process'],
  [process.env, 'host process.env'],
  [requireResolver, 'require'],
  [rpcObject.helpers, 'helpers'],
  [$env, '$env'],
  [envTarget, '$env'],
  [$evaluateExpression, '$evaluateExpression'],
]);
// A code compiler is a capability in a realm that may compile strings (with n8n's flags, the runner
// realm's Function throws EvalError: holding it gets nothing).
const compilers = (realm, prefix) => [
  [realm.Function, prefix + ' Function'],
  [realm.AsyncFunction, prefix + ' AsyncFunction'],
  [realm.GeneratorFunction, prefix + ' GeneratorFunction'],
  [realm.AsyncGeneratorFunction, prefix + ' AsyncGeneratorFunction'],
  [realm.eval, prefix + ' eval'],
];
if (sandboxRealm.compiles) for (const [value, label] of compilers(sandboxRealm, 'sandbox')) capabilities.set(value, label);
const hostRealm = { Function, AsyncFunction: (async function () {}).constructor, GeneratorFunction: (function* () {}).constructor, AsyncGeneratorFunction: (async function* () {}).constructor, eval };
if (hostCompiles) for (const [value, label] of compilers(hostRealm, 'host')) capabilities.set(value, label);
for (const [fn, method] of helperLabels) capabilities.set(fn, method);

const MAX_DEPTH = 8;
function inspect(root, how = 'returned') {
  const visited = new Set();
  let budget = 20000;
  const walk = (value, depth) => {
    if (typeof value === 'string') {
      if (apply(stringIncludes, value, [secret])) note('$env secret ' + how);
      return;
    }
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
    const label = capabilities.get(value);
    if (label !== undefined) {
      note(label + ' ' + how);
      return;
    }
    if (depth >= MAX_DEPTH || visited.has(value) || --budget < 0) return;
    visited.add(value);
    try {
      const proto = getPrototypeOf(value);
      const protoLabel = proto === null ? undefined : capabilities.get(proto);
      if (protoLabel !== undefined) note(protoLabel + ' ' + how + ' (as a prototype)');
    } catch {}
    if (isView(value)) return;
    let keys = [];
    try { keys = ownKeys(value); } catch {}
    for (const key of keys) {
      let descriptor;
      try { descriptor = getOwnPropertyDescriptor(value, key); } catch { continue; }
      if (!descriptor) continue;
      if ('value' in descriptor) walk(descriptor.value, depth + 1);
      else { walk(descriptor.get, depth + 1); walk(descriptor.set, depth + 1); }
    }
    try { for (const [k, v] of apply(mapEntries, value, [])) { walk(k, depth + 1); walk(v, depth + 1); } } catch {}
    try { for (const v of apply(setValues, value, [])) walk(v, depth + 1); } catch {}
  };
  walk(root, 0);
}

// A JSON-safe picture of a value, for the report.
function describe(value, depth = 0, seen = new Set()) {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > 500 ? value.slice(0, 500) + '…' : value;
  if (typeof value === 'bigint') return String(value) + 'n';
  if (typeof value === 'symbol') return '[symbol]';
  const label = capabilities.get(value);
  if (label !== undefined) return '[capability: ' + label + ']';
  if (typeof value === 'function') return '[function]';
  if (depth > 6) return '[…]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.slice(0, 50).map((v) => describe(v, depth + 1, seen));
    if (value instanceof Date) return value.toISOString();
    const out = {};
    for (const key of ownKeys(value)) {
      if (typeof key !== 'string') continue;
      const descriptor = getOwnPropertyDescriptor(value, key);
      if (!descriptor || !descriptor.enumerable) continue;
      out[key] = 'value' in descriptor ? describe(descriptor.value, depth + 1, seen) : '[getter]';
    }
    return out;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

function messageOf(error) {
  try {
    if (error !== null && (typeof error === 'object' || typeof error === 'function')) {
      const message = getOwnPropertyDescriptor(error, 'message');
      const text = message && 'value' in message ? String(message.value) : '';
      return text || '(thrown) [an object without a message]';
    }
    return '(thrown) ' + String(error);
  } catch {
    return '[unreadable error]';
  }
}

// runInContext + the awaited promise with the task timeout (runForAllItems / runForEachItem).
function runOnce() {
  return new Promise((resolve, reject) => {
    const timer = hostSetTimeout(() => reject(new Error('Task execution timed out after ' + timeoutMs + ' ms')), timeoutMs);
    let taskResult;
    try {
      taskResult = vm.runInContext(executable, context, { timeout: timeoutMs });
    } catch (error) {
      hostClearTimeout(timer);
      reject(error);
      return;
    }
    Promise.resolve(taskResult).then(
      (value) => { hostClearTimeout(timer); resolve(value); },
      (error) => { hostClearTimeout(timer); reject(error); },
    );
  });
}

async function main() {
  let result;
  let error;
  // Another task, in its own context: what it leaves pending (a timer) outlives it in the runner process.
  if (earlierTask) vm.runInContext(earlierTask, vm.createContext({ $env, helpers: rpcObject.helpers, setTimeout, setInterval, setImmediate }));
  try {
    if (mode === 'runOnceForAllItems') {
      result = await runOnce();
    } else {
      result = [];
      for (let index = 0; index < items.length; index++) {
        Object.assign(context, makeDataProxy(index), { item: items[index] });
        result.push(await runOnce());
      }
    }
  } catch (e) {
    error = messageOf(e);
  }
  // Let calls the snippet queued behind its return land.
  await new Promise((resolve) => hostSetTimeout(resolve, 20));
  inspect(result);
  // n8n 2.41's JsTaskRunner hands the workflow's static data back with the result once the code changed it, and n8n saves it.
  inspect(staticData, 'stored in the static data');
  let picture;
  try { picture = describe(result); } catch { picture = '[unreadable]'; }
  post({ type: 'done', error, result: picture });
  process.exit(0);
}
main().catch((e) => {
  post({ type: 'done', error: 'oracle failure: ' + messageOf(e) });
  process.exit(0);
});
`;

type OracleMessage = { type: string; what?: string; error?: string; result?: unknown };

/** Runs `code` as n8n 2.41's JS task runner would (secure mode) and reports the capabilities it got hold of. */
export function runLikeN8n(code: string, options: RunLikeN8nOptions = {}): Promise<OracleVerdict> {
  const mode = options.mode ?? 'runOnceForAllItems';
  const timeoutMs = options.timeoutMs ?? 2000;
  const items = options.items ?? DEFAULT_ITEMS;
  const settings = {
    executable: n8nExecutableCode(code),
    mode,
    items,
    timeoutMs,
    hardenHost: options.hardenHost ?? true,
    secret: ORACLE_ENV_SECRET,
    storedData: options.staticData ?? {},
    earlierTask: options.earlierTask,
    luxonPath: LUXON,
    exposed: EXPOSED_RPC_METHODS,
    unsupported: UNSUPPORTED_HELPER_FUNCTIONS,
    consoleMethods: CONSOLE_METHODS,
  };
  const node = options.node ?? process.execPath;
  const flags = options.runnerFlags === false ? [] : [...N8N_RUNNER_FLAGS];
  return new Promise((resolve) => {
    const obtained: string[] = [];
    let settled = false;
    const child = spawn(node, [...flags, '-e', ORACLE_SOURCE], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    const finish = (rest: { error?: string; result?: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const verdict: OracleVerdict = { obtained };
      if (rest.error !== undefined) verdict.error = rest.error;
      if (rest.result !== undefined) verdict.result = rest.result;
      resolve(verdict);
    };
    // Process start-up plus one task timeout per item, with a margin: a snippet that never yields is cut off here.
    const deadline = setTimeout(
      () => finish({ error: 'oracle: the run did not end (the runner process was killed)' }),
      4000 + timeoutMs * (mode === 'runOnceForAllItems' ? 1 : items.length + 1),
    );
    let buffered = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        let message: OracleMessage;
        try {
          message = JSON.parse(line) as OracleMessage;
        } catch {
          continue;
        }
        if (message.type === 'obtained' && message.what !== undefined && !obtained.includes(message.what)) obtained.push(message.what);
        else if (message.type === 'done') finish({ error: message.error, result: message.result });
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => finish({ error: `oracle: ${node} failed to start: ${error.message}` }));
    child.on('close', (exitCode, signal) => finish({ error: `oracle: the runner process ended (${exitCode ?? signal}) before reporting${stderr ? `: ${stderr.trim()}` : ''}` }));
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(settings));
  });
}
