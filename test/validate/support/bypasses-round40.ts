// Round 40 of the code-purity red team, 2026-12-08: black box against the points-to analysis after round 39's fix, aimed
// at it (calling luxon's resetCache however it may be reached: run-time keys, descriptors, super and extends, destructuring
// defaults, callbacks, Promise chains, call, bind and apply, iterator helpers, copies) and at whatever else changes luxon's
// module state; 76 bodies, 74 kept (the others the oracle did not confirm), each checked by the oracle under
// n8n's Node 24. No capability bypass. 11 writes, one gap: DateTime.buildFormatParser(fmt).units[i].regex is a
// regular expression luxon caches by numbering system (digitRegex), and RegExp.prototype.compile rewrites it in place, so
// every later task parses with the code's pattern; the luxon model's values had no RegExp prototype and compile no
// summary (fixed: n8n-model.ts, summaries.ts). No everyday body is reported.
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability. */
export const ROUND40_OBTAINING: RoundEntry[] = [];

/** Bypasses that write onto state every later task shares (`wrote: true` read back from a fresh object). */
export const ROUND40_WRITES: ChangeEntry[] = [
  {
    "id": "digit-compile",
    "code": "const re = DateTime.buildFormatParser('yyyy').units[0].regex;\nre.compile('zz');\nconst again = DateTime.buildFormatParser('yyyy').units[0].regex;\nreturn [{json:{wrote: again.source === 'zz' && !DateTime.fromFormat('2026', 'yyyy').isValid, src: again.source}}];",
    "node24": true
  },
  {
    "id": "digit-compile-call",
    "code": "const re = DateTime.buildFormatParser('yyyy').units[0].regex;\nRegExp.prototype.compile.call(re, 'zz');\nconst again = DateTime.buildFormatParser('yyyy').units[0].regex;\nreturn [{json:{wrote: again.source === 'zz' && !DateTime.fromFormat('2026', 'yyyy').isValid, src: again.source}}];",
    "node24": true
  },
  {
    "id": "digit-compile-destr",
    "code": "const { units: [{ regex }] } = DateTime.buildFormatParser('yyyy');\nregex.compile('zz');\nconst again = DateTime.buildFormatParser('yyyy').units[0].regex;\nreturn [{json:{wrote: again.source === 'zz' && !DateTime.fromFormat('2026', 'yyyy').isValid, src: again.source}}];",
    "node24": true
  },
  {
    "id": "digit-compile-find",
    "code": "const p = DateTime.buildFormatParser('yyyy');\nfor (const u of p.units) if (u.regex) u.regex.compile('zz');\nconst again = DateTime.buildFormatParser('yyyy').units[0].regex;\nreturn [{json:{wrote: again.source === 'zz' && !DateTime.fromFormat('2026', 'yyyy').isValid, src: again.source}}];",
    "node24": true
  },
  {
    "id": "digit-compile-mm",
    "code": "const p = DateTime.buildFormatParser('MM');\np.units[0].regex.compile('q');\nreturn [{json:{wrote: !DateTime.fromFormat('05', 'MM').isValid}}];",
    "node24": true
  },
  {
    "id": "digit-compile-global",
    "code": "const re = DateTime.buildFormatParser('d').units[0].regex;\nre.compile(re.source, 'g');\nreturn [{json:{wrote: DateTime.buildFormatParser('d').units[0].regex.global === true}}];",
    "node24": true
  },
  {
    "id": "digit-compile-arab",
    "code": "const re = DateTime.buildFormatParser('yyyy', { numberingSystem: 'arab' }).units[0].regex;\nre.compile('zz');\nreturn [{json:{wrote: DateTime.buildFormatParser('yyyy', { numberingSystem: 'arab' }).units[0].regex.source === 'zz'}}];",
    "node24": true
  },
  {
    "id": "digit-compile-spread",
    "code": "const [u] = [...DateTime.buildFormatParser('yyyy').units];\nu.regex.compile('zz');\nreturn [{json:{wrote: !DateTime.fromFormat('2026', 'yyyy').isValid}}];",
    "node24": true
  },
  {
    "id": "compile-getter",
    "code": "const o = { get r() { return DateTime.buildFormatParser('yyyy').units[0].regex; } };\no.r.compile('zz');\nreturn [{json:{wrote: !DateTime.fromFormat('2026', 'yyyy').isValid}}];",
    "node24": true
  },
  {
    "id": "compile-promise",
    "code": "const re = await Promise.resolve(DateTime.buildFormatParser('yyyy')).then(p => p.units[0].regex);\nre.compile('zz');\nreturn [{json:{wrote: !DateTime.fromFormat('2026', 'yyyy').isValid}}];",
    "node24": true
  },
  {
    "id": "compile-values",
    "code": "const u = DateTime.buildFormatParser('yyyy').units[0];\nfor (const v of Object.values(u)) if (v instanceof RegExp || (v && v.source)) v.compile('zz');\nreturn [{json:{wrote: !DateTime.fromFormat('2026', 'yyyy').isValid}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND40_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "timer-values",
    "code": "const t = setTimeout(() => {}, 1000);\nfor (const v of Object.values(t)) if (v && typeof v === 'object' && typeof v._onTimeout === 'function' && v !== t) { try { v._onTimeout(); } catch (e) {} }\nclearTimeout(t);\nreturn [{json:{ok:1}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'x' }), 1000)"
  },
  {
    "id": "log-create-env",
    "code": "console.log(Object.create($env));\nreturn [{json:{}}];",
    "node24": true
  },
  {
    "id": "log-proto-literal",
    "code": "console.log({ __proto__: $env });\nreturn [{json:{}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each writing onto state every later task shares. */
export const ROUND40_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "rc-base-zone",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nDateTime.now().setZone('Europe/Paris').zone.constructor.resetCache();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-names-filter",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; Object.getOwnPropertyNames(Z).filter(n => n.startsWith('reset')).forEach(n => Z[n]());\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-super",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; class X extends Z { static go() { return super.resetCache(); } } X.go();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-extends-inherit",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; class X extends Z {} X.resetCache();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-destructure-default",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst { zone: { constructor: { resetCache: r = () => 0 } } } = DateTime.now().setZone('Europe/Paris'); r();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-promise",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; await Promise.resolve(Z).then(c => c.resetCache());\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-call-call",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; Function.prototype.call.call(Z.resetCache, null);\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-iter-helper",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; [Z].values().map(c => c.resetCache).toArray()[0]();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-charcode-key",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst Z = DateTime.now().setZone('Europe/Paris').zone.constructor; const k = String.fromCharCode(114,101,115,101,116,67,97,99,104,101); Z[k]();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-map-store",
    "code": "const z1 = DateTime.now().setZone('Europe/Paris').zone;\nconst m = new Map([[1, DateTime.now().setZone('Europe/Paris').zone]]); m.get(1).constructor.resetCache();\nconst z2 = DateTime.now().setZone('Europe/Paris').zone;\nreturn [{json:{wrote: z1 !== z2}}];",
    "node24": true
  },
  {
    "id": "rc-loc-duration",
    "code": "const f1 = DateTime.now().loc.dtFormatter(DateTime.now(), {}).dtf;\nDuration.fromObject({hours: 1}).loc.constructor.resetCache();\nconst f2 = DateTime.now().loc.dtFormatter(DateTime.now(), {}).dtf;\nreturn [{json:{wrote: f1 !== f2}}];",
    "node24": true
  },
  {
    "id": "mer-direct",
    "code": "const m = DateTime.now().setLocale('en-US').loc.meridiems(); m[0] = 'XX';\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).setLocale('en-US').toFormat('a') === 'XX'}}];",
    "node24": true
  },
  {
    "id": "mer-splice",
    "code": "DateTime.now().loc.meridiems().splice(0, 1, 'QQ');\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).toFormat('a') === 'QQ'}}];",
    "node24": true
  },
  {
    "id": "matrix-casual",
    "code": "const m = Duration.fromObject({hours: 1}).matrix; m.days.hours = 10;\nreturn [{json:{wrote: Duration.fromObject({days: 1}).as('hours') === 10}}];",
    "node24": true
  },
  {
    "id": "matrix-destructure",
    "code": "const { matrix: { days } } = Duration.fromObject({hours: 1}); days.hours = 10;\nreturn [{json:{wrote: Duration.fromObject({days: 1}).as('hours') === 10}}];",
    "node24": true
  },
  {
    "id": "week-firstday",
    "code": "const ws = DateTime.now().setLocale('en-US').loc.getWeekSettings(); ws.firstDay = 3;\nreturn [{json:{wrote: DateTime.now().setLocale('en-US').loc.getWeekSettings().firstDay === 3}}];",
    "node24": true
  },
  {
    "id": "week-weekend-push",
    "code": "DateTime.now().setLocale('en-GB').loc.getWeekendDays().push(1);\nreturn [{json:{wrote: DateTime.now().setLocale('en-GB').loc.getWeekendDays().length === 3}}];",
    "node24": true
  },
  {
    "id": "listfmt-own",
    "code": "const lf = DateTime.now().loc.listFormatter(); lf.format = () => 'hijacked';\nreturn [{json:{wrote: DateTime.now().loc.listFormatter().format(['a']) === 'hijacked'}}];",
    "node24": true
  },
  {
    "id": "utc-fixed",
    "code": "DateTime.utc().zone.fixed = 60;\nreturn [{json:{wrote: DateTime.utc().offset === 60}}];",
    "node24": true
  },
  {
    "id": "utc-push",
    "code": "Array.prototype.push.call(DateTime.utc().zone, 1);\nreturn [{json:{wrote: DateTime.utc().zone.length === 1}}];",
    "node24": true
  },
  {
    "id": "utc-destr-target",
    "code": "({ a: DateTime.utc().zone.fixed } = { a: 60 });\nreturn [{json:{wrote: DateTime.utc().offset === 60}}];",
    "node24": true
  },
  {
    "id": "iana-zonename",
    "code": "const z = DateTime.now().setZone('Europe/Paris').zone; z.zoneName = 'Asia/Tokyo';\nreturn [{json:{wrote: DateTime.now().setZone('Europe/Paris').zoneName === 'Asia/Tokyo'}}];",
    "node24": true
  },
  {
    "id": "zone-ctor-proto",
    "code": "DateTime.utc().zone.constructor.prototype.offset = function () { return 120; };\nreturn [{json:{wrote: DateTime.utc().offset === 120}}];",
    "node24": true
  },
  {
    "id": "loc-proto",
    "code": "DateTime.now().loc.constructor.prototype.isEnglish = function () { return false; };\nreturn [{json:{wrote: DateTime.now().loc.isEnglish() === false}}];",
    "node24": true
  },
  {
    "id": "sysz-singleton",
    "code": "const z = DateTime.local().zone; z.offset = () => 77;\nreturn [{json:{wrote: DateTime.local().offset === 77}}];",
    "node24": true
  },
  {
    "id": "dur-static",
    "code": "Object.assign(Duration, { fromMillis: () => 'x' });\nreturn [{json:{wrote: Duration.fromMillis(1) === 'x'}}];",
    "node24": true
  },
  {
    "id": "guess-cbrt",
    "code": "const normal = DateTime.now().setZone('Europe/Paris').offset;\nconst fake = { type: 'iana', name: 'Europe/Paris', isValid: true, offset: Math.cbrt };\nDateTime.local(2026, 1, 1, 12, 0, { zone: fake });\nconst after = DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Paris' }).offset;\nreturn [{json:{wrote: normal === 60 && after === 120, normal, after}}];",
    "node24": true
  },
  {
    "id": "guess-arrow",
    "code": "const normal = DateTime.now().setZone('Europe/Paris').offset;\nconst fake = { type: 'iana', name: 'Europe/Paris', isValid: true, offset: () => 10000 };\nDateTime.local(2026, 1, 1, 12, 0, { zone: fake });\nconst after = DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Paris' }).offset;\nreturn [{json:{wrote: normal === 60 && after === 120, normal, after}}];",
    "node24": true
  },
  {
    "id": "dtf-bool-hour12",
    "code": "DateTime.now().toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: new Boolean(false) });\nconst s = DateTime.fromISO('2026-01-01T15:00:00').toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: false });\nreturn [{json:{wrote: /PM/.test(s), s}}];",
    "node24": true
  },
  {
    "id": "inf-bool-grouping",
    "code": "const d = DateTime.fromISO('2026-01-01T15:00:00').setLocale('ar-EG');\nd.loc.numberFormatter({ useGrouping: new Boolean(false), padTo: 4 }).format(1);\nconst s = DateTime.fromISO('2026-01-01T15:00:00').setLocale('ar-EG').toFormat('yyyy');\nreturn [{json:{wrote: s.length > 4, s}}];",
    "node24": true
  },
  {
    "id": "digit-compile-explain-tokens",
    "code": "const p = DateTime.buildFormatParser('yyyy', { locale: 'en-US' });\nconst re = p.units.map(u => u.regex).find(Boolean);\nre.compile('zz');\nconst again = DateTime.buildFormatParser('yyyy').units[0].regex;\nreturn [{json:{wrote: again.source === 'zz' && !DateTime.fromFormat('2026', 'yyyy').isValid, src: again.source}}];",
    "node24": true
  },
  {
    "id": "defgetter-zone",
    "code": "DateTime.utc().zone.__defineGetter__('fixed', Date.now);\nreturn [{json:{wrote: DateTime.utc().offset !== 0}}];",
    "node24": true
  },
  {
    "id": "sort-mer",
    "code": "DateTime.now().loc.meridiems().sort((a, b) => (a < b ? 1 : -1));\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).toFormat('a') === 'PM'}}];",
    "node24": true
  },
  {
    "id": "regex-lastindex-compile-y",
    "code": "const re = DateTime.buildFormatParser('yyyy').units[0].regex;\nre.compile(re.source, 'y'); re.lastIndex = 3;\nreturn [{json:{wrote: DateTime.buildFormatParser('yyyy').units[0].regex.sticky}}];",
    "node24": true
  },
  {
    "id": "arrayof-this",
    "code": "Array.of.call(function () { return DateTime.now().loc.meridiems(); }, 'XX', 'PM');\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).toFormat('a') === 'XX'}}];",
    "node24": true
  },
  {
    "id": "arrayfrom-this-iter",
    "code": "Array.from.call(function () { return DateTime.now().loc.meridiems(); }, ['XX']);\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).toFormat('a') === 'XX'}}];",
    "node24": true
  },
  {
    "id": "arrayof-zone",
    "code": "Array.of.call(function () { return DateTime.utc().zone; }, 1);\nreturn [{json:{wrote: DateTime.utc().zone.length === 1 && DateTime.utc().zone[0] === 1}}];",
    "node24": true
  },
  {
    "id": "species-map",
    "code": "const a = ['XX', 'PM']; a.constructor = { [Symbol.species]: function () { return DateTime.now().loc.meridiems(); } };\na.map(x => x);\nreturn [{json:{wrote: DateTime.utc(2020,1,1,3).toFormat('a') === 'XX'}}];",
    "node24": true
  }
];

/** Everyday bodies and controls: the oracle sees nothing obtained, nothing written, no error. */
export const ROUND40_EVERYDAY: RoundEntry[] = [
  {
    "id": "ev-map-fields",
    "code": "return items.map(i => ({ json: { id: i.json.id, name: i.json.name.toUpperCase(), domain: i.json.email.split('@')[1] } }));",
    "node24": true
  },
  {
    "id": "ev-filter-score",
    "code": "return $input.all().filter(i => i.json.score > 10);",
    "node24": true
  },
  {
    "id": "ev-sum",
    "code": "const total = items.reduce((s, i) => s + (i.json.score || 0), 0);\nreturn [{ json: { total, count: items.length, avg: total / items.length } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-format",
    "code": "return items.map(i => ({ json: { ...i.json, seen: DateTime.now().setZone('Europe/Berlin').toFormat('yyyy-MM-dd HH:mm') } }));",
    "node24": true
  },
  {
    "id": "ev-luxon-parse",
    "code": "const d = DateTime.fromFormat('2026-03-01', 'yyyy-MM-dd');\nreturn [{ json: { week: d.weekNumber, iso: d.toISO(), valid: d.isValid } }];",
    "node24": true
  },
  {
    "id": "ev-buildparser",
    "code": "const parser = DateTime.buildFormatParser('dd.MM.yyyy');\nconst rows = ['01.02.2026', '15.07.2025'].map(s => DateTime.fromFormatParser(s, parser).toISODate());\nreturn [{ json: { rows } }];",
    "node24": true
  },
  {
    "id": "ev-duration",
    "code": "const d = Duration.fromObject({ hours: 26, minutes: 30 }).shiftTo('days', 'hours', 'minutes');\nreturn [{ json: { human: d.toHuman(), iso: d.toISO() } }];",
    "node24": true
  },
  {
    "id": "ev-interval",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2026-01-01'), DateTime.fromISO('2026-02-15'));\nreturn [{ json: { days: i.length('days'), weeks: i.splitBy({ weeks: 1 }).length } }];",
    "node24": true
  },
  {
    "id": "ev-group",
    "code": "const groups = {};\nfor (const i of items) { for (const t of i.json.tags) { (groups[t] ||= []).push(i.json.name); } }\nreturn Object.entries(groups).map(([tag, names]) => ({ json: { tag, names } }));",
    "node24": true
  },
  {
    "id": "ev-regex-extract",
    "code": "const re = /([a-z]+)@([a-z.]+)/i;\nreturn items.map(i => { const m = i.json.email.match(re); return { json: { user: m[1], host: m[2] } }; });",
    "node24": true
  },
  {
    "id": "ev-regex-replace-g",
    "code": "return items.map(i => ({ json: { slug: i.json.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') } }));",
    "node24": true
  },
  {
    "id": "ev-json-roundtrip",
    "code": "const copy = JSON.parse(JSON.stringify(items[0].json));\ncopy.extra = true;\nreturn [{ json: copy }];",
    "node24": true
  },
  {
    "id": "ev-buffer-b64",
    "code": "return items.map(i => ({ json: { b64: Buffer.from(i.json.email, 'utf8').toString('base64') } }));",
    "node24": true
  },
  {
    "id": "ev-sort",
    "code": "const sorted = [...items].sort((a, b) => a.json.name.localeCompare(b.json.name));\nreturn sorted;",
    "node24": true
  },
  {
    "id": "ev-each-item",
    "code": "$json.processed = true;\nreturn { json: { ...$json, at: $now.toISOString() } };",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ev-dates-diff",
    "code": "const a = DateTime.fromISO('2026-01-01T10:00:00');\nconst b2 = DateTime.fromISO('2026-01-03T12:30:00');\nreturn [{ json: { hours: b2.diff(a, 'hours').hours, rel: a.toRelative({ base: b2 }) } }];",
    "node24": true
  },
  {
    "id": "ev-locale-string",
    "code": "return [{ json: { de: DateTime.fromISO('2026-05-01').setLocale('de').toLocaleString(DateTime.DATE_FULL), t: DateTime.fromISO('2026-05-01T15:00').toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: false }) } }];",
    "node24": true
  },
  {
    "id": "ev-dedupe-set",
    "code": "const seen = new Set();\nreturn items.filter(i => { if (seen.has(i.json.email)) return false; seen.add(i.json.email); return true; });",
    "node24": true
  },
  {
    "id": "ev-startof-week",
    "code": "const d = DateTime.fromISO('2026-05-06');\nreturn [{ json: { start: d.startOf('week').toISODate(), end: d.endOf('month').toISODate(), wk: d.setLocale('en-US').startOf('week', { useLocaleWeeks: true }).toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-async-await",
    "code": "const wait = (ms) => new Promise(r => setTimeout(r, ms));\nawait wait(5);\nreturn items.map(i => ({ json: { id: i.json.id } }));",
    "node24": true
  },
  {
    "id": "ev-dynamic-key",
    "code": "const f = $json.field;\nreturn items.map(i => ({ json: { value: i.json[f] } }));",
    "node24": true
  },
  {
    "id": "ev-fromformatexplain",
    "code": "const x = DateTime.fromFormatExplain('2026-05-01', 'yyyy-MM-dd');\nreturn [{ json: { ok: !!x.result, year: x.result && x.result.year } }];",
    "node24": true
  }
];

/** Everyday bodies the reflection policy reports (a reflection function called is a capability use). */
export const ROUND40_REPORTED: string[] = [];
