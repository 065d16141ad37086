// What a Code node's global object holds in n8n 2.41, and which keys it lacks.
// Read from n8n's own sources (@n8n/task-runner js-task-runner.js `buildContext`,
// `getNativeVariables`, `buildRpcCallObject`; n8n-workflow `WorkflowDataProxy.getDataProxy`;
// n8n-core `getAdditionalKeys`; n8n-nodes-base Function/FunctionItem's vm2 sandbox) and checked
// against a vm context built like n8n's by test/validate/purity-soundness.test.ts and test/e2e/smoke.e2e.test.ts.
//
// The points-to analysis (src/validate/purity) gives a read of the global object the snapshot's
// value of the key; KNOWN_GLOBAL_KEYS is every key the global object has in some runner mode, own or
// inherited, so anything else is absent (it reads `undefined`, a write adds a fresh key). A `$` key
// is always treated as present: n8n adds data accessors over time.

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

/** True when the global object does not have `key` (reading it gives undefined, writing it adds a fresh key). */
export function absentFromGlobal(key: string): boolean {
  return !KNOWN_GLOBAL_KEYS.has(key) && !key.startsWith('$');
}
