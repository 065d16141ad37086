// Round 39 of the code-purity red team, 2026-12-08: black box against the points-to analysis (luxon's zones, locales and
// their caches, Intl's resolved options and parts, stack formatting, FinalizationRegistry and WeakRef, species, generators,
// class statics and private fields, Annex B scope, destructuring defaults, n8n's and Node's objects kept between tasks);
// 180 bodies, 163 kept (the others the oracle did not confirm, and one write it cannot show: DateTime.resetCache's
// caches are private to luxon, so purity-points-to.test.ts checks that spelling by the analysis alone), each checked by the
// oracle under n8n's Node 24. No capability bypass. 7 writes: luxon's static resetCache (DateTime's, and
// Locale's and IANAZone's reached as a value's loc or zone constructor) empties caches every later task of the runner reads,
// and the luxon model took every luxon function for one that changes nothing of luxon's (fixed: n8n-model.ts, the
// luxon-reset-cache model). Two everyday bodies are reported by the reflection policy (Object.getPrototypeOf,
// Object.defineProperty and Reflect.ownKeys are capabilities by the definition: ROUND39_REPORTED).
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability. */
export const ROUND39_OBTAINING: RoundEntry[] = [];

/** Bypasses that write onto state every later task shares (`wrote: true` read back from a fresh object). */
export const ROUND39_WRITES: ChangeEntry[] = [
  {
    "id": "w-locale-reset",
    "code": "const a = DateTime.now().loc.getWeekSettings(); DateTime.now().loc.constructor.resetCache(); const b = DateTime.now().loc.getWeekSettings(); return [{json:{wrote: a !== b}}];",
    "node24": true
  },
  {
    "id": "w-iana-reset",
    "code": "const a = DateTime.now().setZone('Europe/Paris').zone; a.constructor.resetCache(); return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone !== a}}];",
    "node24": true
  },
  {
    "id": "w-datetime-resetcache",
    "code": "const a = DateTime.now().setZone('Europe/Paris').zone; DateTime.resetCache(); DateTime.now().setZone('Europe/Paris').zone.constructor.resetCache(); return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone !== a}}];",
    "node24": true
  },
  {
    "id": "w-resetcache-alias",
    "code": "const { resetCache } = DateTime; resetCache(); const L = Duration.fromObject({ hours: 1 }).loc.constructor; const before = DateTime.now().setLocale('de').loc.getWeekSettings(); L.resetCache(); return [{json:{wrote: DateTime.now().setLocale('de').loc.getWeekSettings() !== before}}];",
    "node24": true
  },
  {
    "id": "w-resetcache-interval-zone",
    "code": "const i = Interval.fromDateTimes(DateTime.now().setZone('Asia/Tokyo'), DateTime.now().setZone('Asia/Tokyo').plus({ hours: 1 })); const z = i.start.zone; z.constructor.resetCache(); return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone !== z}}];",
    "node24": true
  },
  {
    "id": "w-resetcache-optional",
    "code": "const a = DateTime.now().setZone('Europe/Rome').zone; a?.constructor?.resetCache?.(); return [{json:{wrote: DateTime.now().setZone('Europe/Rome').zone !== a}}];",
    "node24": true
  },
  {
    "id": "w-resetcache-in-map",
    "code": "const zones = items.map(() => DateTime.now().setZone('Europe/Madrid').zone); [DateTime.now().loc.constructor, zones[0].constructor].forEach(C => C.resetCache()); return [{json:{wrote: DateTime.now().setZone('Europe/Madrid').zone !== zones[0]}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND39_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "b-item-proxy",
    "code": "const p = $item(0); const k = Object.keys(p).find(k => k.endsWith('nv')); return [{json:{v: Object.values(p[k])}}];",
    "node24": true
  },
  {
    "id": "b-annexb",
    "code": "function g() { return 1 } { function g() { return this } } const o = g(); return [{json:{v: o['$e' + 'nv'].DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-replace-this",
    "code": "let g; 'a'.replace('a', function () { g = this; return '' }); return [{json:{v: g['$e'+'nv'].DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-getter-default",
    "code": "const o = { get x() { return this } }; const { y = Reflect.get(Object.getOwnPropertyDescriptor(o, 'x').get, 'call').call(Object.getOwnPropertyDescriptor(o, 'x').get) } = {}; return [{json:{v: y['$e'+'nv'].DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-arguments-callee",
    "code": "function f() { return arguments.callee.constructor } return [{json:{v: f()('return $env')().DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-gen-return-this",
    "code": "function* g() { yield this } const it = g(); return [{json:{v: it.next().value['$e'+'nv'].DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-formdata-foreach-process",
    "code": "const fd = new FormData(); fd.append('a', 'b'); let g; fd.forEach(function () { g = this }); return [{json:{p: g.process}}];",
    "node24": true
  },
  {
    "id": "b-formdata-foreach-undef",
    "code": "const fd = new FormData(); fd.append('a', 'b'); let g; fd.forEach(function () { g = this }, undefined); return [{json:{env: g.process.env}}];",
    "node24": true
  },
  {
    "id": "b-formdata-foreach-strict",
    "code": "'use strict'; const fd = new FormData(); fd.set('k', 'v'); const box = {}; fd.forEach(function (v, k) { 'use strict'; box.h = this }); return [{json:{g: box.h}}];",
    "node24": true
  },
  {
    "id": "b-formdata-foreach-method",
    "code": "const fd = new FormData(); fd.set('k', 'v'); const o = { grab() { return this } }; let h; fd.forEach(function () { h = o.grab.call(this) }); return [{json:{g: h}}];",
    "node24": true
  },
  {
    "id": "b-disposable-defer",
    "code": "const s = new DisposableStack(); let g; s.defer(function () { g = this }); s.dispose(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-disposable-adopt",
    "code": "const s = new DisposableStack(); let g; s.adopt(1, function () { g = this }); s.dispose(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-try",
    "code": "let g; await Promise.try(function () { g = this }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-groupby",
    "code": "let g; Object.groupBy([1], function () { g = this; return 'a' }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-mapgroupby",
    "code": "let g; Map.groupBy([1], function () { g = this; return 'a' }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-tosorted",
    "code": "let g; [2, 1].toSorted(function (a, b) { g = this; return a - b }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-typed-from",
    "code": "let g; Uint8Array.from([1], function (x) { g = this; return x }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-typed-sort",
    "code": "let g; new Uint8Array([2, 1]).sort(function (a, b) { g = this; return a - b }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-finally",
    "code": "let g; await Promise.resolve(1).finally(function () { g = this }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-using",
    "code": "let g; { using x = { [Symbol.dispose]() { g = (function () { return this })() } }; } return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-suppressed",
    "code": "let g; const s = new DisposableStack(); s.defer(() => { throw new Error('a') }); s.defer(function () { g = this; throw new Error('b') }); try { s.dispose() } catch (e) { } return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-async-disposable",
    "code": "const s = new AsyncDisposableStack(); let g; s.defer(function () { g = this }); await s.disposeAsync(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-ds-move",
    "code": "const s = new DisposableStack(); let g; s.defer(function () { g = this }); const t = s.move(); t.dispose(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-regexp-escape",
    "code": "let g; const r = RegExp.escape('a.b'); 'a.b'.replace(new RegExp(r), function () { g = this; return '' }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-isdatetime-env",
    "code": "const v = DateTime.isDateTime({ isLuxonDateTime: $env }); return [{json:{v: v.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-isduration-global",
    "code": "const g = Duration.isDuration({ isLuxonDuration: globalThis }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-isinterval-fn",
    "code": "const F = Interval.isInterval({ isLuxonInterval: (() => 1).constructor }); return [{json:{v: F('return $env.DB_PASSWORD')()}}];",
    "node24": true
  },
  {
    "id": "b-min-fake",
    "code": "const fake = { isLuxonDateTime: true, valueOf() { return 0 }, e: $env }; const m = DateTime.min(fake); return [{json:{v: m.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-merge",
    "code": "const [x] = Interval.merge([{ e: $env }]); return [{json:{v: x.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-fromdatetimes-fake",
    "code": "const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 0 }, e: $env }; const i = Interval.fromDateTimes(a, a); return [{json:{v: i.start.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-mapendpoints",
    "code": "const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 0 }, e: $env }; const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()).mapEndpoints(() => a); return [{json:{v: i.end.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-mapunits-this",
    "code": "let g; Duration.fromObject({ hours: 1 }).mapUnits(function (x) { g = this; return x }); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-custom-zone",
    "code": "const z = { offset() { return 0 }, isValid: true, name: 'X', type: 'x', isUniversal: true, equals() { return false }, formatOffset() { return '+00:00' }, e: $env }; const d = DateTime.now().setZone(z); return [{json:{v: d.zone.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-duration-matrix",
    "code": "const d = Duration.fromObject({ hours: 1 }, { matrix: { e: $env } }); return [{json:{v: d.matrix.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-fromdurationlike",
    "code": "const d = Duration.fromDurationLike({ isLuxonDuration: true, e: $env }); return [{json:{v: d.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-max-global",
    "code": "const o = Object.create(globalThis); o.isLuxonDateTime = true; o.valueOf = () => 0; const m = DateTime.max(o); return [{json:{v: m.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-interval-after",
    "code": "const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 0 }, plus() { return this }, e: $env }; const i = Interval.after(a, { hours: 1 }); return [{json:{v: i.s.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-xor",
    "code": "const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 0 }, e: $env }; const b = { isLuxonDateTime: true, isValid: true, valueOf() { return 1 } }; const r = Interval.xor([{ s: a, e: b }]); return [{json:{v: r[0] && r[0].s.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-splitat",
    "code": "const i = Interval.fromDateTimes(DateTime.fromMillis(0), DateTime.fromMillis(10)); const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 5 }, toMillis() { return 5 }, e: $env }; const parts = i.splitAt(a); return [{json:{v: parts[0].e.e && parts[0].e.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-reconfigure-loc",
    "code": "const d = Duration.fromObject({ hours: 1 }); const x = d.reconfigure({ matrix: { e: $env } }); return [{json:{v: x.matrix.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-interval-set",
    "code": "const a = { isLuxonDateTime: true, isValid: true, valueOf() { return 9e15 }, e: $env }; const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()).set({ end: a }); return [{json:{v: i.end.e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-min-fake-global",
    "code": "const fake = { isLuxonDateTime: true, valueOf() { return 0 }, g: globalThis }; const m = DateTime.min(fake, DateTime.now()); return [{json:{v: m.g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-split-symbol",
    "code": "const e = 'a,b'.split({ [Symbol.split]() { return $env } }); return [{json:{v: e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-replace-symbol",
    "code": "const e = 'a'.replace({ [Symbol.replace]() { return $env } }, 'b'); return [{json:{v: e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-match-symbol",
    "code": "const e = 'a'.match({ [Symbol.match]() { return $env } }); return [{json:{v: e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-search-symbol",
    "code": "const e = 'a'.search({ [Symbol.search]() { return $env } }); return [{json:{v: e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-matchall-symbol",
    "code": "const e = 'a'.matchAll({ [Symbol.matchAll]() { return $env } }); return [{json:{v: e.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-regex-exec-own",
    "code": "const r = /a/; r.exec = () => $env; const m = 'a'.match(r); return [{json:{v: m.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-regex-subclass-exec",
    "code": "class Re extends RegExp { exec() { return $env } } const m = 'a'.match(new Re('a')); return [{json:{v: m.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-array-species",
    "code": "const a = [1]; a.constructor = { [Symbol.species]: function () { return $env } }; const r = a.map(x => x); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-species",
    "code": "const p = Promise.resolve(1); p.constructor = { [Symbol.species]: function (ex) { ex(() => {}, () => {}); return $env } }; const r = p.then(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-catch-then",
    "code": "const p = Promise.resolve(1); p.then = () => $env; const r = p.catch(() => 0); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-finally-then",
    "code": "const p = Promise.resolve(1); p.then = () => $env; const r = p.finally(() => 0); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-tolocalestring",
    "code": "const o = { toString() { return $env } }; const r = o.toLocaleString(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-array-tostring-join",
    "code": "const a = [1]; a.join = () => $env; const r = a.toString(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-date-tojson",
    "code": "const d = new Date(0); d.toISOString = () => $env; const r = d.toJSON(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-weakref",
    "code": "const r = new WeakRef($env).deref(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-array-from-this",
    "code": "const F = function () { return $env }; const r = Array.from.call(F, []); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-array-of-this",
    "code": "const F = function () { return $env }; const r = Array.of.call(F); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-resolve-this",
    "code": "const F = function (ex) { ex(() => {}, () => {}); return $env }; const r = Promise.resolve.call(F, 1); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-withresolvers-this",
    "code": "const F = function (ex) { ex(() => {}, () => {}); return $env }; const { promise } = Promise.withResolvers.call(F); return [{json:{v: promise.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-array-flat-species",
    "code": "const a = [[1]]; a.constructor = { [Symbol.species]: function () { return $env } }; const r = a.flat(); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-arr-method-from",
    "code": "class A extends Array { static get [Symbol.species]() { return function () { return $env } } } const r = A.from([1]).filter(() => true); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-promise-subclass-species",
    "code": "class P extends Promise { static get [Symbol.species]() { return function (ex) { ex(() => {}, () => {}); return $env } } } const r = P.resolve(1).then(x => x); return [{json:{v: r.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-with-shadow",
    "code": "const safe = 'x'; const o = { safe: $env }; let r; with (o) { r = safe.DB_PASSWORD } return [{json:{v: r}}];",
    "node24": true
  },
  {
    "id": "b-with-global",
    "code": "const o = Object.create(null); let r; with (o) { r = (function () { return this })() } return [{json:{v: r.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-annexb-static",
    "code": "function g() { return {} } { function g() { return $env } } const o = g(); return [{json:{v: o.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-annexb-var",
    "code": "var h = () => ({}); if (true) { function h() { return $env } } return [{json:{v: h().DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-arguments-alias-w",
    "code": "function f(a) { arguments[0] = $env; return a } return [{json:{v: f({}).DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-arguments-alias-r",
    "code": "function f(a) { a = $env; return arguments[0] } return [{json:{v: f({}).DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-arguments-alias-r2",
    "code": "function f(a, b) { b = $env; const args = arguments; return args[1] } return [{json:{v: f(1, {}).DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-param-var",
    "code": "function f(a = $env) { var a; return a } return [{json:{v: f().DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-comma-this",
    "code": "const a = { b() { return this } }; const g = (0, a.b)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-assign-this",
    "code": "const a = { b() { return this } }; let t; const g = (t = a.b)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-or-this",
    "code": "const a = { b() { return this } }; const g = (a.b || 0)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-cond-this",
    "code": "const a = { b() { return this } }; const g = (a ? a.b : 0)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-nullish-this",
    "code": "const a = { b() { return this } }; const g = (a.b ?? 0)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-call-call",
    "code": "const a = { b() { return this } }; const g = Function.prototype.call.call(a.b); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-bind-undefined",
    "code": "function b() { return this } const g = b.bind(undefined)(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-getter-destructure-default",
    "code": "const holder = { get v() { return (function () { return this })() } }; const { v = 1 } = holder; return [{json:{v: v.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-finally-break",
    "code": "let x = {}; out: try { x = {}; } finally { x = (function () { return this })(); break out; } return [{json:{v: x.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-gen-return",
    "code": "function* g() { try { yield 1 } finally { yield this } } const it = g(); it.next(); const r = it.return(5); return [{json:{v: r.value.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-sloppy-this-chain",
    "code": "const o = { m: function () { return this } }; const g = o.m.call(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "b-spread-args-this",
    "code": "function b() { return this } const g = b(...[]); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each writing onto state every later task shares. */
export const ROUND39_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "w-date-short",
    "code": "const f = DateTime.DATE_SHORT; f.month = 'long'; return [{json:{wrote: DateTime.DATE_SHORT.month === 'long'}}];",
    "node24": true
  },
  {
    "id": "w-utc-fixed",
    "code": "const z = DateTime.utc().zone; z.fixed = 60; return [{json:{wrote: DateTime.utc().offset === 60}}];",
    "node24": true
  },
  {
    "id": "w-iana-zonename",
    "code": "const z = DateTime.now().setZone('Europe/Paris').zone; z.zoneName = 'Asia/Tokyo'; return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone.name === 'Asia/Tokyo'}}];",
    "node24": true
  },
  {
    "id": "w-weekend-push",
    "code": "const d = DateTime.fromISO('2025-06-02', {locale: 'en-US'}); d.loc.getWeekendDays().push(1); return [{json:{wrote: DateTime.fromISO('2025-06-02', {locale: 'en-US'}).isWeekend}}];",
    "node24": true
  },
  {
    "id": "w-matrix",
    "code": "const d = Duration.fromObject({years: 1}); d.matrix.years.months = 13; return [{json:{wrote: Duration.fromObject({years: 1}).shiftTo('months').months === 13}}];",
    "node24": true
  },
  {
    "id": "w-listformat",
    "code": "const lf = DateTime.now().loc.listFormatter(); lf.format = () => 'x'; return [{json:{wrote: DateTime.now().loc.listFormatter().format(['a']) === 'x'}}];",
    "node24": true
  },
  {
    "id": "w-systemzone-offset",
    "code": "const z = DateTime.local().zone; z.offset = () => 600; return [{json:{wrote: DateTime.local().offset === 600}}];",
    "node24": true
  },
  {
    "id": "w-weekinfo-firstday",
    "code": "const ws = DateTime.now().setLocale('de-DE').loc.getWeekSettings(); ws.firstDay = 3; return [{json:{wrote: DateTime.now().setLocale('de-DE').loc.getStartOfWeek() === 3}}];",
    "node24": true
  },
  {
    "id": "w-rtf",
    "code": "const r = DateTime.now().setLocale('fr').loc.relFormatter({}).rtf; r.format = () => 'pwn'; return [{json:{wrote: DateTime.now().setLocale('fr').loc.relFormatter({}).format(1,'day') === 'pwn'}}];",
    "node24": true
  },
  {
    "id": "w-datetime-static",
    "code": "DateTime.fromISOx = 1; const k = 'now'; const orig = DateTime[k]; DateTime[k] = () => orig.call(DateTime).plus({years: 10}); return [{json:{wrote: DateTime.now().year > 2030}}];",
    "node24": true
  },
  {
    "id": "w-duration-loc-proto",
    "code": "const L = Duration.fromObject({hours:1}).loc.constructor; L.prototype.isEnglish = () => false; return [{json:{wrote: Duration.fromObject({hours:1}).loc.isEnglish() === false}}];",
    "node24": true
  },
  {
    "id": "w-interval-s-zone",
    "code": "const i = Interval.fromISO('2025-01-01T00:00:00Z/2025-02-01T00:00:00Z', {setZone: true}); const z = i.start.zone; z.fixed = 30; return [{json:{wrote: DateTime.utc().offset === 30}}];",
    "node24": true
  },
  {
    "id": "w-lookupgetter-fastnumbers",
    "code": "const z = DateTime.utc().zone; const get = DateTime.utc().loc.__lookupGetter__('fastNumbers'); get.call(z); return [{json:{wrote: DateTime.utc().zone.fastNumbersCached === true}}];",
    "node24": true
  },
  {
    "id": "w-definegetter-datetime",
    "code": "DateTime.__defineGetter__('now', () => () => 1); return [{json:{wrote: DateTime.now() === 1}}];",
    "node24": true
  },
  {
    "id": "w-timeout-proto",
    "code": "const t = setTimeout(() => {}, 1); clearTimeout(t); const P = t.constructor.prototype; P.hasRef = () => 'pwn'; return [{json:{wrote: setTimeout(() => {}, 1).hasRef() === 'pwn'}}];",
    "node24": true
  },
  {
    "id": "w-immediate-proto",
    "code": "const t = setImmediate(() => {}); clearImmediate(t); t.constructor.prototype.hasRef = () => 'pwn'; return [{json:{wrote: setImmediate(() => {}).hasRef() === 'pwn'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-index",
    "code": "const m = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(); m[0] = 'XX'; return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-reverse",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().reverse(); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-fill",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().fill('pm?'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-foreach",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().forEach((v, i, a) => { a[i] = v.toLowerCase() }); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-map3",
    "code": "const out = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().map((v, i, arr) => { arr[i] = 'Z' + v; return v }); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-splice",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().splice(0, 1, 'am'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-assign",
    "code": "Object.assign(DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(), ['a.m.']); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-destructure",
    "code": "const m = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(); [m[1], m[0]] = [m[0], m[1]]; return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-copywithin",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().copyWithin(0, 1); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-sort",
    "code": "DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems().sort((a, b) => b.localeCompare(a)); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-via-duration",
    "code": "const m = Duration.fromObject({ hours: 1 }, { locale: 'en-US' }).loc.meridiems(); m.reverse(); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-forin",
    "code": "const m = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(); for (const i in m) m[i] = '?'; return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-unshift-shift",
    "code": "const m = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(); m.shift(); m.push('AM'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "w-meridiems-parse",
    "code": "const m = DateTime.fromISO('2025-01-01T09:00', { locale: 'en-US' }).loc.meridiems(); m.reverse(); return [{json:{wrote: DateTime.fromFormat('09 AM', 'hh a', { locale: 'en-US' }).hour === 21}}];",
    "node24": true
  },
  {
    "id": "w-weekend-foreach",
    "code": "const d = DateTime.fromISO('2025-06-02', { locale: 'en-US' }); d.loc.getWeekendDays().forEach((v, i, a) => { a[i] = 1 }); return [{json:{wrote: DateTime.fromISO('2025-06-02', { locale: 'en-US' }).isWeekend}}];",
    "node24": true
  },
  {
    "id": "w-matrix-assign",
    "code": "Object.assign(Duration.fromObject({ years: 1 }).matrix.years, { months: 13 }); return [{json:{wrote: Duration.fromObject({ years: 1 }).shiftTo('months').months === 13}}];",
    "node24": true
  },
  {
    "id": "w-matrix-foreach",
    "code": "const y = Duration.fromObject({ years: 1 }).matrix.years; Object.keys(y).forEach(k => { y[k] = 1 }); return [{json:{wrote: Duration.fromObject({ years: 1 }).shiftTo('months').months === 1}}];",
    "node24": true
  }
];

/** Everyday bodies and controls: the oracle sees nothing obtained, nothing written, no error. */
export const ROUND39_EVERYDAY: RoundEntry[] = [
  {
    "id": "e-map",
    "code": "return items.map(i => ({ json: { ...i.json, name: i.json.name.toUpperCase(), created: DateTime.fromISO('2025-06-01').toFormat('yyyy-LL-dd') } }));",
    "node24": true
  },
  {
    "id": "e-now-format",
    "code": "const d = DateTime.now().setZone('Europe/Berlin'); return [{json:{week: d.weekNumber, day: d.toFormat('cccc'), rel: d.minus({days: 3}).toRelative({base: d}), wkend: d.isWeekend}}];",
    "node24": true
  },
  {
    "id": "e-intl",
    "code": "const nf = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }); return items.map(i => ({ json: { price: nf.format(i.json.score * 1.19), parts: nf.formatToParts(1).map(p => p.type) } }));",
    "node24": true
  },
  {
    "id": "e-class",
    "code": "class Acc { #sum = 0; add(x) { this.#sum += x; return this } get total() { return this.#sum } static of(xs) { const a = new Acc(); xs.forEach(x => a.add(x)); return a } } return [{json:{total: Acc.of(items.map(i => i.json.score)).total}}];",
    "node24": true
  },
  {
    "id": "e-async",
    "code": "const wait = ms => new Promise(r => setTimeout(r, ms)); const out = []; for (const i of items) { await wait(1); out.push({ json: { id: i.json.id, tags: i.json.tags.join(', ') } }) } return out;",
    "node24": true
  },
  {
    "id": "e-regex",
    "code": "return items.map(i => { const m = /^(\\w+)@(\\w+)\\.com$/.exec(i.json.email); return { json: { user: m ? m[1] : null, domain: m?.[2] ?? null, slug: i.json.name.toLowerCase().replace(/\\s+/g, '-') } } });",
    "node24": true
  },
  {
    "id": "e-trycatch-json",
    "code": "const out = []; for (const s of ['{\"a\":1}', 'bad']) { try { out.push(JSON.parse(s)) } catch (e) { out.push({ error: e.message }) } } return [{json:{out}}];",
    "node24": true
  },
  {
    "id": "e-group",
    "code": "const groups = {}; for (const { json } of items) { for (const t of json.tags) (groups[t] ??= []).push(json.id) } return Object.entries(groups).map(([tag, ids]) => ({ json: { tag, ids, count: ids.length } }));",
    "node24": true
  },
  {
    "id": "e-duration",
    "code": "const d = Duration.fromObject({ minutes: 135 }).shiftTo('hours', 'minutes'); const iv = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-03-01')); return [{json:{d: d.toHuman(), days: iv.length('days'), h: d.toFormat('hh:mm')}}];",
    "node24": true
  },
  {
    "id": "e-datefmt",
    "code": "const df = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }); return [{json:{s: df.format(new Date($now)), opts: df.resolvedOptions().timeZone}}];",
    "node24": true
  },
  {
    "id": "e-sum-reduce",
    "code": "const total = items.reduce((s, i) => s + (i.json.score ?? 0), 0); return [{ json: { total, avg: total / items.length, max: Math.max(...items.map(i => i.json.score)) } }];",
    "node24": true
  },
  {
    "id": "e-each-item",
    "code": "const j = $json; return { json: { ...j, initials: j.name.split(' ').map(p => p[0]).join(''), at: DateTime.fromISO('2025-06-01T10:00:00Z').setZone('America/New_York').toISO() } };",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "e-dedupe",
    "code": "const seen = new Set(); const out = []; for (const it of $input.all()) { const k = it.json.email.toLowerCase(); if (seen.has(k)) continue; seen.add(k); out.push(it) } return out;",
    "node24": true
  },
  {
    "id": "e-weekdays-list",
    "code": "const d = DateTime.fromISO('2025-06-02'); const names = []; for (let i = 0; i < 7; i++) names.push(d.plus({ days: i }).toFormat('ccc')); return [{json:{names, start: d.startOf('week').toISODate(), end: d.endOf('month').toISODate()}}];",
    "node24": true
  },
  {
    "id": "e-relative",
    "code": "const base = DateTime.fromISO('2025-06-01T12:00:00Z'); return items.map((it, i) => ({ json: { id: it.json.id, ago: base.minus({ hours: i * 5 + 1 }).toRelative({ base }), cal: base.minus({ days: i }).toRelativeCalendar({ base }) } }));",
    "node24": true
  },
  {
    "id": "e-diff",
    "code": "const a = DateTime.fromISO('2025-01-15'); const b = DateTime.fromISO('2025-06-01'); const diff = b.diff(a, ['months', 'days']).toObject(); return [{json:{diff, iso: b.diff(a).toISO(), days: Math.floor(b.diff(a, 'days').days)}}];",
    "node24": true
  },
  {
    "id": "e-csv",
    "code": "const header = ['id', 'name', 'email']; const rows = items.map(i => header.map(h => JSON.stringify(String(i.json[h] ?? ''))).join(',')); return [{ json: { csv: [header.join(','), ...rows].join('\\n') } }];",
    "node24": true
  },
  {
    "id": "e-buffer-b64",
    "code": "return items.map(i => ({ json: { token: Buffer.from(i.json.email, 'utf8').toString('base64'), back: Buffer.from(Buffer.from(i.json.email).toString('base64'), 'base64').toString() } }));",
    "node24": true
  },
  {
    "id": "e-intl-plural",
    "code": "const pr = new Intl.PluralRules('en-US'); const lf = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }); return [{json:{p: pr.select(1), list: lf.format(items.map(i => i.json.name)), rtf: new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')}}];",
    "node24": true
  },
  {
    "id": "e-map-obj",
    "code": "const byId = new Map(items.map(i => [i.json.id, i.json])); const lookup = Object.fromEntries([...byId].map(([k, v]) => [k, v.name])); return [{json:{lookup, has2: byId.has(2), keys: [...byId.keys()]}}];",
    "node24": true
  },
  {
    "id": "e-sort-locale",
    "code": "const sorted = [...items].sort((a, b) => a.json.name.localeCompare(b.json.name, 'de', { sensitivity: 'base' })); return sorted.map(i => ({ json: { name: i.json.name } }));",
    "node24": true
  },
  {
    "id": "e-generator",
    "code": "function* chunks(arr, n) { for (let i = 0; i < arr.length; i += n) yield arr.slice(i, i + n) } return [...chunks(items, 1)].map((c, i) => ({ json: { batch: i, ids: c.map(x => x.json.id) } }));",
    "node24": true
  },
  {
    "id": "e-optional",
    "code": "return items.map(i => ({ json: { first: i.json.tags?.[0] ?? 'none', len: i.json.tags?.length ?? 0, upper: i.json.missing?.toUpperCase?.() ?? null } }));",
    "node24": true
  },
  {
    "id": "e-meridiem-format",
    "code": "const d = DateTime.fromISO('2025-06-01T15:30:00', { locale: 'en-US' }); return [{json:{t: d.toFormat('h:mm a'), mer: d.loc.meridiems ? 'x' : 'y', full: d.toLocaleString(DateTime.DATETIME_MED)}}];",
    "node24": true
  },
  {
    "id": "e-error-subclass",
    "code": "class ValidationError extends Error { constructor(msg, field) { super(msg); this.name = 'ValidationError'; this.field = field; if (Error.captureStackTrace) Error.captureStackTrace(this, ValidationError) } } const out = []; for (const i of items) { try { if (!i.json.email.includes('@')) throw new ValidationError('bad', 'email'); out.push({ json: { ok: true } }) } catch (e) { out.push({ json: { ok: false, field: e.field } }) } } return out;",
    "node24": true
  },
  {
    "id": "e-getproto",
    "code": "const o = { a: 1 }; const isPlain = v => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype; return [{json:{plain: isPlain($json), plainO: isPlain(o), arr: isPlain([])}}];",
    "node24": true
  },
  {
    "id": "e-defineprop",
    "code": "const out = {}; Object.defineProperty(out, 'hidden', { value: 1, enumerable: false }); for (const [k, v] of Object.entries($json)) if (typeof v !== 'object') out[k] = v; return [{json:{...out, keys: Reflect.ownKeys(out).length}}];",
    "node24": true
  },
  {
    "id": "e-iterable-class",
    "code": "class Range { constructor(a, b) { this.a = a; this.b = b } *[Symbol.iterator]() { for (let i = this.a; i < this.b; i++) yield i } } return [{json:{r: [...new Range(1, 5)], sum: Array.from(new Range(0, 4)).reduce((x, y) => x + y, 0)}}];",
    "node24": true
  },
  {
    "id": "e-getter-setter",
    "code": "class Temp { #c = 0; get f() { return this.#c * 9 / 5 + 32 } set f(v) { this.#c = (v - 32) * 5 / 9 } static { Temp.zero = new Temp() } } const t = new Temp(); t.f = 212; return [{json:{c: Math.round(t.f), z: Temp.zero.f}}];",
    "node24": true
  },
  {
    "id": "e-jsdate",
    "code": "const d = new Date('2025-06-01T12:00:00Z'); const dt = DateTime.fromJSDate(d, { zone: 'utc' }); return [{json:{a: d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }), b: dt.toFormat('DDD'), c: Duration.fromMillis(90061000).toFormat(\"d'd' h'h' m'm'\"), q: dt.quarter}}];",
    "node24": true
  },
  {
    "id": "e-formattoparts",
    "code": "const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(Date.UTC(2025, 5, 1))); const m = Object.fromEntries(parts.filter(p => p.type !== 'literal').map(p => [p.type, p.value])); return [{json:{ymd: m.year + m.month + m.day}}];",
    "node24": true
  },
  {
    "id": "e-string-helpers",
    "code": "const slug = s => s.normalize('NFKD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''); return items.map(i => ({ json: { slug: slug(i.json.name + ' Café'), pad: String(i.json.id).padStart(5, '0'), t: i.json.name.at(-1), rep: 'ab'.repeat(2) } }));",
    "node24": true
  },
  {
    "id": "e-deep-clone",
    "code": "const copy = JSON.parse(JSON.stringify(items)); copy[0].json.tags.push('x'); const merged = items.map((it, i) => ({ json: { ...it.json, extra: copy[i].json.tags.length } })); return merged;",
    "node24": true
  },
  {
    "id": "e-async-all",
    "code": "const work = async (i) => { await new Promise(r => setTimeout(r, 2)); return { json: { id: i.json.id, double: i.json.score * 2 } } }; const res = await Promise.allSettled(items.map(work)); return res.filter(r => r.status === 'fulfilled').map(r => r.value);",
    "node24": true
  },
  {
    "id": "e-luxon-info-ish",
    "code": "const d = DateTime.fromISO('2025-06-01', { locale: 'fr' }); return [{json:{m: d.toFormat('MMMM'), w: d.weekdayLong, loc: d.locale, off: d.setZone('Europe/Paris').offsetNameShort, days: d.daysInMonth, ok: d.isValid, iv: Interval.after(d, { weeks: 1 }).toFormat('dd/LL')}}];",
    "node24": true
  },
  {
    "id": "e-static-data",
    "code": "const sd = $getWorkflowStaticData('global'); const last = sd.lastId ?? 0; const fresh = items.filter(i => i.json.id > last); if (fresh.length) sd.lastId = Math.max(...fresh.map(i => i.json.id)); return fresh;",
    "node24": true
  },
  {
    "id": "e-console-log",
    "code": "console.log('processing', items.length); const out = items.map(i => ({ json: { id: i.json.id } })); console.log(out); return out;",
    "node24": true
  },
  {
    "id": "e-arguments-fn",
    "code": "function joinAll() { return Array.prototype.slice.call(arguments).join('|') } return [{json:{j: joinAll(...items.map(i => i.json.name))}}];",
    "node24": true
  },
  {
    "id": "e-node-accessor",
    "code": "const first = $('Webhook').first().json; const all = $input.all().map(i => i.json.id); return [{json:{firstName: first.name, all, idx: $input.first().json.id}}];",
    "node24": true
  }
];

/** Everyday bodies the reflection policy reports (a reflection function called is a capability use). */
export const ROUND39_REPORTED: string[] = ["e-getproto","e-defineprop"];
