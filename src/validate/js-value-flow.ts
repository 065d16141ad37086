// Value-flow analysis of Code-node JavaScript: what could each expression be, and is every use of
// it one that cannot reach a capability. Deny by default on the sources of values as well as on
// their uses; the argument for why this is sound is written out in docs/rules/code-purity.md.
//
// n8n runs a Code node's JavaScript as `async function VmCodeWrapper() { <code> }()` in a vm
// context, in sloppy mode: `this` there (and in any sloppy function called without a receiver) is
// the sandbox's global object, which holds `require`, `helpers` (HTTP and binary I/O), `$env` and
// the rest. Any function's `constructor` is a Function constructor, which compiles code with that
// same global object (host-realm objects such as `$input.all` lead to the host's, and so to
// `process`). Every expression gets one of these abstract values (or none: plain data and the
// code's own functions and objects):
// - `global-object`: may be the global object (`this` in sloppy code, `globalThis`);
// - `function-constructor`: may be a Function constructor (`.constructor`, `Function`);
// - `reflection`: reflection that reads any property or prototype (`Reflect`,
//   `Object.getOwnPropertyDescriptor(s)`, `Object.getPrototypeOf`);
// - `builtin`: a built-in object of the sandbox or one of its members (`Object`, `Array.prototype`),
//   shared with everything that runs there: read and called freely, never written;
// - `unknown`: anything at all that is not the global object (a property read with a key known
//   only at run time, `arguments`, a prototype). It may be a Function constructor or a built-in, so
//   calling it, writing to it, reading `constructor` of it or handing it to a function that may
//   call it "cannot be proven pure"; keeping it, comparing it, converting it and returning it can.
// Values are followed through variables, destructuring, containers, parameters, return values and
// thrown values until nothing changes (flow-insensitive, so an order of statements cannot hide a
// flow). A value stored into a property of an object the analysis does not follow marks the heap:
// from then on every property read of such an object is `unknown`.

import { absentFromGlobal, BUILTIN_GLOBALS, DATA_GLOBALS, SAFE_GLOBAL_NAMES } from './sandbox-globals.js';

export type CapabilityKind = 'global-object' | 'function-constructor' | 'reflection' | 'builtin' | 'unknown';

/** A capability an expression may hold, and the name it came in under (for the message). */
export interface Capability {
  kind: CapabilityKind;
  via: string;
  /** Already reported where it escaped: uses of what it flowed into are not reported again. */
  reported?: boolean;
}

export interface CapabilityUse {
  node: any;
  /** `reaches`: a capability escapes; `unprovable`: the analysis cannot show that nothing does; `builtinWrite`: a built-in is changed. */
  verdict: 'reaches' | 'unprovable' | 'builtinWrite';
  /** Which value, under which name: "the global object (this)". */
  capability: string;
  /** How it escapes: "is passed to a call". */
  use: string;
}

const own = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** Names the global object goes by in n8n's sandbox (and in code copied from browsers). */
export const GLOBAL_OBJECT_NAMES: ReadonlySet<string> = new Set(['globalThis', 'global', 'window', 'self']);

/** Keys of the Function constructor that read data, not compile code. */
const FUNCTION_CONSTRUCTOR_ALLOWED: ReadonlySet<string> = new Set(['name', 'length', 'prototype', 'toString']);

/** What reading a denied key of the global object gives, for a clearer message. */
const GLOBAL_OBJECT_KEY_MEANS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  helpers: 'I/O helpers',
  require: 'module loading',
  process: 'process access',
  $env: 'environment access',
  $secrets: 'external secrets',
  $evaluateExpression: 'expression evaluation, which reads $env',
  fetch: 'network I/O',
  XMLHttpRequest: 'network I/O',
  WebSocket: 'network I/O',
  $http: 'network I/O',
  eval: 'dynamic code',
  Function: 'dynamic code',
  getCredentials: 'credential access',
  module: 'module access',
  constructor: 'the Function constructor',
});

/** Keys whose value, on some object, is a Function constructor, a prototype, an accessor or the caller chain. */
export const DANGEROUS_KEYS: ReadonlySet<string> = new Set(['constructor', '__proto__', 'prototype', 'caller', 'callee', 'arguments', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Members of `Object` that read descriptors or prototypes: reflection. */
const OBJECT_REFLECTION_MEMBERS: ReadonlySet<string> = new Set(['getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', 'getPrototypeOf', 'setPrototypeOf', 'defineProperty', 'defineProperties']);

/**
 * Methods that may be called on an `unknown` value: each is, on every built-in that has a method of
 * that name, one that compiles no code and reads no descriptor or prototype
 * (test/validate/purity-soundness.test.ts checks this against every built-in of both realms).
 * Not `call`, `apply`, `bind` (on a Function constructor they compile code), nor reflection.
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set([
  // String.prototype
  'at', 'charAt', 'charCodeAt', 'codePointAt', 'concat', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'localeCompare', 'match', 'matchAll', 'normalize',
  'padEnd', 'padStart', 'repeat', 'replace', 'replaceAll', 'search', 'slice', 'split', 'startsWith', 'substring', 'substr', 'toLocaleLowerCase',
  'toLocaleUpperCase', 'toLowerCase', 'toUpperCase', 'trim', 'trimEnd', 'trimStart', 'isWellFormed', 'toWellFormed',
  // Array.prototype
  'copyWithin', 'entries', 'every', 'fill', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flat', 'flatMap', 'forEach', 'join', 'keys', 'map',
  'pop', 'push', 'reduce', 'reduceRight', 'reverse', 'shift', 'some', 'sort', 'splice', 'unshift', 'values', 'toReversed', 'toSorted', 'toSpliced', 'with',
  // Number, Date, RegExp, Map, Set, Promise, Object.prototype (the harmless ones)
  'toFixed', 'toExponential', 'toPrecision', 'toISOString', 'toJSON', 'toDateString', 'toTimeString', 'toLocaleDateString', 'toLocaleTimeString',
  'toUTCString', 'getTime', 'getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds', 'getUTCFullYear',
  'getUTCMonth', 'getUTCDate', 'getUTCDay', 'getUTCHours', 'getUTCMinutes', 'getUTCSeconds', 'getUTCMilliseconds', 'getTimezoneOffset', 'trimLeft', 'trimRight',
  'setFullYear', 'setMonth', 'setDate', 'setHours', 'setMinutes', 'setSeconds', 'setMilliseconds', 'setTime', 'setUTCFullYear', 'setUTCMonth', 'setUTCDate',
  'setUTCHours', 'setUTCMinutes', 'setUTCSeconds', 'setUTCMilliseconds', 'test', 'exec', 'get', 'has', 'set', 'add',
  'delete', 'clear', 'then', 'catch', 'finally', 'hasOwnProperty', 'propertyIsEnumerable', 'toString', 'toLocaleString', 'valueOf',
]);

/**
 * Functions and methods that never call a value passed to them at these argument positions (they
 * copy, compare or convert it: a conversion runs the value's own toString/valueOf, which is code of
 * the analysed body or of a built-in). `*` is every position.
 */
const NON_INVOKING: Readonly<Record<string, '*' | number>> = Object.assign(Object.create(null), {
  String: '*', Number: '*', Boolean: '*', BigInt: '*', Symbol: '*', Date: '*', parseInt: '*', parseFloat: '*', isNaN: '*', isFinite: '*', encodeURIComponent: '*',
  encodeURI: '*', decodeURIComponent: '*', decodeURI: '*', escape: '*', unescape: '*', isArray: '*', isInteger: '*', isSafeInteger: '*', is: '*',
  keys: '*', values: '*', entries: '*', freeze: '*', isFrozen: '*', hasOwn: '*', stringify: 0, parse: 0, from: 0, of: '*',
  push: '*', unshift: '*', includes: '*', indexOf: '*', lastIndexOf: '*', concat: '*', join: '*', fill: '*', splice: '*', with: '*', at: '*', slice: '*',
  set: '*', add: '*', has: '*', get: '*', delete: '*', append: '*', log: '*', warn: '*', error: '*', info: '*', debug: '*', localeCompare: '*',
  startsWith: '*', endsWith: '*', split: 0, replace: 0, replaceAll: 0, match: '*', matchAll: '*', search: '*', test: '*', exec: '*', padStart: '*',
  padEnd: '*', max: '*', min: '*', abs: '*', round: '*', floor: '*', ceil: '*', trunc: '*', sign: '*', pow: '*', sqrt: '*', hasOwnProperty: '*',
  structuredClone: 0, atob: '*', btoa: '*', resolve: '*', reject: '*', all: '*', allSettled: '*', race: '*', any: '*',
  Set: '*', Map: '*', WeakSet: '*', WeakMap: '*', RegExp: '*', format: '*', formatToParts: '*', formatRange: '*', select: '*', trimLeft: '*', trimRight: '*',
  setFullYear: '*', setMonth: '*', setDate: '*', setHours: '*', setMinutes: '*', setSeconds: '*', setMilliseconds: '*', setTime: '*', setUTCFullYear: '*',
  setUTCMonth: '*', setUTCDate: '*', setUTCHours: '*', setUTCMinutes: '*', setUTCSeconds: '*', setUTCMilliseconds: '*', toFixed: '*', toPrecision: '*',
  // Not Object.assign or Object.fromEntries: they build objects whose keys (a protocol method such
  // as toString or Symbol.replace) could then hold the value and be called by the engine.
});

/**
 * Keys under which the engine, a built-in or n8n's runner finds a method of an object and calls it
 * (ECMAScript: ToPrimitive, JSON.stringify, promise resolution, the iterator protocol, property
 * descriptors, species, RegExp and Array methods that call `this.exec` / `this.join` /
 * `this.toISOString`, Promise's combinators that call `C.resolve` of a subclass, Set methods that
 * call `other.has` / `other.keys`; Proxy handlers, though the subset has no Proxy). Every well-known symbol is a
 * protocol key too. An unknown value or a built-in stored under one of these would be called by
 * the engine with arguments the code chooses (`'x'.replace({ [Symbol.replace]: F }, 'code')`
 * compiles), so that store cannot be proven pure.
 */
export const PROTOCOL_KEYS: ReadonlySet<string> = new Set([
  'toString', 'valueOf', 'toLocaleString', 'toJSON', 'toISOString', 'then', 'constructor', 'next', 'return', 'throw', 'get', 'set', 'exec', 'join', 'handleEvent',
  'apply', 'construct', 'defineProperty', 'deleteProperty', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions',
  'setPrototypeOf', 'resolve', 'reject', 'keys',
]);

/** Namespaces whose every function builds fresh data or a fresh object of its own (never its receiver). */
const FRESH_DATA_NAMESPACES: ReadonlySet<string> = new Set(['Math', 'JSON', 'console', 'Intl', 'DateTime', 'Duration', 'Interval']);
/** Functions of other built-in namespaces that build fresh data from their arguments. */
const FRESH_DATA_FUNCTIONS: ReadonlySet<string> = new Set([
  'Object.keys', 'Object.values', 'Object.entries', 'Object.getOwnPropertyNames', 'Object.hasOwn', 'Object.is', 'Object.isFrozen', 'Object.isSealed',
  'Object.isExtensible', 'Object.groupBy', 'Array.isArray', 'Array.from', 'Array.of', 'Number.isInteger', 'Number.isFinite', 'Number.isNaN',
  'Number.isSafeInteger', 'Number.parseFloat', 'Number.parseInt', 'String.fromCharCode', 'String.fromCodePoint', 'String.raw', 'Date.now', 'Date.parse',
  'Date.UTC', 'Buffer.from', 'Buffer.alloc', 'Buffer.concat', 'Buffer.isBuffer', 'Buffer.byteLength', 'Buffer.compare', 'Symbol.for', 'Symbol.keyFor',
  'Promise.all', 'Promise.allSettled', 'Promise.race', 'Promise.any', 'Promise.reject', 'Map.groupBy',
  // these give back an argument (checked as one: a built-in handed in makes the result unknown) or a fresh object
  'Object.assign', 'Object.freeze', 'Object.seal', 'Object.preventExtensions', 'Object.create', 'Object.fromEntries',
]);
/** A call of `<receiver>.<name>()` on a built-in that cannot give the built-in back. */
function givesFreshData(receiver: string, name: string | undefined): boolean {
  return name !== undefined && (FRESH_DATA_NAMESPACES.has(receiver) || FRESH_DATA_FUNCTIONS.has(`${receiver}.${name}`));
}

/** Built-ins a class of the code may extend: the engine never makes their instances out of the code's values. */
const EXTENDABLE_BUILTINS: ReadonlySet<string> = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError', 'Object']);

/** Built-ins that build an object out of other objects' values, under keys they choose. */
const BUILDERS = ['Object.fromEntries', 'Object.assign', 'Object.create', 'Object.defineProperty', 'Object.defineProperties'];

/** Built-in methods that call a function they are given (or their receiver): not to be stored under another name. */
const INVOKING_METHOD_NAMES: ReadonlySet<string> = new Set([
  'map', 'forEach', 'filter', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flatMap', 'reduce', 'reduceRight', 'sort', 'toSorted',
  'call', 'apply', 'bind', 'then', 'catch', 'finally', 'from', 'fromAsync', 'replace', 'replaceAll', 'groupBy', 'stringify', 'parse', 'construct',
]);

/** Global functions that return a string, number or boolean whatever they are given. */
const PRIMITIVE_GLOBALS: ReadonlySet<string> = new Set(['String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'encodeURI', 'decodeURIComponent', 'decodeURI', 'escape', 'unescape', 'BigInt', 'atob', 'btoa']);
/** Built-in methods that return a string, number or boolean (a user method of the same name is excluded by the caller). */
const PRIMITIVE_METHODS: ReadonlySet<string> = new Set([
  'toString', 'toUpperCase', 'toLowerCase', 'toLocaleUpperCase', 'toLocaleLowerCase', 'trim', 'trimStart', 'trimEnd', 'join', 'includes', 'indexOf', 'lastIndexOf',
  'startsWith', 'endsWith', 'test', 'padStart', 'padEnd', 'repeat', 'charAt', 'charCodeAt', 'codePointAt', 'localeCompare', 'toFixed', 'toPrecision',
  'toExponential', 'toISOString', 'toDateString', 'toTimeString', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toUTCString', 'getTime',
  'hasOwnProperty', 'isArray', 'stringify', 'substring', 'substr', 'normalize', 'search',
]);

export const TIMER_NAMES: ReadonlySet<string> = new Set(['setTimeout', 'setInterval', 'setImmediate']);

/** Array methods that return a new Array when called on one. */
const ARRAY_RETURNING_METHODS: ReadonlySet<string> = new Set(['map', 'filter', 'slice', 'concat', 'flat', 'flatMap', 'toSorted', 'toReversed', 'toSpliced', 'with']);

/** Array methods whose callback's second parameter is the element's index (a number). */
const INDEX_CALLBACK_METHODS: ReadonlySet<string> = new Set(['map', 'filter', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'flatMap']);
/** Array methods that call their first argument with each element. */
const ELEMENT_CALLBACK_METHODS: ReadonlySet<string> = new Set([...INDEX_CALLBACK_METHODS, 'forEach', 'reduce', 'reduceRight']);

/** Node types through which values flow in the fixed point of capabilityUses. */
const FLOW_NODE_TYPES: ReadonlySet<string> = new Set([
  'MemberExpression', 'VariableDeclarator', 'AssignmentExpression', 'AssignmentPattern', 'PropertyDefinition', 'Property', 'YieldExpression', 'ForOfStatement', 'ForInStatement',
  'ReturnStatement', 'ArrowFunctionExpression', 'NewExpression', 'CallExpression', 'ObjectPattern', 'ArrayPattern', 'TaggedTemplateExpression', 'CatchClause',
]);

/** n8n's accessors: proxies over its internals, not plain data (`$json`, `items`, `item` are data). */
const ACCESSOR_GLOBALS: ReadonlySet<string> = new Set(['$', '$input', '$node', '$prevNode', '$workflow', '$execution', '$item', '$items', '$now', '$today', '$parameter', '$data', '$thisItem', '$getPairedItem', '$position', '$mode', '$runIndex', '$itemIndex', '$thisItemIndex', '$thisRunIndex', '$jmespath', '$jmesPath', '$nodeVersion', '$nodeId', '$webhookId']);

const describe = (capability: Capability) => {
  switch (capability.kind) {
    case 'global-object':
      if (capability.via.startsWith('$item(')) return `n8n's data proxy (${capability.via}), which holds $env and $evaluateExpression like the global object,`;
      if (capability.via.includes("n8n's accessor")) return `${capability.via}, which may be any of n8n's internals,`;
      return `the global object (${capability.via})`;
    case 'function-constructor':
      return `the Function constructor (${capability.via})`;
    case 'reflection':
      return `reflection (${capability.via}), which reads any property including constructor,`;
    case 'builtin':
      return `the built-in ${capability.via}`;
    default:
      return `${capability.via}, which may be any value (a built-in, a Function constructor),`;
  }
};

/** A key read with a static value: `.a`, `['a']`, `[`a`]`, `['con' + 'structor']`, `[k]` with `const k = 'a'`. */
export function staticKey(member: any, constantOf: (identifier: any) => any): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  return staticString(member.property, constantOf, 0);
}

function staticString(node: any, constantOf: (identifier: any) => any, depth: number): string | undefined {
  if (!node || depth > 20) return undefined;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' || typeof node.value === 'number' ? String(node.value) : undefined;
    case 'TemplateLiteral': {
      let text = node.quasis[0].value.cooked ?? '';
      for (let i = 0; i < node.expressions.length; i++) {
        const part = staticString(node.expressions[i], constantOf, depth + 1);
        if (part === undefined) return undefined;
        text += part + (node.quasis[i + 1].value.cooked ?? '');
      }
      return text;
    }
    case 'BinaryExpression': {
      if (node.operator !== '+') return undefined;
      const left = staticString(node.left, constantOf, depth + 1);
      const right = staticString(node.right, constantOf, depth + 1);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    case 'Identifier': {
      const init = constantOf(node);
      return init ? staticString(init, constantOf, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

interface Scope {
  /** eslint-scope's analysis of the program. */
  scopeManager: any;
  /** Identifiers that reference a global (no declaration in the code). */
  isGlobalReference(identifier: any): boolean;
}

/** Rounds of the fixed point before the analysis gives up (and reports that it did: never a pass). */
const MAX_ROUNDS = 50;

const PARENT = Symbol('parent');
const PARENT_KEY = Symbol('parentKey');
const CACHE_EPOCH = Symbol('cacheEpoch');
const CACHE_VALUE = Symbol('cacheValue');
/** Increases for every round of every analysis, so a node's memo never survives into another round. */
let epochs = 0;

export const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Finds every use through which a capability escapes or cannot be shown not to. `ast` is acorn's
 * Program; `scope` wraps the eslint-scope analysis of it.
 */
export function capabilityUses(ast: any, scope: Scope): CapabilityUse[] {
  // Parent links go on the AST nodes themselves (this analysis owns the tree): a Map of objects
  // per node was most of this pass's garbage on large bodies.
  const all: any[] = [];
  const parentOf = (node: any): any => node[PARENT] ?? undefined;
  (function index(node: any, parent: any, key: string) {
    if (!node || typeof node.type !== 'string') return;
    node[PARENT] = parent ?? null;
    node[PARENT_KEY] = key;
    all.push(node);
    for (const field of Object.keys(node)) {
      if (field === 'loc' || field === 'range' || field === 'type' || field === 'start' || field === 'end') continue;
      const value = node[field];
      if (Array.isArray(value)) for (const child of value) index(child, node, field);
      else if (value && typeof value.type === 'string') index(value, node, field);
    }
  })(ast, undefined, '');

  // Identifier -> the variable it reads or writes (eslint-scope leaves top-level declarations of a
  // script unresolved: n8n runs the body inside a function, so they are variables all the same).
  const variableOf = new Map<any, any>();
  const references = new Set<any>();
  for (const s of scope.scopeManager.scopes) {
    for (const ref of s.references) {
      // Only reads are uses: the names a declaration or pattern writes are tracked, not checked.
      if (ref.isRead()) references.add(ref.identifier);
      const variable = ref.resolved ?? scope.scopeManager.globalScope.set.get(ref.identifier.name);
      if (variable && (variable.defs.length > 0 || variable.name === 'arguments')) variableOf.set(ref.identifier, variable);
    }
    for (const variable of s.variables) for (const id of variable.identifiers) variableOf.set(id, variable);
  }
  const writesOf = (variable: any) => variable.references.filter((ref: any) => ref.isWrite()).length;
  const inForHead = (declaration: any) => {
    const p = parentOf(declaration);
    return (p?.type === 'ForInStatement' || p?.type === 'ForOfStatement') && declaration[PARENT_KEY] === 'left';
  };
  const constantOf = (identifier: any) => {
    const variable = variableOf.get(identifier);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def || def.type !== 'Variable' || def.node.id.type !== 'Identifier' || !def.node.init || inForHead(def.parent)) return undefined;
    // Only a const: a var can be given another value by ways scope analysis does not count as
    // writes (a catch parameter of the same name, Annex B), a let by a loop.
    return def.parent.kind === 'const' ? def.node.init : undefined;
  };
  const functionOfVariable = (variable: any) => {
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def) return undefined;
    // A declaration that is never assigned again (a sloppy function name can be).
    if (def.type === 'FunctionName' && writesOf(variable) === 0) return def.node;
    if (def.type === 'Variable' && def.node.init && FUNCTION_TYPES.has(def.node.init.type) && def.parent.kind === 'const') return def.node.init;
    return undefined;
  };
  const calledFunction = (call: any) =>
    call.callee.type === 'Identifier' ? functionOfVariable(variableOf.get(call.callee)) : FUNCTION_TYPES.has(call.callee.type) ? call.callee : undefined;
  const enclosingFunction = (node: any) => {
    for (let p = parentOf(node); p; p = parentOf(p)) if (FUNCTION_TYPES.has(p.type)) return p;
    return undefined;
  };
  const isArgumentsObject = (identifier: any) => {
    const variable = variableOf.get(identifier);
    return identifier.name === 'arguments' && variable && variable.defs.length === 0;
  };
  const isGlobalName = (node: any, name: string) => node?.type === 'Identifier' && node.name === name && scope.isGlobalReference(node);
  /** The n8n accessor an expression is (`$input`, `$node`, `$('X')`, `$execution.customData`), not data read through one. */
  const accessorRooted = (node: any): string | undefined => {
    for (let n = node; n; ) {
      if (n.type === 'Identifier') return scope.isGlobalReference(n) && ACCESSOR_GLOBALS.has(n.name) ? n.name : undefined;
      if (n.type === 'MemberExpression') n = n.object;
      else if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && (n.callee.name === '$' || n.callee.name === '$item')) n = n.callee;
      else return undefined; // a method's result (`$input.all()`) is data
    }
    return undefined;
  };
  const strictProgram = hasUseStrict(ast.body);
  // `this` is the global object unless the code around it is strict (class bodies always are).
  const thisIsGlobal = (node: any) => {
    if (strictProgram) return false;
    // A class member's computed key is evaluated outside the class body, with the outer `this`.
    let viaComputedKey = false;
    for (let child = node, p = parentOf(node); p; child = p, p = parentOf(p)) {
      if ((p.type === 'MethodDefinition' || p.type === 'PropertyDefinition') && p.computed && child === p.key) viaComputedKey = true;
      if (p.type === 'ClassBody') {
        if (viaComputedKey) {
          viaComputedKey = false;
          continue;
        }
        return false;
      }
      if (FUNCTION_TYPES.has(p.type) && p.type !== 'ArrowFunctionExpression') {
        viaComputedKey = false;
        if (p.body.type === 'BlockStatement' && hasUseStrict(p.body.body)) return false;
      }
    }
    return true;
  };

  /** A member that is written: assigned, updated, deleted, or a destructuring or for-in/of target. */
  function isWriteTarget(member: any): boolean {
    const p = parentOf(member);
    if (p?.type === 'AssignmentExpression' && member[PARENT_KEY] === 'left') return true;
    if (p?.type === 'UpdateExpression' || (p?.type === 'UnaryExpression' && p.operator === 'delete')) return true;
    return isPatternTarget(member);
  }
  /** A member that a destructuring pattern or a for-in/of head writes. */
  function isPatternTarget(member: any): boolean {
    const p = parentOf(member);
    const field = member[PARENT_KEY];
    if ((p?.type === 'ForInStatement' || p?.type === 'ForOfStatement') && field === 'left') return true;
    if (p?.type === 'ArrayPattern' || p?.type === 'RestElement' || (p?.type === 'AssignmentPattern' && field === 'left')) return true;
    return p?.type === 'Property' && field === 'value' && parentOf(p)?.type === 'ObjectPattern';
  }
  // Names the code defines as methods or properties of its own objects: a call `x.map(...)` is
  // Array's map only when the code defines no `map` of its own (the index proof below needs that).
  const ownMethodNames = new Set<string>();
  let definesDynamicMethods = false;
  // A value that cannot be a function (a literal, an operator's result): storing it defines no method.
  const NOT_FUNCTION_TYPES = new Set(['Literal', 'TemplateLiteral', 'ObjectExpression', 'ArrayExpression', 'BinaryExpression', 'UnaryExpression', 'UpdateExpression']);
  const getterNames = new Set<string>();
  /** A write at a run-time key into an object that is not a fresh literal of this code (it may be one a path proof reads). */
  let writesRuntimeKeyIntoSharedObject = false;
  const isFreshLiteral = (base: any) => {
    if (base.type !== 'Identifier') return false;
    const variable = variableOf.get(base);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    return Boolean(def && def.type === 'Variable' && def.parent.kind === 'const' && def.node.id === def.name && (def.node.init?.type === 'ObjectExpression' || def.node.init?.type === 'ArrayExpression'));
  };
  /** Property names this code writes on existing objects (assignments, destructuring targets, updates, delete). */
  const writtenPropertyNames = new Set<string>();
  for (const node of all) {
    if (node.type === 'MemberExpression' && isWriteTarget(node)) {
      if (node.computed) {
        const key = staticString(node.property, () => undefined, 0);
        if (key !== undefined) writtenPropertyNames.add(key);
        else if (!isFreshLiteral(node.object)) writesRuntimeKeyIntoSharedObject = true;
      } else if (node.property.type === 'Identifier') writtenPropertyNames.add(node.property.name);
    }
    // Built-ins that define or copy properties onto an object (a getter among them) count as writes
    // of keys the analysis does not read off the call.
    if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && ['defineProperty', 'defineProperties', 'assign', '__defineGetter__', '__defineSetter__', 'setPrototypeOf'].includes(staticKey(node.callee, () => undefined) ?? '')) {
      writesRuntimeKeyIntoSharedObject = true;
    }
    if ((node.type === 'Property' || node.type === 'MethodDefinition') && node.kind === 'get' && !node.computed) getterNames.add(node.key.type === 'Identifier' ? node.key.name : String(node.key.value));
    // A member written through a destructuring target or a for-in/of head defines a name too.
    if (node.type === 'MemberExpression' && isPatternTarget(node)) {
      if (node.computed) definesDynamicMethods = true;
      else if (node.property.type === 'Identifier') ownMethodNames.add(node.property.name);
    }
    if ((node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && parentOf(node)?.type !== 'ObjectPattern') {
      if (node.computed && !NOT_FUNCTION_TYPES.has(node.value?.type)) definesDynamicMethods = true;
      else if (!node.computed) ownMethodNames.add(node.key.type === 'Identifier' ? node.key.name : String(node.key.value));
    } else if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') {
      if (node.left.computed && !NOT_FUNCTION_TYPES.has(node.right.type)) definesDynamicMethods = true;
      else if (!node.left.computed && node.left.property.type === 'Identifier') ownMethodNames.add(node.left.property.name);
    }
  }
  const isArrayMethodCall = (call: any, names: ReadonlySet<string>) => {
    if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.computed) return false;
    const name = call.callee.property.name;
    return names.has(name) && !ownMethodNames.has(name) && !definesDynamicMethods && isArrayValue(call.callee.object, 0);
  };
  /**
   * An expression that is an Array made by the engine or by n8n (a literal, `items`, `$input.all()`,
   * `Object.keys(x)`, an array method's result on such an array, a const bound to one), whose
   * `map`, `filter`, ... are therefore Array's own, unless the code defines methods of that name.
   */
  function isArrayValue(node: any, depth: number): boolean {
    if (!node || depth > 8) return false;
    switch (node.type) {
      case 'ArrayExpression':
        return true;
      case 'Identifier': {
        if (isGlobalName(node, 'items')) return true;
        const variable = variableOf.get(node);
        const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
        return Boolean(def && def.type === 'Variable' && def.parent.kind === 'const' && def.node.id === def.name && isArrayValue(def.node.init, depth + 1));
      }
      case 'CallExpression': {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return false;
        const name = callee.property.name;
        if ((isGlobalName(callee.object, 'Object') && ['keys', 'values', 'entries'].includes(name)) || (isGlobalName(callee.object, 'Array') && ['from', 'of'].includes(name))) return true;
        if (name === 'all' && (isGlobalName(callee.object, '$input') || (callee.object.type === 'CallExpression' && isGlobalName(callee.object.callee, '$')))) return true;
        return ARRAY_RETURNING_METHODS.has(name) && !ownMethodNames.has(name) && !definesDynamicMethods && isArrayValue(callee.object, depth + 1);
      }
      default:
        return false;
    }
  }

  // ---- Keys known only at run time that still cannot be a dangerous key -------------------------
  /** A numeric expression (never a string such as 'constructor'). */
  const numericCache = new Map<any, boolean>();
  function isNumeric(node: any, depth = 0): boolean {
    if (!node || depth > 10) return false;
    if (numericCache.has(node)) return numericCache.get(node)!;
    numericCache.set(node, false); // a cycle proves nothing
    const result = computeNumeric(node, depth);
    numericCache.set(node, result);
    return result;
  }
  function computeNumeric(node: any, depth: number): boolean {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number';
      case 'UnaryExpression':
        return ['-', '+', '~'].includes(node.operator);
      case 'UpdateExpression':
        return true;
      case 'BinaryExpression':
        if (node.operator === '+') return isNumeric(node.left, depth + 1) && isNumeric(node.right, depth + 1);
        return ['-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>'].includes(node.operator);
      case 'ConditionalExpression':
        return isNumeric(node.consequent, depth + 1) && isNumeric(node.alternate, depth + 1);
      case 'CallExpression':
        return isGlobalName(node.callee, 'Number') || isGlobalName(node.callee, 'parseInt') || isGlobalName(node.callee, 'parseFloat') ||
          (node.callee.type === 'MemberExpression' && isGlobalName(node.callee.object, 'Math'));
      case 'Identifier': {
        const variable = variableOf.get(node);
        if (!variable || variable.defs.length !== 1) return false;
        const def = variable.defs[0];
        if (def.type === 'Parameter') return isIndexParameter(def.node, node.name);
        if (def.type !== 'Variable' || inForHead(def.parent) || def.node.id.type !== 'Identifier') return false;
        // Every value ever written to it is numeric.
        for (const ref of variable.references) {
          if (!ref.isWrite()) continue;
          const target = ref.identifier;
          const holder = parentOf(target);
          if (holder.type === 'VariableDeclarator') {
            if (!isNumeric(holder.init, depth + 1)) return false;
          } else if (holder.type === 'UpdateExpression') continue;
          else if (holder.type === 'AssignmentExpression' && holder.left === target) {
            // `-=`, `*=`, ... always give a number; `=`, `+=` and the logical assignments give their
            // right side (or a concatenation), so that must be numeric too.
            const arithmetic = ['-=', '*=', '/=', '%=', '**=', '&=', '|=', '^=', '<<=', '>>=', '>>>='].includes(holder.operator);
            if (!arithmetic && !isNumeric(holder.right, depth + 1)) return false;
          } else return false;
        }
        return true;
      }
      default:
        return false;
    }
  }
  /** Whether a function's own `arguments` object is referenced in it. */
  const usesArguments = (fn: any) => {
    for (const s of scope.scopeManager.scopes) if (s.block === fn) return (s.set.get('arguments')?.references.length ?? 0) > 0;
    return true;
  };
  /** A parameter nothing assigns again. */
  const neverReassigned = (identifier: any) => {
    const variable = variableOf.get(identifier);
    return variable !== undefined && writesOf(variable) === 0;
  };
  /** A callback that cannot reach the array it is called over (its third parameter, the array itself, is unused). */
  const cannotReachItsArray = (fn: any, arrayPosition = 2) => {
    if (!FUNCTION_TYPES.has(fn?.type)) return false; // a function passed by name: not inspected here
    // A non-arrow function reaches every argument through `arguments`.
    if (fn.type !== 'ArrowFunctionExpression' && usesArguments(fn)) return false;
    for (let i = 0; i < fn.params.length; i++) {
      const param = fn.params[i];
      if (param.type === 'RestElement' && i <= arrayPosition) return false;
      if (i === arrayPosition) return param.type === 'Identifier' && (variableOf.get(param)?.references.length ?? 0) === 0;
    }
    return true;
  };
  const arrayPositionOf = (method: string) => (method === 'reduce' || method === 'reduceRight' ? 3 : 2);

  /** The index parameter of an array method's callback: `arr.map((x, i) => ...)`. */
  function isIndexParameter(fn: any, name: string): boolean {
    const call = parentOf(fn);
    if (fn[PARENT_KEY] !== 'arguments' || call.arguments[0] !== fn) return false;
    const param = fn.params.find((p: any) => p.type === 'Identifier' && p.name === name);
    if (!param || !neverReassigned(param)) return false;
    const position = fn.params.findIndex((p: any) => p.type === 'Identifier' && p.name === name);
    const method = call.callee.type === 'MemberExpression' ? call.callee.property.name : undefined;
    if (position === 1 && isArrayMethodCall(call, INDEX_CALLBACK_METHODS)) return true;
    return position === 2 && (method === 'reduce' || method === 'reduceRight') && isArrayMethodCall(call, new Set([method]));
  }

  /** Static text of a path of names (`item.json`), for comparing two reads of the same object. */
  const assignedPaths = new Set<string>();
  function pathOf(node: any): string | undefined {
    if (node.type === 'Identifier') {
      const variable = variableOf.get(node);
      if (variable && variable.defs.length === 1 && writesOf(variable) <= 1) return `#${variable.defs[0].name.start}`;
      if (scope.isGlobalReference(node) && SAFE_GLOBAL_NAMES.has(node.name)) return node.name;
      return undefined;
    }
    if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
      const base = pathOf(node.object);
      return base === undefined ? undefined : `${base}.${node.property.name}`;
    }
    return undefined;
  }
  for (const node of all) {
    const target = node.type === 'AssignmentExpression' ? node.left : node.type === 'UpdateExpression' ? node.argument : undefined;
    if (target?.type === 'MemberExpression') {
      const path = pathOf(target);
      if (path) assignedPaths.add(path);
    }
  }
  const samePath = (a: any, b: any) => {
    const pa = pathOf(a);
    if (pa === undefined || pa !== pathOf(b)) return false;
    // Nothing assigns the path or a part of it between enumerating and reading: no write of a
    // property of that name anywhere (an alias may be the same object), no write at a run-time key,
    // and no getter of that name in the code (it could give another object on each read).
    const segments = pa.split('.').slice(1);
    if (segments.length > 0 && (writesRuntimeKeyIntoSharedObject || segments.some((name) => writtenPropertyNames.has(name) || getterNames.has(name)))) return false;
    for (const written of assignedPaths) if (pa === written || pa.startsWith(`${written}.`)) return false;
    return true;
  };

  /** For a variable bound to the own keys of an object (`for (const k in o)`, `Object.keys(o)`), that object. */
  function ownKeysSource(identifier: any): any | undefined {
    const variable = variableOf.get(identifier);
    if (!variable || variable.defs.length !== 1 || writesOf(variable) > 1) return undefined;
    const def = variable.defs[0];
    if (def.type === 'Variable' && inForHead(def.parent) && def.node.id.type === 'Identifier') {
      const loop = parentOf(def.parent);
      if (loop.type === 'ForInStatement') return loop.right;
      if (loop.type === 'ForOfStatement') return keysCallTarget(loop.right);
    }
    if (def.type === 'Variable' && inForHead(def.parent) && def.node.id.type === 'ArrayPattern' && def.node.id.elements[0] === def.name) {
      const loop = parentOf(def.parent);
      if (loop.type === 'ForOfStatement') return entriesCallTarget(loop.right);
    }
    if (def.type === 'Parameter') {
      const fn = def.node;
      const call = parentOf(fn);
      if (fn[PARENT_KEY] !== 'arguments' || call.arguments[0] !== fn || call.callee.type !== 'MemberExpression') return undefined;
      const method = call.callee.computed ? undefined : call.callee.property.name;
      if (writesOf(variable) !== 0 || !method || !cannotReachItsArray(fn, arrayPositionOf(method))) return undefined;
      if (!method || !ELEMENT_CALLBACK_METHODS.has(method)) return undefined;
      const elementAt = method === 'reduce' || method === 'reduceRight' ? 1 : 0;
      const param = fn.params[elementAt];
      if (param === def.name) return keysCallTarget(call.callee.object);
      if (param?.type === 'ArrayPattern' && param.elements[0] === def.name) return entriesCallTarget(call.callee.object);
    }
    return undefined;
  }
  const objectCall = (node: any, names: string[]) =>
    node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && names.includes(node.callee.property.name) &&
    isGlobalName(node.callee.object, 'Object') && node.arguments.length === 1 ? node.arguments[0] : undefined;
  const keysCallTarget = (node: any) => objectCall(node, ['keys', 'getOwnPropertyNames']) && node.callee.property.name === 'keys' ? node.arguments[0] : undefined;
  const entriesCallTarget = (node: any) => objectCall(node, ['entries']);

  /** The strings a key may be, when they are a known finite set (`cond ? 'a' : 'b'`, an element of `['a', 'b']`). */
  function keyCandidates(node: any, depth = 0): string[] | undefined {
    if (!node || depth > 10) return undefined;
    const single = staticString(node, constantOf, 0);
    if (single !== undefined) return [single];
    if (node.type === 'ConditionalExpression') {
      const a = keyCandidates(node.consequent, depth + 1);
      const b = keyCandidates(node.alternate, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    if (node.type !== 'Identifier') return undefined;
    const variable = variableOf.get(node);
    if (!variable || variable.defs.length !== 1 || writesOf(variable) > 1) return undefined;
    const def = variable.defs[0];
    if (def.type === 'Variable' && inForHead(def.parent) && def.node.id.type === 'Identifier' && parentOf(def.parent).type === 'ForOfStatement') {
      return literalStrings(parentOf(def.parent).right);
    }
    if (def.type === 'Parameter') {
      const fn = def.node;
      const call = parentOf(fn);
      if (fn[PARENT_KEY] === 'arguments' && call.arguments[0] === fn && fn.params[0] === def.name && isArrayMethodCall(call, ELEMENT_CALLBACK_METHODS) && !['reduce', 'reduceRight'].includes(call.callee.property.name)) {
        if (writesOf(variable) !== 0 || !cannotReachItsArray(fn, arrayPositionOf(call.callee.property.name))) return undefined;
        return literalStrings(call.callee.object);
      }
    }
    return undefined;
  }
  /** The strings of an array literal of strings, inline or in a const that nothing changes. */
  function literalStrings(node: any): string[] | undefined {
    let array = node;
    if (node.type === 'Identifier') {
      const variable = variableOf.get(node);
      const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      if (!def || def.type !== 'Variable' || def.parent.kind !== 'const' || def.node.id.type !== 'Identifier') return undefined;
      // Only iterated or read, never changed or handed on.
      for (const ref of variable.references) {
        if (ref.init) continue;
        const p = parentOf(ref.identifier);
        const iterated = p.type === 'ForOfStatement' && ref.identifier[PARENT_KEY] === 'right';
        const readByArrayMethod = p.type === 'MemberExpression' && !p.computed && isArrayMethodCall(parentOf(p), ELEMENT_CALLBACK_METHODS) && parentOf(p).callee === p &&
          parentOf(p).arguments.every((a: any, i: number) => (i === 0 ? cannotReachItsArray(a, arrayPositionOf(p.property.name)) : a.type === 'Literal'));
        if (!iterated && !readByArrayMethod) return undefined;
      }
      array = def.node.init;
    }
    if (array?.type !== 'ArrayExpression' || array.elements.some((e: any) => e?.type !== 'Literal' || typeof e.value !== 'string')) return undefined;
    return array.elements.map((e: any) => e.value);
  }

  /** A dynamic key that cannot name a dangerous key of `member.object`. */
  function dynamicKeyIsSafe(member: any): boolean {
    const key = member.property;
    if (isNumeric(key)) return true;
    // A well-known symbol (`Symbol.iterator`) is not a string key.
    if (key.type === 'MemberExpression' && !key.computed && isGlobalName(key.object, 'Symbol')) return true;
    const candidates = keyCandidates(key);
    if (candidates) return candidates.every((k) => !DANGEROUS_KEYS.has(k));
    if (key.type === 'Identifier') {
      const source = ownKeysSource(key);
      if (source && samePath(source, member.object)) return true;
    }
    return false;
  }

  // ---- The fixed point ----------------------------------------------------------------------------
  const variableCapability = new Map<any, Capability>();
  const returnCapability = new Map<any, Capability>();
  /** Some object the analysis does not follow holds an unknown value or a built-in. */
  let heapTainted: Capability | undefined;
  /** Names under which the code stored a built-in or unknown value (`any`: under a key known only at run time). */
  const shadowed = new KeySet();
  /** An unknown value or a built-in handed to code the analysis does not follow (it may be the code's own escaping function). */
  let passedToUnknown: Capability | undefined;
  /** What the code's functions that escape (methods, getters, callbacks of its own code) may return. */
  let escapedReturn: Capability | undefined;
  /** What a read or call the analysis does not follow may give. */
  // (A value handed to code the analysis does not follow may come back anywhere: as a receiver, in a
  // holder, in a promise, in an object a built-in filled.)
  const ambient = () => strongest(strongest(heapTainted, escapedReturn), passedToUnknown);
  let changed = true;
  const taint = (table: Map<any, Capability>, key: any, given: Capability) => {
    if (!key) return;
    const capability = unreportedIfUnknown(given)!;
    const had = table.get(key);
    // Keep the more telling value: a capability over `unknown`, `unknown` over a built-in.
    if (had && rank(had) >= rank(capability)) return;
    table.set(key, capability);
    changed = true;
  };
  const taintHeap = (capability: Capability) => {
    if (heapTainted && rank(heapTainted) >= rank(capability)) return;
    // A capability was reported where it was stored; what it then flows into is not reported again.
    const kind = capability.kind === 'builtin' ? 'unknown' : capability.kind;
    heapTainted = clipVia({ kind, via: `a property of an object that holds ${capability.via}`, reported: kind !== 'unknown' && (capability.reported || rank(capability) > 2) });
    changed = true;
  };

  // What each node holds, memoised on the node for one round (a Map per round was most of this
  // pass's cost): `cacheEpoch` moves on when what variables hold may have changed.
  let cacheEpoch = ++epochs;
  const capabilityOf = (node: any): Capability | undefined => {
    if (!node) return undefined;
    if (node[CACHE_EPOCH] === cacheEpoch) return node[CACHE_VALUE];
    node[CACHE_EPOCH] = cacheEpoch;
    node[CACHE_VALUE] = undefined; // cycles (a = a) end here
    const result = unreportedIfUnknown(computeCapability(node));
    node[CACHE_VALUE] = result;
    return result;
  };

  const allowed = (capability: Capability, key: string) =>
    capability.kind === 'global-object'
      ? SAFE_GLOBAL_NAMES.has(key) || absentFromGlobal(key)
      : capability.kind === 'function-constructor'
        ? FUNCTION_CONSTRUCTOR_ALLOWED.has(key)
        : capability.kind === 'builtin' || capability.kind === 'unknown'
          ? !DANGEROUS_KEYS.has(key)
          : false;

  /** What a global name is, as a value. */
  function globalValue(name: string): Capability | undefined {
    if (GLOBAL_OBJECT_NAMES.has(name)) return { kind: 'global-object', via: name };
    // Any use of `Function` or `eval` is reported as dynamic code already; what it flows into is tracked.
    if (name === 'Function' || name === 'eval') return { kind: 'function-constructor', via: name, reported: true };
    if (name === 'Reflect') return { kind: 'reflection', via: 'Reflect' };
    if (BUILTIN_GLOBALS.has(name)) return { kind: 'builtin', via: name };
    return undefined;
  }

  /** A member of a built-in: reflection, the Function constructor, or another built-in. */
  function builtinMember(object: Capability, key: string | undefined): Capability {
    if (key === undefined) return { kind: 'unknown', via: `${object.via}[…]` };
    if (key === 'constructor') return { kind: 'function-constructor', via: `${object.via}.constructor` };
    if (object.via === 'Object' && OBJECT_REFLECTION_MEMBERS.has(key)) return { kind: 'reflection', via: `Object.${key}` };
    if (key === '__proto__' || key === '__lookupGetter__' || key === '__lookupSetter__' || key === 'caller' || key === 'callee' || key === 'arguments') {
      return { kind: 'unknown', via: `${object.via}.${key}` };
    }
    return { kind: 'builtin', via: `${object.via}.${key}` };
  }

  function computeCapability(node: any): Capability | undefined {
    switch (node.type) {
      case 'ThisExpression':
        // Strict `this` is the receiver the function was called on: the code's own object, or one
        // the engine chose (JSON.stringify's holder, an instance it built), so whatever may be around.
        return thisIsGlobal(node) ? { kind: 'global-object', via: 'this' } : ambient();
      case 'Identifier': {
        if (scope.isGlobalReference(node)) return globalValue(node.name);
        if (isArgumentsObject(node)) return { kind: 'unknown', via: 'arguments' };
        return variableCapability.get(variableOf.get(node));
      }
      case 'MemberExpression': {
        const key = staticKey(node, constantOf);
        const object = capabilityOf(node.object);
        if (object) {
          switch (object.kind) {
            case 'global-object':
              // A key the global object lacks reads undefined there; but `this` in a sloppy method
              // may also be the object it was called on, whose property is whatever the heap holds.
              // (and what this code wrote there: the heap holds it).
              if (key !== undefined && allowed(object, key)) return SAFE_GLOBAL_NAMES.has(key) ? globalValue(key) : ambient();
              // What a denied read gives is unknown: it carries the capability on, but the read
              // itself is the finding, so what it flows into is not reported again.
              return { kind: key === 'constructor' ? 'function-constructor' : 'global-object', via: `${object.via}${key === undefined ? '[…]' : `.${key}`}`, reported: true };
            case 'function-constructor':
              if (key !== undefined && allowed(object, key)) return key === 'prototype' || key === 'toString' ? { kind: 'builtin', via: `Function.${key}` } : undefined;
              return { kind: key === 'constructor' ? 'function-constructor' : object.kind, via: `${object.via}${key === undefined ? '[…]' : `.${key}`}`, reported: true };
            case 'reflection':
              return { ...object, via: `${object.via}.${key ?? '[…]'}`, reported: true };
            case 'builtin':
              if ((key === 'call' || key === 'apply' || key === 'bind') && !(parentOf(node)?.type === 'CallExpression' && node[PARENT_KEY] === 'callee')) {
                return { kind: 'reflection', via: `${object.via}.${key} taken as a value, which calls whatever it is applied to` };
              }
              return builtinMember(object, key);
            case 'unknown':
              if (key === 'constructor') return { kind: 'function-constructor', via: `${object.via}.constructor`, reported: true };
              return { kind: 'unknown', via: object.via, reported: object.reported };
          }
        }
        if (key === 'constructor') return { kind: 'function-constructor', via: '.constructor' };
        if (key === '__proto__' || key === 'caller' || key === 'callee' || key === 'arguments') return { kind: 'unknown', via: `.${key}` };
        // call, apply, bind taken as a value: an invoker of whatever it is applied to (handed to a
        // built-in as a callback it calls the elements it is given). Only calling it directly passes.
        if ((key === 'call' || key === 'apply' || key === 'bind') && !(parentOf(node)?.type === 'CallExpression' && node[PARENT_KEY] === 'callee')) {
          return { kind: 'reflection', via: `.${key} taken as a value, which calls whatever it is applied to` };
        }
        // A method that calls its arguments, taken as a value (not called on its object): it may be
        // the built-in (`[].map`), which must not be stored under another name.
        if (key !== undefined && INVOKING_METHOD_NAMES.has(key) && !(parentOf(node)?.type === 'CallExpression' && node[PARENT_KEY] === 'callee')) {
          return { kind: 'builtin', via: `.${key} taken as a value` };
        }
        if (key === undefined && !dynamicKeyIsSafe(node)) {
          // n8n's accessor objects are proxies over its internals: what a run-time key reads there
          // is not data (it is reported where it is read).
          if (accessorRooted(node.object)) return { kind: 'global-object', via: `${shortText(node)} (a run-time key on n8n's accessor ${accessorRooted(node.object)})` };
          return { kind: 'unknown', via: `a property read with a key known only at run time (${shortText(node)})` };
        }
        return ambient();
      }
      case 'ChainExpression':
      case 'AwaitExpression':
        return capabilityOf(node.expression ?? node.argument);
      case 'ConditionalExpression':
        return strongest(capabilityOf(node.consequent), capabilityOf(node.alternate));
      case 'LogicalExpression':
        return strongest(capabilityOf(node.left), capabilityOf(node.right));
      case 'SequenceExpression':
        return capabilityOf(node.expressions[node.expressions.length - 1]);
      case 'AssignmentExpression':
        return node.operator === '=' || node.operator === '||=' || node.operator === '&&=' || node.operator === '??=' ? capabilityOf(node.right) : undefined;
      case 'ArrayExpression':
      case 'ObjectExpression': {
        let held: Capability | undefined;
        for (const element of node.type === 'ArrayExpression' ? node.elements : node.properties) {
          if (!element) continue;
          const value = element.type === 'SpreadElement' ? element.argument : element.type === 'Property' ? element.value : element;
          const c = capabilityOf(value);
          if (!c) continue;
          const where = node.type === 'ArrayExpression' ? 'an array' : 'an object';
          // A capability stored is the finding (reported where it is stored); the container carries it on.
          if (c.kind === 'builtin' || c.kind === 'unknown') held = strongest(held, { kind: 'unknown', via: `${where} holding ${c.via}`, reported: c.reported });
          else return { ...c, via: `${c.via} in ${where}`, reported: true };
        }
        return held;
      }
      case 'CallExpression':
      case 'NewExpression':
        return callCapability(node);
      case 'TaggedTemplateExpression': {
        // A tag of this code gives what it returns; any other tag, what the code's escaping functions may.
        const fn = FUNCTION_TYPES.has(node.tag.type) ? node.tag : node.tag.type === 'Identifier' ? functionOfVariable(variableOf.get(node.tag)) : undefined;
        return fn ? returnCapability.get(fn) : ambient();
      }
      case 'YieldExpression':
        // What the generator's caller hands to next(); for `yield*`, also what the delegate returns.
        return strongest(strongest(passedToUnknown, ambient()), node.delegate ? capabilityOf(node.argument) : undefined);
      default:
        return undefined;
    }
  }

  /** What a call gives: a function's return value, reflection's result, or `unknown` when an input is. */
  function callCapability(call: any): Capability | undefined {
    const fn = calledFunction(call);
    if (fn) return returnCapability.get(fn);
    const callee = call.callee;
    // `$item(i)` is n8n's whole data proxy for item i: it holds `$env` and `$evaluateExpression`
    // like the global object does, and is checked like it.
    if (isGlobalName(callee, '$item')) return { kind: 'global-object', via: '$item(…)' };
    // n8n's accessor functions and their methods (`$('X')`, `$input.first()`, `$('X').all()`) give
    // n8n's data, not what this code stored (unless it stored something under that method's name).
    // (Their methods' results are read like any object's: the code may have written into n8n's
    // data, `$json.x = ...`, and `$input.item.json.x` reads the same object.)
    if (callee.type === 'Identifier' && scope.isGlobalReference(callee) && DATA_GLOBALS.has(callee.name)) {
      // $jmespath reads any path of its argument (`constructor` included): like a run-time key.
      if (callee.name === '$jmespath' || callee.name === '$jmesPath') return { kind: 'unknown', via: `what ${callee.name} reads out of its argument (any property, constructor included)` };
      // $if, $ifEmpty, $max, $min give one of their arguments back.
      if (['$if', '$ifEmpty', '$max', '$min'].includes(callee.name)) {
        let back: Capability | undefined;
        for (const a of call.arguments) back = strongest(back, capabilityOf(a.type === 'SpreadElement' ? a.argument : a));
        return back && rank(back) <= 2 ? { kind: 'unknown', via: back.via } : back;
      }
      return undefined;
    }
    const calleeCap = capabilityOf(callee);
    if (calleeCap?.kind === 'function-constructor') return { kind: 'function-constructor', via: `${calleeCap.via}(…)`, reported: true };
    if (calleeCap?.kind === 'unknown') return { kind: 'unknown', via: `what ${calleeCap.via} returns`, reported: true };
    if (calleeCap?.kind === 'reflection') {
      const name = calleeCap.via;
      const [target, keyNode] = call.arguments;
      const key = keyNode ? staticString(keyNode, constantOf, 0) : undefined;
      const fromTarget = capabilityOf(target);
      if (fromTarget && fromTarget.kind !== 'builtin' && fromTarget.kind !== 'unknown') return { ...fromTarget, via: `${name}(${fromTarget.via}, …)`, reported: true }; // passing it is the finding
      if (name === 'Reflect.get' || name === 'Reflect.getOwnPropertyDescriptor' || name === 'Object.getOwnPropertyDescriptor') {
        if (key === undefined || DANGEROUS_KEYS.has(key)) return { kind: 'function-constructor', via: `${name}(…, ${key === undefined ? 'a dynamic key' : `'${key}'`})` };
        // A descriptor holds the property's value or accessors, which may be built-in functions.
        return { kind: 'unknown', via: `${name}(${fromTarget?.via ?? '…'}, '${key}')` };
      }
      if (name === 'Object.getOwnPropertyDescriptors') return { kind: 'function-constructor', via: `${name}(…) (holds constructor)` };
      if (name === 'Object.getPrototypeOf' || name === 'Reflect.getPrototypeOf') return { kind: 'unknown', via: `${name}(…)` };
      return { kind: 'unknown', via: `what ${name} returns`, reported: true };
    }
    // Conversions give a string, number or boolean, whatever they were given.
    if (isPrimitiveResult(call)) return undefined;
    // A built-in called with an unknown value (or on one) gives back what it may have passed through.
    const receiver = callee.type === 'MemberExpression' ? capabilityOf(callee.object) : undefined;
    // What a callback returns ends up in what the built-in returns (`arr.map(cb)`, `p.then(cb)`).
    const callbackReturns = call.arguments.map((a: any) => {
      const callback = FUNCTION_TYPES.has(a.type) ? a : a.type === 'Identifier' ? functionOfVariable(variableOf.get(a)) : undefined;
      return callback ? returnCapability.get(callback) : undefined;
    });
    const inputs = [receiver, ...call.arguments.map((a: any) => capabilityOf(a.type === 'SpreadElement' ? a.argument : a)), ...callbackReturns];
    // A built-in a callback returns comes back in the result (`[1].map(() => Object.prototype)`).
    const builtinReturned = callbackReturns.find((c: Capability | undefined) => c?.kind === 'builtin');
    const unknownIn = inputs.find((c) => c?.kind === 'unknown') ?? (builtinReturned ? { kind: 'unknown' as const, via: `what a callback returns, which may be ${builtinReturned.via}` } : undefined);
    if (unknownIn) return { kind: 'unknown', via: unknownIn.via, reported: unknownIn.reported };
    if (calleeCap?.kind === 'builtin') {
      // A method of a built-in may give back its receiver (`Object.prototype.valueOf()`, a built-in
      // iterator's next()): only the namespaces' functions known to build fresh data do not.
      if (receiver?.kind === 'builtin' && !givesFreshData(receiver.via, staticKey(callee, constantOf))) {
        return { kind: 'unknown', via: `what ${calleeCap.via} returns, which may be ${receiver.via} itself` };
      }
      // `Object.values(Array)`: a built-in passed to a built-in may come back.
      const builtinIn = inputs.slice(1).find((c) => c?.kind === 'builtin');
      // What a built-in gives back may be read out of its arguments, which the heap may fill.
      return builtinIn ? { kind: 'unknown', via: `what ${calleeCap.via} returns for ${builtinIn.via}` } : ambient();
    }
    // A call of something the analysis does not follow may run any of the code's escaping functions.
    return ambient();
  }

  /** Binds what flows into a pattern: the names it binds may hold the capability. */
  function bind(pattern: any, capability: Capability) {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier':
        taint(variableCapability, variableOf.get(pattern), capability);
        break;
      case 'ObjectPattern':
        for (const property of pattern.properties) {
          if (property.type === 'RestElement') bind(property.argument, { ...capability, kind: capability.kind === 'builtin' ? 'unknown' : capability.kind, via: `…${capability.via}`, reported: true });
          else {
            const key = propertyKeyOf(property);
            if (capability.kind === 'builtin') bind(property.value, builtinMember(capability, key));
            else if (capability.kind === 'unknown') bind(property.value, key === 'constructor' ? { kind: 'function-constructor', via: `${capability.via}.constructor` } : capability);
            else if (key === undefined || !allowed(capability, key)) bind(property.value, { kind: key === 'constructor' ? 'function-constructor' : capability.kind, via: `${capability.via}.${key ?? '[…]'}`, reported: true });
            else if (capability.kind === 'global-object' && SAFE_GLOBAL_NAMES.has(key)) {
              const value = globalValue(key);
              if (value) bind(property.value, value);
            }
          }
        }
        break;
      case 'ArrayPattern':
        for (const element of pattern.elements) bind(element?.type === 'RestElement' ? element.argument : element, capability.kind === 'builtin' ? { kind: 'unknown', via: `an element of ${capability.via}` } : capability);
        break;
      case 'AssignmentPattern':
        bind(pattern.left, capability);
        break;
      case 'RestElement':
        bind(pattern.argument, capability);
        break;
      case 'MemberExpression': {
        // Stored into a property: the heap may hold it from now on (capabilities are reported at the use).
        taintHeap(capability);
        const key = staticKey(pattern, constantOf);
        shadow(key);
        // A destructuring target or a for-in/of head stores like an assignment does.
        if (isPatternTarget(pattern) && (capability.kind === 'unknown' || capability.kind === 'builtin')) patternStores.set(pattern, capability);
        break;
      }
      default:
        break;
    }
  }

  /** The static key of an object-literal property, class member or pattern property (undefined when computed at run time). */
  const propertyKeyOf = (property: any): string | undefined =>
    property.computed ? staticString(property.key, constantOf, 0) : property.key.type === 'Identifier' ? property.key.name : String(property.key.value);
  /** The code's function an expression is (a literal, or a name bound to one), if any. */
  const functionValueOf = (node: any) => (FUNCTION_TYPES.has(node?.type) ? node : node?.type === 'Identifier' ? functionOfVariable(variableOf.get(node)) : undefined);
  /** Keys this code writes on what may be the global object (`this.k = v` in sloppy code): calling one there passes it as the receiver. */
  const writtenOnGlobal = new KeySet();
  /** A write of a property of what may be the global object: that key may now hold one of this code's functions. */
  const recordGlobalWrite = (member: any) => {
    if (writtenOnGlobal.add(staticKey(member, constantOf))) changed = true;
  };
  /** Unknown values and built-ins stored by destructuring targets and for-in/of heads, checked like assignments. */
  const patternStores = new Map<any, Capability>();
  /** An unknown value or a built-in is now stored under `key` (undefined: a key known only at run time). */
  const shadow = (key: string | undefined) => {
    if (shadowed.add(key)) changed = true;
  };

  /** Built-in methods that call back with elements and keep nothing (their callbacks' returns are followed). */
  const CALLBACK_CONSUMERS = new Set([...ELEMENT_CALLBACK_METHODS, 'sort', 'toSorted', 'then', 'catch', 'finally', 'replace', 'replaceAll', 'from']);
  /** Methods that keep what they are given in their receiver. */
  const STORING = new Set(['push', 'unshift', 'splice', 'fill', 'set', 'add', 'assign', 'append', 'with', 'copyWithin', 'defineProperty', 'defineProperties']);
  /** A built-in method by name: the code defines no method of that name, so the call reaches the built-in. */
  // A method name reaches a built-in unless the code stored a built-in or unknown value under that
  // name (or under a key known only at run time): `o.includes = [].map` makes includes call its
  // argument. The code's own functions under any name are followed through their parameters.
  const builtinByName = (name: string | undefined) => name !== undefined && !shadowed.has(name);
  /** A call that gives a primitive: a global conversion, or a built-in method of that kind the code does not define itself. */
  function isPrimitiveResult(call: any): boolean {
    if (isGlobalBuiltinCall(call)) return PRIMITIVE_GLOBALS.has(call.callee.name);
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') return false;
    const name = staticKey(call.callee, constantOf);
    return name !== undefined && PRIMITIVE_METHODS.has(name) && !ownMethodNames.has(name) && !definesDynamicMethods && builtinByName(name);
  }
  /** A call of a global built-in by its name (`String(x)`): globals cannot be reassigned in a pure body. */
  const isGlobalBuiltinCall = (call: any) => call.callee.type === 'Identifier' && scope.isGlobalReference(call.callee) && BUILTIN_GLOBALS.has(call.callee.name);
  function mayStoreArguments(call: any): boolean {
    if (isGlobalBuiltinCall(call)) return STORING.has(call.callee.name);
    const name = call.callee.type === 'MemberExpression' ? staticKey(call.callee, constantOf) : undefined;
    if (name === undefined) return true;
    if (capabilityOf(call.callee.object)?.kind !== 'builtin' && !builtinByName(name)) return true;
    if (STORING.has(name)) return true;
    return !(own(NON_INVOKING, name) || CALLBACK_CONSUMERS.has(name));
  }

  /**
   * A function escapes unless every use of it is a call the analysis follows: called by its name,
   * or handed to a built-in that calls it back with elements (`arr.map(fn)`), whose result then
   * carries what it returns.
   */
  function escapes(fn: any): boolean {
    const parent = parentOf(fn);
    if (fn.type === 'FunctionDeclaration' || (parent?.type === 'VariableDeclarator' && fn[PARENT_KEY] === 'init')) {
      const variable = fn.type === 'FunctionDeclaration' ? variableOf.get(fn.id) : parent.id.type === 'Identifier' ? variableOf.get(parent.id) : undefined;
      if (!variable || functionOfVariable(variable) !== fn) return true;
      return variable.references.some((ref: any) => !ref.init && !(parentOf(ref.identifier)?.type === 'CallExpression' && ref.identifier[PARENT_KEY] === 'callee') && !handedToConsumer(ref.identifier));
    }
    if (parent?.type === 'CallExpression' && fn[PARENT_KEY] === 'callee') return false; // an IIFE
    return !handedToConsumer(fn);
  }
  /** A call that hands its function arguments to a consumer (by name or inline), judged on the call. */
  function handedToConsumerByName(call: any): boolean {
    if (call.type === 'NewExpression') return isGlobalName(call.callee, 'Promise');
    if (call.callee.type === 'Identifier') return TIMER_NAMES.has(call.callee.name) && scope.isGlobalReference(call.callee);
    if (call.callee.type !== 'MemberExpression') return false;
    const name = staticKey(call.callee, constantOf);
    return builtinByName(name) && CALLBACK_CONSUMERS.has(name!);
  }
  function handedToConsumer(node: any): boolean {
    const call = parentOf(node);
    if (node[PARENT_KEY] !== 'arguments') return false;
    // `new Promise(executor)`: called at once with the built-in resolve and reject.
    if (call?.type === 'NewExpression' && isGlobalName(call.callee, 'Promise') && call.arguments[0] === node) return true;
    // Timers call their callback later with the arguments given here (checked like any argument).
    if (call?.type === 'CallExpression' && call.callee.type === 'Identifier' && TIMER_NAMES.has(call.callee.name) && scope.isGlobalReference(call.callee) && call.arguments[0] === node) return true;
    if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') return false;
    const name = staticKey(call.callee, constantOf);
    return builtinByName(name) && CALLBACK_CONSUMERS.has(name!);
  }

  const thrown = all.filter((node) => node.type === 'ThrowStatement');
  // The nodes the fixed point looks at (most of a tree is identifiers and literals, which carry nothing on their own).
  const flowNodes = all.filter((node) => FLOW_NODE_TYPES.has(node.type) && (node.type !== 'ArrowFunctionExpression' || node.expression) && (node.type !== 'MemberExpression' || isPatternTarget(node)));
  const escaping = all.filter((node) => FUNCTION_TYPES.has(node.type) && escapes(node));
  // Propagate until nothing changes.
  // (In functions of their own: one function this size took TurboFan 1.6 s to optimise in the
  // background, and the process waited for it before it could exit.)
  propagate();
  function propagate() {
    for (let round = 0; changed && round < MAX_ROUNDS; round++) {
      changed = false;
      cacheEpoch = ++epochs;
      // Code the analysis does not follow may call an escaping function with what the heap holds,
      // and give back what it returns.
      for (const fn of escaping) {
        const r = returnCapability.get(fn);
        if (r && (!escapedReturn || rank(r) > rank(escapedReturn))) {
          escapedReturn = clipVia({ ...r, via: `what a function of this code returns when called from elsewhere (${r.via})` });
          changed = true;
        }
        const given = strongest(heapTainted, passedToUnknown);
        if (given) for (const p of fn.params) bind(p, given);
      }
      for (const node of flowNodes) {
        if (node.type === 'VariableDeclarator' && node.init) {
          const c = capabilityOf(node.init);
          if (c) bind(node.id, c);
        } else if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && capabilityOf(node.left.object)?.kind === 'global-object') {
          recordGlobalWrite(node.left);
          const c = capabilityOf(node.right);
          if (c) bind(node.left, c);
        } else if (node.type === 'AssignmentExpression') {
          // `a += x` gives a number or a string; `a = x`, `a ||= x` give x.
          const c = ['=', '||=', '&&=', '??='].includes(node.operator) ? capabilityOf(node.right) : undefined;
          if (c) bind(node.left, c);
        } else if (node.type === 'AssignmentPattern') {
          const c = capabilityOf(node.right);
          if (c) bind(node.left, c);
        } else if (node.type === 'PropertyDefinition' && node.value) {
          const c = capabilityOf(node.value);
          if (c) {
            taintHeap(c);
            shadow(propertyKeyOf(node));
          }
        } else if (node.type === 'Property' && parentOf(node)?.type === 'ObjectExpression' && node.value && !FUNCTION_TYPES.has(node.value.type)) {
          // An object literal is the code's own object: what it holds, every read of an object the
          // analysis does not follow (`this` in its methods, a copy) may give.
          const c = capabilityOf(node.value);
          if (c) {
            taintHeap(c);
            shadow(propertyKeyOf(node));
          }
        } else if (node.type === 'YieldExpression' && node.argument) {
          // What a generator yields comes out of its iterator like a return value.
          const c = capabilityOf(node.argument);
          const fn = enclosingFunction(node);
          if (c && fn) taint(returnCapability, fn, { ...c, via: c.kind === 'unknown' || c.kind === 'builtin' ? c.via : `${c.via} (yielded)`, reported: c.reported || (c.kind !== 'unknown' && c.kind !== 'builtin') });
        } else if (node.type === 'ForOfStatement' || node.type === 'ForInStatement') {
          const target = node.left.type === 'VariableDeclaration' ? node.left.declarations[0].id : node.left;
          const c = node.type === 'ForOfStatement' ? capabilityOf(node.right) : undefined;
          if (c) bind(target, { ...c, kind: c.kind === 'builtin' ? 'unknown' : c.kind, via: `an element of ${c.via}` });
          else if (node.type === 'ForOfStatement' && ambient()) bind(target, ambient()!);
        } else if (node.type === 'ReturnStatement' && node.argument) {
          const c = capabilityOf(node.argument);
          const fn = enclosingFunction(node);
          if (c && fn) taint(returnCapability, fn, { ...c, via: c.kind === 'unknown' || c.kind === 'builtin' ? c.via : `${c.via} (returned)`, reported: c.reported || (c.kind !== 'unknown' && c.kind !== 'builtin') });
        } else if (node.type === 'ArrowFunctionExpression' && node.expression) {
          const c = capabilityOf(node.body);
          if (c) taint(returnCapability, node, { ...c, via: c.kind === 'unknown' || c.kind === 'builtin' ? c.via : `${c.via} (returned)`, reported: c.reported || (c.kind !== 'unknown' && c.kind !== 'builtin') });
        } else if (node.type === 'MemberExpression') {
          // A destructuring target or a for-in/of head that writes what may be the global object.
          if (capabilityOf(node.object)?.kind === 'global-object') recordGlobalWrite(node);
        } else if (node.type === 'NewExpression' && isGlobalName(node.callee, 'Promise') && FUNCTION_TYPES.has(node.arguments[0]?.type)) {
          node.arguments[0].params.forEach((p: any, i: number) => bind(p, { kind: 'builtin', via: i === 0 ? 'the promise\'s resolve' : 'the promise\'s reject' }));
        } else if (node.type === 'CallExpression' || node.type === 'NewExpression') {
          const fn = calledFunction(node);
          if (fn) {
            node.arguments.forEach((arg: any, i: number) => {
              const c = capabilityOf(arg.type === 'SpreadElement' ? arg.argument : arg);
              if (c && fn.params[i]) bind(fn.params[i], c.kind === 'unknown' || c.kind === 'builtin' ? c : { ...c, via: `${c.via} (as a parameter)`, reported: true });
            });
            // A spread argument may land in any parameter.
            const spread = node.arguments.find((a: any) => a.type === 'SpreadElement' && capabilityOf(a.argument));
            if (spread) for (const p of fn.params) bind(p, { ...capabilityOf(spread.argument)!, reported: true });
          } else {
            // Callbacks handed to code the analysis does not follow get what that code holds: the
            // elements of an unknown receiver or of the heap, or an unknown value handed over with them.
            const receiver = node.callee.type === 'MemberExpression' ? capabilityOf(node.callee.object) : undefined;
            let given = receiver && (receiver.kind === 'unknown' || receiver.kind === 'builtin') ? receiver : node.callee.type === 'MemberExpression' ? ambient() : undefined;
            for (const arg of node.arguments) {
              const c = capabilityOf(arg.type === 'SpreadElement' ? arg.argument : arg);
              if (c) {
                given = strongest(given, c.kind === 'builtin' ? { kind: 'unknown', via: c.via } : { ...c, reported: true });
                // A value handed to code that may keep it (push, set, assign, a function of unknown origin) is in the heap now.
                if (mayStoreArguments(node)) taintHeap(c);
                if (!isGlobalBuiltinCall(node) && (c.kind === 'unknown' || c.kind === 'builtin') && (!passedToUnknown || rank(c) > rank(passedToUnknown))) {
                  passedToUnknown = clipVia({ kind: 'unknown', via: c.via, reported: c.reported });
                  changed = true;
                }
              }
            }
            const handsUnknown = strongest(receiver?.kind === 'unknown' ? receiver : undefined, node.arguments.map((a: any) => capabilityOf(a.type === 'SpreadElement' ? a.argument : a)).find((c: Capability | undefined) => c?.kind === 'unknown'));
            if (given) {
              for (const arg of node.arguments) {
                const callback = FUNCTION_TYPES.has(arg.type) ? arg : arg.type === 'Identifier' ? functionOfVariable(variableOf.get(arg)) : undefined;
                if (callback) for (const p of callback.params) bind(p, { kind: given.kind === 'builtin' ? 'unknown' : given.kind, via: given.via, reported: given.reported });
                // A callback that is not this code's function may be a built-in that keeps what it is
                // given (a promise's resolve, Array.prototype.push with a thisArg, Set's add): what the
                // call hands its callbacks (an unknown receiver's elements, an unknown argument) is then in the heap.
                else if (handsUnknown && arg.type !== 'Literal' && arg.type !== 'TemplateLiteral' && !FUNCTION_TYPES.has(arg.type)) taintHeap(handsUnknown);
              }
            }
            // reduce hands a callback's return value back to it as the accumulator of the next step.
            const method = node.callee.type === 'MemberExpression' ? staticKey(node.callee, constantOf) : undefined;
            if (method === 'reduce' || method === 'reduceRight') {
              const callback = functionValueOf(node.arguments[0]);
              const returned = callback ? returnCapability.get(callback) : undefined;
              if (callback?.params[0] && returned) bind(callback.params[0], { ...returned, via: `${returned.via} (fed back as the accumulator)` });
            }
          }
        } else if (node.type === 'ObjectPattern') {
          // `{ constructor: F }` reads constructor off whatever is destructured, tracked or not.
          for (const property of node.properties) {
            if (property.type !== 'Property') continue;
            const key = propertyKeyOf(property);
            if (key === 'constructor') bind(property.value, { kind: 'function-constructor', via: '{ constructor } destructured' });
            else if (key === undefined || DANGEROUS_KEYS.has(key)) bind(property.value, { kind: 'unknown', via: `a property destructured with ${key === undefined ? 'a key known only at run time' : `the key ${key}`}` });
            else if (INVOKING_METHOD_NAMES.has(key)) bind(property.value, { kind: 'builtin', via: `.${key} destructured` });
            else if (ambient()) bind(property.value, ambient()!);
          }
        } else if (node.type === 'ArrayPattern' && ambient()) {
          for (const element of node.elements) bind(element?.type === 'RestElement' ? element.argument : element, ambient()!);
        } else if (node.type === 'TaggedTemplateExpression') {
          // The substitutions reach the tag function's parameters after the first.
          const fn = FUNCTION_TYPES.has(node.tag.type) ? node.tag : node.tag.type === 'Identifier' ? functionOfVariable(variableOf.get(node.tag)) : undefined;
          node.quasi.expressions.forEach((expression: any, i: number) => {
            const c = capabilityOf(expression);
            if (c && fn?.params[i + 1]) bind(fn.params[i + 1], rank(c) > 2 ? { ...c, via: `${c.via} (as a parameter)`, reported: true } : c);
          });
        } else if (node.type === 'CatchClause' && node.param) {
          // What is caught may be anything a promise was rejected with or a built-in threw (an
          // AggregateError's errors): unknown. A thrown capability arrives there too.
          bind(node.param, { kind: 'unknown', via: `the caught value ${node.param.type === 'Identifier' ? node.param.name : ''}`.trim() });
          for (const statement of thrown) {
            const c = capabilityOf(statement.argument);
            if (c) bind(node.param, { ...c, reported: c.reported || (c.kind !== 'unknown' && c.kind !== 'builtin') });
          }
        }
      }
    }
  }

  // ---- Check every use of every expression that holds a value ------------------------------------
  cacheEpoch = ++epochs;
  const uses: CapabilityUse[] = [];
  // Not settled: what the last rounds would have learned is missing, so nothing after can be proven.
  const unsettled = changed;
  if (unsettled) uses.push({ node: ast, verdict: 'unprovable', capability: 'the body', use: `did not settle within ${MAX_ROUNDS} rounds of the analysis (a chain of values longer than it follows): split it or shorten the chain` });
  const report = (node: any, capability: Capability, what: string) => {
    if (capability.reported) return;
    if (capability.kind === 'builtin') uses.push({ node, verdict: 'builtinWrite', capability: capability.via, use: what });
    else uses.push({ node, verdict: capability.kind === 'unknown' || capability.via.includes("n8n's accessor") ? 'unprovable' : 'reaches', capability: describe(capability), use: what });
  };
  const calleeName = (call: any): string | undefined => {
    const callee = call.callee;
    if (callee.type === 'Identifier') return callee.name;
    if (callee.type === 'MemberExpression') return staticKey(callee, constantOf);
    return undefined;
  };
  /** May the function called here call the argument at `position`? */
  const mayInvokeArgument = (call: any, position: number) => {
    if (calledFunction(call)) return false; // the code's own function: its parameter is followed
    // A name reaches a built-in only as a global built-in or as a method the code does not define.
    if (isGlobalBuiltinCall(call)) return !own(NON_INVOKING, call.callee.name) || (NON_INVOKING[call.callee.name] !== '*' && NON_INVOKING[call.callee.name] !== position);
    const name = call.callee.type === 'MemberExpression' ? calleeName(call) : undefined;
    // On an unknown receiver a method of that name may be anything stored there.
    const receiver = call.callee.type === 'MemberExpression' ? capabilityOf(call.callee.object) : undefined;
    // Math's functions convert their arguments to numbers, nothing else.
    if (receiver?.kind === 'builtin' && receiver.via === 'Math') return false;
    // `Object.prototype.toString.call(x)`: a built-in that calls nothing, applied to x.
    if (receiver?.kind === 'builtin' && (name === 'call' || name === 'apply')) {
      const applied = receiver.via.slice(receiver.via.lastIndexOf('.') + 1);
      return !((own(NON_INVOKING, applied) && NON_INVOKING[applied] === '*') || PRIMITIVE_METHODS.has(applied)) || INVOKING_METHOD_NAMES.has(applied) || STORING.has(applied);
    }
    if (receiver?.kind === 'unknown' || name === undefined || !own(NON_INVOKING, name)) return true;
    // A member of a built-in is that built-in's own method (built-ins cannot be written); on other
    // receivers the name must not be one the code stored a built-in or unknown value under.
    if (receiver?.kind !== 'builtin' && !builtinByName(name)) return true;
    const allowedAt = NON_INVOKING[name];
    return allowedAt !== '*' && allowedAt !== position;
  };

  /**
   * Calls of what may be the Function constructor that `reported` spared: the flag only spares a second
   * report of a flow, and it can be circular. `{ g: o.trim.constructor('x') }` stores the call's result
   * (marked reported: the call is the finding) in an object; `o.trim` then reads that object's taint,
   * marked reported too, so neither the store nor the call was. A body with no finding at all reports
   * them: a compile is never spared. (The names Function and eval are reported as such elsewhere.)
   */
  const compilerCallsSpared: Array<{ node: any; capability: Capability }> = [];
  checkEveryUse();
  checkStoresAndBuilders();
  if (uses.length === 0) for (const { node, capability } of compilerCallsSpared) report(node, { ...capability, reported: false }, node.type === 'NewExpression' ? 'is constructed' : 'is called');
  return uses;

  function checkEveryUse() {
    for (const node of all) {
      if (node.type === 'Super') {
        checkSuper(node);
        continue;
      }
      if (!isExpression(node) || (node.type === 'Identifier' && !references.has(node))) continue;
      const capability = capabilityOf(node);
      if (!capability) continue;
      const parent = parentOf(node);
      const field: string = node[PARENT_KEY];
      if (!parent) continue;
      const kind = capability.kind;
      const loose = kind === 'builtin' || kind === 'unknown';
      /** A value or computed key of an object literal, a class field or a method (`where` it is stored; a method stores nothing). */
      const checkMemberDefinition = (where: string | undefined) => {
        if (field === 'value' && where !== undefined) {
          if (!loose) report(node, capability, `is stored in ${where}`);
          else checkProtocolStore(node, parent, capability);
        }
        if (field === 'key' && !loose) report(node, capability, 'is used as a computed key (its toString runs)');
      };
      switch (parent.type) {
        case 'MemberExpression': {
          if (field !== 'object') {
            // Used as a computed key: converted to a string (its toString runs).
            if (!loose) report(node, capability, 'is used as a computed key (its toString runs)');
            break;
          }
          const key = staticKey(parent, constantOf);
          const write = isWriteTarget(parent);
          const callee = parentOf(parent)?.type === 'CallExpression' && parent[PARENT_KEY] === 'callee';
          if (kind === 'builtin') {
            if (write) report(parent, capability, `is changed at ${key === undefined ? 'a key known only at run time' : `.${key}`}`);
            else if (key === '__proto__' || key === 'caller' || key === 'callee' || key === 'arguments') report(parent, { ...capability, kind: 'unknown', via: capability.via }, `is read at .${key}`);
            break; // constructor and reflection members are followed as what they give
          }
          if (kind === 'unknown') {
            if (write) report(parent, capability, `has a property written (it may be a built-in or a prototype)`);
            else if (key !== undefined && DANGEROUS_KEYS.has(key) && key !== 'constructor') report(parent, capability, `is read at .${key}`);
            else if (key === 'constructor' && !capability.reported) report(parent, capability, 'is read at .constructor (the Function constructor when it is a function)');
            else if (callee && (key === undefined || !SAFE_METHODS.has(key) || !builtinByName(key))) report(parent, capability, `has its method ${key === undefined ? '[…]' : `.${key}`} called (on a built-in such a method may compile code or read any property)`);
            break;
          }
          if (key === undefined) report(parent, capability, 'is read with a dynamic key: only named, allowed keys may be read');
          else if (!allowed(capability, key)) report(parent, capability, `is read at .${key}${meaningOf(capability, key)}: not an allowed key`);
          else if (write && kind === 'global-object' && !absentFromGlobal(key)) report(parent, capability, `is changed at .${key}, a name n8n's sandbox defines`);
          else if (write && kind === 'global-object' && PROTOCOL_KEYS.has(key)) report(parent, capability, `is changed at .${key}, a method the engine calls`);
          else if (callee && kind === 'global-object' && !SAFE_GLOBAL_NAMES.has(key) && writtenOnGlobal.has(key)) {
            report(parent, capability, `is the receiver of .${key}(), which this code stored on it: the function would get the global object as this`);
          }
          else if (write && kind !== 'global-object') report(parent, capability, `is changed at .${key}`);
          break;
        }
        case 'VariableDeclarator':
          if (field === 'init') checkPattern(parent.id, capability);
          break;
        case 'AssignmentExpression':
          if (field === 'right') {
            if (parent.left.type === 'MemberExpression') {
              if (!loose) report(parent, capability, 'is stored in a property');
              else checkProtocolStore(node, parent.left, capability);
            } else if (parent.operator !== '=' && !loose) report(node, capability, `is used as an operand of ${parent.operator}`);
            else checkPattern(parent.left, capability);
          } else if (field === 'left' && parent.operator !== '=' && !loose) report(node, capability, `is used as an operand of ${parent.operator}`);
          break;
        case 'ArrayExpression':
          if (!loose) report(node, capability, 'is stored in an array');
          break;
        case 'Property':
          // In an object literal it is stored; in a pattern it is a target, handled with the pattern.
          if (parentOf(parent)?.type === 'ObjectExpression') checkMemberDefinition('an object');
          break;
        case 'PropertyDefinition':
          checkMemberDefinition('a class field');
          break;
        case 'MethodDefinition':
          checkMemberDefinition(undefined);
          break;
        case 'SpreadElement':
          if (!loose) report(parent, capability, 'is spread');
          else if (parentOf(parent)?.type === 'CallExpression' || parentOf(parent)?.type === 'NewExpression') {
            const call = parentOf(parent);
            if (kind === 'unknown' && mayInvokeArgument(call, call.arguments.indexOf(parent))) report(parent, capability, `is spread into a call of ${calleeName(call) ?? 'a function'}, which may call what it is given`);
          }
          break;
        case 'CallExpression':
        case 'NewExpression':
          if (field === 'callee') {
            if (kind === 'builtin') break; // calling a built-in
            if (kind === 'reflection' && parent.type === 'CallExpression' && !capability.reported) {
              // The harmless uses: a descriptor or prototype of an untracked value at a static, harmless key.
              const via = capability.via;
              const key = parent.arguments[1] ? staticString(parent.arguments[1], constantOf, 0) : undefined;
              const plain = !parent.arguments.some((a: any) => a.type === 'SpreadElement');
              if (via === 'Object.getOwnPropertyDescriptor' && plain && parent.arguments.length === 2 && key !== undefined && !DANGEROUS_KEYS.has(key)) break;
              if (via === 'Object.getPrototypeOf' && plain && parent.arguments.length === 1) break; // gives `unknown`, followed
              // Defining a property of the code's own object or of data (a built-in or an unknown value
              // as the target is reported as an argument).
              if ((via === 'Object.defineProperty' || via === 'Object.defineProperties' || via === 'Object.setPrototypeOf') && plain && parent.arguments.length >= 2) break;
              report(parent, capability, via === 'Object.getOwnPropertyDescriptor' ? `is called with ${key === undefined ? 'a key not known statically' : `the key ${key}`}` : 'is called');
            } else if (kind === 'unknown' && node.type === 'CallExpression' && capabilityOf(node.callee)?.kind === 'unknown' && !calleeCallPasses(node.callee)) {
              break; // what a call of an unknown value returns: that call is the finding
            } else if (kind === 'unknown' && calleeCallPasses(node)) {
              break;
            } else {
              if (kind === 'function-constructor' && capability.reported && !/^(Function|eval)\b/.test(capability.via)) compilerCallsSpared.push({ node: parent, capability });
              report(parent, capability, parent.type === 'NewExpression' ? 'is constructed' : 'is called');
            }
          } else {
            const position = parent.arguments.indexOf(node);
            if (!loose) report(node, capability, 'is passed to a call');
            else if (kind === 'unknown' && mayInvokeArgument(parent, position)) report(node, capability, `is passed to ${calleeName(parent) ?? 'a function'}, which may call it`);
            else if (kind === 'builtin' && position === 0 && ['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf'].includes(calleeName(parent) ?? '')) {
              report(node, capability, `is changed by ${calleeName(parent)}()`);
            }
          }
          break;
        case 'TaggedTemplateExpression':
          if (field === 'tag' && kind !== 'builtin') report(parent, capability, 'is called as a template tag');
          break;
        case 'ReturnStatement':
          if (!loose) report(node, capability, 'is returned');
          break;
        case 'ArrowFunctionExpression':
          if (field === 'body' && !loose) report(node, capability, 'is returned');
          break;
        case 'ThrowStatement':
          if (!loose) report(node, capability, 'is thrown');
          break;
        case 'YieldExpression':
          if (!loose) report(node, capability, 'is yielded');
          break;
        case 'BinaryExpression':
          // Strict comparison runs no code; every other operator converts or asks the value (`in`,
          // `instanceof` reach Symbol.hasInstance or a has trap), which a capability must not meet.
          if (!loose && !['===', '!=='].includes(parent.operator)) report(node, capability, `is used as an operand of ${parent.operator}`);
          break;
        case 'UnaryExpression':
          if (!loose && !['typeof', 'void', '!'].includes(parent.operator)) report(node, capability, `is used as an operand of ${parent.operator}`);
          break;
        case 'UpdateExpression':
          if (!loose) report(node, capability, `is used as an operand of ${parent.operator}`);
          break;
        case 'TemplateLiteral':
          // A tag function receives the value; even plain templates call its toString.
          if (parentOf(parent)?.type === 'TaggedTemplateExpression') {
            const tagged = parentOf(parent);
            const tagFn = tagged.tag.type === 'Identifier' ? functionOfVariable(variableOf.get(tagged.tag)) : undefined;
            if (!loose || (kind === 'unknown' && !tagFn)) report(node, capability, 'is passed to a tagged template');
          } else if (!loose) report(node, capability, 'is turned into a string (its toString runs)');
          break;
        case 'AwaitExpression':
          if (!loose) report(node, capability, 'is awaited (a then() on it runs)');
          break;
        case 'ForInStatement':
          if (field === 'right') break; // the keys only
          if (!loose) report(node, capability, 'escapes (ForInStatement)');
          break;
        case 'ForOfStatement':
          if (field === 'right' && !loose) report(node, capability, 'is iterated (its iterator runs)');
          break;
        case 'ClassDeclaration':
        case 'ClassExpression':
          if (field === 'superClass' && kind !== 'builtin') report(node, capability, 'is extended by a class (super() calls it)');
          else if (field === 'superClass' && !EXTENDABLE_BUILTINS.has(capability.via)) {
            // The engine makes instances of such a subclass out of values the code hands it (Array.of,
            // map through species, Promise.resolve) and then calls the subclass's own methods on
            // them with `this` the instance: the analysis does not follow those receivers.
            uses.push({ node, verdict: 'unprovable', capability: `a subclass of ${capability.via}`, use: 'gets instances the engine builds out of values the code hands it, and its methods run on them: extend Error or nothing, and hold the built-in in a field instead' });
          }
          break;
        case 'ExpressionStatement':
        case 'IfStatement':
        case 'WhileStatement':
        case 'DoWhileStatement':
        case 'ForStatement':
        case 'SwitchStatement':
        case 'SwitchCase':
          break; // testing, discarding: nothing escapes
        case 'ConditionalExpression': // a test, or it flows on and is checked where the whole is used
        case 'LogicalExpression':
        case 'SequenceExpression':
        case 'ChainExpression':
        case 'AssignmentPattern':
          break; // flows on
        default:
          report(node, capability, `escapes (${parent.type})`);
      }
    }
  }

  function checkStoresAndBuilders() {
    for (const [member, capability] of patternStores) checkProtocolStore(member, member, capability);
    // Species: the engine builds objects with `x.constructor[Symbol.species]` (map, concat, flatMap,
    // then) and stores values into them, a store the analysis cannot see. The code may not set a
    // `constructor` property on its objects, and may use `Symbol.species` only to read it.
    for (const node of all) {
      let target: any;
      if ((node.type === 'Property' && parentOf(node)?.type === 'ObjectExpression') || node.type === 'PropertyDefinition' || (node.type === 'MethodDefinition' && node.kind !== 'constructor')) {
        if (propertyKeyOf(node) === 'constructor') target = node;
      } else if (node.type === 'MemberExpression' && staticKey(node, constantOf) === 'constructor' && isWriteTarget(node)) {
        target = node;
      } else if (node.type === 'MemberExpression' && !node.computed && isGlobalName(node.object, 'Symbol') && node.property.name === 'species') {
        const holder = parentOf(node);
        const readKey = holder?.type === 'MemberExpression' && node[PARENT_KEY] === 'property' && holder.computed && !isWriteTarget(holder);
        if (!readKey) target = node;
      }
      if (target) uses.push({ node: target, verdict: 'unprovable', capability: 'constructor or Symbol.species', use: "is set or handed on by this code: the engine would build objects with it (species, in map, concat, then) and store values into them where the analysis cannot see" });
    }
    // Built-ins that build an object out of the values of other objects (a descriptor's value or get,
    // an entry's second element, a source's properties) move values from data keys to keys of their
    // choosing, protocol keys included: handed objects the heap may fill, they cannot be proven pure.
    // The builder is recognised by its value, however it is reached: `Object.fromEntries`, an alias,
    // `(0, Object.create)`, `Object.fromEntries.call`, or handed to a built-in as a callback.
    const held = ambient();
    if (held && (held.kind === 'unknown' || held.kind === 'builtin')) {
      const builderOf = (capability: Capability | undefined) => {
        if (!capability || (capability.kind !== 'builtin' && capability.kind !== 'reflection')) return undefined;
        return BUILDERS.find((name) => capability.via === name || capability.via.startsWith(`${name}.`));
      };
      for (const node of all) {
        const parent = parentOf(node);
        if (!isExpression(node) || !parent || (parent.type !== 'CallExpression' && parent.type !== 'NewExpression' && parent.type !== 'TaggedTemplateExpression')) continue;
        if (parent.type === 'TaggedTemplateExpression' && node[PARENT_KEY] !== 'tag') continue;
        const builder = builderOf(capabilityOf(node));
        if (builder) uses.push({ node, verdict: 'unprovable', capability: describe({ ...held, kind: 'unknown' }), use: `may reach ${builder}(), which builds an object out of other objects' values under keys it chooses (a descriptor, an entry): the engine could then call it` });
      }
    }
    // A getter's value is what a read of its property gives: under toJSON or then the engine calls
    // it, so a getter (or a descriptor's get) may not return an unknown value or a built-in.
    // Likewise a function of this code handed to a built-in that keeps what it returns under keys
    // it chooses (JSON.parse's reviver), or to code the analysis does not follow.
    const returnsUnknown = (fn: any) => {
      const returned = fn ? returnCapability.get(fn) : undefined;
      return returned && (returned.kind === 'unknown' || returned.kind === 'builtin') ? returned : undefined;
    };
    for (const node of all) {
      let fn: any;
      let why = '';
      if (FUNCTION_TYPES.has(node.type) && (parentOf(node)?.type === 'Property' || parentOf(node)?.type === 'MethodDefinition') && parentOf(node).kind === 'get') {
        fn = node;
        why = 'is returned by a getter: the engine calls what a getter under toJSON, then or a symbol gives';
      } else if (node.type === 'Property' && parentOf(node)?.type === 'ObjectExpression' && ['get', 'set'].includes(propertyKeyOf(node) ?? '')) {
        fn = functionValueOf(node.value);
        why = "is returned by a descriptor's get: the engine calls what a getter under toJSON, then or a symbol gives";
      } else if ((node.type === 'CallExpression' || node.type === 'NewExpression') && !calledFunction(node)) {
        for (const arg of node.arguments) {
          const f = functionValueOf(arg);
          if (f && FUNCTION_TYPES.has(arg.type) ? !handedToConsumer(arg) : f && !handedToConsumerByName(node)) {
            if (returnsUnknown(f)) uses.push({ node: arg, verdict: 'unprovable', capability: describe({ ...returnsUnknown(f)!, kind: 'unknown' }), use: `is returned by a function handed to ${calleeName(node) ?? 'code this analysis does not follow'}, which may keep it under a key the engine calls (a reviver's toJSON or then)` });
          }
        }
        continue;
      }
      const returned = returnsUnknown(fn);
      if (returned) uses.push({ node, verdict: 'unprovable', capability: describe({ ...returned, kind: 'unknown' }), use: why });
    }
  }

  /**
   * Calling this unknown callee passes: a method of an unknown value under a vetted name (checked
   * where the method is read), or a method of the code's own object or of data under a name nothing
   * stored a built-in or unknown value under (the built-in method, or a function of the code).
   */
  function calleeCallPasses(callee: any): boolean {
    if (callee.type !== 'MemberExpression') return false;
    const key = staticKey(callee, constantOf);
    const object = capabilityOf(callee.object);
    if (object?.kind === 'unknown') return key !== undefined && SAFE_METHODS.has(key) && builtinByName(key);
    return !object && builtinByName(key);
  }

  /** An unknown value or a built-in stored under a protocol key (or a key not known statically) of an object. */
  function checkProtocolStore(value: any, holder: any, capability: Capability) {
    // holder: an object literal's Property, a class's PropertyDefinition, or an assignment's member target.
    const key = holder.type === 'MemberExpression' ? staticKey(holder, constantOf) : holder.computed ? staticString(holder.key, constantOf, 0) : holder.key.type === 'Identifier' ? holder.key.name : String(holder.key.value);
    const symbolKey = holder.type === 'MemberExpression' ? holder.computed && holder.property.type === 'MemberExpression' : holder.computed && holder.key.type === 'MemberExpression';
    if (key !== undefined && !symbolKey && !PROTOCOL_KEYS.has(key)) return;
    const what = key === undefined || symbolKey ? 'a key known only at run time (a protocol symbol such as Symbol.replace or Symbol.iterator, for all the analysis knows)' : `.${key}`;
    uses.push({ node: value, verdict: 'unprovable', capability: describe({ ...capability, kind: 'unknown' }), use: `is stored under ${what}, where the engine finds methods it calls (ToPrimitive, iteration, then, JSON, replace, descriptors): it could be called with arguments this code chooses` });
  }

  /** `super.x` in sloppy code forwards that method's `this`, which may be the global object. */
  function checkSuper(node: any) {
    if (!thisIsGlobal(node)) return;
    uses.push({ node: parentOf(node) ?? node, verdict: 'unprovable', capability: 'super', use: "forwards the method's this, which may be the global object when the method is called without a receiver (use a class, whose code is strict)" });
  }

  function checkPattern(pattern: any, capability: Capability) {
    if (pattern.type !== 'ObjectPattern') return; // an Identifier: the variable is tracked; arrays: elements
    for (const property of pattern.properties) {
      if (property.type === 'RestElement') {
        if (capability.kind !== 'builtin' && capability.kind !== 'unknown') report(property, capability, 'is rest-destructured (copies every key)');
        continue;
      }
      const key = propertyKeyOf(property);
      if (capability.kind === 'unknown') {
        if (key !== undefined && DANGEROUS_KEYS.has(key) && key !== 'constructor') report(property, capability, `is destructured at .${key}`);
        continue;
      }
      if (capability.kind === 'builtin') continue; // members are followed as what they give
      if (key === undefined) report(property, capability, 'is destructured with a dynamic key');
      else if (!allowed(capability, key)) {
        report(property, capability, `is destructured at .${key}${meaningOf(capability, key)}: not an allowed key`);
      }
    }
  }
}

/**
 * An unknown value is never "already reported": it is checked at every use, because what reported
 * the expression it came from (if anything did) said nothing about this value's uses.
 */
function unreportedIfUnknown(capability: Capability | undefined): Capability | undefined {
  const clipped = clipVia(capability);
  return clipped?.kind === 'unknown' && clipped.reported ? { ...clipped, reported: false } : clipped;
}

/**
 * A value's description is built by wrapping the one it came from ("what ... returns"); over many
 * rounds and flows that nests without bound (megabytes of nested strings, measured: the process
 * then spent 1.6 s tearing its heap down). The message needs only its start.
 */
function clipVia(capability: Capability | undefined): Capability | undefined {
  return capability && capability.via.length > MAX_VIA ? { ...capability, via: `${capability.via.slice(0, MAX_VIA)}…` } : capability;
}
const MAX_VIA = 160;

/** Keys recorded by name, or "any key" once one was known only at run time. */
class KeySet {
  private readonly names = new Set<string>();
  private any = false;
  /** Records a key (undefined: known only at run time); true when that is news. */
  add(key: string | undefined): boolean {
    if (key === undefined) return this.any ? false : (this.any = true);
    if (this.names.has(key)) return false;
    this.names.add(key);
    return true;
  }
  has(key: string): boolean {
    return this.any || this.names.has(key);
  }
}

/** The order in which values win when one expression may be either. */
function rank(capability: Capability): number {
  return capability.kind === 'builtin' ? 1 : capability.kind === 'unknown' ? 2 : 3;
}

function strongest(a: Capability | undefined, b: Capability | undefined): Capability | undefined {
  if (!a) return b;
  if (!b) return a;
  return rank(b) > rank(a) ? b : a;
}

/** A short source-like rendering of a member read, for messages: `item.json[field]`. */
function shortText(node: any): string {
  const text = (n: any, depth: number): string => {
    if (depth > 4) return '…';
    switch (n.type) {
      case 'Identifier':
        return n.name;
      case 'ThisExpression':
        return 'this';
      case 'Literal':
        return JSON.stringify(n.value);
      case 'MemberExpression':
        return n.computed ? `${text(n.object, depth + 1)}[${text(n.property, depth + 1)}]` : `${text(n.object, depth + 1)}.${text(n.property, depth + 1)}`;
      case 'CallExpression':
        return `${text(n.callee, depth + 1)}(…)`;
      default:
        return '…';
    }
  };
  return text(node, 0);
}

/** What reading a denied key gives, for the message: ` (I/O helpers)`, ` (the Function constructor)`. */
function meaningOf(capability: Capability, key: string): string {
  if (capability.kind === 'global-object' && own(GLOBAL_OBJECT_KEY_MEANS, key)) return ` (${GLOBAL_OBJECT_KEY_MEANS[key]})`;
  return key === 'constructor' ? ' (the Function constructor)' : '';
}

export function hasUseStrict(body: any[]): boolean {
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') return false;
    if (statement.directive === 'use strict') return true;
  }
  return false;
}

const EXPRESSION_TYPES = new Set([
  'ThisExpression', 'Identifier', 'MemberExpression', 'ChainExpression', 'AwaitExpression', 'ConditionalExpression', 'LogicalExpression',
  'SequenceExpression', 'AssignmentExpression', 'ArrayExpression', 'ObjectExpression', 'CallExpression', 'NewExpression', 'TaggedTemplateExpression',
]);

function isExpression(node: any): boolean {
  return EXPRESSION_TYPES.has(node.type);
}
