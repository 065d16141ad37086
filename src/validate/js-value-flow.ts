// Value-flow tracking of capabilities in Code-node JavaScript, deny by default.
//
// n8n runs a Code node's JavaScript as `async function VmCodeWrapper() { <code> }()` in a vm
// context, in sloppy mode: `this` there (and in any sloppy function called without a receiver) is
// the sandbox's global object, which holds `require`, `helpers` (HTTP and binary I/O), `$env` and
// the rest. A function's `constructor` is `Function`, which compiles code in that same context.
// So these values carry capabilities, whatever name they travel under:
// - the global object: `this` outside strict code, `globalThis`, `global`, `window`, `self`;
// - the Function constructor: `Function`, any `.constructor` read, reflection that returns one.
// Every expression that may hold one is tracked through variables, destructuring, containers,
// parameters and return values until nothing changes. At each use, only a read of a statically
// known key from the capability's allow-list passes (and harmless uses: comparing, `typeof`,
// discarding); everything else (a dynamic key, another key, passing it on, storing it, spreading
// it, returning it, throwing it, calling it) is a finding that names the capability and the use.
//
// Why not @eslint-community/eslint-utils: its ReferenceTracker follows global references along a
// trace map of known paths (allow by default: what the map does not name is not reported) and
// through declarations and destructuring, but not through containers, parameters, return values or
// reflection; and the package requires ESLint itself as a peer dependency, which npm would install
// into every n8n-lock install for two functions. The static key evaluation it offers
// (getStaticValue) is done here for the cases keys are spelled with: literals, templates,
// concatenation, constant variables.

/** A capability an expression may hold, and the name it came in under (for the message). */
export interface Capability {
  kind: 'global-object' | 'function-constructor' | 'reflection';
  via: string;
  /** Already reported where it escaped: uses of what it flowed into are not reported again. */
  reported?: boolean;
}

export interface CapabilityUse {
  node: any;
  /** Which capability, under which name: "the global object (this)". */
  capability: string;
  /** How it escapes: "is passed to a call". */
  use: string;
}

const own = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** Names the global object goes by in n8n's sandbox (and in code copied from browsers). */
export const GLOBAL_OBJECT_NAMES: ReadonlySet<string> = new Set(['globalThis', 'global', 'window', 'self']);

/**
 * Keys of the global object a pure Code node may read: standard built-ins without I/O and n8n's
 * data accessors. Everything else (require, helpers, $env, process, fetch, module, unknown keys,
 * constructor, __proto__) is denied. A Set: inherited names such as `constructor` never match.
 */
const GLOBAL_OBJECT_ALLOWED: ReadonlySet<string> = new Set([
  // ECMAScript built-ins
  'Array', 'ArrayBuffer', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date', 'Error', 'EvalError', 'Float32Array', 'Float64Array',
  'Infinity', 'Int16Array', 'Int32Array', 'Int8Array', 'Intl', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'RangeError', 'ReferenceError',
  'RegExp', 'Set', 'String', 'Symbol', 'SyntaxError', 'TypeError', 'URIError', 'Uint16Array', 'Uint32Array', 'Uint8Array', 'Uint8ClampedArray', 'WeakMap', 'WeakSet',
  'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'undefined', 'structuredClone',
  'atob', 'btoa', 'Buffer', 'TextDecoder', 'TextEncoder', 'URL', 'URLSearchParams', 'console',
  // n8n's data accessors and libraries in the Code node
  '$', '$input', '$json', '$binary', '$items', '$item', '$node', '$prevNode', '$runIndex', '$itemIndex', '$workflow', '$execution', '$now', '$today',
  // Not $evaluateExpression: an n8n expression can read $env.
  '$jmespath', '$if', '$ifEmpty', '$max', '$min', '$getPairedItem', '$data', '$parameter', '$position', '$thisItem', '$thisItemIndex',
  '$thisRunIndex', '$mode', '$getWorkflowStaticData', 'items', 'item', 'DateTime', 'Duration', 'Interval',
]);

/** Keys of the Function constructor that read data, not compile code. */
const FUNCTION_CONSTRUCTOR_ALLOWED: ReadonlySet<string> = new Set(['name', 'length', 'prototype', 'toString']);

/** What reading a denied key of the global object gives, for a clearer message. */
const GLOBAL_OBJECT_KEY_MEANS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  helpers: 'I/O helpers',
  require: 'module loading',
  process: 'process access',
  $env: 'environment access',
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

const describe = (capability: Capability) =>
  capability.kind === 'global-object'
    ? `the global object (${capability.via})`
    : capability.kind === 'function-constructor'
      ? `the Function constructor (${capability.via})`
      : `reflection (${capability.via}), which reads any property including constructor,`;

/** Reflection entry points: tracked like capabilities; only a direct call with a harmless, static key passes. */
const REFLECTION_MEMBERS: ReadonlySet<string> = new Set(['getOwnPropertyDescriptor', 'getOwnPropertyDescriptors']);
/** Keys whose descriptor (or value) leads to code or the caller chain. */
const DANGEROUS_KEYS: ReadonlySet<string> = new Set(['constructor', '__proto__', 'prototype', 'caller', 'callee', 'arguments', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** A key read with a static value: `.a`, `['a']`, `[`a`]`, `['con' + 'structor']`, `[k]` with `const k = 'a'`. */
export function staticKey(member: any, constantOf: (identifier: any) => any): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  const value = staticString(member.property, constantOf, 0);
  return value;
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

const PARENT = Symbol('parent');
const PARENT_KEY = Symbol('parentKey');

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Finds every use through which a capability escapes. `ast` is acorn's Program; `scope` wraps the
 * eslint-scope analysis of it.
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
      if (variable && variable.defs.length > 0) variableOf.set(ref.identifier, variable);
    }
    for (const variable of s.variables) for (const id of variable.identifiers) variableOf.set(id, variable);
  }
  const constantOf = (identifier: any) => {
    const variable = variableOf.get(identifier);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def || def.type !== 'Variable' || def.node.id.type !== 'Identifier' || !def.node.init) return undefined;
    // const, or let/var written only by its declaration: its value is known statically.
    const writes = variable.references.filter((ref: any) => ref.isWrite()).length;
    return def.parent.kind === 'const' || writes <= 1 ? def.node.init : undefined;
  };
  const functionOfVariable = (variable: any) => {
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def) return undefined;
    if (def.type === 'FunctionName') return def.node;
    if (def.type === 'Variable' && def.node.init && FUNCTION_TYPES.has(def.node.init.type) && def.parent.kind === 'const') return def.node.init;
    return undefined;
  };
  const enclosingFunction = (node: any) => {
    for (let p = parentOf(node); p; p = parentOf(p)) if (FUNCTION_TYPES.has(p.type)) return p;
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

  const variableCapability = new Map<any, Capability>();
  const returnCapability = new Map<any, Capability>();
  let changed = true;
  const taint = (table: Map<any, Capability>, key: any, capability: Capability) => {
    if (!key || table.has(key)) return;
    table.set(key, capability);
    changed = true;
  };

  let cache = new Map<any, Capability | undefined>();
  const capabilityOf = (node: any): Capability | undefined => {
    if (!node) return undefined;
    if (cache.has(node)) return cache.get(node);
    cache.set(node, undefined); // cycles (a = a) end here
    const result = computeCapability(node);
    cache.set(node, result);
    return result;
  };

  const allowed = (capability: Capability, key: string) =>
    capability.kind === 'global-object' ? GLOBAL_OBJECT_ALLOWED.has(key) : capability.kind === 'function-constructor' ? FUNCTION_CONSTRUCTOR_ALLOWED.has(key) : false;

  function computeCapability(node: any): Capability | undefined {
    switch (node.type) {
      case 'ThisExpression':
        return thisIsGlobal(node) ? { kind: 'global-object', via: 'this' } : undefined;
      case 'Identifier': {
        if (scope.isGlobalReference(node)) {
          if (GLOBAL_OBJECT_NAMES.has(node.name)) return { kind: 'global-object', via: node.name };
          // Any use of `Function` is reported as dynamic code already; what it flows into is tracked.
          if (node.name === 'Function') return { kind: 'function-constructor', via: 'Function', reported: true };
          if (node.name === 'Reflect') return { kind: 'reflection', via: 'Reflect' };
          return undefined;
        }
        return variableCapability.get(variableOf.get(node));
      }
      case 'MemberExpression': {
        const key = staticKey(node, constantOf);
        const object = capabilityOf(node.object);
        if (object) {
          if (key !== undefined && allowed(object, key)) return undefined;
          // What a denied read gives is unknown: it carries the capability on, but the read itself
          // is the finding, so what it flows into is not reported again.
          return { kind: key === 'constructor' ? 'function-constructor' : object.kind, via: `${object.via}${key === undefined ? '[…]' : `.${key}`}`, reported: true };
        }
        if (key === 'constructor') return { kind: 'function-constructor', via: '.constructor' };
        if (key !== undefined && REFLECTION_MEMBERS.has(key) && node.object.type === 'Identifier' && node.object.name === 'Object' && scope.isGlobalReference(node.object)) return { kind: 'reflection', via: `Object.${key}` };
        return undefined;
      }
      case 'ChainExpression':
      case 'AwaitExpression':
        return capabilityOf(node.expression ?? node.argument);
      case 'ConditionalExpression':
        return capabilityOf(node.consequent) ?? capabilityOf(node.alternate);
      case 'LogicalExpression':
        return capabilityOf(node.left) ?? capabilityOf(node.right);
      case 'SequenceExpression':
        return capabilityOf(node.expressions[node.expressions.length - 1]);
      case 'AssignmentExpression':
        return capabilityOf(node.right);
      case 'ArrayExpression':
        for (const element of node.elements) {
          const c = capabilityOf(element?.type === 'SpreadElement' ? element.argument : element);
          // Storing it is the finding (reported where it is stored); the array carries it on.
          if (c) return { ...c, via: `${c.via} in an array`, reported: true };
        }
        return undefined;
      case 'ObjectExpression':
        for (const property of node.properties) {
          const c = capabilityOf(property.type === 'SpreadElement' ? property.argument : property.value);
          if (c) return { ...c, via: `${c.via} in an object`, reported: true };
        }
        return undefined;
      case 'CallExpression':
      case 'NewExpression':
        return callCapability(node);
      default:
        return undefined;
    }
  }

  /** A call gives a capability when its function returns one, or when it is reflection that reads `constructor`. */
  function callCapability(call: any): Capability | undefined {
    const callee = call.callee;
    if (callee.type === 'Identifier') {
      const fn = functionOfVariable(variableOf.get(callee));
      if (fn && returnCapability.has(fn)) return returnCapability.get(fn);
    }
    if (FUNCTION_TYPES.has(callee.type) && returnCapability.has(callee)) return returnCapability.get(callee);
    if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && scope.isGlobalReference(callee.object)) {
      const name = `${callee.object.name}.${staticKey(callee, constantOf)}`;
      const [target, keyNode] = call.arguments;
      const key = keyNode ? staticString(keyNode, constantOf, 0) : undefined;
      const fromTarget = capabilityOf(target);
      if (name === 'Reflect.get' || name === 'Reflect.getOwnPropertyDescriptor' || name === 'Object.getOwnPropertyDescriptor') {
        if (fromTarget) return { ...fromTarget, via: `${name}(${fromTarget.via}, …)`, reported: true }; // passing it is the finding
        if (key === undefined || key === 'constructor') return { kind: 'function-constructor', via: `${name}(…, ${key === undefined ? 'a dynamic key' : "'constructor'"})` };
      }
      if (name === 'Object.getOwnPropertyDescriptors' || name === 'Reflect.ownKeys') {
        if (fromTarget) return { ...fromTarget, via: `${name}(${fromTarget.via})`, reported: true };
        if (name === 'Object.getOwnPropertyDescriptors') return { kind: 'function-constructor', via: `${name}(…) (holds constructor)` };
      }
    }
    return undefined;
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
          if (property.type === 'RestElement') bind(property.argument, { ...capability, via: `…${capability.via}`, reported: true });
          else {
            const key = property.computed ? staticString(property.key, constantOf, 0) : property.key.name ?? String(property.key.value);
            if (key === undefined || !allowed(capability, key)) bind(property.value, { kind: key === 'constructor' ? 'function-constructor' : capability.kind, via: `${capability.via}.${key ?? '[…]'}`, reported: true });
          }
        }
        break;
      case 'ArrayPattern':
        for (const element of pattern.elements) bind(element?.type === 'RestElement' ? element.argument : element, capability);
        break;
      case 'AssignmentPattern':
        bind(pattern.left, capability);
        break;
      case 'RestElement':
        bind(pattern.argument, capability);
        break;
      default:
        break; // a member target: storing it, reported at the use
    }
  }

  const thrown = all.filter((node) => node.type === 'ThrowStatement');
  // Propagate until nothing changes.
  for (let round = 0; changed && round < 50; round++) {
    changed = false;
    cache = new Map();
    for (const node of all) {
      if (node.type === 'VariableDeclarator' && node.init) {
        const c = capabilityOf(node.init);
        if (c) bind(node.id, c);
      } else if (node.type === 'AssignmentExpression') {
        const c = capabilityOf(node.right);
        if (c) bind(node.left, c);
      } else if (node.type === 'ForOfStatement' || node.type === 'ForInStatement') {
        const c = node.type === 'ForOfStatement' ? capabilityOf(node.right) : undefined;
        if (c) bind(node.left.type === 'VariableDeclaration' ? node.left.declarations[0].id : node.left, { ...c, via: `an element of ${c.via}` });
      } else if (node.type === 'ReturnStatement' && node.argument) {
        const c = capabilityOf(node.argument);
        const fn = enclosingFunction(node);
        if (c && fn) taint(returnCapability, fn, { ...c, via: `${c.via} (returned)`, reported: true });
      } else if (node.type === 'ArrowFunctionExpression' && node.expression) {
        const c = capabilityOf(node.body);
        if (c) taint(returnCapability, node, { ...c, via: `${c.via} (returned)`, reported: true });
      } else if (node.type === 'CallExpression' || node.type === 'NewExpression') {
        const fn = node.callee.type === 'Identifier' ? functionOfVariable(variableOf.get(node.callee)) : FUNCTION_TYPES.has(node.callee.type) ? node.callee : undefined;
        if (fn) {
          node.arguments.forEach((arg: any, i: number) => {
            const c = capabilityOf(arg.type === 'SpreadElement' ? arg.argument : arg);
            if (c && fn.params[i]) bind(fn.params[i], { ...c, via: `${c.via} (as a parameter)`, reported: true });
          });
        }
      } else if (node.type === 'ObjectPattern') {
        // `{ constructor: F }` reads constructor off whatever is destructured, tracked or not.
        for (const property of node.properties) {
          if (property.type !== 'Property') continue;
          const key = property.computed ? staticString(property.key, constantOf, 0) : property.key.name ?? String(property.key.value);
          if (key === 'constructor') bind(property.value, { kind: 'function-constructor', via: '{ constructor } destructured' });
        }
      } else if (node.type === 'CatchClause' && node.param) {
        // A thrown capability arrives in the catch parameter.
        for (const statement of thrown) {
          const c = capabilityOf(statement.argument);
          if (c) bind(node.param, { ...c, reported: true });
        }
      }
    }
  }

  // Check every use of every expression that holds a capability.
  cache = new Map();
  const uses: CapabilityUse[] = [];
  const report = (node: any, capability: Capability, what: string) => {
    if (!capability.reported) uses.push({ node, capability: describe(capability), use: what });
  };
  for (const node of all) {
    if (!isExpression(node) || (node.type === 'Identifier' && !references.has(node))) continue;
    const capability = capabilityOf(node);
    if (!capability) continue;
    const parent = parentOf(node);
    const field: string = node[PARENT_KEY];
    if (!parent) continue;
    switch (parent.type) {
      case 'MemberExpression': {
        if (field !== 'object') break;
        const key = staticKey(parent, constantOf);
        if (key === undefined) report(parent, capability, 'is read with a dynamic key: only named, allowed keys may be read');
        else if (!allowed(capability, key)) {
          report(parent, capability, `is read at .${key}${meaningOf(capability, key)}: not an allowed key`);
        }
        break;
      }
      case 'VariableDeclarator':
        if (field === 'init') checkPattern(parent.id, capability);
        break;
      case 'AssignmentExpression':
        if (field === 'right') {
          if (parent.left.type === 'MemberExpression') report(parent, capability, 'is stored in a property');
          else checkPattern(parent.left, capability);
        }
        break; // the left side is written, not used
      case 'ArrayExpression':
        report(node, capability, 'is stored in an array');
        break;
      case 'Property':
        // In an object literal it is stored; in a pattern it is a target, handled with the pattern.
        if (field === 'value' && parentOf(parent)?.type === 'ObjectExpression') report(node, capability, 'is stored in an object');
        break;
      case 'SpreadElement':
        report(parent, capability, 'is spread');
        break;
      case 'CallExpression':
      case 'NewExpression':
        if (field === 'callee') {
          if (capability.kind === 'reflection' && capability.via === 'Object.getOwnPropertyDescriptor' && parent.type === 'CallExpression') {
            // The one harmless use: a descriptor of an untracked value at a static, harmless key.
            const key = parent.arguments[1] ? staticString(parent.arguments[1], constantOf, 0) : undefined;
            if (key !== undefined && !DANGEROUS_KEYS.has(key) && parent.arguments.length === 2 && !parent.arguments.some((a: any) => a.type === 'SpreadElement')) break;
            report(parent, capability, `is called with ${key === undefined ? 'a key not known statically' : `the key ${key}`}`);
          } else report(parent, capability, parent.type === 'NewExpression' ? 'is constructed' : 'is called');
        } else report(node, capability, 'is passed to a call');
        break;
      case 'ReturnStatement':
        report(node, capability, 'is returned');
        break;
      case 'ArrowFunctionExpression':
        if (field === 'body') report(node, capability, 'is returned');
        break;
      case 'ThrowStatement':
        report(node, capability, 'is thrown');
        break;
      case 'YieldExpression':
        report(node, capability, 'is yielded');
        break;
      case 'BinaryExpression':
        // Strict comparison and `in` run no user code; `==`, arithmetic and instanceof
        // (Symbol.hasInstance) hand the value to functions anyone can define.
        if (!['===', '!==', 'in'].includes(parent.operator)) report(node, capability, `is used as an operand of ${parent.operator}`);
        break;
      case 'UnaryExpression':
        if (!['typeof', 'void', '!'].includes(parent.operator)) report(node, capability, `is used as an operand of ${parent.operator}`);
        break;
      case 'TemplateLiteral':
        // A tag function receives the value; even plain templates call its toString.
        report(node, capability, parentOf(parent)?.type === 'TaggedTemplateExpression' ? 'is passed to a tagged template' : 'is turned into a string (its toString runs)');
        break;
      case 'AwaitExpression':
        report(node, capability, 'is awaited (a then() on it runs)');
        break;
      case 'ForInStatement':
        if (field === 'right') break; // the keys only
        report(node, capability, 'escapes (ForInStatement)');
        break;
      case 'ForOfStatement':
        if (field === 'right') report(node, capability, 'is iterated (its iterator runs)');
        break;
      case 'ExpressionStatement':
      case 'IfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'SwitchStatement':
      case 'SwitchCase':
        break; // iterating, comparing, testing, discarding: nothing escapes
      case 'ConditionalExpression': // a test, or it flows on and is checked where the whole is used
      case 'LogicalExpression':
      case 'SequenceExpression':
      case 'ChainExpression':
        break; // flows on
      default:
        report(node, capability, `escapes (${parent.type})`);
    }
  }
  return uses;

  function checkPattern(pattern: any, capability: Capability) {
    if (pattern.type !== 'ObjectPattern') return; // an Identifier: the variable is tracked; arrays: elements
    for (const property of pattern.properties) {
      if (property.type === 'RestElement') {
        report(property, capability, 'is rest-destructured (copies every key)');
        continue;
      }
      const key = property.computed ? staticString(property.key, constantOf, 0) : property.key.name ?? String(property.key.value);
      if (key === undefined) report(property, capability, 'is destructured with a dynamic key');
      else if (!allowed(capability, key)) {
        report(property, capability, `is destructured at .${key}${meaningOf(capability, key)}: not an allowed key`);
      }
    }
  }
}

/** What reading a denied key gives, for the message: ` (I/O helpers)`, ` (the Function constructor)`. */
function meaningOf(capability: Capability, key: string): string {
  if (capability.kind === 'global-object' && own(GLOBAL_OBJECT_KEY_MEANS, key)) return ` (${GLOBAL_OBJECT_KEY_MEANS[key]})`;
  return key === 'constructor' ? ' (the Function constructor)' : '';
}

function hasUseStrict(body: any[]): boolean {
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') return false;
    if (statement.directive === 'use strict') return true;
  }
  return false;
}

const EXPRESSION_TYPES = new Set([
  'ThisExpression', 'Identifier', 'MemberExpression', 'ChainExpression', 'AwaitExpression', 'ConditionalExpression', 'LogicalExpression',
  'SequenceExpression', 'AssignmentExpression', 'ArrayExpression', 'ObjectExpression', 'CallExpression', 'NewExpression',
]);

function isExpression(node: any): boolean {
  return EXPRESSION_TYPES.has(node.type);
}
