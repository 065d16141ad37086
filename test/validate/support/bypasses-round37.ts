// Round 37 of the code-purity red team, 2026-12-04: black box against the points-to analysis after round 36's fixes,
// aimed at luxon's other caches (list, relative-time and number formatters, zones, locales), options whose JSON key
// differs from what Intl or luxon reads, ways to smuggle a non-plain value into options, and everyday luxon bodies;
// 101 bodies, 101 kept, each checked by the oracle under n8n's Node 24 (a control for every write).
// 12 bypasses, all writes into luxon's caches every later task shares, through one of luxon's own
// functions put inside options: as a toJSON (`toJSON: Duration.fromObject({}).toObject`, a zone's `offset`), JSON
// keys this task's formatter under another caller's options (date, list, relative-time formatters); as a fake zone's
// `offset` (`{ type: 'iana', name: 'Europe/Berlin', offset: DateTime.utc().zone.offset }`), luxon caches its offset
// guess under the zone's name. Fixed: a function of luxon's inside options cannot be proven pure (n8n-model.ts
// keyedUnlikeRead), and a copy of a luxon value's own members holds no function (Heap.ownEnumerableAtRunTimeKeys: a
// spread of a preset held luxon's methods); toLocaleParts gives a new array of new parts (LUXON_FRESH). Reported
// everyday bodies: two controls that slice luxon's own meridiem array (ROUND37_REPORTED). One more write, found while
// reviewing the fix: a boxed primitive written into `$json`, handed to luxon as its options (n8n's data was left out);
// and one more reviewing the session: resolvedLocaleOptions handed a luxon function as a toJSON (its plain path skipped it).
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability (another task's $env through util.inspect). */
export const ROUND37_OBTAINING: RoundEntry[] = [];

/** Bypasses that write onto state every later task shares (`wrote: true`; its control shows false). */
export const ROUND37_WRITES: ChangeEntry[] = [
  // Found while reviewing the round's fix (not the helper's): resolvedLocaleOptions, one of luxon's functions that make a
  // new object, caches a formatter of its options too, and its plain path skipped the check.
  {
    "id": "review-resolved-options-tojson",
    "code": "const off = DateTime.utc().zone.offset; DateTime.utc(2025, 1, 1, 15).setLocale('en-GB').resolvedLocaleOptions({ ...DateTime.TIME_SIMPLE, hour12: { toJSON: off } }); return [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  // Found while reviewing the round's fix (not the helper's): n8n's data handed as options was left out of the check.
  {
    "id": "review-json-boxed-options",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }); const j = $json; for (const k of Object.keys(j)) delete j[k]; j.hour = 'numeric'; j.minute = 'numeric'; j.hour12 = new Boolean(false); DateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString(j); const after = probe(); return [{ json: { after, wrote: after !== '15:30' } }];",
    "node24": true
  },
  {
    "id": "zguess-stolen",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, fixed: 120, offset: DateTime.utc().zone.offset };\nDateTime.local(2026, 1, 1, { zone: fake });\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "zguess-json",
    "code": "const z = JSON.parse($json.field === 'name' ? '{\"type\":\"iana\",\"name\":\"Europe/Berlin\",\"isValid\":true,\"fixed\":120}' : '{}');\nz.offset = DateTime.utc().zone.offset;\nDateTime.local(2026, 3, 3, 3, { zone: z });\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-stolen",
    "code": "const values = { ...DateTime.DATE_MED, timeZone: 'UTC' };\nconst opts = { weekday: 'long', isValid: true, values, toJSON: Duration.fromObject({}).toObject };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson",
    "code": "const o = { type: 'disjunction', isValid: true, values: { type: 'conjunction', style: 'narrow' } };\no.toJSON = Duration.fromMillis(0).toObject;\nDuration.fromObject({ hours: 1, minutes: 1 }).toHuman(o);\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "zguess-systemzone",
    "code": "const fake = { type: 'iana', name: 'Australia/Sydney', isValid: true, offset: DateTime.local().zone.offset };\nDateTime.local(2026, 1, 1, { zone: fake });\nreturn [{ json: { wrote: DateTime.local(2026, 4, 5, 2, 30, { zone: 'Australia/Sydney' }).offset === 600 } }];",
    "node24": true
  },
  {
    "id": "zguess-item",
    "code": "const fake = { ...$json, type: 'iana', name: 'Europe/Berlin', isValid: true, fixed: 120 };\nfake.offset = Interval.fromDateTimes(DateTime.utc(), DateTime.utc()).start.zone.offset;\nDateTime.local(2026, 2, 2, { zone: fake });\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-fixedzone",
    "code": "const opts = { weekday: 'long', fixed: { ...DateTime.DATE_MED, timeZone: 'UTC' }, toJSON: DateTime.utc().zone.offset };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "dtf-hour12-fixed-false",
    "code": "const z = DateTime.utc().zone;\nDateTime.utc(2025, 1, 1, 15).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: { fixed: false, toJSON: z.offset } });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-hour12-fixed-undef",
    "code": "const off = DateTime.utc().zone.offset;\nDateTime.utc(2025, 1, 1, 15).setLocale('en-GB').toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: { toJSON: off } });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-dt-toobject",
    "code": "const c = { ...DateTime.DATE_MED, timeZone: 'UTC' };\nDateTime.utc(2025, 1, 1).toLocaleString({ weekday: 'long', isValid: true, c, toJSON: DateTime.utc().toObject });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson-zone-item",
    "code": "const fmt = { ...$json.fmt, type: 'disjunction', fixed: { type: 'conjunction', style: 'narrow' } };\nfmt.toJSON = DateTime.fromISO('2025-01-01T00:00:00Z', { zone: 'utc' }).zone.offset;\nconst out = Duration.fromObject({ hours: $json.id, minutes: 1 }).toHuman(fmt);\nreturn [{ json: { out, wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "rtf-tojson-fixed",
    "code": "const units = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];\nDateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative({ style: 'narrow', fixed: { numeric: 'always', units }, toJSON: DateTime.utc().zone.offset });\nreturn [{ json: { wrote: DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative() === '+3 j' } }];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND37_CAUGHT_OBTAINING: RoundEntry[] = [];

/** Attempts the analysis reported when they were made, each writing onto shared state in the oracle. */
export const ROUND37_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "mer-index",
    "code": "const m = DateTime.now().setLocale('en-US').loc.meridiems();\nm[0] = 'XX';\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'XX' } }];",
    "node24": true
  },
  {
    "id": "mer-reverse",
    "code": "const { loc } = DateTime.utc();\nloc.meridiems().reverse();\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'PM' } }];",
    "node24": true
  },
  {
    "id": "mer-parse",
    "code": "const arr = Duration.fromObject({ hours: 1 }).loc.meridiems();\narr.splice(0, 1, 'morning');\nconst p = DateTime.fromFormat('9 morning', 'h a', { zone: 'utc' });\nreturn [{ json: { wrote: p.isValid && p.hour === 9 } }];",
    "node24": true
  },
  {
    "id": "week-weekend-push",
    "code": "const days = DateTime.now().setLocale('de-DE').loc.getWeekendDays();\ndays.push(1);\nreturn [{ json: { wrote: DateTime.local(2026, 12, 7, { locale: 'de-DE' }).isWeekend } }];",
    "node24": true
  },
  {
    "id": "week-firstday",
    "code": "const ws = DateTime.now().setLocale('fr-FR').loc.getWeekSettings();\nws.firstDay = 3;\nreturn [{ json: { wrote: DateTime.local(2026, 12, 4, { locale: 'fr-FR' }).startOf('week', { useLocaleWeeks: true }).weekday === 3 } }];",
    "node24": true
  },
  {
    "id": "week-assign",
    "code": "const loc = DateTime.now().reconfigure({ locale: 'es-ES' }).loc;\nObject.assign(loc.getWeekSettings(), { firstDay: 7, minimalDays: 1 });\nreturn [{ json: { wrote: DateTime.local(2026, 12, 4, { locale: 'es-ES' }).startOf('week', { useLocaleWeeks: true }).weekday === 7 } }];",
    "node24": true
  },
  {
    "id": "zguess-arrow",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, offset: () => 120 };\nDateTime.local(2026, 1, 1, { zone: fake });\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-own-format",
    "code": "const dt = DateTime.utc(2025, 1, 1);\ndt.loc.dtFormatter(dt, DateTime.DATE_MED).dtf.formatToParts = () => [{ type: 'literal', value: 'PWNED' }];\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleParts(DateTime.DATE_MED)[0].value === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "lf-own-format",
    "code": "const d = Duration.fromObject({ hours: 1 });\nd.loc.listFormatter({ type: 'conjunction', style: 'narrow' }).format = (l) => 'PWNED';\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman() === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "intl-proto-host",
    "code": "const dt = DateTime.utc(2025, 1, 1);\nconst f = dt.loc.dtFormatter(dt, { weekday: 'long' }).dtf;\nf.constructor.prototype.formatToParts = function () { return [{ type: 'literal', value: 'PWNED' }]; };\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleParts()[0].value === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "rtf-own",
    "code": "const l = DateTime.now().setLocale('de').loc;\nl.relFormatter({ numeric: 'always', units: ['years','months','days','hours','minutes','seconds'] }).rtf.format = () => 'PWNED';\nreturn [{ json: { wrote: DateTime.now().setLocale('de').plus({ days: 3 }).toRelative() === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "rtf-proto-literal",
    "code": "const l = DateTime.now().setLocale('fr').loc;\nl.relFormatter({ __proto__: { style: 'narrow' }, numeric: 'always', units: ['years','months','days','hours','minutes','seconds'] });\nconst s = DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative();\nreturn [{ json: { wrote: s !== DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative({ style: 'long' }), s } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-arrow",
    "code": "DateTime.utc(2025, 1, 1).toLocaleString({ weekday: 'long', toJSON: () => ({ ...DateTime.DATE_MED, timeZone: 'UTC' }) });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "box-map-object",
    "code": "const h = [false].map(Object)[0];\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-valueof-call",
    "code": "const h = ({}).valueOf.call(false);\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-sloppy-this",
    "code": "const h = (function () { return this; }).call(false);\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-array-from",
    "code": "const h = Array.from([false], Object).pop();\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-reflect-construct",
    "code": "const h = Reflect.construct((false).constructor, [false]);\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-json-reviver",
    "code": "const h = JSON.parse('{\"a\":false}', function (k, v) { return k === 'a' ? Object(v) : v; }).a;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-json-item",
    "code": "const h = [$json.score > 100].map(Object)[0];\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-getter-this",
    "code": "const h = (() => { const d = {}; Object.prototype.__lookupGetter__; return Reflect.apply(function () { return this; }, false, []); })();\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-bind",
    "code": "const h = (function () { return this; }).bind(false)();\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "zguess-pop",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, 0: 120, length: 1, offset: [].pop };\nDateTime.local(2026, 1, 1, { zone: fake });\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-pop",
    "code": "const opts = { weekday: 'long', 0: { ...DateTime.DATE_MED, timeZone: 'UTC' }, length: 1, toJSON: [].pop };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-shift-items",
    "code": "const o = { ...DateTime.TIME_SIMPLE, hourCycle: 'h23', length: 1 };\no[0] = { ...DateTime.TIME_SIMPLE, timeZone: 'UTC' };\no.toJSON = items.shift;\nDateTime.utc(2025, 1, 1, 15).toLocaleString(o);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).toLocaleString(DateTime.TIME_SIMPLE) === '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-nested-tojson-pop",
    "code": "DateTime.utc(2025, 1, 1, 15).setLocale('en-GB').toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: { toJSON: [].pop } });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson-pop",
    "code": "const o = { type: 'disjunction', 0: { type: 'conjunction', style: 'narrow' }, length: 1, toJSON: [].pop };\nDuration.fromObject({ hours: 1, minutes: 1 }).toHuman(o);\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "rtf-tojson-pop",
    "code": "const units = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];\nconst o = { style: 'narrow', 0: { numeric: 'always', units }, length: 1, toJSON: [].pop };\nDateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative(o);\nreturn [{ json: { wrote: DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative() === '+3 j' } }];",
    "node24": true
  },
  {
    "id": "inf-tojson-pop",
    "code": "const d = Duration.fromObject({ hours: 12345 });\nd.toHuman({ useGrouping: 'always', 0: { useGrouping: false, style: 'unit', unitDisplay: 'long', unit: 'hour' }, length: 1, toJSON: [].pop });\nreturn [{ json: { wrote: d.toHuman({ useGrouping: false }) === '12,345 hours' } }];",
    "node24": true
  }
];

/** The round's everyday bodies and the writes' controls: each obtains nothing. */
export const ROUND37_EVERYDAY: RoundEntry[] = [
  {
    "id": "review-resolved-options-tojson-control",
    "code": "const off = DateTime.utc().zone.offset; DateTime.utc(2025, 1, 1, 15).setLocale('en-GB').resolvedLocaleOptions({ ...DateTime.TIME_SIMPLE, hour12: false }); return [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "review-json-boxed-options-control",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }); const j = $json; for (const k of Object.keys(j)) delete j[k]; j.hour = 'numeric'; j.minute = 'numeric'; j.hour12 = false; DateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString(j); const after = probe(); return [{ json: { after, wrote: after !== '15:30' } }];",
    "node24": true
  },
  {
    "id": "mer-index-control",
    "code": "const m = DateTime.now().setLocale('en-US').loc.meridiems();\nconst c = [...m]; c[0] = 'XX';\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'XX' } }];",
    "node24": true
  },
  {
    "id": "mer-reverse-control",
    "code": "const { loc } = DateTime.utc();\nloc.meridiems().slice().reverse();\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'PM' } }];",
    "node24": true
  },
  {
    "id": "mer-parse-control",
    "code": "const arr = Duration.fromObject({ hours: 1 }).loc.meridiems();\narr.slice().splice(0, 1, 'morning');\nconst p = DateTime.fromFormat('9 morning', 'h a', { zone: 'utc' });\nreturn [{ json: { wrote: p.isValid && p.hour === 9 } }];",
    "node24": true
  },
  {
    "id": "week-weekend-push-control",
    "code": "const days = DateTime.now().setLocale('de-DE').loc.getWeekendDays();\n[...days].push(1);\nreturn [{ json: { wrote: DateTime.local(2026, 12, 7, { locale: 'de-DE' }).isWeekend } }];",
    "node24": true
  },
  {
    "id": "week-firstday-control",
    "code": "const ws = { ...DateTime.now().setLocale('fr-FR').loc.getWeekSettings() };\nws.firstDay = 3;\nreturn [{ json: { wrote: DateTime.local(2026, 12, 4, { locale: 'fr-FR' }).startOf('week', { useLocaleWeeks: true }).weekday === 3 } }];",
    "node24": true
  },
  {
    "id": "week-assign-control",
    "code": "const loc = DateTime.now().reconfigure({ locale: 'es-ES' }).loc;\nObject.assign({}, loc.getWeekSettings(), { firstDay: 7, minimalDays: 1 });\nreturn [{ json: { wrote: DateTime.local(2026, 12, 4, { locale: 'es-ES' }).startOf('week', { useLocaleWeeks: true }).weekday === 7 } }];",
    "node24": true
  },
  {
    "id": "zguess-arrow-control",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, offset: () => 120 };\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "zguess-stolen-control",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, fixed: 120, offset: DateTime.utc().zone.offset };\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "zguess-json-control",
    "code": "const z = JSON.parse($json.field === 'name' ? '{\"type\":\"iana\",\"name\":\"Europe/Berlin\",\"isValid\":true,\"fixed\":120}' : '{}');\nz.offset = DateTime.utc().zone.offset;\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-own-format-control",
    "code": "const dt = DateTime.utc(2025, 1, 1);\ndt.loc.dtFormatter(dt, DateTime.DATE_MED).dtf.formatToParts;\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleParts(DateTime.DATE_MED)[0].value === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "lf-own-format-control",
    "code": "const d = Duration.fromObject({ hours: 1 });\nd.loc.listFormatter({ type: 'conjunction', style: 'narrow' }).format;\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman() === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "intl-proto-host-control",
    "code": "const dt = DateTime.utc(2025, 1, 1);\nconst f = dt.loc.dtFormatter(dt, { weekday: 'long' }).dtf;\nf.constructor.prototype.formatToParts;\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleParts()[0].value === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "rtf-own-control",
    "code": "const l = DateTime.now().setLocale('de').loc;\nl.relFormatter({ numeric: 'always', units: ['years','months','days','hours','minutes','seconds'] }).rtf.format;\nreturn [{ json: { wrote: DateTime.now().setLocale('de').plus({ days: 3 }).toRelative() === 'PWNED' } }];",
    "node24": true
  },
  {
    "id": "rtf-proto-literal-control",
    "code": "const l = DateTime.now().setLocale('fr').loc;\nl.relFormatter({ numeric: 'always', units: ['years','months','days','hours','minutes','seconds'] });\nconst s = DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative();\nreturn [{ json: { wrote: s !== DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative({ style: 'long' }), s } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-arrow-control",
    "code": "DateTime.utc(2025, 1, 1).toLocaleString({ weekday: 'long' });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-stolen-control",
    "code": "const values = { ...DateTime.DATE_MED, timeZone: 'UTC' };\nconst opts = { weekday: 'long', isValid: true, values };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson-control",
    "code": "const o = { type: 'disjunction', isValid: true, values: { type: 'conjunction', style: 'narrow' } };\nDuration.fromObject({ hours: 1, minutes: 1 }).toHuman(o);\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "box-map-object-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-valueof-call-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-sloppy-this-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-array-from-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-reflect-construct-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-json-reviver-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-json-item-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-getter-this-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "box-bind-control",
    "code": "const h = false;\nDateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: h });\nreturn [{ json: { wrote: DateTime.utc(2020, 1, 1, 15).toLocaleString({ hour: 'numeric', minute: 'numeric', hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "ev-opts-from-json",
    "code": "const tz = $json.tz || 'Europe/Berlin'; const lang = $json.lang || 'de-DE';\nreturn items.map((it) => ({ json: { ...it.json, when: DateTime.fromISO('2025-03-01T10:00:00Z', { zone: tz, locale: lang }).toLocaleString(DateTime.DATETIME_MED) } }));",
    "node24": true
  },
  {
    "id": "ev-preset-spread",
    "code": "const fmt = { ...DateTime.DATETIME_MED, hour12: false };\nreturn items.map((it) => ({ json: { at: DateTime.fromMillis(it.json.id * 86400000, { zone: 'utc' }).toLocaleString(fmt) } }));",
    "node24": true
  },
  {
    "id": "ev-opts-reused",
    "code": "const opts = { zone: 'America/New_York', locale: 'en-US' };\nconst a = DateTime.fromISO('2025-01-01T00:00:00Z', opts); const b = DateTime.fromISO('2025-06-01T00:00:00Z', opts);\nreturn [{ json: { a: a.toFormat('fff', opts), b: b.toFormat('fff', opts), diff: b.diff(a, 'days').days } }];",
    "node24": true
  },
  {
    "id": "ev-torelative",
    "code": "const base = DateTime.fromISO('2025-06-01T12:00:00Z');\nreturn items.map((it) => ({ json: { rel: base.minus({ days: it.json.id }).toRelative({ base, unit: 'days' }), rel2: base.plus({ hours: it.json.score }).toRelative({ base, locale: 'fr' }) } }));",
    "node24": true
  },
  {
    "id": "ev-tohuman",
    "code": "const d = Duration.fromObject({ hours: $json.score, minutes: 5 });\nreturn [{ json: { a: d.toHuman({ listStyle: 'long' }), b: d.toHuman({ unitDisplay: 'short' }), c: d.shiftTo('days', 'hours').toHuman({ maximumFractionDigits: 1 }) } }];",
    "node24": true
  },
  {
    "id": "ev-interval",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-02-15'));\nreturn [{ json: { f: i.toFormat('yyyy-MM-dd'), l: i.toLocaleString(DateTime.DATE_MED), days: i.length('days'), split: i.splitBy({ weeks: 1 }).length } }];",
    "node24": true
  },
  {
    "id": "ev-json-opts",
    "code": "const o = $json.opts || { zone: 'utc', locale: 'en-GB' };\nreturn [{ json: { s: DateTime.fromISO('2025-03-04T05:06:07Z', o).toLocaleString(DateTime.DATETIME_SHORT, o) } }];",
    "node24": true
  },
  {
    "id": "ev-months",
    "code": "const locale = $json.lang || 'de';\nconst months = Array.from({ length: 12 }, (_, i) => DateTime.utc(2025, i + 1, 1).setLocale(locale).toFormat('LLLL'));\nreturn [{ json: { months, weekday: DateTime.utc(2025, 1, 1).setLocale(locale).weekdayLong } }];",
    "node24": true
  },
  {
    "id": "ev-fromformat",
    "code": "return items.map((it) => { const dt = DateTime.fromFormat(String(it.json.id).padStart(2, '0') + '/03/2025 14:00', 'dd/MM/yyyy HH:mm', { zone: 'Europe/Paris' });\nreturn { json: { iso: dt.toISO(), week: dt.weekNumber, weekend: dt.isWeekend, local: dt.toLocaleString({ weekday: 'short', day: 'numeric', month: 'short' }, { locale: 'fr' }) } }; });",
    "node24": true
  },
  {
    "id": "ev-numberfmt",
    "code": "const n = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });\nreturn items.map((it) => ({ json: { price: n.format(it.json.score), d: Duration.fromMillis(it.json.score * 60000).toFormat('hh:mm') } }));",
    "node24": true
  },
  {
    "id": "ev-torelcal",
    "code": "const base = DateTime.fromISO('2025-06-01');\nreturn [{ json: { r: base.plus({ days: 1 }).toRelativeCalendar({ base, locale: $json.lang || 'en' }), s: base.startOf('week').toISODate(), e: base.endOf('month').toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-setzone-fmt",
    "code": "const dt = DateTime.fromISO($json.date || '2025-04-01T08:00:00Z').setZone($json.tz || 'Asia/Tokyo');\nreturn [{ json: { offset: dt.offsetNameShort, f: dt.toFormat(\"cccc, d LLLL yyyy 'at' HH:mm ZZZZ\"), parts: dt.toLocaleParts({ hour: '2-digit', minute: '2-digit' }).map((p) => p.value).join('') } }];",
    "node24": true
  },
  {
    "id": "ev-dur-opts",
    "code": "const fmt = { locale: $json.lang || 'en', listStyle: 'short', unitDisplay: 'narrow' };\nconst durations = items.map((it) => Duration.fromObject({ minutes: it.json.score }).shiftTo('hours', 'minutes'));\nreturn durations.map((d) => ({ json: { human: d.toHuman(fmt), iso: d.toISO() } }));",
    "node24": true
  },
  {
    "id": "ev-week-loc",
    "code": "const dt = DateTime.fromISO('2025-06-04', { locale: 'en-US' });\nreturn [{ json: { lw: dt.localWeekNumber, sow: dt.startOf('week', { useLocaleWeeks: true }).toISODate(), wk: dt.weekdayShort } }];",
    "node24": true
  },
  {
    "id": "zguess-systemzone-control",
    "code": "const fake = { type: 'iana', name: 'Australia/Sydney', isValid: true, offset: DateTime.local().zone.offset };\nreturn [{ json: { wrote: DateTime.local(2026, 4, 5, 2, 30, { zone: 'Australia/Sydney' }).offset === 600 } }];",
    "node24": true
  },
  {
    "id": "zguess-pop-control",
    "code": "const fake = { type: 'iana', name: 'Europe/Berlin', isValid: true, 0: 120, length: 1, offset: [].pop };\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "zguess-item-control",
    "code": "const fake = { ...$json, type: 'iana', name: 'Europe/Berlin', isValid: true, fixed: 120 };\nreturn [{ json: { wrote: DateTime.local(2026, 10, 25, 2, 30, { zone: 'Europe/Berlin' }).offset === 120 } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-fixedzone-control",
    "code": "const opts = { weekday: 'long', fixed: { ...DateTime.DATE_MED, timeZone: 'UTC' } };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-pop-control",
    "code": "const opts = { weekday: 'long', 0: { ...DateTime.DATE_MED, timeZone: 'UTC' }, length: 1 };\nDateTime.utc(2025, 1, 1).toLocaleString(opts);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-shift-items-control",
    "code": "const o = { ...DateTime.TIME_SIMPLE, hourCycle: 'h23', length: 1 };\no[0] = { ...DateTime.TIME_SIMPLE, timeZone: 'UTC' };\nDateTime.utc(2025, 1, 1, 15).toLocaleString(o);\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).toLocaleString(DateTime.TIME_SIMPLE) === '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-nested-tojson-pop-control",
    "code": "DateTime.utc(2025, 1, 1, 15).setLocale('en-GB').toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: true });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson-pop-control",
    "code": "const o = { type: 'disjunction', 0: { type: 'conjunction', style: 'narrow' }, length: 1 };\nDuration.fromObject({ hours: 1, minutes: 1 }).toHuman(o);\nreturn [{ json: { wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "rtf-tojson-pop-control",
    "code": "const units = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];\nconst o = { style: 'narrow', 0: { numeric: 'always', units }, length: 1 };\nDateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative(o);\nreturn [{ json: { wrote: DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative() === '+3 j' } }];",
    "node24": true
  },
  {
    "id": "inf-tojson-pop-control",
    "code": "const d = Duration.fromObject({ hours: 12345 });\nd.toHuman({ useGrouping: 'always', 0: { useGrouping: false, style: 'unit', unitDisplay: 'long', unit: 'hour' }, length: 1 });\nreturn [{ json: { wrote: d.toHuman({ useGrouping: false }) === '12,345 hours' } }];",
    "node24": true
  },
  {
    "id": "ev-splitby-map",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-08'));\nreturn i.splitBy({ days: 1 }).map((d) => ({ json: { day: d.start.toISODate() } }));",
    "node24": true
  },
  {
    "id": "ev-parts-filter",
    "code": "const parts = DateTime.fromISO('2025-04-01T08:00:00Z').toLocaleParts(DateTime.DATETIME_MED);\nreturn [{ json: { nums: parts.filter((p) => p.type !== 'literal').map((p) => p.value) } }];",
    "node24": true
  },
  {
    "id": "ev-divide-slice",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-12-31'));\nconst q = i.divideEqually(4).slice(1);\nreturn [{ json: { quarters: q.length, first: q[0].toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-merge-concat",
    "code": "const a = Interval.fromISO('2025-01-01/2025-01-10'); const b = Interval.fromISO('2025-01-05/2025-01-20');\nconst merged = Interval.merge([a, b]).concat(Interval.xor([a, b]));\nreturn [{ json: { n: merged.length, s: merged.map(String) } }];",
    "node24": true
  },
  {
    "id": "ev-parts-find",
    "code": "const parts = DateTime.utc(2025, 6, 1, 9).toLocaleParts({ hour: 'numeric', hour12: true });\nconst dp = parts.find((p) => p.type === 'dayPeriod');\nreturn [{ json: { dp: dp ? dp.value : null, joined: parts.map((p) => p.value).join('') } }];",
    "node24": true
  },
  {
    "id": "dtf-hour12-fixed-false-control",
    "code": "const z = DateTime.utc().zone;\nDateTime.utc(2025, 1, 1, 15).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: { fixed: false } });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: false }) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-hour12-fixed-undef-control",
    "code": "const off = DateTime.utc().zone.offset;\nDateTime.utc(2025, 1, 1, 15).setLocale('en-GB').toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: true });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5, 15).setLocale('en-GB').toLocaleString(DateTime.TIME_SIMPLE) !== '15:00' } }];",
    "node24": true
  },
  {
    "id": "dtf-tojson-dt-toobject-control",
    "code": "const c = { ...DateTime.DATE_MED, timeZone: 'UTC' };\nDateTime.utc(2025, 1, 1).toLocaleString({ weekday: 'long', isValid: true, c });\nreturn [{ json: { wrote: DateTime.utc(2024, 5, 5).toLocaleString(DateTime.DATE_MED) !== 'May 5, 2024' } }];",
    "node24": true
  },
  {
    "id": "lf-tojson-zone-item-control",
    "code": "const fmt = { ...$json.fmt, type: 'disjunction', fixed: { type: 'conjunction', style: 'narrow' } };\nconst out = Duration.fromObject({ hours: $json.id, minutes: 1 }).toHuman(fmt);\nreturn [{ json: { out, wrote: Duration.fromObject({ hours: 2, minutes: 3 }).toHuman().includes(' or ') } }];",
    "node24": true
  },
  {
    "id": "rtf-tojson-fixed-control",
    "code": "const units = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];\nDateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative({ style: 'narrow', fixed: { numeric: 'always', units } });\nreturn [{ json: { wrote: DateTime.now().setLocale('fr').plus({ days: 3, hours: 1 }).toRelative() === '+3 j' } }];",
    "node24": true
  }
];

export const ROUND37_REPORTED: string[] = ["mer-reverse-control","mer-parse-control"];
