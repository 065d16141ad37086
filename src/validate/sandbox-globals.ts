// What a Code node's global object holds in n8n 2.41, and which of those names a pure Code node may
// use. Read from n8n's own sources (@n8n/task-runner js-task-runner.js `buildContext`,
// `getNativeVariables`, `buildRpcCallObject`; n8n-workflow `WorkflowDataProxy.getDataProxy`;
// n8n-core `getAdditionalKeys`; n8n-nodes-base Function/FunctionItem's vm2 sandbox) and checked
// against a vm context built like n8n's by test/validate/sandbox-globals.test.ts.
//
// The analysis is deny by default on names: a global name is usable only when it is in
// SAFE_GLOBAL_NAMES. A key of the global object (read through `this` in sloppy code, `globalThis`)
// is readable when it is in SAFE_GLOBAL_NAMES, or when the global object does not have it at all
// (it reads `undefined`): KNOWN_GLOBAL_KEYS is every key it has, own or inherited, so anything
// else is absent. A `$` key is always treated as present: n8n adds data accessors over time.

/** ECMAScript built-ins of a vm context (Node 20 and Node 24 together). */
const ECMASCRIPT_GLOBALS = [
  'AggregateError', 'Array', 'ArrayBuffer', 'AsyncDisposableStack', 'Atomics', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date',
  'DisposableStack', 'Error', 'EvalError', 'FinalizationRegistry', 'Float16Array', 'Float32Array', 'Float64Array', 'Function', 'Infinity', 'Int16Array',
  'Int32Array', 'Int8Array', 'Intl', 'Iterator', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'Proxy', 'RangeError', 'ReferenceError',
  'Reflect', 'RegExp', 'Set', 'SharedArrayBuffer', 'String', 'SuppressedError', 'Symbol', 'SyntaxError', 'TypeError', 'URIError', 'Uint16Array',
  'Uint32Array', 'Uint8Array', 'Uint8ClampedArray', 'WeakMap', 'WeakRef', 'WeakSet', 'WebAssembly', 'console', 'decodeURI', 'decodeURIComponent',
  'encodeURI', 'encodeURIComponent', 'escape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'undefined', 'unescape',
];

/** Keys every object inherits from Object.prototype (the global object too). */
export const OBJECT_PROTOTYPE_KEYS = [
  'constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__', '__lookupSetter__', 'isPrototypeOf', 'propertyIsEnumerable',
  'toString', 'valueOf', '__proto__', 'toLocaleString',
];

/** What n8n puts on the global object of a Code node (task runner) and a Function node (vm2). */
const N8N_CONTEXT_KEYS = [
  // task runner buildContext + the prelude of createVmExecutableCode
  '__isExecutionContext', 'require', 'console', '$getWorkflowStaticData', 'module', 'global', 'helpers', 'items', 'item',
  // the Code Tool's input (its additionalProperties)
  'query',
  // getNativeVariables: host-realm functions
  'Buffer', 'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'btoa', 'atob', 'TextDecoder',
  'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'FormData',
  // WorkflowDataProxy.getDataProxy and getAdditionalKeys
  '$', '$agentInfo', '$binary', '$data', '$env', '$evaluateExpression', '$fromAI', '$fromAi', '$fromai', '$getPairedItem', '$input', '$item', '$itemIndex',
  '$items', '$jmesPath', '$jmespath', '$json', '$mode', '$node', '$nodeId', '$nodeVersion', '$now', '$parameter', '$position', '$prevNode', '$rawParameter',
  '$runIndex', '$self', '$thisItem', '$thisItemIndex', '$thisRunIndex', '$today', '$tool', '$webhookId', '$workflow', 'DateTime', 'Duration', 'Interval',
  '$execution', '$executionId', '$resumeWebhookUrl', '$secrets', '$vars', '$evaluation',
  // the legacy Function / Function Item nodes (vm2 NodeVM sandbox)
  'getNodeParameter', 'getWorkflowStaticData', 'getBinaryDataAsync', 'setBinaryDataAsync', 'process', 'exports',
  // the node execution context of older n8n versions, where `this` in a Code node was that context
  'getCredentials', 'getNode', 'getInputData', 'getMode', 'getRestApiUrl', 'getTimezone', 'getWorkflow', 'getWorkflowDataProxy', 'sendMessageToUI',
  'logger', 'evaluateExpression', 'executeWorkflow', 'putExecutionToWait', 'prepareOutputData', 'continueOnFail', 'getContext', 'nodeHelpers', '$http',
];

/** Globals of Node's own realm: n8n's insecure runner mode runs the code with the host's global object. */
const HOST_GLOBALS = [
  'process', 'Buffer', 'global', 'fetch', 'XMLHttpRequest', 'WebSocket', 'navigator', 'performance', 'crypto', 'structuredClone', 'queueMicrotask',
  'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'Blob', 'BroadcastChannel', 'MessageChannel', 'MessagePort', 'MessageEvent', 'Event',
  'EventTarget', 'Headers', 'Request', 'Response', 'File', 'DOMException', 'Worker', 'localStorage', 'sessionStorage', 'module', 'exports', '__dirname',
  '__filename', 'window', 'self', 'TransformStream', 'TransformStreamDefaultController', 'WritableStream', 'WritableStreamDefaultController',
  'WritableStreamDefaultWriter', 'ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest',
  'ReadableByteStreamController', 'ReadableStreamDefaultController', 'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'CompressionStream',
  'DecompressionStream', 'Performance', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure', 'PerformanceObserver', 'PerformanceObserverEntryList',
  'PerformanceResourceTiming', 'Crypto', 'CryptoKey', 'SubtleCrypto', 'CustomEvent', 'Navigator', 'CloseEvent', 'EventSource', 'Storage', 'Iterator',
];

/** Every key the global object of a Code node has (own or inherited), in any n8n runner mode. */
export const KNOWN_GLOBAL_KEYS: ReadonlySet<string> = new Set([...ECMASCRIPT_GLOBALS, ...OBJECT_PROTOTYPE_KEYS, ...N8N_CONTEXT_KEYS, ...HOST_GLOBALS]);

/**
 * Built-ins a pure Code node may name. Each is tracked as a built-in value: its members may be read
 * and called, never written; `constructor` and reflection members are capabilities.
 */
export const BUILTIN_GLOBALS: ReadonlySet<string> = new Set([
  'Array', 'ArrayBuffer', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date', 'Error', 'EvalError', 'Float32Array', 'Float64Array',
  'Int16Array', 'Int32Array', 'Int8Array', 'Intl', 'JSON', 'Map', 'Math', 'Number', 'Object', 'Promise', 'RangeError', 'ReferenceError', 'RegExp', 'Set',
  'String', 'Symbol', 'SyntaxError', 'TypeError', 'URIError', 'Uint16Array', 'Uint32Array', 'Uint8Array', 'Uint8ClampedArray', 'WeakMap', 'WeakSet',
  'AggregateError', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'escape', 'unescape',
  'structuredClone', 'atob', 'btoa', 'Buffer', 'TextDecoder', 'TextEncoder', 'URL', 'URLSearchParams', 'console', 'DateTime', 'Duration', 'Interval',
  'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
  // Not Proxy: a proxy lies about its own keys (ownKeys) and turns every read into a call of its
  // handler, which breaks the proofs the analysis rests on. Data code does not need one.
]);

/** Values that are numbers, not objects: nothing to read or write through them. */
export const VALUE_GLOBALS: ReadonlySet<string> = new Set(['Infinity', 'NaN', 'undefined']);

/** n8n's data accessors: the input items and facts of the execution, plain data to read and change. */
export const DATA_GLOBALS: ReadonlySet<string> = new Set([
  '$', '$input', '$json', '$binary', '$items', '$item', '$node', '$prevNode', '$runIndex', '$itemIndex', '$workflow', '$execution', '$now', '$today',
  '$jmespath', '$jmesPath', '$if', '$ifEmpty', '$max', '$min', '$getPairedItem', '$data', '$parameter', '$position', '$thisItem', '$thisItemIndex',
  '$thisRunIndex', '$mode', '$getWorkflowStaticData', '$nodeVersion', '$nodeId', '$webhookId', 'items', 'item',
  // the Code Tool's input: data (a string or what the agent passed)
  'query',
]);

/**
 * Globals a pure Code node may assign: none. Reassigning even n8n's `items` would make the name
 * that the analysis trusts (an Array of n8n's data) hold anything; use a variable of your own.
 */
export const WRITABLE_GLOBALS: ReadonlySet<string> = new Set<string>();

/** Every global name a pure Code node may use. */
export const SAFE_GLOBAL_NAMES: ReadonlySet<string> = new Set([...BUILTIN_GLOBALS, ...VALUE_GLOBALS, ...DATA_GLOBALS]);

/** True when the global object does not have `key` (reading it gives undefined, writing it adds a fresh key). */
export function absentFromGlobal(key: string): boolean {
  return !KNOWN_GLOBAL_KEYS.has(key) && !key.startsWith('$');
}
