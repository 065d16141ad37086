// Round 33 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 32's fixes and
// the trust in Node's timers, aimed at luxon's lookups by caller-chosen strings and at Node's timers; 216 bodies, 156
// kept, each re-checked by the oracle under n8n's Node 24 (a control without the trick for every write). 41 bypasses
// (immediate-queue-corruption 5, timer-list-corruption 36), all one mechanism: the code writes any value
// into its own timer's _idlePrev or _idleNext (assignment, Object.assign, computed keys, ++, destructuring, in a class or
// a debounce helper), then hands the timer back to Node (clearTimeout, clearInterval, close, dispose, refresh, unref,
// clearImmediate): Node's unlink copies the value into the timer list every later setTimeout of that duration joins, or
// into the immediate queue (no later setImmediate of the runner fires); a primitive there crashes the runner when the
// list comes due. Fixed at the write (policy.ts TIMER_LIST_FIELDS: a timer's _idlePrev, _idleNext, _idleTimeout and
// _idleStart are Node's lists, a write to one is a change every later task sees). The round's 3 false positives (a
// timer's hasRef(), a refreshed timer after a sleep) were already proven pure by the timer's fields under their keys.
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses: each writes into the timer list or immediate queue every later task's timers join (`wrote: true`; its control shows false). */
export const ROUND33_WRITES: ChangeEntry[] = [
  {
    "id": "imm-prev-arr",
    "code": "const im = setImmediate(() => {}); const mine = [];\nim._idlePrev = mine; clearImmediate(im);\nreturn [{json:{wrote: await Promise.race([new Promise(r => setImmediate(() => r(false))), new Promise(r => setTimeout(() => r(true), 60))])}}]",
    "node24": true
  },
  {
    "id": "imm-prev-assign",
    "code": "const im = setImmediate(() => {}); const mine = {};\nObject.assign(im, { _idlePrev: mine }); clearImmediate(im);\nreturn [{json:{wrote: await Promise.race([new Promise(r => setImmediate(() => r(false))), new Promise(r => setTimeout(() => r(true), 60))])}}]",
    "node24": true
  },
  {
    "id": "imm-prev-computed",
    "code": "const im = setImmediate(() => {}); const mine = {}; const k = '_idle' + 'Prev';\nim[k] = mine; clearImmediate(im);\nreturn [{json:{wrote: await Promise.race([new Promise(r => setImmediate(() => r(false))), new Promise(r => setTimeout(() => r(true), 60))])}}]",
    "node24": true
  },
  {
    "id": "imm-prev-dispose",
    "code": "const im = setImmediate(() => {}); const mine = {};\nim._idlePrev = mine; im[Symbol.dispose]();\nreturn [{json:{wrote: await Promise.race([new Promise(r => setImmediate(() => r(false))), new Promise(r => setTimeout(() => r(true), 60))])}}]",
    "node24": true
  },
  {
    "id": "imm-prev-obj",
    "code": "const im = setImmediate(() => {}); const mine = {};\nim._idlePrev = mine; clearImmediate(im);\nreturn [{json:{wrote: await Promise.race([new Promise(r => setImmediate(() => r(false))), new Promise(r => setTimeout(() => r(true), 60))])}}]",
    "node24": true
  },
  {
    "id": "tl-arrow-clear",
    "code": "const t = setTimeout(() => {}, 7012);\nconst stop = (h) => clearTimeout(h); t._idlePrev = 1; try { stop(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7012); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-assign",
    "code": "const t = setTimeout(() => {}, 7001);\nObject.assign(t, { _idlePrev: 1 }); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7001); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-clearinterval",
    "code": "const t = setTimeout(() => {}, 7005);\nt._idlePrev = 1; try { clearInterval(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7005); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-compound",
    "code": "const t = setTimeout(() => {}, 7106);\nt._idlePrev = 'a'; t._idlePrev += 'b'; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7106); return u._idlePrev._idlePrev === 'ab' })()}}]",
    "node24": true
  },
  {
    "id": "tl-computed-key",
    "code": "const t = setTimeout(() => {}, 7003);\nconst k = ['_idle', 'Prev'].join(''); t[k] = 1; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7003); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-debounce",
    "code": "let h = null; const debounce = (fn, ms) => (...a) => { if (h) { try { clearTimeout(h) } catch (e) {} } h = setTimeout(() => fn(...a), ms); return h };\nconst d = debounce(() => {}, 7104); d()._idlePrev = 1; d();\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7104); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-destructure-target",
    "code": "const t = setTimeout(() => {}, 7107);\n[t._idlePrev] = [1]; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7107); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-dispose",
    "code": "const t = setTimeout(() => {}, 7006);\nt._idlePrev = 1; try { t[Symbol.dispose]() } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7006); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-entries-loop",
    "code": "const meta = { _idlePrev: 1 }; const t = setTimeout(() => {}, 7102);\nfor (const [k, v] of Object.entries(meta)) t[k] = v; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7102); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-fake-on-timeout",
    "code": "const t = setTimeout(() => {}, 7018); const mine = { _idleStart: -1e9, _onTimeout() {} };\nt._idlePrev = mine; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7018); return u._idlePrev._idlePrev === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-foreach-keys",
    "code": "const t = setTimeout(() => {}, 7010);\n['_idlePrev'].forEach((k) => { t[k] = 1 }); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7010); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-in-class",
    "code": "class Sleeper { constructor(ms) { this.h = setTimeout(() => {}, ms) } cancel() { clearTimeout(this.h) } }; const s = new Sleeper(7011);\ns.h._idlePrev = 1; try { s.cancel() } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7011); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-increment",
    "code": "const t = setTimeout(() => {}, 7105);\nt._idlePrev = 0; t._idlePrev++; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7105); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-json-key",
    "code": "const t = setTimeout(() => {}, 7113);\nt[$json.name.length > 0 ? '_idlePrev' : 'q'] = 1; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7113); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-map-stored",
    "code": "const timers = new Map(); timers.set('a', setTimeout(() => {}, 7013));\ntimers.get('a')._idlePrev = 1; try { clearTimeout(timers.get('a')) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7013); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-next-obj",
    "code": "const t = setTimeout(() => {}, 7777); const mine = { _idleStart: 0, _onTimeout() {} };\nt._idleNext = mine; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); return u._idlePrev._idleNext === mine || u._idleNext === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-next-obj-close",
    "code": "const t = setTimeout(() => {}, 7110); const mine = {};\nt._idleNext = mine; t.close();\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7110); return u._idleNext === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-next-obj-interval",
    "code": "const t = setInterval(() => {}, 7109); const mine = {};\nt._idleNext = mine; clearInterval(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7109); return u._idleNext === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-null-prev",
    "code": "const t = setTimeout(() => {}, 7015);\nt._idlePrev = null; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7015); return u._idlePrev._idlePrev === null })()}}]",
    "node24": true
  },
  {
    "id": "tl-obj-destructure-target",
    "code": "const t = setTimeout(() => {}, 7108);\n({ v: t._idlePrev } = { v: 1 }); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7108); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-opts-assign",
    "code": "const opts = { _idlePrev: 1, label: 'job' }; const t = setTimeout(() => {}, 7101);\nObject.assign(t, opts); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7101); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-other-timer",
    "code": "const t = setTimeout(() => {}, 7017); const v = setTimeout(() => {}, 50);\nt._idlePrev = v; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7017); return u._idlePrev._idlePrev === v })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-arr",
    "code": "const t = setTimeout(() => {}, 7016); const mine = [];\nt._idlePrev = mine; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7016); return u._idlePrev._idlePrev === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-date",
    "code": "const t = setTimeout(() => {}, 7114); const d = new Date(0);\nt._idlePrev = d; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7114); return u._idlePrev._idlePrev === d })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-func",
    "code": "const t = setTimeout(() => {}, 7118); const f = function () {};\nt._idlePrev = f; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7118); return u._idlePrev._idlePrev === f })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-items",
    "code": "const t = setTimeout(() => {}, 7117);\nt._idlePrev = items[0].json; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7117); return u._idlePrev._idlePrev === items[0].json })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-map",
    "code": "const t = setTimeout(() => {}, 7116); const m = new Map();\nt._idlePrev = m; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7116); return u._idlePrev._idlePrev === m })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-obj",
    "code": "const t = setTimeout(() => {}, 7777); const mine = { _idleStart: 0, _onTimeout() {} };\nt._idlePrev = mine; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); return u._idlePrev._idlePrev === mine })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-prim",
    "code": "const t = setTimeout(() => {}, 7777);\nt._idlePrev = 1; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-prim-refresh",
    "code": "const t = setTimeout(() => {}, 7777);\nt._idlePrev = 1; try { t.refresh() } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-prim-unref",
    "code": "const t = setTimeout(() => {}, 7777);\nt._idlePrev = 1; try { t.close() } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-str",
    "code": "const t = setTimeout(() => {}, 7777);\nt._idlePrev = 'x'; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7777); return u._idlePrev._idlePrev === 'x' })()}}]",
    "node24": true
  },
  {
    "id": "tl-promise-sleep",
    "code": "let h; const sleep = (ms) => new Promise((r) => { h = setTimeout(r, ms) });\nsleep(7111); h._idlePrev = 1; try { clearTimeout(h) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7111); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-setinterval",
    "code": "const t = setInterval(() => {}, 7007);\nt._idlePrev = 1; try { clearInterval(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7007); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-ternary",
    "code": "const t = setTimeout(() => {}, 7112); const flag = $json.id === 1;\nt[flag ? '_idlePrev' : 'x'] = 1; try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7112); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-unref-refresh",
    "code": "const t = setTimeout(() => {}, 7008);\nt._idlePrev = 1; try { t.unref(); t.refresh() } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7008); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  }
];

/** Attempts the analysis reported when the round was written: those that obtain a capability, those that write onto shared state. */
export const ROUND33_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "item-destr",
    "code": "const { $env: e } = $item(1); return [{json:{s: e.DB_PASSWORD}}]",
    "node24": true
  },
  {
    "id": "item-entries-log",
    "code": "console.log(Object.entries($item(0))); return [{json:{}}]",
    "node24": true
  },
  {
    "id": "item-env",
    "code": "return [{json:{s: $item(0).$env.DB_PASSWORD}}]",
    "node24": true
  },
  {
    "id": "item-env-key",
    "code": "const k = ['$', 'env'].join(''); return [{json:{s: $item(0)[k].DB_PASSWORD}}]",
    "node24": true
  },
  {
    "id": "item-evaluate",
    "code": "return [{json:{v: $item(0).$evaluateExpression('{{$env.X}}')}}]",
    "node24": true
  },
  {
    "id": "item-json-stringify",
    "code": "return [{json:{s: JSON.stringify($item(0))}}]",
    "node24": true
  },
  {
    "id": "item-log",
    "code": "console.log([$item(0)]); return [{json:{}}]",
    "node24": true
  },
  {
    "id": "item-values",
    "code": "const v = Object.values($item(0)); return [{json:{v: v.filter(x => x && typeof x === 'object' && 'DB_PASSWORD' in x).map(x => x.DB_PASSWORD)}}]",
    "node24": true
  },
  {
    "id": "log-global-arr",
    "code": "console.log([globalThis]); return [{json:{}}]",
    "node24": true
  },
  {
    "id": "log-this-arr",
    "code": "console.log([this]); return [{json:{}}]",
    "node24": true
  },
  {
    "id": "mapendpoints-this",
    "code": "let g; const i = Interval.after(DateTime.now(), {hours:1}); i.mapEndpoints(function(e){ g = this; return e }); return [{json:{g}}]",
    "node24": true
  },
  {
    "id": "mapunits-env",
    "code": "let g; Duration.fromObject({hours:1}).mapUnits(function(x){ g = this.$env.DB_PASSWORD; return x }); return [{json:{g}}]",
    "node24": true
  },
  {
    "id": "mapunits-this",
    "code": "let g; Duration.fromObject({hours:1}).mapUnits(function(x){ g = this; return x }); return [{json:{g}}]",
    "node24": true
  },
  {
    "id": "plant-env",
    "code": "const box = {}; const t = setTimeout(() => {}, 30); t._idlePrev = { _idleStart: 0, _onTimeout() { box.g = $env.DB_PASSWORD } }; clearTimeout(t); await new Promise(r => setTimeout(r, 80)); return [{json: {g: box.g}}]",
    "node24": true
  },
  {
    "id": "static-store-fn",
    "code": "$getWorkflowStaticData('global').x = $item(0); return [{json:{}}]",
    "node24": true
  },
  {
    "id": "static-store-proxy",
    "code": "const s = $getWorkflowStaticData('global'); Object.assign(s, $item(0)); return [{json:{}}]",
    "node24": true
  }
];
export const ROUND33_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "array-from-values",
    "code": "Array.from(Object.values(DateTime.now()), x => x)[1].pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "arrfrom-dt-get",
    "code": "const dt = DateTime.now(); Array.from(['zone'], dt.get, dt)[0].pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "assign-dur-matrix",
    "code": "const d = Object.assign({}, Duration.fromObject({hours:1})); d.matrix.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "bind-get",
    "code": "const dt = DateTime.now(); dt.get.bind(dt)('zone').pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "call-call-get",
    "code": "const dt = DateTime.now(); Function.prototype.call.call(dt.get, dt, 'zone').pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "desc-dur-matrix",
    "code": "Object.getOwnPropertyDescriptors(Duration.fromObject({hours:1})).matrix.value.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "destr-dur-matrix",
    "code": "const { matrix } = Duration.fromObject({hours:1}); matrix.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "dt-equals-fake",
    "code": "const box = {}; const real = DateTime.now(); DateTime.prototype.equals.call({ isValid: true, valueOf: () => real.valueOf(), zone: { equals: (z) => (box.z = z, true) }, loc: { equals: () => true } }, real); box.z.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "dt-get-ctor",
    "code": "DateTime.now().get('constructor').pwn = 1;\nreturn [{json:{wrote: DateTime.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "dt-get-lowercase",
    "code": "DateTime.now().get('CONSTRUCTOR'.toLowerCase()).pwn = 1;\nreturn [{json:{wrote: DateTime.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "dt-get-zone",
    "code": "DateTime.now().get('zone').pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "dtclass-via-inst",
    "code": "DateTime.now().constructor.pwn = 1;\nreturn [{json:{wrote: DateTime.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "dtclass-write",
    "code": "DateTime.pwn = 1;\nreturn [{json:{wrote: DateTime.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "entries-dur-matrix",
    "code": "const m = Object.entries(Duration.fromObject({hours:1})).find(([k]) => k === 'matrix')[1]; m.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "err-ctor-proto",
    "code": "try { DateTime.now().startOf('nope') } catch (e) { e.constructor.prototype.pwn = 1 }\nreturn [{json:{wrote: (() => { try { DateTime.now().endOf('nope2') } catch (e) { return e.pwn === 1 } })()}}]",
    "node24": true
  },
  {
    "id": "err-proto-chain",
    "code": "try { Duration.fromObject({ nope: 1 }) } catch (e) { e.constructor.prototype.constructor.prototype.pwn = 1 }\nreturn [{json:{wrote: (() => { try { Duration.fromObject({ nope2: 1 }) } catch (e) { return e.pwn === 1 } })()}}]",
    "node24": true
  },
  {
    "id": "explain-zone",
    "code": "DateTime.fromFormatExplain('2020 America/New_York', 'yyyy z').zone.pwn = 1;\nreturn [{json:{wrote: DateTime.now().setZone('America/New_York').zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "explain-zone2",
    "code": "const e = DateTime.fromFormatExplain('2020 America/New_York', 'yyyy z'); const z = e['zo' + 'ne']; z.pwn = 1;\nreturn [{json:{wrote: DateTime.now().setZone('America/New_York').zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "forin-dur-matrix",
    "code": "const d = Duration.fromObject({hours:1}); for (const k in d) { if (k === 'matrix') d[k].days.hours = 48 }\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "getter-get",
    "code": "const dt = DateTime.now(); const o = { get zone() { return dt.get('zone') } }; o.zone.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "iana-write",
    "code": "DateTime.now().setZone('America/New_York').zone.pwn = 1;\nreturn [{json:{wrote: DateTime.utc().setZone('America/New_York').zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "interval-s-zone",
    "code": "Interval.after(DateTime.now(), {hours:1}).s._zone.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "invalid-explain",
    "code": "const inv = DateTime.invalid('x'); inv.invalid.constructor.prototype.pwn = 1;\nreturn [{json:{wrote: DateTime.invalid('y').invalid.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "iso-z-utc",
    "code": "DateTime.fromISO('2020-01-01T00:00:00Z', {setZone: true}).zone.pwn = 1;\nreturn [{json:{wrote: DateTime.utc().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "json-reviver",
    "code": "let z; JSON.parse('{\"a\":1}', function(k, v){ return v }); const o = DateTime.now(); Object.keys(o).forEach(k => { if (k === '_zone') o[k].pwn = 1 });\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "locale-class",
    "code": "DateTime.now().loc.constructor.prototype.pwn = 1;\nreturn [{json:{wrote: DateTime.local().loc.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "map-dt-get",
    "code": "const dt = DateTime.now(); ['zone'].map(dt.get, dt)[0].pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "map-from-dt",
    "code": "new Map(Object.entries(DateTime.now())).get('_zone').pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "matrix-inner",
    "code": "Duration.fromObject({hours:1}).matrix.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "matrix-write",
    "code": "Duration.fromObject({hours:1}).matrix.pwn = 1;\nreturn [{json:{wrote: Duration.fromObject({days:1}).matrix.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "merge-overlaps",
    "code": "const box = {}; const i1 = Interval.after(DateTime.now(), {hours: 1}); const fake = { s: 1, e: 2, overlaps(x) { box.x = x; return false }, abutsStart() { return false } }; try { Interval.merge([fake, i1]) } catch (e) {} box.x.s._zone.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "proto-get",
    "code": "const g = DateTime.prototype.get; g.call(DateTime.now(), 'zone').pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "replace-cb-get",
    "code": "const dt = DateTime.now(); 'zone'.replace(/zone/, (m) => { dt.get(m).pwn = 1; return m });\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "spread-dt-zone",
    "code": "({...DateTime.now()})._zone.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "spread-dur-matrix",
    "code": "const d = {...Duration.fromObject({hours:1})}; d.matrix.days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "sysz-write",
    "code": "DateTime.now().zone.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "then-get",
    "code": "const dt = DateTime.now(); const z = await Promise.resolve('zone').then(dt.get.bind(dt)); z.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "timeout-proto-ctor",
    "code": "setTimeout(()=>{},1).constructor.prototype.pwn = 1;\nreturn [{json:{wrote: setTimeout(()=>{},1).pwn === 1}}]",
    "node24": true
  },
  {
    "id": "tl-array-timers",
    "code": "const hs = [setTimeout(() => {}, 7103), setTimeout(() => {}, 7103)];\nhs[0]._idlePrev = 1; try { hs.forEach(clearTimeout) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7103); return u._idlePrev._idlePrev === 1 || u._idleNext === 1 || (u._idleNext && u._idleNext._idlePrev === 1) })()}}]",
    "node24": true
  },
  {
    "id": "tl-prev-luxon",
    "code": "const t = setTimeout(() => {}, 7115); const d = DateTime.fromMillis(0);\nt._idlePrev = d; clearTimeout(t);\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7115); return u._idlePrev._idlePrev === d })()}}]",
    "node24": true
  },
  {
    "id": "tl-reflect-define",
    "code": "const t = setTimeout(() => {}, 7004);\nReflect.defineProperty(t, '_idlePrev', { value: 1, writable: true, configurable: true }); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7004); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "tl-reflect-set",
    "code": "const t = setTimeout(() => {}, 7002);\nReflect.set(t, '_idlePrev', 1); try { clearTimeout(t) } catch (e) {}\nreturn [{json:{wrote: (() => { const u = setTimeout(() => {}, 7002); const r = u._idlePrev._idlePrev === 1; clearTimeout(u); return r })()}}]",
    "node24": true
  },
  {
    "id": "utc-write",
    "code": "DateTime.utc().zone.pwn = 1;\nreturn [{json:{wrote: DateTime.now().toUTC().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "values-dt-zone",
    "code": "Object.values(DateTime.now())[1].pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "values-dur-matrix",
    "code": "Object.values(Duration.fromObject({hours:1}))[4].days.hours = 48;\nreturn [{json:{wrote: Duration.fromObject({days:1}).as('hours') === 48}}]",
    "node24": true
  },
  {
    "id": "zone-equals-clone",
    "code": "let grab; const fz = { type: 'fake', name: 'Fake', isUniversal: true, isValid: true, offset() { return 0 }, offsetName() { return 'F' }, formatOffset() { return '+00:00' }, equals(z) { grab = z; return false } }; const fake = { isValid: true, ts: 0, zone: fz, c: {}, o: 0, loc: DateTime.now().loc, invalid: null }; try { DateTime.prototype.setZone.call(fake, 'UTC') } catch (e) {} grab.pwn = 1;\nreturn [{json:{wrote: DateTime.utc().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "zone-equals-hassame",
    "code": "let grab; const fz = { type: 'fake', name: 'Fake', isUniversal: true, isValid: true, offset() { return 0 }, offsetName() { return 'F' }, formatOffset() { return '+00:00' }, equals(z) { grab = z; return false } }; const other = { zone: fz, valueOf() { return 0 }, isValid: true }; try { DateTime.now().hasSame(other, 'day') } catch (e) {} grab.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "zone-equals-local",
    "code": "let grab; DateTime.local().setZone({ offset: () => 0, equals(z) { grab = z; return true } }); grab.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "zone-equals-setzone",
    "code": "let grab; DateTime.now().setZone({ type: 'fake', name: 'Fake', isUniversal: true, isValid: true, offset() { return 0 }, offsetName() { return 'F' }, formatOffset() { return '+00:00' }, equals(z) { grab = z; return false } }); grab.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "zone-equals-store",
    "code": "const box = {}; DateTime.now().setZone({ offset: () => 0, equals: (z) => (box.z = z, true) }); box.z.pwn = 1;\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  },
  {
    "id": "zone-via-destructure-get",
    "code": "const { get } = DateTime.now(); try { get.call(DateTime.now(), 'zone').pwn = 1 } catch (e) {}\nreturn [{json:{wrote: DateTime.local().zone.pwn === 1}}]",
    "node24": true
  }
];

/** The round's everyday bodies: its false positives (3), then its pure bodies; every one is proven pure. */
export const ROUND33_EVERYDAY: RoundEntry[] = [
  {
    "id": "ev-timer-hasref-only",
    "code": "const h = setTimeout(() => {}, 50); const active = h.hasRef(); clearTimeout(h); return [{ json: { active } }]",
    "node24": true
  },
  {
    "id": "ev-timer-refresh",
    "code": "let fired = 0; const h = setTimeout(() => fired++, 10); await new Promise(r => setTimeout(r, 5)); h.refresh(); await new Promise(r => setTimeout(r, 30)); return [{ json: { fired } }]",
    "node24": true
  },
  {
    "id": "ev-timer-unref",
    "code": "const h = setTimeout(() => {}, 1000); h.unref(); const r = h.hasRef(); clearTimeout(h); return [{ json: { r } }]",
    "node24": true
  },
  {
    "id": "ev-async-parallel",
    "code": "const sleep = (ms, v) => new Promise(r => setTimeout(() => r(v), ms)); const res = await Promise.all(items.map((i, k) => sleep(5 * k, i.json.id))); return [{ json: { res } }]",
    "node24": true
  },
  {
    "id": "ev-class",
    "code": "class Invoice { constructor(id, amount) { this.id = id; this.amount = amount } get vat() { return Math.round(this.amount * 0.19 * 100) / 100 } toJSON() { return { id: this.id, amount: this.amount, vat: this.vat } } } return items.map(i => ({ json: new Invoice(i.json.id, i.json.score).toJSON() }))",
    "node24": true
  },
  {
    "id": "ev-console-log",
    "code": "console.log('processing', items.length); console.log({ first: $json.name }); return items",
    "node24": true
  },
  {
    "id": "ev-debounce",
    "code": "function debounce(fn, ms) { let h; return (...a) => { clearTimeout(h); h = setTimeout(() => fn(...a), ms) } } let calls = 0; const d = debounce(() => calls++, 10); d(); d(); d(); await new Promise(r => setTimeout(r, 40)); return [{ json: { calls } }]",
    "node24": true
  },
  {
    "id": "ev-dt-from-js",
    "code": "const d = new Date('2024-02-29T12:00:00Z'); const dt = DateTime.fromJSDate(d).toUTC(); return [{ json: { leap: dt.isInLeapYear, q: dt.quarter, wn: dt.weekNumber, iso: dt.toISO() } }]",
    "node24": true
  },
  {
    "id": "ev-each-item",
    "code": "return { json: { ...$json, at: DateTime.fromISO('2024-01-01').plus({ days: $itemIndex }).toISODate() } }",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ev-group-by",
    "code": "const groups = {}; for (const i of items) { const k = i.json.tags[0] ?? 'none'; (groups[k] ??= []).push(i.json.id) } return Object.entries(groups).map(([tag, ids]) => ({ json: { tag, ids } }))",
    "node24": true
  },
  {
    "id": "ev-immediate-yield",
    "code": "const out = []; for (const i of items) { out.push({ json: { id: i.json.id } }); await new Promise(r => setImmediate(r)) } return out",
    "node24": true
  },
  {
    "id": "ev-interval-poll",
    "code": "let n = 0; await new Promise(r => { const h = setInterval(() => { n++; if (n === 3) { clearInterval(h); r() } }, 5) }); return [{ json: { n } }]",
    "node24": true
  },
  {
    "id": "ev-json-parse",
    "code": "const raw = '{\"a\":[1,2,3],\"b\":{\"c\":\"d\"}}'; const o = JSON.parse(raw); return [{ json: { sum: o.a.reduce((s, x) => s + x, 0), c: o.b.c, s: JSON.stringify(o) } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-business-days",
    "code": "function addBusinessDays(dt, n) { let d = dt; while (n > 0) { d = d.plus({ days: 1 }); if (d.weekday < 6) n-- } return d } return [{ json: { due: addBusinessDays(DateTime.fromISO('2024-06-07'), 3).toISODate() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-diff",
    "code": "const a = DateTime.fromISO('2024-01-01'); const b = DateTime.fromISO('2024-03-15'); return [{ json: { days: b.diff(a, 'days').days, months: b.diff(a, ['months', 'days']).toObject() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-dur-get",
    "code": "const d = Duration.fromObject({ days: 3, hours: 4 }); return [{ json: { d: d.get('days'), h: d.get('hours') } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-duration-as",
    "code": "const d = Duration.fromObject({ hours: 2, minutes: 30 }); return [{ json: { minutes: d.as('minutes'), iso: d.toISO(), human: d.toHuman() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-duration-normalize",
    "code": "const d = Duration.fromObject({ minutes: 135 }).shiftTo('hours', 'minutes').normalize(); return [{ json: { s: d.toFormat('hh:mm') } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-format",
    "code": "return items.map(i => ({ json: { id: i.json.id, when: DateTime.now().setZone('Europe/Berlin').toFormat('yyyy-MM-dd HH:mm') } }))",
    "node24": true
  },
  {
    "id": "ev-luxon-fromformat",
    "code": "const dt = DateTime.fromFormat('06/05/2024 14:30', 'dd/MM/yyyy HH:mm', { zone: 'UTC' }); return [{ json: { iso: dt.toISO(), valid: dt.isValid } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-get",
    "code": "const dt = DateTime.fromISO('2024-05-06T10:20:30'); return [{ json: { y: dt.get('year'), m: dt.get('month'), h: dt.get('hour') } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-hassame",
    "code": "const a = DateTime.fromISO('2024-05-06T10:00'); const b = DateTime.fromISO('2024-05-06T22:00'); return [{ json: { sameDay: a.hasSame(b, 'day'), sameMonth: a.hasSame(b, 'month') } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-interval-contains",
    "code": "const i = Interval.after(DateTime.fromISO('2024-01-01'), Duration.fromObject({ weeks: 2 })); return [{ json: { inside: i.contains(DateTime.fromISO('2024-01-05')), len: i.length('days') } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-interval-split",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2024-01-01'), DateTime.fromISO('2024-01-05')); return i.splitBy({ days: 1 }).map(x => ({ json: { start: x.start.toISODate(), end: x.end.toISODate() } }))",
    "node24": true
  },
  {
    "id": "ev-luxon-min-max",
    "code": "const ds = ['2024-01-03', '2024-01-01', '2024-02-01'].map(s => DateTime.fromISO(s)); return [{ json: { min: DateTime.min(...ds).toISODate(), max: DateTime.max(...ds).toISODate() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-plus-minus",
    "code": "const due = DateTime.fromISO($json.created ?? '2024-01-01').plus({ days: 30 }).minus({ hours: 1 }); return [{ json: { due: due.toISO() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-relative",
    "code": "const dt = DateTime.fromISO('2025-05-30T12:00:00Z'); return [{ json: { rel: dt.toRelative({ base: DateTime.fromISO('2025-06-01T12:00:00Z') }) } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-setlocale",
    "code": "return [{ json: { de: DateTime.fromISO('2024-12-24').setLocale('de').toLocaleString(DateTime.DATE_FULL) } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-shiftto",
    "code": "const d = Duration.fromMillis(98765432).shiftTo('days', 'hours', 'minutes'); return [{ json: d.toObject() }]",
    "node24": true
  },
  {
    "id": "ev-luxon-startof-week",
    "code": "const start = DateTime.now().startOf('week'); const end = start.endOf('week'); return [{ json: { start: start.toISO(), end: end.toISO() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-timer-combo",
    "code": "const until = DateTime.now().plus({ milliseconds: 15 }); const wait = Math.max(0, until.diffNow().as('milliseconds')); await new Promise(r => setTimeout(r, wait)); return [{ json: { waited: Math.round(wait) >= 0 } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-unix",
    "code": "const dt = DateTime.fromSeconds(1700000000, { zone: 'utc' }); return [{ json: { ms: dt.toMillis(), s: dt.toUnixInteger(), js: dt.toJSDate().toISOString() } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-weekday-filter",
    "code": "const out = []; let d = DateTime.fromISO('2024-06-01'); while (out.length < 5) { if (d.weekday <= 5) out.push(d.toISODate()); d = d.plus({ days: 1 }); } return [{ json: { out } }]",
    "node24": true
  },
  {
    "id": "ev-luxon-zones",
    "code": "const zones = ['UTC', 'America/New_York', 'Asia/Tokyo']; return zones.map(z => ({ json: { z, t: DateTime.fromISO('2024-01-01T00:00:00Z').setZone(z).toFormat('HH:mm ZZ') } }))",
    "node24": true
  },
  {
    "id": "ev-map-items",
    "code": "return $input.all().map(i => ({ json: { ...i.json, fullName: i.json.name.toUpperCase() } }))",
    "node24": true
  },
  {
    "id": "ev-map-set",
    "code": "const seen = new Set(); const counts = new Map(); for (const i of items) for (const t of i.json.tags) { seen.add(t); counts.set(t, (counts.get(t) || 0) + 1) } return [{ json: { tags: [...seen], counts: Object.fromEntries(counts) } }]",
    "node24": true
  },
  {
    "id": "ev-rate-limit",
    "code": "const sleep = ms => new Promise(r => setTimeout(r, ms)); const out = []; for (const [i, it] of items.entries()) { if (i > 0) await sleep(5); out.push({ json: { email: it.json.email.toLowerCase() } }) } return out",
    "node24": true
  },
  {
    "id": "ev-regex",
    "code": "const re = /^([^@]+)@(.+)$/; return items.map(i => { const m = re.exec(i.json.email); return { json: { user: m[1], domain: m[2] } } })",
    "node24": true
  },
  {
    "id": "ev-retry-backoff",
    "code": "const sleep = (ms) => new Promise(r => setTimeout(r, ms)); let attempt = 0; async function work() { attempt++; if (attempt < 3) throw new Error('flaky'); return 'done' } let result; for (let i = 0; i < 5; i++) { try { result = await work(); break } catch (e) { await sleep(2 ** i * 5) } } return [{ json: { result, attempt } }]",
    "node24": true
  },
  {
    "id": "ev-sleep",
    "code": "const sleep = (ms) => new Promise(r => setTimeout(r, ms)); await sleep(20); return [{ json: { ok: true } }]",
    "node24": true
  },
  {
    "id": "ev-sort-dedupe",
    "code": "const list = items.map(i => i.json).sort((a, b) => b.score - a.score); const uniq = [...new Map(list.map(x => [x.email, x])).values()]; return uniq.map(x => ({ json: x }))",
    "node24": true
  },
  {
    "id": "ev-static-data-counter",
    "code": "const s = $getWorkflowStaticData('global'); s.count = (s.count || 0) + 1; s.lastRun = DateTime.now().toISO(); return [{ json: { count: s.count } }]",
    "node24": true
  },
  {
    "id": "ev-string-ops",
    "code": "return items.map(i => ({ json: { slug: i.json.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), initials: i.json.name.split(' ').map(w => w[0]).join('') } }))",
    "node24": true
  },
  {
    "id": "ev-timeout-race",
    "code": "const withTimeout = (p, ms) => { let h; const t = new Promise((_, rej) => { h = setTimeout(() => rej(new Error('timeout')), ms) }); return Promise.race([p, t]).finally(() => clearTimeout(h)) }; const v = await withTimeout(new Promise(r => setTimeout(() => r(42), 5)), 100); return [{ json: { v } }]",
    "node24": true
  },
  {
    "id": "ev-timer-id-clear",
    "code": "const h = setTimeout(() => {}, 1000); const id = Number(h); clearTimeout(id); return [{ json: { isNum: typeof id === 'number' } }]",
    "node24": true
  },
  {
    "id": "ev-timer-ref-unref",
    "code": "const h = setInterval(() => {}, 1000); h.unref(); h.ref(); clearInterval(h); return [{ json: { ok: true } }]",
    "node24": true
  },
  {
    "id": "ev-try-catch",
    "code": "const out = []; for (const i of items) { try { if (!i.json.email.includes('@')) throw new Error('bad'); out.push({ json: { ok: true } }) } catch (e) { out.push({ json: { ok: false, err: e.message } }) } } return out",
    "node24": true
  },
  {
    "id": "ev-watchdog-refresh",
    "code": "let beats = 0; const wd = setTimeout(() => {}, 100); for (let i = 0; i < 3; i++) { await new Promise(r => setTimeout(r, 5)); wd.refresh(); beats++ } clearTimeout(wd); return [{ json: { beats } }]",
    "node24": true
  }
];
