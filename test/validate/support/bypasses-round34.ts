// Round 34 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 33's fixes,
// aimed at this session's models (luxon's get, normalizeUnit and its methods that make new objects, the trust in Node's
// timers, FormData's forEach); 194 bodies, 162 kept, each re-checked by the oracle under n8n's Node 24 (a control without
// the trick for every write). 41 bypasses, every one a write onto state every later task shares (fake-timer-list-unlink 23, fake-immediate-count 1, shared-luxon-array-mutator 17):
// a fake timer ({ _onTimeout: 1, _idleNext: X, _idlePrev: {} }) handed to clearTimeout, clearInterval or clearImmediate,
// whose unlink writes into X, one of luxon's shared objects; clearImmediate of any object lowering the runner's count of
// immediates; the array methods of luxon's own arrays (loc.meridiems(), getWeekendDays()) called as methods. Fixed: a
// timer function handed an object that is no timer Node made cannot be proven pure (summaries.ts handedToNodeTimers),
// and a luxon value may be one of luxon's arrays or Maps (n8n-model.ts). Its false positives: object rest destructuring
// of n8n's data (the rest read inherited members; CopyDataProperties reads own ones, analysis.ts), now proven pure, and
// ev-merge-push (Interval.merge over `$input.all().map(...)`, which may be an n8n accessor), proven pure since n8n's
// accessors count as plain data for luxon (n8n-model.ts plainForLuxon, 2026-12-04).
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses: each writes onto state every later task shares (`wrote: true`; its control shows false). */
export const ROUND34_WRITES: ChangeEntry[] = [
  {
    "id": "fake-bind-clear",
    "code": "clearTimeout.bind(null, {_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}})(); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-call-clear",
    "code": "clearTimeout.call(null, {_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-datetime-class",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: DateTime, _idlePrev: {}}); return [{json:{wrote: DateTime._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-duration-class",
    "code": "clearInterval({_onTimeout: 1, _idlePrev: Duration, _idleNext: {}}); return [{json:{wrote: Duration._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-foreach-clear",
    "code": "[{_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}].forEach(clearTimeout); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-iana-meridiem",
    "code": "const dt = DateTime.fromISO('2025-01-01T10:00', {zone: 'Europe/Paris'}); clearTimeout({_onTimeout: 1, _idleNext: dt.zone, _idlePrev: {x: 1}}); return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-immediate-stall-ret",
    "code": "const out = [{json:{wrote:true}}]; setImmediate(() => { out[0].json.wrote = false; }); clearImmediate({_onImmediate: 1}); return out;",
    "node24": true
  },
  {
    "id": "fake-immediate-write",
    "code": "clearImmediate({_onImmediate: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-interval-class",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: Interval, _idlePrev: {}}); return [{json:{wrote: Interval._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-items-loop",
    "code": "for (const i of $input.all()) clearTimeout({_onTimeout: i.json.id, _idleNext: DateTime.DATE_HUGE, _idlePrev: {id: i.json.id}}); return [{json:{wrote: DateTime.DATE_HUGE._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-json-items",
    "code": "const f = JSON.parse('{\"_onTimeout\":1}'); f._idleNext = DateTime.DATE_FULL; f._idlePrev = {}; clearTimeout(f); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-map-clear",
    "code": "[{_onTimeout: 'x', _idleNext: DateTime.DATETIME_MED, _idlePrev: {}}].map(clearInterval); return [{json:{wrote: DateTime.DATETIME_MED._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-merge-elem",
    "code": "const [p] = Interval.merge([DateTime.DATE_FULL]); clearTimeout({_onTimeout: 1, _idleNext: p, _idlePrev: {}}); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-preset-time",
    "code": "clearInterval({_onTimeout: true, _idlePrev: DateTime.TIME_24_WITH_SECONDS, _idleNext: []}); return [{json:{wrote: DateTime.TIME_24_WITH_SECONDS._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-system-zone",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: DateTime.local().zone, _idlePrev: {}}); return [{json:{wrote: DateTime.local().zone._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-then-clear",
    "code": "await Promise.resolve({_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}).then(clearTimeout); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-timeout-zone-list",
    "code": "const zs = ['Europe/London', 'Asia/Tokyo'].map(n => DateTime.now().setZone(n).zone); for (const z of zs) clearTimeout({_onTimeout: 1, _idleNext: z, _idlePrev: {}}); return [{json:{wrote: DateTime.now().setZone('Europe/London').zone._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-timer-clear2",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-timer-clearint2",
    "code": "clearInterval({_onTimeout: 1, _idlePrev: DateTime.DATE_FULL, _idleNext: {}}); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-timer-zone",
    "code": "const z = DateTime.now().setZone('Asia/Tokyo').zone; clearTimeout({_onTimeout: 1, _idleNext: z, _idlePrev: {}}); return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-utc-zone",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: DateTime.utc().zone, _idlePrev: {}}); return [{json:{wrote: DateTime.utc().zone._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-weekinfo",
    "code": "const loc = DateTime.now().setLocale('en-US').loc; const ws = loc.getWeekSettings(); clearTimeout({_onTimeout: 1, _idleNext: ws, _idlePrev: {}}); return [{json:{wrote: DateTime.now().setLocale('en-US').loc.getWeekSettings()._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "get-fake-timer-zone",
    "code": "const z = DateTime.now().setZone('Asia/Tokyo').get('zone'); clearTimeout({_onTimeout: 1, _idleNext: z, _idlePrev: {tag: 1}}); return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone._idlePrev?.tag === 1}}];",
    "node24": true
  },
  {
    "id": "meridiems-copywithin",
    "code": "DateTime.now().loc.meridiems().copyWithin(0, 1); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-fake-timer",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: DateTime.now().loc.meridiems(), _idlePrev: {}}); return [{json:{wrote: DateTime.now().loc.meridiems()._idlePrev !== undefined}}];",
    "node24": true
  },
  {
    "id": "meridiems-fill",
    "code": "DateTime.local().setLocale('en-US').loc.meridiems().fill('PM'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-fill-item",
    "code": "DateTime.now().loc.meridiems().fill($json.name); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') !== 'AM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-foreach-reverse",
    "code": "[DateTime.now().loc.meridiems()].forEach((a) => a.reverse()); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-pop-push",
    "code": "const m = DateTime.now().loc.meridiems(); const p = m.pop(); m.pop(); m.push(p, 'AM'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-reverse-format",
    "code": "DateTime.now().loc.meridiems().reverse(); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-shift",
    "code": "DateTime.now().loc.meridiems().shift(); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-sort-plain",
    "code": "DateTime.now().loc.meridiems().sort((a, b) => (a < b ? 1 : -1)); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-splice",
    "code": "const m = DateTime.now().loc.meridiems(); m.splice(0, 1, 'PM'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-then-reverse",
    "code": "await Promise.resolve(DateTime.now().loc.meridiems()).then((m) => m.reverse()); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-unshift",
    "code": "DateTime.now().loc.meridiems().unshift('PM'); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "sort-meridiems",
    "code": "const m = DateTime.now().loc.meridiems(); m.reverse(); return [{json:{wrote: DateTime.now().loc.meridiems()[0] === 'PM'}}];",
    "node24": true
  },
  {
    "id": "weekend-fill",
    "code": "DateTime.fromISO('2025-01-01').loc.getWeekendDays().fill(3); return [{json:{wrote: DateTime.fromISO('2025-06-04').setLocale('en-US').isWeekend}}];",
    "node24": true
  },
  {
    "id": "weekend-push",
    "code": "DateTime.now().setLocale('en-US').loc.getWeekendDays().push(3); return [{json:{wrote: DateTime.fromISO('2025-06-04').setLocale('en-US').isWeekend}}];",
    "node24": true
  },
  {
    "id": "weekend-reverse",
    "code": "DateTime.now().setLocale('en-US').loc.getWeekendDays().reverse(); return [{json:{wrote: DateTime.now().setLocale('en-US').loc.getWeekendDays()[0] === 7}}];",
    "node24": true
  },
  {
    "id": "weekend-splice",
    "code": "DateTime.now().setLocale('en-US').loc.getWeekendDays().splice(0, 2, 3); return [{json:{wrote: DateTime.fromISO('2025-06-04').setLocale('en-US').isWeekend}}];",
    "node24": true
  },
  {
    "id": "weekend-unshift-dt",
    "code": "const dt = DateTime.fromISO('2025-06-04'); dt.loc.getWeekendDays().unshift(dt.weekday); return [{json:{wrote: DateTime.fromISO('2025-06-04').setLocale('en-US').isWeekend}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when the round was written: those that obtain a capability, those that write onto shared state. */
export const ROUND34_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "dt-c-env",
    "code": "const d = DateTime.now(); d.c = {x: $env}; return [{json:{x: d.toObject().x}}];",
    "node24": true
  },
  {
    "id": "dur-get-fake",
    "code": "const o = {years: $env}; return [{json:{x: Duration.prototype.get.call(o, 'year')}}];",
    "node24": true
  },
  {
    "id": "dur-values-env",
    "code": "const d = Duration.fromObject({years:1}); d.values = {x: $env}; return [{json:{x: d.toObject().x}}];",
    "node24": true
  },
  {
    "id": "fake-out-helpers",
    "code": "const out = [{json:{}}]; clearTimeout({_onTimeout: 1, _idleNext: out[0].json, _idlePrev: helpers}); return out;",
    "node24": true
  },
  {
    "id": "fake-out-this",
    "code": "const out = [{json:{}}]; clearTimeout({_onTimeout: 1, _idleNext: out[0].json, _idlePrev: this}); return out;",
    "node24": true
  },
  {
    "id": "fake-static-env",
    "code": "clearTimeout({_onTimeout: 1, _idleNext: $getWorkflowStaticData('global'), _idlePrev: $env}); return [];",
    "node24": true
  },
  {
    "id": "fd-cb-arrow-wrapper",
    "code": "const fd = new FormData(); fd.append('a','b'); const out = {}; const mk = () => { const f = () => 0; return f; }; const cb = mk(); cb['ca' + 'll'] = function (t) { out.g = t; }; fd.forEach(cb); return [{json:out}];",
    "node24": true
  },
  {
    "id": "fd-cb-defprop",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; const cb = () => {}; Object.assign(cb, { call: (t) => { g = t; } }); fd.forEach(cb); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "fd-get-process",
    "code": "const fd = new FormData(); fd.append('k','process'); const out = []; fd.forEach(function (v) { out.push(DateTime.prototype.get.call(this, v)); }); return [{json:{out}}];",
    "node24": true
  },
  {
    "id": "fd-own-call",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; const cb = () => {}; cb.call = (t) => { g = t; }; fd.forEach(cb); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "fd-own-call-fn",
    "code": "const fd = new FormData(); fd.append('a','b'); const out = {}; function cb() {} cb.call = function (t, v, k) { out.g = t; }; fd.forEach(cb); return [{json:out}];",
    "node24": true
  },
  {
    "id": "fd-this-null",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; fd.forEach(function () { g = this; }, null); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "fd-this-sloppy",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; fd.forEach(function () { g = this; }); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "fd-thisarg-env",
    "code": "const fd = new FormData(); fd.append('DB_PASSWORD','v'); const out = []; fd.forEach(function (v, k) { out.push(this[k]); }, $env); return [{json:{out}}];",
    "node24": true
  },
  {
    "id": "get-call-env",
    "code": "return [{json:{x: DateTime.prototype.get.call($env, 'DB_PASSWORD')}}];",
    "node24": true
  },
  {
    "id": "get-destr-env",
    "code": "const {get} = DateTime.now(); return [{json:{x: get.call($env, 'DB_PASSWORD')}}];",
    "node24": true
  },
  {
    "id": "get-dyn-fn2",
    "code": "const F = DateTime.now().get.call(function(){}, $input.first().json.key); return [{json:{x: F('return this')()}}];",
    "node24": true
  },
  {
    "id": "get-this-env",
    "code": "const o = { get: DateTime.prototype.get }; return [{json:{x: o.get.call(this, '$env')}}];",
    "node24": true
  },
  {
    "id": "merge-env",
    "code": "return [{json:{x: Interval.merge([$env])[0]}}];",
    "node24": true
  },
  {
    "id": "merge-globalthis",
    "code": "return [{json:{x: Interval.merge([globalThis])[0]}}];",
    "node24": true
  },
  {
    "id": "merge-helpers",
    "code": "return [{json:{x: Interval.merge([helpers])[0]}}];",
    "node24": true
  },
  {
    "id": "merge-this",
    "code": "return [{json:{x: Interval.merge([this])[0]}}];",
    "node24": true
  },
  {
    "id": "timer-arg-objassign",
    "code": "const out = [{json:{}}]; setTimeout(Object.assign, 0, out[0].json, {x: $env}); return out;",
    "node24": true
  },
  {
    "id": "timer-arg-push",
    "code": "const out = []; setTimeout(out.push.bind(out), 0, $env); return out;",
    "node24": true
  },
  {
    "id": "timer-args-read",
    "code": "const t = setTimeout(() => {}, 0, $env); return [{json:{x: t._timerArgs[0]}}];",
    "node24": true
  },
  {
    "id": "timer-bound-env",
    "code": "const out = [{json:{}}]; const f = function(e){ out[0].json.x = e; }.bind(null, $env); setTimeout(f, 0); return out;",
    "node24": true
  },
  {
    "id": "timer-consolelog",
    "code": "setTimeout(console.log, 0, $env); return [];",
    "node24": true
  },
  {
    "id": "timer-n8n-fn",
    "code": "setTimeout(helpers.httpRequest, 0, 'http://x'); return [];",
    "node24": true
  },
  {
    "id": "timer-ontimeout-read",
    "code": "const t = setTimeout(() => $env, 0); return [{json:{x: t._onTimeout()}}];",
    "node24": true
  },
  {
    "id": "timer-this-args",
    "code": "const out = [{json:{}}]; setTimeout(function(){ out[0].json.x = this._timerArgs[0]; }, 0, $env); return out;",
    "node24": true
  }
];
export const ROUND34_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "datetime-definegetter",
    "code": "DateTime.__defineGetter__('DATE_FULL', () => ({month: 'numeric'})); return [{json:{wrote: DateTime.DATE_FULL.month === 'numeric'}}];",
    "node24": true
  },
  {
    "id": "dur-values-datefull",
    "code": "const d = Duration.fromObject({years:1}); d.values = {x: DateTime.DATE_FULL}; d.toObject().x.month='short'; return [{json:{wrote: DateTime.DATE_FULL.month === 'short'}}];",
    "node24": true
  },
  {
    "id": "fake-class-instance",
    "code": "class T { constructor(n) { this._onTimeout = () => {}; this._idleNext = n; this._idlePrev = {}; } } clearTimeout(new T(DateTime.DATE_FULL)); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-immediate-stall",
    "code": "let ran = false; setImmediate(() => { ran = true; }); clearImmediate({_onImmediate: 1}); await new Promise((r) => setTimeout(r, 50)); return [{json:{wrote: !ran}}];",
    "node24": true
  },
  {
    "id": "fake-immediate-stall-ret2",
    "code": "const out = [{json:{wrote:true}}]; const h = () => { out[0].json.wrote = false; }; setImmediate(h); [{_onImmediate: h}].forEach(clearImmediate); return out;",
    "node24": true
  },
  {
    "id": "fake-immediate-stall2",
    "code": "let ran = false; setImmediate(() => { ran = true; }); clearImmediate({_onImmediate: 1}); await new Promise((r) => setTimeout(r, 30)); return [{json:{wrote: !ran}}];",
    "node24": true
  },
  {
    "id": "fake-settimeout-clear",
    "code": "setTimeout(clearTimeout, 0, {_onTimeout: 1, _idleNext: DateTime.DATE_FULL, _idlePrev: {}}); await new Promise((r) => setTimeout(r, 20)); return [{json:{wrote: DateTime.DATE_FULL._idlePrev !== undefined || DateTime.DATE_FULL._idleNext !== undefined}}];",
    "node24": true
  },
  {
    "id": "fake-unlink-runner-timer",
    "code": "const t = setTimeout(() => {}, 8000); const other = t._idleNext; clearTimeout({_onTimeout: 1, _idlePrev: t, _idleNext: other._idleNext}); const w = t._idleNext !== other && typeof other._onTimeout === 'function'; clearTimeout(t); return [{json:{wrote: w}}];",
    "node24": true
  },
  {
    "id": "fd-call-freeze",
    "code": "const fd = new FormData(); fd.append('a', 'b'); fd.forEach(Function.prototype.call, function () { Object.freeze(DateTime.DATETIME_SHORT); }); return [{json:{wrote: Object.isFrozen(DateTime.DATETIME_SHORT)}}];",
    "node24": true
  },
  {
    "id": "fd-push-preset",
    "code": "const fd = new FormData(); fd.append('a', 'b'); fd.forEach(Array.prototype.push, DateTime.DATE_FULL); return [{json:{wrote: DateTime.DATE_FULL.month !== 'long' || DateTime.DATE_FULL.length !== undefined || DateTime.DATE_FULL.x !== undefined}}];",
    "node24": true
  },
  {
    "id": "fd-push-zone",
    "code": "const fd = new FormData(); fd.append('a', 'b'); fd.forEach(Array.prototype.push, DateTime.now().setZone('Asia/Tokyo').zone); return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.length === 3}}];",
    "node24": true
  },
  {
    "id": "forin-dt-zone",
    "code": "const dt = DateTime.now().setZone('Asia/Tokyo'); let z; for (const k in dt) if (k === '_zone') z = dt[k]; z.tag = 1; return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "freeze-datetime",
    "code": "Object.preventExtensions(DateTime); return [{json:{wrote: !Object.isExtensible(DateTime)}}];",
    "node24": true
  },
  {
    "id": "freeze-map-presets",
    "code": "[DateTime.TIME_SIMPLE, DateTime.DATE_SHORT].forEach(Object.freeze); return [{json:{wrote: Object.isFrozen(DateTime.TIME_SIMPLE)}}];",
    "node24": true
  },
  {
    "id": "freeze-preset",
    "code": "Object.freeze(DateTime.DATE_FULL); return [{json:{wrote: Object.isFrozen(DateTime.DATE_FULL)}}];",
    "node24": true
  },
  {
    "id": "freeze-then",
    "code": "await Promise.resolve(DateTime.DATE_MED).then(Object.freeze); return [{json:{wrote: Object.isFrozen(DateTime.DATE_MED)}}];",
    "node24": true
  },
  {
    "id": "get-dyn-zone",
    "code": "const z = DateTime.now().setZone('Asia/Tokyo').get($json.field === 'name' ? '_zone' : 'x'); z.tag = 1; return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "get-zone-write",
    "code": "const z = DateTime.now().setZone('Asia/Tokyo').get('zone'); z.tag = 1; return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "merge-date-full",
    "code": "const r = Interval.merge([DateTime.DATE_FULL]); r[0].month = 'short'; return [{json:{wrote: DateTime.DATE_FULL.month === 'short'}}];",
    "node24": true
  },
  {
    "id": "merge-zone",
    "code": "const z = DateTime.now().setZone('America/New_York').zone; const r = Interval.merge([z]); r[0].tag = 1; return [{json:{wrote: DateTime.now().setZone('America/New_York').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "meridiems-assign",
    "code": "Object.assign(DateTime.now().loc.meridiems(), ['PM']); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-index-write",
    "code": "const m = DateTime.fromISO('2025-01-01').loc.meridiems(); m[0] = 'PM'; return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-reverse-call",
    "code": "Array.prototype.reverse.call(DateTime.now().loc.meridiems()); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "meridiems-sort",
    "code": "DateTime.now().loc.meridiems().sort((a, b) => b.localeCompare(a)); return [{json:{wrote: DateTime.fromISO('2025-01-01T09:00').toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "normunit-ctor",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(DateTime.DATE_FULL, {month:'short'}); return [{json:{wrote: DateTime.DATE_FULL.month === 'short'}}];",
    "node24": true
  },
  {
    "id": "preset-ctor-assign",
    "code": "const P = DateTime.DATE_FULL; P.constructor.assign(P, {month: 'short'}); return [{json:{wrote: DateTime.DATE_FULL.month === 'short'}}];",
    "node24": true
  },
  {
    "id": "preset-definegetter",
    "code": "DateTime.DATE_FULL.__defineGetter__('month', () => 'short'); return [{json:{wrote: DateTime.fromISO('2025-06-01').toLocaleString(DateTime.DATE_FULL) === 'Jun 1, 2025'}}];",
    "node24": true
  },
  {
    "id": "seal-zone",
    "code": "Object.seal(DateTime.now().setZone('Asia/Tokyo').zone); return [{json:{wrote: Object.isSealed(DateTime.now().setZone('Asia/Tokyo').zone)}}];",
    "node24": true
  },
  {
    "id": "spread-dt-zone",
    "code": "const {_zone} = {...DateTime.now().setZone('Asia/Tokyo')}; _zone.tag = 1; return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "timer-arg-preset",
    "code": "await new Promise((r) => setTimeout((p) => { p.x = 1; r(); }, 0, DateTime.DATE_FULL)); return [{json:{wrote: DateTime.DATE_FULL.month !== 'long' || DateTime.DATE_FULL.length !== undefined || DateTime.DATE_FULL.x !== undefined}}];",
    "node24": true
  },
  {
    "id": "timer-objassign-preset",
    "code": "setTimeout(Object.assign, 0, DateTime.DATE_FULL, {x: 1}); await new Promise((r) => setTimeout(r, 5)); return [{json:{wrote: DateTime.DATE_FULL.month !== 'long' || DateTime.DATE_FULL.length !== undefined || DateTime.DATE_FULL.x !== undefined}}];",
    "node24": true
  },
  {
    "id": "timer-push-bind-preset",
    "code": "setTimeout(Array.prototype.push.bind(DateTime.DATE_FULL), 0, 'x'); await new Promise((r) => setTimeout(r, 5)); return [{json:{wrote: DateTime.DATE_FULL.month !== 'long' || DateTime.DATE_FULL.length !== undefined || DateTime.DATE_FULL.x !== undefined}}];",
    "node24": true
  },
  {
    "id": "values-dt-zone",
    "code": "const z = Object.values(DateTime.now().setZone('Asia/Tokyo')).find(v => v && v.name === 'Asia/Tokyo'); z.tag = 1; return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zone.tag === 1}}];",
    "node24": true
  },
  {
    "id": "weeksettings-write",
    "code": "const ws = DateTime.now().setLocale('en-US').loc.getWeekSettings(); ws.firstDay = 3; return [{json:{wrote: DateTime.fromISO('2025-06-05').setLocale('en-US').startOf('week', {useLocaleWeeks: true}).weekday === 3}}];",
    "node24": true
  },
  {
    "id": "zone-definegetter",
    "code": "DateTime.now().setZone('Asia/Tokyo').zone.__defineGetter__('name', () => 'UTC'); return [{json:{wrote: DateTime.now().setZone('Asia/Tokyo').zoneName === 'UTC'}}];",
    "node24": true
  },
  {
    "id": "zone-direct",
    "code": "const z = DateTime.now().setZone('America/New_York').zone; z.tag = 1; return [{json:{wrote: DateTime.now().setZone('America/New_York').zone.tag === 1}}];",
    "node24": true
  }
];

/** The round's everyday bodies: its false positives (4), then its pure bodies. */
export const ROUND34_EVERYDAY: RoundEntry[] = [
  {
    "id": "ev-merge-push",
    "code": "const xs = $input.all().map((x, n) => Interval.fromDateTimes(DateTime.utc(2025, 1, 1 + n * 3), DateTime.utc(2025, 1, 4 + n * 3))); const m = Interval.merge(xs); m.push(Interval.fromISO('2025-02-01/2025-02-02')); return [{json: {n: m.length}}];",
    "node24": true
  },
  {
    "id": "ev-rest-each",
    "code": "const {email, ...others} = $json; return {json: {others, domain: String(email).split('@')[1]}};",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ev-rest-json",
    "code": "const {name, ...rest} = $json; return [{json: {...rest, displayName: name}}];",
    "node24": true
  },
  {
    "id": "ev-shape-rename",
    "code": "return $input.all().map(({json: {name, email, ...rest}}) => ({json: {fullName: name, mail: email.toLowerCase(), ...rest}}));",
    "node24": true
  },
  {
    "id": "ev-diff",
    "code": "const a = DateTime.fromISO('2025-01-01'); const b = DateTime.fromISO('2025-03-15'); const d = b.diff(a, ['months', 'days']).toObject(); d.label = 'elapsed'; return [{json: d}];",
    "node24": true
  },
  {
    "id": "ev-diff-now",
    "code": "const created = DateTime.fromISO('2025-05-01T00:00:00Z'); const age = DateTime.fromISO('2025-06-01T00:00:00Z').diff(created, 'days').days; return [{json: {age: Math.round(age)}}];",
    "node24": true
  },
  {
    "id": "ev-difference",
    "code": "const i = Interval.fromISO('2025-01-01/2025-01-31'); const d = i.difference(Interval.fromISO('2025-01-10/2025-01-15')); return d.map(x => ({json: {iso: x.toISODate()}}));",
    "node24": true
  },
  {
    "id": "ev-divide",
    "code": "const i = Interval.fromISO('2025-01-01/2025-01-31'); const p = i.divideEqually(3); p[0] = null; return [{json: {n: p.length}}];",
    "node24": true
  },
  {
    "id": "ev-dt-toobject-loop",
    "code": "const o = DateTime.fromISO('2025-06-01T12:34:56Z', {zone: 'utc'}).toObject(); for (const k of Object.keys(o)) o[k] = String(o[k]).padStart(2, '0'); return [{json: o}];",
    "node24": true
  },
  {
    "id": "ev-dur-get",
    "code": "const d = Duration.fromObject({days: 3, hours: 4}); return [{json: {days: d.get('days'), hours: d.get('hour')}}];",
    "node24": true
  },
  {
    "id": "ev-dur-human",
    "code": "return [{json: {s: Duration.fromObject({hours: 1, minutes: 5}).toHuman(), iso: Duration.fromMillis(90061000).toISO()}}];",
    "node24": true
  },
  {
    "id": "ev-each-item-interval",
    "code": "const i = Interval.after(DateTime.fromISO('2025-06-01'), {days: $json.id}); return {json: {end: i.end.toISODate(), parts: i.splitBy({days: 1}).length}};",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ev-fd-thisarg",
    "code": "const fd = new FormData(); fd.append('a', '1'); const acc = {rows: []}; fd.forEach(function (v, k) { this.rows.push([k, v]); }, acc); return [{json: acc}];",
    "node24": true
  },
  {
    "id": "ev-formdata-entries",
    "code": "const fd = new FormData(); for (const i of $input.all()) fd.append('id', String(i.json.id)); return [{json: {ids: fd.getAll('id'), has: fd.has('id')}}];",
    "node24": true
  },
  {
    "id": "ev-formdata-foreach",
    "code": "const fd = new FormData(); fd.append('name', $json.name); fd.append('email', $json.email); const obj = {}; fd.forEach((v, k) => { obj[k] = v; }); return [{json: obj}];",
    "node24": true
  },
  {
    "id": "ev-formdata-set",
    "code": "const fd = new FormData(); fd.set('a', '1'); fd.set('a', '2'); fd.delete('b'); const rows = []; fd.forEach(function (v, k) { rows.push(k + '=' + v); }); return [{json: {rows}}];",
    "node24": true
  },
  {
    "id": "ev-get-dynamic-unit",
    "code": "const dt = DateTime.fromISO('2025-06-01T12:00:00Z'); const out = {}; for (const u of ['year', 'month', 'day', 'hour']) out[u] = dt.get(u); return [{json: out}];",
    "node24": true
  },
  {
    "id": "ev-get-item-field",
    "code": "const dt = DateTime.fromISO('2025-06-01T12:00:00Z'); const unit = $json.id === 1 ? 'year' : 'month'; return [{json: {v: dt.get(unit)}}];",
    "node24": true
  },
  {
    "id": "ev-get-year",
    "code": "const dt = DateTime.fromISO('2025-06-01T12:00:00Z', {zone: 'utc'}); return [{json: {year: dt.get('year'), month: dt.get('month'), day: dt.get('day')}}];",
    "node24": true
  },
  {
    "id": "ev-immediate",
    "code": "await new Promise((r) => setImmediate(r)); return [{json: {ok: 1}}];",
    "node24": true
  },
  {
    "id": "ev-interval-clear",
    "code": "let n = 0; await new Promise((resolve) => { const h = setInterval(() => { n++; if (n === 3) { clearInterval(h); resolve(); } }, 5); }); return [{json: {n}}];",
    "node24": true
  },
  {
    "id": "ev-interval-length",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-02-01')); return [{json: {days: i.length('days'), count: i.count('weeks'), valid: i.isValid}}];",
    "node24": true
  },
  {
    "id": "ev-merge",
    "code": "const a = Interval.fromISO('2025-01-01/2025-01-05'); const b = Interval.fromISO('2025-01-04/2025-01-10'); const m = Interval.merge([a, b]); return m.map(i => ({json: {s: i.start.toISODate(), e: i.end.toISODate()}}));",
    "node24": true
  },
  {
    "id": "ev-merge-then-push",
    "code": "const m = Interval.merge([Interval.fromISO('2025-01-01/2025-01-03'), Interval.fromISO('2025-01-02/2025-01-05')]); m.push(Interval.fromISO('2025-03-01/2025-03-02')); return m.map(i => ({json: {iso: i.toISODate()}}));",
    "node24": true
  },
  {
    "id": "ev-meridiem-format",
    "code": "return [{json: {t: DateTime.fromISO('2025-01-01T21:15').toFormat('h:mm a'), m: DateTime.fromISO('2025-01-01').toFormat('LLLL')}}];",
    "node24": true
  },
  {
    "id": "ev-normalize-unit",
    "code": "const units = ['Day', 'HOURS', 'minute'].map(u => Duration.normalizeUnit(u)); return [{json: {units}}];",
    "node24": true
  },
  {
    "id": "ev-normunit-item",
    "code": "return $input.all().map(i => ({json: {unit: Duration.normalizeUnit(i.json.id === 1 ? 'hour' : 'day'), id: i.json.id}}));",
    "node24": true
  },
  {
    "id": "ev-preset-copy",
    "code": "const fmt = {...DateTime.DATE_MED, weekday: 'short'}; return [{json: {s: DateTime.fromISO('2025-06-01').toLocaleString(fmt)}}];",
    "node24": true
  },
  {
    "id": "ev-rescale",
    "code": "const d = Duration.fromObject({minutes: 135}).shiftTo('hours', 'minutes').toObject(); return [{json: d}];",
    "node24": true
  },
  {
    "id": "ev-resolved",
    "code": "const o = DateTime.fromISO('2025-06-01').resolvedLocaleOptions(); o.checked = true; return [{json: o}];",
    "node24": true
  },
  {
    "id": "ev-resolved-locale",
    "code": "const o = DateTime.fromISO('2025-06-01').setLocale('de-DE').resolvedLocaleOptions({numberingSystem: 'latn'}); return [{json: {locale: o.locale}}];",
    "node24": true
  },
  {
    "id": "ev-setzone",
    "code": "return $input.all().map(i => ({json: {id: i.json.id, local: DateTime.fromISO('2025-06-01T12:00:00Z').setZone('America/New_York').toFormat('yyyy-LL-dd HH:mm')}}));",
    "node24": true
  },
  {
    "id": "ev-setzone-offset",
    "code": "const dt = DateTime.fromISO('2025-06-01T12:00:00Z').setZone('Europe/Berlin'); return [{json: {offset: dt.offset, zone: dt.zoneName, isDST: dt.isInDST}}];",
    "node24": true
  },
  {
    "id": "ev-shape-each",
    "code": "return {json: {...$json, upper: String($json.name).toUpperCase(), day: DateTime.fromISO('2025-06-01').plus({days: $itemIndex}).toISODate()}};",
    "node24": true
  },
  {
    "id": "ev-shape-group",
    "code": "const g = {}; for (const i of $input.all()) { for (const t of i.json.tags) (g[t] ??= []).push(i.json.id); } return Object.entries(g).map(([tag, ids]) => ({json: {tag, ids}}));",
    "node24": true
  },
  {
    "id": "ev-shape-sum",
    "code": "const total = $input.all().reduce((s, i) => s + i.json.score, 0); return [{json: {total, avg: total / $input.all().length}}];",
    "node24": true
  },
  {
    "id": "ev-sleep-fn",
    "code": "const sleep = (ms) => new Promise((r) => setTimeout(r, ms)); const out = []; for (const item of $input.all()) { await sleep(5); out.push({json: {...item.json, at: Date.now() > 0}}); } return out;",
    "node24": true
  },
  {
    "id": "ev-splitat",
    "code": "const i = Interval.fromISO('2025-01-01/2025-01-31'); const p = i.splitAt(DateTime.fromISO('2025-01-10'), DateTime.fromISO('2025-01-20')); return [{json: {n: p.length, first: p[0].toISODate()}}];",
    "node24": true
  },
  {
    "id": "ev-splitby",
    "code": "const i = Interval.fromISO('2025-01-01T00:00Z/2025-01-01T06:00Z'); const parts = i.splitBy({hours: 2}); parts.sort((p, q) => q.start - p.start); return parts.map(p => ({json: {from: p.start.toUTC().toISO()}}));",
    "node24": true
  },
  {
    "id": "ev-splitby-duration",
    "code": "const i = Interval.fromISO('2025-01-01/2025-01-31'); return [{json: {weeks: i.splitBy(Duration.fromObject({weeks: 1})).length}}];",
    "node24": true
  },
  {
    "id": "ev-startof",
    "code": "const dt = DateTime.fromISO('2025-06-04T15:00'); return [{json: {w: dt.startOf('week').toISODate(), m: dt.endOf('month').toISODate()}}];",
    "node24": true
  },
  {
    "id": "ev-timeout-args",
    "code": "const log = []; await new Promise((r) => setTimeout((a, b) => { log.push(a + b); r(); }, 5, 'x', 'y')); return [{json: {log}}];",
    "node24": true
  },
  {
    "id": "ev-timeout-await",
    "code": "await new Promise((resolve) => setTimeout(resolve, 10)); return $input.all();",
    "node24": true
  },
  {
    "id": "ev-timeout-bound",
    "code": "const st = {n: 0}; function inc(k) { this.n += k; } await new Promise((r) => setTimeout(() => { inc.call(st, 2); r(); }, 1)); return [{json: st}];",
    "node24": true
  },
  {
    "id": "ev-timeout-clear",
    "code": "const t = setTimeout(() => {}, 1000); clearTimeout(t); return [{json: {ok: true}}];",
    "node24": true
  },
  {
    "id": "ev-timeout-duration",
    "code": "await new Promise((r) => setTimeout(r, Duration.fromObject({milliseconds: 5}).toMillis())); return [{json: {ok: true}}];",
    "node24": true
  },
  {
    "id": "ev-timeout-race",
    "code": "const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000)); const work = Promise.resolve(42); const v = await Promise.race([work, timeout]).catch(() => -1); return [{json: {v}}];",
    "node24": true
  },
  {
    "id": "ev-timer-unref",
    "code": "const t = setTimeout(() => {}, 50); t.unref(); t.ref(); const has = t.hasRef(); clearTimeout(t); return [{json: {has}}];",
    "node24": true
  },
  {
    "id": "ev-tolocale-preset",
    "code": "return [{json: {d: DateTime.fromISO('2025-06-01').toLocaleString(DateTime.DATE_FULL), t: DateTime.fromISO('2025-06-01T10:00').toLocaleString(DateTime.TIME_SIMPLE)}}];",
    "node24": true
  },
  {
    "id": "ev-toobject-config",
    "code": "const o = DateTime.fromISO('2025-01-01').toObject({includeConfig: true}); delete o.numberingSystem; return [{json: o}];",
    "node24": true
  },
  {
    "id": "ev-toobject-dt",
    "code": "return $input.all().map(i => ({json: {...DateTime.fromISO('2025-03-04T05:06:07Z').toUTC().toObject(), id: i.json.id}}));",
    "node24": true
  },
  {
    "id": "ev-toobject-dur-write",
    "code": "const o = Duration.fromObject({hours: 2, minutes: 30}).toObject(); o.total = (o.hours ?? 0) * 60 + (o.minutes ?? 0); return [{json: o}];",
    "node24": true
  },
  {
    "id": "ev-toobject-merge-spread",
    "code": "const parts = Interval.fromISO('2025-01-01/2025-01-03').splitBy({days: 1}).map(p => ({...p.toDuration('hours').toObject(), start: p.start.toISODate()})); return parts.map(json => ({json}));",
    "node24": true
  },
  {
    "id": "ev-xor",
    "code": "const a = Interval.fromISO('2025-01-01/2025-01-05'); const b = Interval.fromISO('2025-01-03/2025-01-10'); const x = Interval.xor([a, b]); x.reverse(); return x.map(i => ({json: {iso: i.toISO()}}));",
    "node24": true
  },
  {
    "id": "ev-xor-merge-write",
    "code": "const xs = [Interval.fromISO('2025-01-01/2025-01-03'), Interval.fromISO('2025-01-02/2025-01-06')]; const m = Interval.merge(Interval.xor(xs)); const out = m.map(i => ({ s: i.start.toISODate() })); out[0].first = true; return out.map(json => ({json}));",
    "node24": true
  }
];

/** The everyday bodies still reported: Interval.merge over items mapped to Intervals, then pushed onto (a luxon value, to the model, is the receiver of the map). */
export const ROUND34_REPORTED: string[] = [];
