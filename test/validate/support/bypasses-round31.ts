// Round 31 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 30's fixes,
// aimed at luxon (what it keeps for every task) and Node's timers; 83 attack bodies, 72 showed an effect in the
// oracle, and these 44 wrote onto state every later task shares while the points-to analysis reported none (the shipped
// value flow missed 42). Causes: luxon-intl-cache-key-collision (25): luxon caches the Intl formatters it builds under
// JSON.stringify([locale, options]) while Intl converts the same values to strings, so an option or locale whose JSON
// differs from its conversion (a function with its own toString, an object with toJSON) plants a formatter under an
// ordinary call's key; luxon-zone-offset-guess-cache (12): DateTime.local(..., { zone }) keeps the first offset a zone
// of type 'iana' gives, by its name, so a fake zone makes every later task's Europe/Paris Invalid; node-timer-unlink-fake
// (6): clearTimeout and a timer's close, refresh or dispose handed a fake object write its neighbours into each other,
// and with a real timer's list as one of them the code's object joins a list later tasks' timers join. Fixed by
// reporting a luxon call handed an object whose conversion or methods may run the code's function (n8n-model.ts
// runsCodeForLuxon), and a timer function handed an object of the code's that holds a timer or Node's timer lists
// (summaries.ts relinkedTimers, since round 34 handedToNodeTimers).
import type { RoundEntry } from "./red-team-round.js";

export const ROUND31_WRITES: RoundEntry[] = [
  {
    id: "lux-guess-nan",
    code: "DateTime.local(2025, 1, 1, { zone: { type: 'iana', name: 'Europe/Paris', isValid: true, offset() { return NaN; }, equals() { return false; } } }); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/Paris' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-persist-fn",
    code: "let n = 0; DateTime.local(2025, 1, 1, { zone: { type: 'iana', name: 'Asia/Tokyo', isValid: true, offset() { return { valueOf() { n++; return 540; } }; }, equals() { return false; } } }); const before = n; DateTime.local(2025, 2, 1, { zone: 'Asia/Tokyo' }); return [{json:{wrote: n > before}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-fn",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: Object.assign(() => 0, { toString: () => '2-digit' }) }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); const ctl = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', era: undefined, weekday: undefined, hour12: true }); return [{json:{wrote: f.includes(':'), f, ctl}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-tojson",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', timeZone: { toJSON: () => 'UTC', toString: () => 'Asia/Tokyo' } }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.startsWith('9'), f}}];",
    node24: true,
  },
  {
    id: "lux-inf-poison",
    code: "Duration.fromObject({ hours: 1 }).toHuman({ minimumIntegerDigits: Object.assign(() => 0, { valueOf: () => 3 }) }); const f = Duration.fromObject({ hours: 1 }).toHuman(); return [{json:{wrote: f.startsWith('001'), f}}];",
    node24: true,
  },
  {
    id: "lux-lf-poison",
    code: "Duration.fromObject({ hours: 1, minutes: 2 }).toHuman({ type: { toJSON: () => 'conjunction', toString: () => 'disjunction' } }); const f = Duration.fromObject({ hours: 1, minutes: 2 }).toHuman(); return [{json:{wrote: f.includes(' or '), f}}];",
    node24: true,
  },
  {
    id: "lux-locale-poison",
    code: "const L = { 0: 'de', length: 1, indexOf: () => -1, toLowerCase: () => 'de', startsWith: () => false, toJSON: () => 'en-US' }; DateTime.fromMillis(0, { zone: 'utc' }).setLocale(L).toLocaleString({ month: 'long' }); const f = DateTime.fromMillis(0, { zone: 'utc' }).setLocale('en-US').toLocaleString({ month: 'long' }); return [{json:{wrote: f === 'Januar', f}}];",
    node24: true,
  },
  {
    id: "lux-locale-opt-poison",
    code: "const L = { 0: 'fr', length: 1, indexOf: () => -1, toJSON: () => 'en-US' }; DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ month: 'long' }, { locale: L }); const f = DateTime.fromMillis(0, { zone: 'utc' }).setLocale('en-US').toLocaleString({ month: 'long' }); return [{json:{wrote: f === 'janvier', f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-interval",
    code: "Interval.fromDateTimes(DateTime.fromMillis(0, { zone: 'utc' }), DateTime.fromMillis(3600000, { zone: 'utc' })).toLocaleString({ hour: 'numeric', minute: Object.assign(() => 0, { toString: () => '2-digit' }) }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.includes(':'), f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-parts",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleParts({ hour: 'numeric', minute: Object.assign(() => 0, { toString: () => '2-digit' }) }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.includes(':'), f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-pffo",
    code: "DateTime.parseFormatForOpts({ hour: 'numeric', minute: Object.assign(() => 0, { toString: () => '2-digit' }) }); const f = DateTime.fromMillis(0).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.includes(':'), f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-month-de",
    code: "DateTime.utc().setLocale('de').toLocaleString({ month: { toJSON: () => 'long', toString: () => 'short' } }); const f = DateTime.utc(2020, 1, 5).setLocale('de').toFormat('LLLL'); return [{json:{wrote: f !== 'Januar', f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-fromformat",
    code: "DateTime.utc().setLocale('de').toLocaleString({ month: { toJSON: () => 'long', toString: () => 'short' } }); const d = DateTime.fromFormat('Januar 2020', 'LLLL yyyy', { locale: 'de', zone: 'utc' }); return [{json:{wrote: !d.isValid}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-hour12",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', hourCycle: Object.assign(() => 0, { toString: () => 'h23' }) }); const f = DateTime.fromMillis(13 * 3600000, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f === '13', f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-timestyle",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ ...DateTime.TIME_SIMPLE, second: Object.assign(() => 0, { toString: () => '2-digit' }) }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString(DateTime.TIME_SIMPLE); return [{json:{wrote: f.split(':').length === 3, f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-class",
    code: "class T { toJSON() { return 'UTC'; } toString() { return 'Asia/Tokyo'; } } DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', timeZone: new T() }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.startsWith('9'), f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-each",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: Object.assign(() => 0, { toString: () => '2-digit' }) }); return {json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }).includes(':')}};",
    node24: true,
    mode: "runOnceForEachItem",
  },
  {
    id: "lux-dtf-poison-items",
    code: "const opts = { hour: 'numeric' }; opts[$json.field === 'name' ? 'minute' : 'x'] = Object.assign(() => 0, { toString: () => '2-digit' }); DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString(opts); return [{json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }).includes(':')}}];",
    node24: true,
  },
  {
    id: "lux-inf-poison-tojson",
    code: "Duration.fromObject({ hours: 1 }).toHuman({ unitDisplay: { toJSON: () => 'long', toString: () => 'narrow' } }); const f = Duration.fromObject({ hours: 1 }).toHuman(); return [{json:{wrote: f === '1h', f}}];",
    node24: true,
  },
  {
    id: "lux-inf-poison-dur-locale",
    code: "const L = { 0: 'de', length: 1, indexOf: () => -1, toLowerCase: () => 'de', startsWith: () => false, toJSON: () => 'en-US' }; Duration.fromObject({ hours: 2 }, { locale: L }).toHuman(); const f = Duration.fromObject({ hours: 2 }, { locale: 'en-US' }).toHuman(); return [{json:{wrote: f === '2 Stunden', f}}];",
    node24: true,
  },
  {
    id: "lux-lf-poison-style",
    code: "Duration.fromObject({ hours: 1, minutes: 2 }).toHuman({ listStyle: { toJSON: () => 'long', toString: () => 'long' }, type: { toJSON: () => 'conjunction', toString: () => 'unit' } }); const f = Duration.fromObject({ hours: 1, minutes: 2 }).toHuman({ listStyle: 'long' }); return [{json:{wrote: !f.includes('and'), f}}];",
    node24: true,
  },
  {
    id: "lux-locale-poison-fromobj",
    code: "const L = { 0: 'de', length: 1, indexOf: () => -1, toJSON: () => 'en-US' }; DateTime.fromObject({ year: 2020 }, { locale: L, zone: 'utc' }).toLocaleString({ month: 'long' }); const f = DateTime.fromObject({ year: 2020 }, { locale: 'en-US', zone: 'utc' }).toLocaleString({ month: 'long' }); return [{json:{wrote: f === 'Januar', f}}];",
    node24: true,
  },
  {
    id: "lux-locale-poison-reconf",
    code: "const L = { 0: 'de', length: 1, indexOf: () => -1, toJSON: () => 'en-US' }; DateTime.fromMillis(0, { zone: 'utc' }).reconfigure({ locale: L }).toLocaleString({ weekday: 'long' }); const f = DateTime.fromMillis(0, { zone: 'utc' }).setLocale('en-US').toLocaleString({ weekday: 'long' }); return [{json:{wrote: f === 'Donnerstag', f}}];",
    node24: true,
  },
  {
    id: "lux-locale-poison-array",
    code: "const L = ['de']; L.toJSON = () => 'en-US'; DateTime.fromMillis(0, { zone: 'utc' }).setLocale(L).toLocaleString({ month: 'long' }); const f = DateTime.fromMillis(0, { zone: 'utc' }).setLocale('en-US').toLocaleString({ month: 'long' }); return [{json:{wrote: f === 'Januar', f}}];",
    node24: true,
  },
  {
    id: "lux-guess-nan-min",
    code: "DateTime.local(2025, { zone: { type: 'iana', name: 'Europe/Berlin', isValid: true, offset() { return NaN; }, equals() { return false; } } }); return [{json:{wrote: !DateTime.local(2025, 3, 1, { zone: 'Europe/Berlin' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-inf",
    code: "DateTime.local(2025, 1, 1, { zone: { type: 'iana', name: 'America/New_York', isValid: true, offset() { return Infinity; }, equals() { return false; } } }); return [{json:{wrote: !DateTime.local(2025, 6, 1, { zone: 'America/New_York' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-class",
    code: "class Z { get type() { return 'iana'; } get name() { return 'Europe/London'; } get isValid() { return true; } offset() { return NaN; } equals() { return false; } } DateTime.local(2025, 1, 1, { zone: new Z() }); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/London' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-each",
    code: "DateTime.local(2025, 1, 1, { zone: { type: 'iana', name: 'Asia/Kolkata', isValid: true, offset() { return NaN; }, equals() { return false; } } }); return {json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Asia/Kolkata' }).isValid}};",
    node24: true,
    mode: "runOnceForEachItem",
  },
  {
    id: "lux-guess-json-name",
    code: "const z = { type: 'iana', name: $json.name ? 'Australia/Sydney' : 'x', isValid: true, offset: () => NaN, equals: () => false }; DateTime.local(2025, 1, 1, { zone: z }); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Australia/Sydney' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-arrow-fields",
    code: "const z = { type: 'iana', name: 'Europe/Rome', isValid: true, offset: () => 0 / 0 }; try { DateTime.local(2025, 1, 1, { zone: z }); } catch {} return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/Rome' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-string-off",
    code: "const z = { type: 'iana', name: 'Europe/Madrid', isValid: true, offset: () => 'x', equals: () => false }; DateTime.local(2025, 1, 1, { zone: z }); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/Madrid' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-persist-hang",
    code: "let n = 0; DateTime.local(2025, 1, 1, { zone: { type: 'iana', name: 'Asia/Dubai', isValid: true, offset() { return { valueOf() { n++; return 240; } }; }, equals() { return false; } } }); const b = n; DateTime.local(2025, 5, 1, { zone: 'Asia/Dubai' }); DateTime.local(2025, 7, 1, { zone: 'Asia/Dubai' }); return [{json:{wrote: n >= b + 2}}];",
    node24: true,
  },
  {
    id: "timer-clear-fake-tail",
    code: "const t = setTimeout(() => 0, 12345); const L = t._idlePrev; const X = { _idleStart: 0 }; clearTimeout({ _onTimeout: 1, _idleNext: L, _idlePrev: X }); const u = setTimeout(() => 0, 12345); const w = u._idlePrev._idlePrev === X; clearTimeout(u); return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "timer-clear-fake-head",
    code: "const t = setTimeout(() => 0, 23456); const L = t._idlePrev; const A = {}; clearTimeout({ _onTimeout: 1, _idleNext: A, _idlePrev: L }); const u = setTimeout(() => 0, 23456); const w = u._idleNext === A; clearTimeout(u); return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "interval-clear-fake",
    code: "const t = setInterval(() => 0, 34567); const L = t._idlePrev; const X = { _idleStart: 0 }; clearInterval({ _onTimeout: 1, _idleNext: L, _idlePrev: X }); const u = setInterval(() => 0, 34567); const w = u._idlePrev._idlePrev === X; clearInterval(u); clearInterval(t); return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "lux-rtf-poison-fr",
    code: "DateTime.fromMillis(0).setLocale('fr').toRelative({ base: DateTime.fromMillis(3 * 86400000), unit: 'days', style: Object.assign(() => 0, { toString: () => 'narrow' }) }); const f = DateTime.fromMillis(0).setLocale('fr').toRelative({ base: DateTime.fromMillis(3 * 86400000), unit: 'days' }); return [{json:{wrote: f === '-3 j', f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-default",
    code: "DateTime.utc().toLocaleString({ ...DateTime.DATE_SHORT, hour: Object.assign(() => 0, { toString: () => 'numeric' }) }); const f = DateTime.utc(2020, 1, 2).toLocaleString(); return [{json:{wrote: f.length > 10, f}}];",
    node24: true,
  },
  {
    id: "timer-refresh-fake-list",
    code: "const t = setTimeout(() => 0, 45678); const L = t._idlePrev; const X = { _idleStart: 0 }; clearTimeout({ _onTimeout: 1, _idleNext: L, _idlePrev: X }); const w = L._idlePrev === X; return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "timer-close-fake",
    code: "const t = setTimeout(() => 0, 56789); const L = t._idlePrev; const X = {}; t.close.call({ _onTimeout: 1, _idleNext: L, _idlePrev: X }); const u = setTimeout(() => 0, 56789); const w = u._idlePrev._idlePrev === X; clearTimeout(u); return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "timer-dispose-fake",
    code: "const t = setTimeout(() => 0, 56781); const L = t._idlePrev; const X = {}; t[Symbol.dispose].call({ _onTimeout: 1, _idleNext: L, _idlePrev: X }); const u = setTimeout(() => 0, 56781); const w = u._idlePrev._idlePrev === X; clearTimeout(u); return [{json:{wrote: w}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-bound",
    code: "DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: Object.assign(function () {}.bind(null), { toString() { return '2-digit'; } }) }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.includes(':'), f}}];",
    node24: true,
  },
  {
    id: "lux-dtf-poison-class-static",
    code: "class M { static toString() { return '2-digit'; } } DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: M }); const f = DateTime.fromMillis(0, { zone: 'utc' }).toLocaleString({ hour: 'numeric' }); return [{json:{wrote: f.includes(':'), f}}];",
    node24: true,
  },
  {
    id: "lux-guess-getter-name",
    code: "let k = 0; const z = { type: 'iana', get name() { return 'Europe/Vienna'; }, isValid: true, offset() { k++; return NaN; }, equals() { return false; } }; DateTime.local(2025, 1, 1, { zone: z }); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/Vienna' }).isValid}}];",
    node24: true,
  },
  {
    id: "lux-guess-via-fromdatetimes",
    code: "const z = { type: 'iana', name: 'Europe/Prague', isValid: true, offset: () => NaN, equals: () => false }; const i = Interval.fromDateTimes(DateTime.local(2025, 1, 1, { zone: z }), DateTime.local(2025, 1, 2)); return [{json:{wrote: !DateTime.local(2025, 1, 1, { zone: 'Europe/Prague' }).isValid, v: i.isValid}}];",
    node24: true,
  },
];

/** The shipped value flow reports only these of them. */
export const ROUND31_REPORTED_BY_VALUE_FLOW = ["lux-dtf-poison-timestyle", "lux-dtf-poison-default"];

/** Everyday bodies of the round: its pure ones and the 11 it found reported. */
export const ROUND31_EVERYDAY: RoundEntry[] = [
  {
    id: "ev-interval-after",
    code: "const start = DateTime.fromISO($json.id === 1 ? '2025-03-01T09:00:00Z' : '2025-03-02T09:00:00Z'); const slot = Interval.after(start, { minutes: 30 }); return [{ json: { slot: slot.toISO(), len: slot.length('minutes') } }];",
    node24: true,
  },
  {
    id: "ev-interval-before",
    code: "const end = DateTime.fromISO('2025-03-01T09:00:00Z'); const window = Interval.before(end, Duration.fromObject({ days: 7 })); return [{ json: { s: window.start.toISODate(), contains: window.contains(DateTime.fromISO('2025-02-25T00:00:00Z')) } }];",
    node24: true,
  },
  {
    id: "ev-interval-overlaps",
    code: "const a = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-10')); const b = Interval.fromDateTimes(DateTime.fromISO('2025-01-05'), DateTime.fromISO('2025-01-15')); const x = a.intersection(b); return [{ json: { overlaps: a.overlaps(b), inter: x ? x.toISO() : null, union: a.union(b).toISO(), engulfs: a.engulfs(b) } }];",
    node24: true,
  },
  {
    id: "ev-interval-count-weeks",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-03-01')); return [{ json: { weeks: i.count('weeks'), months: i.count('months'), dur: i.toDuration(['months', 'days']).toObject() } }];",
    node24: true,
  },
  {
    id: "ev-diff-now-days",
    code: "const created = DateTime.fromISO('2024-12-01T10:00:00Z'); const age = DateTime.now().diff(created, 'days').days; return [{ json: { stale: age > 30, age: Math.floor(age) } }];",
    node24: true,
  },
  {
    id: "ev-setzone-strings",
    code: "const utc = DateTime.fromISO('2025-06-01T12:00:00Z'); const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'UTC', 'utc+2']; return zones.map((z) => ({ json: { z, local: utc.setZone(z).toFormat('yyyy-MM-dd HH:mm ZZZZ') } }));",
    node24: true,
  },
  {
    id: "ev-setzone-keeplocal",
    code: "const d = DateTime.fromISO('2025-06-01T09:00:00').setZone('America/Chicago', { keepLocalTime: true }); return [{ json: { iso: d.toISO(), utc: d.toUTC().toISO() } }];",
    node24: true,
  },
  {
    id: "ev-startof-endof",
    code: "const d = DateTime.fromISO('2025-06-18T15:22:00Z', { zone: 'utc' }); return [{ json: { sod: d.startOf('day').toISO(), eow: d.endOf('week').toISO(), som: d.startOf('month').toISODate(), q: d.startOf('quarter').toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-plus-minus-chain",
    code: "const due = DateTime.fromISO($json.id === 1 ? '2025-01-31' : '2025-02-28').plus({ months: 1 }).minus({ days: 1 }).set({ hour: 17 }); return [{ json: { due: due.toISO(), weekday: due.weekdayShort } }];",
    node24: true,
  },
  {
    id: "ev-duration-math",
    code: "const total = items.reduce((acc, i) => acc.plus({ minutes: i.json.score }), Duration.fromObject({})); return [{ json: { hm: total.shiftTo('hours', 'minutes').toObject(), fmt: total.toFormat('hh:mm'), iso: total.toISO(), neg: total.negate().toISO() } }];",
    node24: true,
  },
  {
    id: "ev-duration-human",
    code: "const d = Duration.fromObject({ hours: 26, minutes: 5 }).shiftTo('days', 'hours', 'minutes'); return [{ json: { human: d.toHuman(), long: d.toHuman({ listStyle: 'long' }), sh: d.toHuman({ unitDisplay: 'short' }) } }];",
    node24: true,
  },
  {
    id: "ev-duration-compare",
    code: "const a = Duration.fromISO('PT90M'); const b = Duration.fromObject({ hours: 1, minutes: 30 }); return [{ json: { eq: a.equals(b.shiftTo('minutes')), ms: a.toMillis(), rescale: Duration.fromObject({ minutes: 125 }).rescale().toObject() } }];",
    node24: true,
  },
  {
    id: "ev-toformat-locale",
    code: "const d = DateTime.fromISO('2025-12-24T18:30:00Z', { zone: 'utc' }); return [{ json: { de: d.setLocale('de').toFormat('cccc, d. LLLL yyyy'), fr: d.toFormat('DDDD', { locale: 'fr' }), en: d.toFormat('ff') } }];",
    node24: true,
  },
  {
    id: "ev-torelative-units",
    code: "const d = DateTime.fromISO('2025-01-01T00:00:00Z'); const base = DateTime.fromISO('2025-01-05T12:00:00Z'); return [{ json: { r1: d.toRelative({ base, unit: 'hours' }), r2: d.toRelative({ base, style: 'short' }), r3: d.toRelative({ base, locale: 'es' }), r4: d.toRelativeCalendar({ base }) } }];",
    node24: true,
  },
  {
    id: "ev-tolocalestring-opts",
    code: "const d = DateTime.fromISO('2025-03-09T14:05:00Z'); return [{ json: { a: d.toLocaleString(DateTime.DATETIME_SHORT), b: d.toLocaleString({ weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }), c: d.toLocaleString(DateTime.DATE_MED, { locale: 'ja' }) } }];",
    node24: true,
  },
  {
    id: "ev-fromformat-parse",
    code: "const rows = ['03/04/2025 10:00', '31/12/2024 23:59']; return rows.map((r) => { const d = DateTime.fromFormat(r, 'dd/MM/yyyy HH:mm', { zone: 'Europe/Madrid' }); return { json: { ok: d.isValid, iso: d.toISO(), err: d.invalidExplanation } }; });",
    node24: true,
  },
  {
    id: "ev-business-days",
    code: "let d = DateTime.fromISO('2025-01-01'); let n = 0; while (n < 10) { d = d.plus({ days: 1 }); if (d.weekday <= 5) n++; } return [{ json: { due: d.toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-local-zone-ctor",
    code: "const d = DateTime.local(2025, 3, 30, 2, 30, { zone: 'Europe/Berlin' }); return [{ json: { iso: d.toISO(), valid: d.isValid, off: d.offset } }];",
    node24: true,
  },
  {
    id: "ev-luxon-sort-group",
    code: "const byDay = {}; for (const [k, i] of items.entries()) { const day = DateTime.fromISO('2025-01-0' + (k + 1)).toFormat('yyyy-LL-dd'); (byDay[day] ||= []).push(i.json.id); } return [{ json: byDay }];",
    node24: true,
  },
  {
    id: "ev-weeknumber",
    code: "const d = DateTime.fromISO('2025-12-29'); return [{ json: { wk: d.weekNumber, wy: d.weekYear, lw: d.localWeekNumber, iso: d.toISOWeekDate() } }];",
    node24: true,
  },
  {
    id: "ev-sleep-each",
    code: "await new Promise((r) => setTimeout(r, 2)); return { json: { ...$json, at: DateTime.fromISO('2025-01-01').toISODate() } };",
    node24: true,
    mode: "runOnceForEachItem",
  },
  {
    id: "ev-concurrency-pool",
    code: "const tasks = items.map((i) => () => new Promise((r) => setTimeout(() => r(i.json.id), 3))); const results = []; const running = new Set(); for (const t of tasks) { const p = t().then((v) => { results.push(v); running.delete(p); }); running.add(p); if (running.size >= 2) await Promise.race(running); } await Promise.all(running); return [{ json: { results } }];",
    node24: true,
  },
  {
    id: "ev-set-immediate-yield",
    code: "const out = []; for (const i of items) { out.push(i.json.id); await new Promise((r) => setImmediate(r)); } return [{ json: { out } }];",
    node24: true,
  },
  {
    id: "ev-timer-object-store",
    code: "const timers = {}; for (const i of items) { timers[i.json.id] = setTimeout(() => {}, 1000); } for (const k of Object.keys(timers)) clearTimeout(timers[k]); return [{ json: { n: Object.keys(timers).length } }];",
    node24: true,
  },
  {
    id: "ev-duration-from-diff-human",
    code: "const start = DateTime.fromISO('2025-01-01T08:00:00Z'); const end = DateTime.fromISO('2025-01-01T17:45:00Z'); const dur = end.diff(start, ['hours', 'minutes']); return [{ json: { human: dur.toHuman({ maximumFractionDigits: 0 }), h: dur.hours, m: dur.minutes } }];",
    node24: true,
  },
  {
    id: "ev-dt-min-max-spread",
    code: "const ds = ['2025-01-03', '2025-01-01', '2025-01-02'].map((s) => DateTime.fromISO(s)); const i = Interval.fromDateTimes(DateTime.min(...ds), DateTime.max(...ds)); return [{ json: { span: i.length('days'), s: i.start.toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-split-by-days",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01T00:00:00Z'), DateTime.fromISO('2025-01-08T00:00:00Z')); const days = i.splitBy({ days: 1 }).map((d) => d.start.toISODate()); return [{ json: { days } }];",
    node24: true,
  },
  {
    id: "ev-split-by-duration",
    code: "const i = Interval.fromISO('2025-01-01T00:00:00Z/2025-01-01T06:00:00Z'); const slots = i.splitBy(Duration.fromObject({ hours: 2 })); return slots.map((s) => ({ json: { from: s.start.toISO(), to: s.end.toISO() } }));",
    node24: true,
  },
  {
    id: "ev-interval-divide",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01T00:00:00Z'), DateTime.fromISO('2025-01-02T00:00:00Z')); return [{ json: { parts: i.divideEqually(4).map((p) => p.start.toISO()) } }];",
    node24: true,
  },
  {
    id: "ev-interval-difference",
    code: "const year = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2026-01-01')); const holiday = Interval.fromDateTimes(DateTime.fromISO('2025-07-01'), DateTime.fromISO('2025-08-01')); return [{ json: { rest: year.difference(holiday).map((x) => x.toISODate()) } }];",
    node24: true,
  },
  {
    id: "ev-diff-object",
    code: "const a = DateTime.fromISO('2025-01-01T08:00:00', { zone: 'Europe/Berlin' }); const b = DateTime.fromISO('2025-01-03T17:30:00', { zone: 'Europe/Berlin' }); const d = b.diff(a, ['days', 'hours', 'minutes']).toObject(); d.total = b.diff(a).as('hours'); return [{ json: d }];",
    node24: true,
  },
  {
    id: "ev-toobject-extend",
    code: "const obj = DateTime.fromISO('2025-05-05T05:05:05Z', { zone: 'utc' }).toObject(); obj.tz = 'UTC'; obj.label = 'x'; return [{ json: obj }];",
    node24: true,
  },
  {
    id: "ev-timeout-promise-race",
    code: "const withTimeout = (p, ms) => { let t; return Promise.race([p, new Promise((_, rej) => { t = setTimeout(() => rej(new Error('timeout')), ms); })]).finally(() => clearTimeout(t)); }; const v = await withTimeout(new Promise((r) => setTimeout(() => r(items.length), 5)), 1000); return [{ json: { v } }];",
    node24: true,
  },
  {
    id: "ev-throttle-fn",
    code: "function throttle(fn, ms) { let last = 0; let t = null; return (...a) => { const now = Date.now(); if (now - last >= ms) { last = now; fn(...a); } else { clearTimeout(t); t = setTimeout(() => { last = Date.now(); fn(...a); }, ms - (now - last)); } }; } const out = []; const f = throttle((x) => out.push(x), 10); f(1); f(2); await new Promise((r) => setTimeout(r, 30)); return [{ json: { out } }];",
    node24: true,
  },
  {
    id: "ev-interval-clear-timeout",
    code: "let ticks = 0; const h = setInterval(() => { ticks++; }, 2); await new Promise((r) => setTimeout(r, 15)); clearInterval(h); return [{ json: { ok: ticks > 0 } }];",
    node24: true,
  },
  {
    id: "ev-interval-splitat",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-31')); const parts = i.splitAt(DateTime.fromISO('2025-01-10'), DateTime.fromISO('2025-01-20')); return [{ json: { parts: parts.map((p) => p.toISODate()) } }];",
    node24: true,
  },
  {
    id: "ev-interval-xor",
    code: "const a = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-10')); const b = Interval.fromDateTimes(DateTime.fromISO('2025-01-05'), DateTime.fromISO('2025-01-15')); return [{ json: { x: Interval.xor([a, b]).map((i) => i.toISODate()) } }];",
    node24: true,
  },
];

/**
 * The everyday bodies the analysis reports: none of 37 (the round found 11 reported before its fixes, 5 of them
 * luxon's interval arrays mapped; timers cleared in a `finally`, a throttle and an interval poll are proven pure since
 * Node's timer functions are trusted with untouched timers, Engine.trustedNodeCall, and a written toObject() result
 * and `Interval.xor([...]).map(...)` since luxon's methods that make a new object or array are told apart, n8n-model.ts
 * LUXON_FRESH).
 */
export const ROUND31_REPORTED: string[] = [];
