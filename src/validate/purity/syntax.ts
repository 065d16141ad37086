// The closed world of syntax: one table maps every ESTree node type acorn produces (ES2025) to its
// transfer function. A node type, operator or flag without an entry makes the body "cannot be proven
// pure" (test/validate/purity-analysis.test.ts enumerates acorn's node types against this table).
// Every transfer function is flow-insensitive: it joins what it computes into the variables and the
// heap, and the fixed point (analysis.ts) runs the table over the body until nothing grows.
import { OWN_KEY, OWN_KEY_OF_RECEIVER, type CallSite, type Engine, type Key } from './engine.js';
import { BIGINT, BOOL, NUM, STR, UNDEF, type AbstractObject, type FunctionSite, type VSet, isObjectValue, isStringValue, objectOf, ownKey, STRING_INDEX, type Args } from './heap.js';

export interface Interp {
  engine: Engine;
  eval(node: any): VSet;
  exec(node: any): void;
  bind(pattern: any, values: VSet, site: CallSite): void;
  site(node: any, tag?: string): CallSite;
  /** The variable set of an identifier, or undefined for a global name. */
  variable(id: any): VSet | undefined;
  readGlobal(name: string, node: any): VSet;
  writeGlobal(name: string, values: VSet, node: any): void;
  thisOf(node: any): VSet;
  functionObject(node: any): AbstractObject;
  classObject(node: any): AbstractObject;
  /** The function site a return, yield or await inside `node` belongs to. */
  enclosingFunction(node: any): FunctionSite;
  /** The home objects of the method `super` in `node` belongs to. */
  homeOf(node: any): VSet;
  enginePrototypeErrors(): VSet;
  report(node: any, what: string): void;
  returned(values: VSet, node: any): void;
  importFound(node: any, what: string): void;
  /** E[k] where k is an own key of the same E (for-in, Object.keys, Object.entries over it) and E cannot change in between. */
  ownKeyOfSamePath(member: any): boolean;
  /** Annex B: a function declared in a block of sloppy code is also a var of the enclosing function. */
  annexB(node: any): void;
  /** Runs a loop's body (with its test and update) to its own fixed point before the pass goes on (analysis.ts). */
  settleLocally(run: () => void): void;
}

type Transfer = (n: any, I: Interp) => VSet | void;
const NOTHING: VSet = new Set();
const set = (...v: number[]) => new Set(v);
const union = (...sets: VSet[]) => {
  const out = new Set<number>();
  for (const s of sets) for (const v of s) out.add(v);
  return out;
};

const ARITHMETIC = new Set(['-', '*', '/', '%', '**', '<<', '>>', '>>>', '&', '|', '^']);
const COMPARISON = new Set(['<', '>', '<=', '>=', '==', '!=']);
const STRICT_COMPARISON = new Set(['===', '!==']);

/** Key of a member expression or property: a name, or what the computed expression may be. */
export function keysOf(node: any, computed: boolean, I: Interp): Key[] {
  if (!computed) return [node.type === 'PrivateIdentifier' ? `#${node.name}` : node.type === 'Identifier' ? node.name : literalKey(node)];
  // A literal is its own ToPropertyKey: o[1.5] is o['1.5'], o[1e21] is o['1e+21'], o[null] is o['null'].
  if (node.type === 'Literal' && !node.regex && (typeof node.value === 'number' || node.value === null || node.bigint !== undefined)) return [literalKey(node)];
  return I.engine.keyOf(I.eval(node), I.site(node));
}

/**
 * The keys a store or a definition writes under: an own key of some object (Object.keys, for-in) is a key
 * known only at run time there. A read may take it as "one of that object's own keys"; a store under it
 * must be seen by a read of any key (`{ [k]: v }.then`), so it is one store at a run-time key.
 */
export function storeKeys(keys: Key[]): Key[] {
  if (!keys.some((k) => k !== undefined && k.startsWith(OWN_KEY))) return keys;
  const named = keys.filter((k) => k !== undefined && !k.startsWith(OWN_KEY));
  return [...named, undefined];
}

/** ToPropertyKey of a literal key: `{ 1.5: x }` is '1.5', `{ 0x10: x }` '16', `{ 1n: x }` '1'. */
export function literalKey(node: any): string {
  if (node.bigint !== undefined) return String(BigInt(node.bigint));
  return String(node.value);
}

function readMember(n: any, I: Interp): VSet {
  const site = I.site(n);
  if (n.object.type === 'Super') return superRead(n, I);
  const objects = I.eval(n.object);
  const keys = I.ownKeyOfSamePath(n) ? [OWN_KEY_OF_RECEIVER] : keysOf(n.property, n.computed, I);
  // A fresh set, the caller's own.
  const out = I.engine.getKeys(objects, keys, site);
  if (n.optional) out.add(UNDEF);
  return out;
}

/** super.x: read from the home object's prototype, with `this` as the receiver a getter sees. */
function superRead(n: any, I: Interp): VSet {
  const protos = new Set<number>();
  for (const h of I.homeOf(n.object)) if (isObjectValue(h)) for (const p of I.engine.heap.object(h).protos) protos.add(p);
  const out = new Set<number>();
  for (const v of I.engine.getKeys(protos, keysOf(n.property, n.computed, I), I.site(n), I.thisOf(n))) out.add(v);
  return out;
}

/** Arguments, with spread elements as "any further argument" (args.tail). */
export function evalArgs(nodes: any[], I: Interp): VSet[] {
  const args: Args = [];
  for (const a of nodes) {
    if (a.type === 'SpreadElement') {
      const spread = I.engine.iterate(I.eval(a.argument), I.site(a));
      args.tail = union(args.tail ?? NOTHING, spread);
      args.push(spread);
    } else args.push(args.tail ? union(I.eval(a), args.tail) : I.eval(a));
  }
  return args;
}

function call(n: any, I: Interp): VSet {
  const site = I.site(n);
  const args = evalArgs(n.arguments, I);
  const callee = n.callee;
  let out: VSet;
  if (callee.type === 'Super') {
    const parents = new Set<number>();
    for (const h of I.homeOf(callee)) if (isObjectValue(h)) for (const p of I.engine.heap.object(h).protos) parents.add(p);
    I.engine.constructParent(parents, I.thisOf(n), args, site);
    out = I.thisOf(n);
  } else if (callee.type === 'MemberExpression') {
    const receivers = callee.object.type === 'Super' ? I.thisOf(n) : I.eval(callee.object);
    out = new Set();
    if (callee.object.type === 'Super') {
      for (const v of I.engine.call(superRead(callee, I), receivers, args, site, false)) out.add(v);
    } else {
      for (const key of keysOf(callee.property, callee.computed, I)) for (const v of I.engine.invokeMethod(receivers, key, args, site)) out.add(v);
    }
  } else if (callee.type === 'ChainExpression' && callee.expression.type === 'MemberExpression') {
    return call({ ...n, callee: callee.expression }, I);
  } else {
    out = I.engine.call(I.eval(callee), set(UNDEF), args, site, false);
  }
  if (n.optional) out.add(UNDEF);
  return out;
}

function assign(n: any, I: Interp): VSet {
  const site = I.site(n);
  const right = I.eval(n.right);
  if (n.operator === '=') {
    I.bind(n.left, right, site);
    return right;
  }
  const old = n.left.type === 'MemberExpression' ? readMember(n.left, I) : I.eval(n.left);
  let value: VSet;
  // `a ||= b` writes b, and only b (when a is falsy); it gives a or b.
  if (n.operator === '||=' || n.operator === '&&=' || n.operator === '??=') {
    I.bind(n.left, right, site);
    return union(old, right);
  } else if (n.operator === '+=' || ARITHMETIC.has(n.operator.slice(0, -1))) {
    I.engine.coerce(old, site);
    I.engine.coerce(right, site);
    value = n.operator === '+=' ? set(STR, NUM, BIGINT) : set(NUM, BIGINT);
  } else {
    I.report(n, `the operator ${n.operator}`);
    return NOTHING;
  }
  I.bind(n.left, value, site);
  return value;
}

function binary(n: any, I: Interp): VSet {
  const site = I.site(n);
  const left = n.left.type === 'PrivateIdentifier' ? NOTHING : I.eval(n.left);
  const right = I.eval(n.right);
  if (n.operator === 'instanceof') return I.engine.instanceOf(left, right, site);
  if (n.operator === 'in') {
    I.engine.coerce(left, site);
    return set(BOOL);
  }
  if (STRICT_COMPARISON.has(n.operator)) return set(BOOL);
  if (COMPARISON.has(n.operator) || ARITHMETIC.has(n.operator) || n.operator === '+') {
    I.engine.coerce(left, site);
    I.engine.coerce(right, site);
    return n.operator === '+' ? set(STR, NUM, BIGINT) : COMPARISON.has(n.operator) ? set(BOOL) : set(NUM, BIGINT);
  }
  I.report(n, `the operator ${n.operator}`);
  return NOTHING;
}

function unary(n: any, I: Interp): VSet {
  const site = I.site(n);
  if (n.operator === 'delete') {
    if (n.argument.type === 'MemberExpression') {
      const objects = I.eval(n.argument.object);
      for (const key of storeKeys(keysOf(n.argument.property, n.argument.computed, I))) I.engine.put(objects, key, NOTHING, site);
    } else I.eval(n.argument);
    return set(BOOL);
  }
  const value = I.eval(n.argument);
  switch (n.operator) {
    case 'typeof':
      return set(STR);
    case '!':
      return set(BOOL);
    case 'void':
      return set(UNDEF);
    case '-':
    case '+':
    case '~':
      I.engine.coerce(value, site);
      return set(NUM, BIGINT);
  }
  I.report(n, `the operator ${n.operator}`);
  return NOTHING;
}

function literal(n: any, I: Interp): VSet {
  if (n.regex) {
    const re = I.engine.fresh(I.site(n), 'regexp', 'RegExp.prototype', 'a regular expression');
    I.engine.heap.add(I.engine.heap.prop(re, 'lastIndex'), NUM);
    return set(re.id);
  }
  if (n.bigint !== undefined) return set(BIGINT);
  switch (typeof n.value) {
    case 'string':
      return set(n.value.length <= 64 ? I.engine.heap.stringConstant(n.value) : STR);
    case 'number':
      return set(NUM);
    case 'boolean':
      return set(BOOL);
  }
  return set(UNDEF);
}

function objectLiteral(n: any, I: Interp): VSet {
  const heap = I.engine.heap;
  const o = I.engine.fresh(I.site(n), 'object', 'Object.prototype', `the object literal at ${n.start}`);
  for (const p of n.properties) {
    if (p.type === 'SpreadElement') {
      copyOwn(I.eval(p.argument), o, I, I.site(p));
      continue;
    }
    const keys = storeKeys(keysOf(p.key, p.computed, I));
    const value = I.eval(p.value);
    if (!p.computed && !p.shorthand && p.kind === 'init' && !p.method && keys[0] === '__proto__') {
      for (const v of value) if (isObjectValue(v)) heap.add(o.protos, v);
      continue;
    }
    if (p.method || p.kind !== 'init') for (const f of value) if (isObjectValue(f) && heap.object(f).fn) heap.add(heap.object(f).fn!.home, o.id);
    for (const key of keys) {
      const table = p.kind === 'get' ? o.getters : p.kind === 'set' ? o.setters : undefined;
      if (key === undefined) {
        heap.join(o.dyn, p.kind === 'init' ? value : I.engine.call(value, set(o.id), [set(STR, NUM, BOOL, UNDEF)], I.site(p), false, true));
        continue;
      }
      if (table) {
        heap.join(table.cell(key), value);
      } else heap.join(heap.prop(o, key), value);
    }
  }
  return set(o.id);
}

/** Copies own enumerable properties (spread, Object.assign, rest): getters of the source run. */
export function copyOwn(sources: VSet, into: AbstractObject, I: Interp, site: CallSite): void {
  const heap = I.engine.heap;
  for (const v of sources) {
    if (!isObjectValue(v)) continue;
    // Copying an object reads it, whatever keys it is known to have.
    I.engine.policy.read(v, undefined, site);
    const src = heap.object(v);
    for (const key of heap.ownEnumerableKeys(src)) heap.join(heap.prop(into, key), I.engine.get([v], key, site));
    heap.join(into.dyn, heap.ownEnumerableAtRunTimeKeys(src));
  }
}

function arrayLiteral(n: any, I: Interp): VSet {
  const heap = I.engine.heap;
  const a = I.engine.fresh(I.site(n), 'array', 'Array.prototype', 'an array');
  heap.add(heap.prop(a, 'length'), NUM);
  let spread = false;
  n.elements.forEach((e: any, i: number) => {
    // Elements before any spread keep their index; from a spread on, the index is known only as a number.
    if (e?.type === 'SpreadElement') spread = true;
    const values = !e ? new Set([UNDEF]) : e.type === 'SpreadElement' ? I.engine.iterate(I.eval(e.argument), I.site(e)) : I.eval(e);
    heap.join(heap.prop(a, spread ? '#' : String(i)), values);
  });
  return set(a.id);
}

function template(n: any, I: Interp): VSet {
  for (const e of n.expressions) I.engine.coerce(I.eval(e), I.site(e));
  return set(STR);
}

function tagged(n: any, I: Interp): VSet {
  const site = I.site(n);
  const strings = I.engine.freshArray(site, 'strings', [STR]);
  I.engine.heap.join(I.engine.heap.prop(I.engine.heap.object(strings), 'raw'), [I.engine.freshArray(site, 'raw', [STR])]);
  const values = n.quasi.expressions.map((e: any) => I.eval(e));
  const args = [set(strings), ...values];
  const tag = n.tag;
  if (tag.type === 'MemberExpression' && tag.object.type !== 'Super') {
    const out = new Set<number>();
    const receivers = I.eval(tag.object);
    for (const key of keysOf(tag.property, tag.computed, I)) for (const v of I.engine.invokeMethod(receivers, key, args, site)) out.add(v);
    return out;
  }
  return I.engine.call(I.eval(tag), set(UNDEF), args, site, false);
}

function update(n: any, I: Interp): VSet {
  const old = I.eval(n.argument);
  I.engine.coerce(old, I.site(n));
  I.bind(n.argument, set(NUM, BIGINT), I.site(n));
  return set(NUM, BIGINT);
}

function functionValue(n: any, I: Interp): VSet {
  return set(I.functionObject(n).id);
}

function returns(n: any, I: Interp): void {
  const values = n.argument ? I.eval(n.argument) : set(UNDEF);
  const fn = I.enclosingFunction(n);
  I.engine.heap.join(fn.returns, values);
  if (fn.node.type === 'Program') I.returned(values, n);
}

/**
 * `yield* inner`: what the generator is resumed with (next(v), throw(v), return(v): its '%sent') goes on to
 * inner's next, throw and return, and what they give comes out (round 24: an inner iterator that echoes
 * what it is sent handed the code's own `this` back through it).
 */
function delegated(value: VSet, sent: VSet, site: CallSite, isAsync: boolean, I: Interp): VSet {
  const e = I.engine;
  // A string delegates to its own iterator, which gives strings and ignores what it is sent.
  const out = new Set<number>([...value].some(isStringValue) ? [STR] : []);
  for (const key of isAsync ? ['@@asyncIterator', '@@iterator'] : ['@@iterator']) {
    const iterators = e.invokeMethod(value, key, [], site);
    for (const member of ['next', 'throw', 'return']) {
      const results = e.invokeMethod(iterators, member, [union(sent, set(UNDEF))], site);
      for (const w of e.get(isAsync ? e.awaitValue(results, site) : results, 'value', site)) out.add(w);
    }
  }
  return isAsync ? e.awaitValue(out, site) : out;
}

function yieldExpr(n: any, I: Interp): VSet {
  const fn = I.enclosingFunction(n);
  const heap = I.engine.heap;
  const value = n.argument ? I.eval(n.argument) : set(UNDEF);
  const fnObj = I.functionObject(fn.node);
  const yielded = n.delegate
    ? delegated(value, heap.slot(fnObj, '%sent'), I.site(n), fn.async, I)
    : fn.async ? I.engine.awaitValue(value, I.site(n)) : value;
  heap.join(heap.slot(fnObj, '%yield'), yielded);
  return union(heap.slot(fnObj, '%sent'), n.delegate ? yielded : NOTHING, set(UNDEF));
}

/** A declaration kind the table models: var, let and const. `using` calls its value's dispose method implicitly at the end of the block, which no rule models. */
function declarationKind(n: any, I: Interp): void {
  if (n.kind !== 'var' && n.kind !== 'let' && n.kind !== 'const') I.report(n, `a ${n.kind} declaration (its value's dispose method is called implicitly)`);
}

function forInOf(n: any, I: Interp): void {
  if (n.left.type === 'VariableDeclaration') declarationKind(n.left, I);
  const right = I.eval(n.right);
  const site = I.site(n);
  const values = n.type === 'ForInStatement' ? forInKeys(right, I, site) : I.engine.iterate(right, site, !!n.await);
  const target = n.left.type === 'VariableDeclaration' ? n.left.declarations[0].id : n.left;
  // Annex B: `for (var x = init in o)` assigns init to x before the loop (x keeps it when o has no keys).
  const init = n.left.type === 'VariableDeclaration' && n.left.declarations[0].init ? I.eval(n.left.declarations[0].init) : NOTHING;
  I.settleLocally(() => {
    I.bind(target, init.size > 0 ? union(values, init) : values, site);
    I.exec(n.body);
  });
}

/**
 * for-in enumerates own and inherited enumerable keys: an own key of each object, and any string when a
 * prototype on its chain may have an enumerable key: the code's objects and n8n's, a built-in with
 * enumerable keys (the global object's n8n variables, Buffer.prototype's methods), a built-in the code
 * added keys to (its overlay). A string's keys are its indexes, STRING_INDEX (round 28: `{ __proto__: this }` enumerated
 * `require` and `$env` as keys the analysis took for the object's own, and `for (k in 'ab')` as none).
 */
function forInKeys(right: VSet, I: Interp, site: CallSite): VSet {
  const heap = I.engine.heap;
  const keys = new Set<number>();
  const mayHaveEnumerableKeys = (o: AbstractObject) => o.kind !== 'builtin' || (o.enumerable?.size ?? 0) > 0 || heap.overlayOf(o.id) !== undefined;
  for (const v of right) {
    if (isStringValue(v)) keys.add(STRING_INDEX);
    if (!isObjectValue(v)) continue;
    // Enumerating an object's keys reads it ($env's keys are the names of its secrets).
    I.engine.policy.read(v, undefined, site);
    keys.add(ownKey(objectOf(v)));
    if (heap.chain(v, I.engine.graph.prototypes).slice(1).some(mayHaveEnumerableKeys)) keys.add(STR);
  }
  return keys;
}

function tryStatement(n: any, I: Interp): void {
  I.exec(n.block);
  if (n.handler) {
    if (n.handler.param) I.bind(n.handler.param, union(I.engine.thrown, I.enginePrototypeErrors()), I.site(n.handler));
    I.exec(n.handler.body);
  }
  if (n.finalizer) I.exec(n.finalizer);
}

const each = (nodes: any[], I: Interp) => {
  for (const s of nodes) if (s) I.exec(s);
};

/** The table: every node type acorn produces, and what it does. Patterns are bound by Interp.bind. */
export const SYNTAX: Readonly<Record<string, Transfer>> = {
  Program: (n, I) => each(n.body, I),
  // expressions
  Identifier: (n, I) => I.variable(n) ?? I.readGlobal(n.name, n),
  Literal: literal,
  ThisExpression: (n, I) => I.thisOf(n),
  ArrayExpression: arrayLiteral,
  ObjectExpression: objectLiteral,
  // A named function expression's name is bound, inside it, to the function itself.
  FunctionExpression: (n, I) => {
    const value = functionValue(n, I);
    if (n.id) I.bind(n.id, value, I.site(n));
    return value;
  },
  ArrowFunctionExpression: functionValue,
  // A named class expression's name is bound, inside the class, to the class itself.
  ClassExpression: (n, I) => {
    const value = set(I.classObject(n).id);
    if (n.id) I.bind(n.id, value, I.site(n));
    return value;
  },
  TemplateLiteral: template,
  TaggedTemplateExpression: tagged,
  MemberExpression: readMember,
  ChainExpression: (n, I) => union(I.eval(n.expression), set(UNDEF)),
  CallExpression: call,
  NewExpression: (n, I) => I.engine.call(I.eval(n.callee), NOTHING, evalArgs(n.arguments, I), I.site(n), true),
  AssignmentExpression: assign,
  UpdateExpression: update,
  UnaryExpression: unary,
  BinaryExpression: binary,
  LogicalExpression: (n, I) => union(I.eval(n.left), I.eval(n.right)),
  ConditionalExpression: (n, I) => {
    I.eval(n.test);
    return union(I.eval(n.consequent), I.eval(n.alternate));
  },
  SequenceExpression: (n, I) => {
    let last: VSet = NOTHING;
    for (const e of n.expressions) last = I.eval(e);
    return last;
  },
  AwaitExpression: (n, I) => I.engine.awaitValue(I.eval(n.argument), I.site(n)),
  YieldExpression: yieldExpr,
  ParenthesizedExpression: (n, I) => I.eval(n.expression),
  MetaProperty: (n, I) => {
    if (n.meta.name === 'new' && n.property.name === 'target') return union(I.engine.heap.slot(I.functionObject(I.enclosingFunction(n).node), '%newTarget'), set(UNDEF));
    I.importFound(n, 'import.meta');
    return NOTHING;
  },
  ImportExpression: (n, I) => {
    I.eval(n.source);
    if (n.options) I.eval(n.options);
    I.importFound(n, 'import()');
    return NOTHING;
  },
  Super: (n, I) => {
    I.report(n, 'super outside a call or member expression');
    return NOTHING;
  },
  SpreadElement: (n, I) => I.engine.iterate(I.eval(n.argument), I.site(n)),
  // statements
  ExpressionStatement: (n, I) => void I.eval(n.expression),
  BlockStatement: (n, I) => each(n.body, I),
  StaticBlock: (n, I) => each(n.body, I),
  EmptyStatement: () => undefined,
  DebuggerStatement: () => undefined,
  ReturnStatement: returns,
  IfStatement: (n, I) => {
    I.eval(n.test);
    I.exec(n.consequent);
    if (n.alternate) I.exec(n.alternate);
  },
  SwitchStatement: (n, I) => {
    I.eval(n.discriminant);
    each(n.cases, I);
  },
  SwitchCase: (n, I) => {
    if (n.test) I.eval(n.test);
    each(n.consequent, I);
  },
  WhileStatement: (n, I) =>
    I.settleLocally(() => {
      I.eval(n.test);
      I.exec(n.body);
    }),
  DoWhileStatement: (n, I) =>
    I.settleLocally(() => {
      I.exec(n.body);
      I.eval(n.test);
    }),
  ForStatement: (n, I) => {
    if (n.init) (n.init.type === 'VariableDeclaration' ? I.exec(n.init) : I.eval(n.init));
    I.settleLocally(() => {
      if (n.test) I.eval(n.test);
      if (n.update) I.eval(n.update);
      I.exec(n.body);
    });
  },
  ForInStatement: forInOf,
  ForOfStatement: forInOf,
  LabeledStatement: (n, I) => I.exec(n.body),
  BreakStatement: () => undefined,
  ContinueStatement: () => undefined,
  ThrowStatement: (n, I) => I.engine.heap.join(I.engine.thrown, I.eval(n.argument)),
  TryStatement: tryStatement,
  CatchClause: (n, I) => I.exec(n.body),
  WithStatement: (n, I) => {
    I.eval(n.object);
    I.report(n, 'a with statement (every name in it may be a property of its object)');
    I.exec(n.body);
  },
  VariableDeclaration: (n, I) => {
    declarationKind(n, I);
    each(n.declarations, I);
  },
  VariableDeclarator: (n, I) => {
    if (n.init) I.bind(n.id, I.eval(n.init), I.site(n));
  },
  FunctionDeclaration: (n, I) => {
    if (n.id) I.bind(n.id, functionValue(n, I), I.site(n));
    I.annexB(n);
  },
  ClassDeclaration: (n, I) => {
    if (n.id) I.bind(n.id, set(I.classObject(n).id), I.site(n));
  },
  // module syntax: loading a module is a capability
  ImportDeclaration: (n, I) => I.importFound(n, `import from "${n.source.value}"`),
  ExportNamedDeclaration: (n, I) => (n.declaration ? I.exec(n.declaration) : undefined),
  ExportDefaultDeclaration: (n, I) => void (n.declaration.type.endsWith('Declaration') ? I.exec(n.declaration) : I.eval(n.declaration)),
  ExportAllDeclaration: (n, I) => I.importFound(n, `export from "${n.source.value}"`),
  // handled by their parents (bind, classObject, keysOf, objectLiteral, imports, templates)
  ObjectPattern: () => NOTHING,
  ArrayPattern: () => NOTHING,
  RestElement: () => NOTHING,
  AssignmentPattern: () => NOTHING,
  Property: () => NOTHING,
  PropertyDefinition: () => NOTHING,
  MethodDefinition: () => NOTHING,
  ClassBody: () => NOTHING,
  PrivateIdentifier: () => NOTHING,
  TemplateElement: () => set(STR),
  ImportSpecifier: () => NOTHING,
  ImportDefaultSpecifier: () => NOTHING,
  ImportNamespaceSpecifier: () => NOTHING,
  ImportAttribute: () => NOTHING,
  ExportSpecifier: () => NOTHING,
};
