// Red-team round 20: bodies written black-box against analyzeSource() (src/validate/purity), without
// reading the analysis, its rules docs or earlier bypass lists. Every entry was run through both
// analyzeSource(code).findings and runLikeN8n(code, { timeoutMs: 8000 }) (test/validate/support/n8n-sandbox.ts)
// on Node 20, and sits in the list its two verdicts put it in (re-checked before hand-off).

import type { RoundEntry } from './red-team-round.js';

export interface Round20Entry extends RoundEntry { cls: string; why: string; staticData?: Record<string, object> }
export type Round20Pure = RoundEntry;

// The oracle obtains a real capability; analyzeSource reports nothing.
export const ROUND20_BYPASSES: Round20Entry[] = [
  {
    id: "legacy/caller-arguments",
    cls: "legacy function properties (fn.caller, then the caller's .arguments)",
    code: "function g(x) { return h(); }\nfunction h() { return h.caller.arguments[0].DB_PASSWORD; }\nreturn [{ json: { s: g($env) } }];",
    why: "h reads the function that called it through h.caller and that call's live arguments object through .arguments, so the $env handed to g comes back untracked and its DB_PASSWORD key is read.",
  },
  {
    id: "legacy/callee-caller-arguments",
    cls: "legacy function properties (arguments.callee.caller.arguments)",
    code: "function g(x) { return (function () { return arguments.callee.caller.arguments[0].DB_PASSWORD; })(); }\nreturn [{ json: { s: g($env) } }];",
    why: "An anonymous sloppy function reaches its caller g with arguments.callee.caller and reads g's argument ($env) from caller.arguments[0], then reads a key of it.",
  },
  {
    id: "legacy/caller-arguments-helpers",
    cls: "legacy function properties (fn.caller.arguments) + helpers",
    code: "function g(x) { return h(); }\nfunction h() { return h.caller.arguments[0].httpRequest({ url: 'https://example.com' }); }\nawait g(helpers);\nreturn [{ json: { s: 1 } }];",
    why: "helpers handed to g is read back through h.caller.arguments[0] and helpers.httpRequest is called on it.",
  },
  {
    id: "legacy/caller-arguments-require",
    cls: "legacy function properties (fn.caller.arguments) + require",
    code: "function g(x) { return h(); }\nfunction h() { try { return h.caller.arguments[0]('node:fs'); } catch (e) { return null; } }\ng(require);\nreturn [{ json: { s: 1 } }];",
    why: "require handed to g is read back through h.caller.arguments[0] and called with a module name.",
  },
  {
    id: "legacy/caller-arguments-global",
    cls: "legacy function properties (fn.caller.arguments) + the global object",
    code: "function g(x) { return h(); }\nfunction h() { return h.caller.arguments[0].$env.DB_PASSWORD; }\nreturn [{ json: { s: g(globalThis) } }];",
    why: "globalThis handed to g is read back through h.caller.arguments[0] and its $env property is read.",
  },
  {
    id: "legacy/caller-arguments-each-item",
    cls: "legacy function properties (fn.caller.arguments), runOnceForEachItem",
    mode: "runOnceForEachItem",
    code: "function g(x) { return h(); }\nfunction h() { return h.caller.arguments[0].DB_PASSWORD; }\nreturn { json: { ...$json, s: g($env) } };",
    why: "The same caller.arguments read of $env in runOnceForEachItem mode, once per item.",
  },
];

// The oracle obtains a real capability; analyzeSource reports it.
export const ROUND20_CAUGHT: Round20Entry[] = [
  {
    id: "caught/this/then-sloppy",
    cls: "sloppy this (then callback)",
    code: "const g = await Promise.resolve(1).then(function () { return this; });\nreturn [{ json: { s: g.$env.DB_PASSWORD } }];",
    why: "A sloppy then-callback is called with an undefined receiver, so its this is the global object.",
  },
  {
    id: "caught/this/tag-sloppy",
    cls: "sloppy this (tagged template)",
    code: "function tag() { return this; }\nconst g = tag`x`;\nreturn [{ json: { s: g.$env.DB_PASSWORD } }];",
    why: "A sloppy tag function called bare gets the global object as this.",
  },
  {
    id: "caught/this/gen-sloppy",
    cls: "sloppy this (generator)",
    code: "function* gen() { yield this; }\nconst g = gen().next().value;\nreturn [{ json: { s: g.$env.DB_PASSWORD } }];",
    why: "A sloppy generator called bare yields the global object.",
  },
  {
    id: "caught/this/method-extract",
    cls: "sloppy this (extracted method)",
    code: "const o = { m() { return this; } };\nconst { m } = o;\nconst g = m();\nreturn [{ json: { s: g.$env.DB_PASSWORD } }];",
    why: "A shorthand method destructured off its object and called bare sees the global object.",
  },
  {
    id: "caught/this/getter-reflect",
    cls: "sloppy this (getter receiver)",
    code: "const o = { get g() { return this; } };\nconst g = Reflect.get(o, 'g', undefined);\nreturn [{ json: { s: g.$env.DB_PASSWORD } }];",
    why: "Reflect.get with an undefined receiver runs a sloppy getter with the global object as this.",
  },
  {
    id: "caught/str/split-O",
    cls: "String protocol (Symbol.split receives this value)",
    code: "const out = String.prototype.split.call($env, { [Symbol.split](o) { return [o.DB_PASSWORD]; } });\nreturn [{ json: { s: out[0] } }];",
    why: "String.prototype.split.call($env, splitter) hands $env unconverted to the splitter.",
  },
  {
    id: "caught/str/replace-arg",
    cls: "String protocol (Symbol.replace receives replaceValue)",
    code: "const out = 'x'.replace({ [Symbol.replace](s, r) { return r.DB_PASSWORD; } }, $env);\nreturn [{ json: { s: out } }];",
    why: "The replace value ($env) reaches a custom Symbol.replace method unconverted.",
  },
  {
    id: "caught/sym/hasInstance",
    cls: "Symbol.hasInstance",
    code: "let s;\n$env instanceof { [Symbol.hasInstance](e) { s = e.DB_PASSWORD; return true; } };\nreturn [{ json: { s } }];",
    why: "instanceof hands its left operand ($env) to a custom Symbol.hasInstance method.",
  },
  {
    id: "caught/gen/next-arg",
    cls: "generator next(value)",
    code: "function* g() { const e = yield 1; yield e.DB_PASSWORD; }\nconst it = g(); it.next();\nreturn [{ json: { s: it.next($env).value } }];",
    why: "The value passed to next() becomes the result of yield inside the generator.",
  },
  {
    id: "caught/gen/throw-arg",
    cls: "generator throw(value)",
    code: "function* g() { try { yield 1; } catch (e) { yield e.DB_PASSWORD; } }\nconst it = g(); it.next();\nreturn [{ json: { s: it.throw($env).value } }];",
    why: "The value passed to throw() is caught inside the generator.",
  },
  {
    id: "caught/with/env",
    cls: "with statement",
    code: "let s;\nwith ($env) { s = DB_PASSWORD; }\nreturn [{ json: { s } }];",
    why: "with ($env) makes DB_PASSWORD a name lookup on $env.",
  },
  {
    id: "caught/args/mapped-write",
    cls: "sloppy mapped arguments",
    code: "function f(a) { arguments[0] = $env; return a.DB_PASSWORD; }\nreturn [{ json: { s: f({}) } }];",
    why: "Writing arguments[0] in a sloppy function rewrites its parameter.",
  },
  {
    id: "caught/legacy/fn-arguments",
    cls: "legacy fn.arguments",
    code: "function g(x) { return h(); }\nfunction h() { return g.arguments[0].DB_PASSWORD; }\nreturn [{ json: { s: g($env) } }];",
    why: "g.arguments read from another function gives g's live arguments.",
  },
  {
    id: "caught/weakref",
    cls: "WeakRef internal slot",
    code: "const w = new WeakRef($env);\nreturn [{ json: { s: w.deref().DB_PASSWORD } }];",
    why: "$env parked in a WeakRef is read back with deref().",
  },
  {
    id: "caught/json/reviver",
    cls: "JSON.parse reviver",
    code: "const v = JSON.parse('{\"a\":1}', (k, v) => (k === '' ? $env : v));\nreturn [{ json: { s: v.DB_PASSWORD } }];",
    why: "The reviver's return for the root key replaces the parse result.",
  },
  {
    id: "caught/class/private",
    cls: "class private field + accessor",
    code: "class A { #e; constructor(x) { this.#e = x; } get e() { return this.#e; } }\nconst a = new A($env);\nreturn [{ json: { s: a.e.DB_PASSWORD } }];",
    why: "$env stored in a private field and read back through a getter.",
  },
  {
    id: "caught/super/prop",
    cls: "super property lookup",
    code: "const o = { __proto__: { e: $env }, f() { return super.e.DB_PASSWORD; } };\nreturn [{ json: { s: o.f() } }];",
    why: "super.e reads the literal __proto__ object holding $env.",
  },
  {
    id: "caught/item/map",
    cls: "$item as a callback",
    code: "const [p] = [0].map($item);\nreturn [{ json: { s: p.$env.DB_PASSWORD } }];",
    why: "[0].map($item) gives a whole data proxy, with $env.",
  },
  {
    id: "caught/re/exec-search",
    cls: "RegExp protocol (exec override)",
    code: "const re = /a/;\nre.exec = () => ({ index: $env });\nconst e = 'a'.search(re);\nreturn [{ json: { s: e.DB_PASSWORD } }];",
    why: "String.prototype.search returns the index field of a custom exec result unconverted.",
  },
  {
    id: "caught/species/map",
    cls: "Symbol.species",
    code: "const a = [1];\nconst holder = { e: $env };\na.constructor = { [Symbol.species]: function () { return holder; } };\nconst r = a.map((x) => x);\nreturn [{ json: { s: r.e.DB_PASSWORD } }];",
    why: "Array.prototype.map builds its result with a species constructor that returns an object holding $env.",
  },
  {
    id: "caught/json/toJSON",
    cls: "JSON.stringify toJSON",
    code: "return [{ json: { s: JSON.stringify({ toJSON: () => $env }) } }];",
    why: "toJSON returning $env makes JSON.stringify read every key of $env.",
  },
  {
    id: "caught/then/thenable",
    cls: "thenable await",
    code: "const e = await { then(r) { r($env); } };\nreturn [{ json: { s: e.DB_PASSWORD } }];",
    why: "await calls then(resolve) on a plain object, which resolves with $env.",
  },
  {
    id: "caught/key/replace-dollar",
    cls: "computed global key",
    code: "const e = globalThis['x'.replace('x', '$$env')];\nreturn [{ json: { s: e.DB_PASSWORD } }];",
    why: "'$$env' as a replacement pattern is '$env' at run time.",
  },
];

// Everyday bodies the analysis reports although the oracle obtains nothing: none found this round.
export const ROUND20_FALSE_POSITIVES: Round20Entry[] = [];

// Everyday bodies: the oracle obtains nothing (no error) and the analysis passes.
export const ROUND20_PURE: Round20Pure[] = [
  {
    id: "everyday/map-add-field",
    code: "return items.map((item) => ({ json: { ...item.json, processed: true } }));",
  },
  {
    id: "everyday/filter-score",
    code: "return $input.all().filter((item) => item.json.score > 10);",
  },
  {
    id: "everyday/sum-scores",
    code: "const total = $input.all().reduce((sum, item) => sum + (item.json.score || 0), 0);\nreturn [{ json: { total, count: items.length } }];",
  },
  {
    id: "everyday/email-domain",
    code: "for (const item of $input.all()) {\n  const [, domain] = item.json.email.split('@');\n  item.json.domain = domain.toLowerCase();\n}\nreturn $input.all();",
  },
  {
    id: "everyday/sort-by-name",
    code: "const sorted = [...items].sort((a, b) => a.json.name.localeCompare(b.json.name));\nreturn sorted;",
  },
  {
    id: "everyday/dedupe-tags",
    code: "const tags = new Set();\nfor (const item of items) for (const t of item.json.tags || []) tags.add(t);\nreturn [{ json: { tags: Array.from(tags).sort() } }];",
  },
  {
    id: "everyday/slugify",
    code: "return items.map((item) => {\n  const slug = item.json.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');\n  return { json: { id: item.json.id, slug } };\n});",
  },
  {
    id: "everyday/each-upper",
    mode: "runOnceForEachItem",
    code: "$json.name = $json.name.toUpperCase();\n$json.updatedAt = new Date().toISOString();\nreturn $input.item;",
  },
  {
    id: "everyday/node-first",
    code: "const first = $('Webhook').first().json;\nreturn [{ json: { firstId: first.id, greeting: `Hello, ${first.name}!` } }];",
  },
  {
    id: "everyday/json-parse-safe",
    code: "const out = [];\nfor (const item of items) {\n  let parsed;\n  try { parsed = JSON.parse(item.json.payload ?? '{}'); } catch (e) { parsed = { error: e.message }; }\n  out.push({ json: { id: item.json.id, parsed } });\n}\nreturn out;",
  },
  {
    id: "everyday/group-by-field",
    code: "const groups = {};\nfor (const item of items) {\n  const k = item.json[item.json.field];\n  (groups[k] ??= []).push(item.json.id);\n}\nreturn Object.entries(groups).map(([key, ids]) => ({ json: { key, ids } }));",
  },
  {
    id: "everyday/static-counter",
    code: "const data = $getWorkflowStaticData('global');\ndata.count = (data.count || 0) + 1;\nreturn [{ json: { runs: data.count, at: $now.toISOString() } }];",
  },
];
