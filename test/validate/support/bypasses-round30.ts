// Round 30 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 29's fixes,
// aimed at Node's own JavaScript (timers, Buffer, FormData, the text codecs), what runner-realm functions make, and
// built-ins that make objects of other prototypes; 114 bodies tried, 98 changed what a later task sees, read the
// pool or obtained a capability, and 21 wrote onto an object every later task shares while the points-to analysis
// reported none (the shipped value flow missed 20 of them). One cause, luxon-callback-argument-not-a-luxon-value:
// luxon, called with the code's objects, calls their methods with luxon's own values, and those were not luxon's
// to the analysis: a fake zone's `equals(z)` is handed luxon's zone by setZone (and by a DateTime's clone, hasSame,
// toRelative: 14, the worst replacing the UTC zone's `offset`, which shifts every later task's UTC times),
// `Interval.mapEndpoints(fn)` hands `fn` luxon's DateTimes (5), `Interval.merge` reduces the code's array from an
// array of its own and `xor` maps it with a function of its own (2). Fixed in the luxon model: what a luxon
// function called with the code's objects calls, it may hand luxon's values and functions and an object of the
// kinds luxon makes (n8n-model.ts luxonMade), as Node's library may hand its global object.
import type { RoundEntry } from "./red-team-round.js";

export const ROUND30_WRITES: RoundEntry[] = [
  {
    id: "lux-zone-equals-direct",
    code: "let Z; DateTime.utc().setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.k = 1; return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-zone-equals-method",
    code: "let Z; DateTime.utc().setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.offset.k = 1; return [{json:{wrote: DateTime.utc().zone.offset.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-iana-equals-direct",
    code: "let Z; DateTime.now().setZone('Europe/Paris').setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.k = 1; return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-zone-offset-hijack",
    code: "let Z; DateTime.utc().setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.offset = () => 600; return [{json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).hour === 10, iso: DateTime.utc(2020).toISO()}}];",
    node24: true,
  },
  {
    id: "lux-zone-equals-hasSame",
    code: "let Z; const f = { isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }; DateTime.utc().setZone(f); Z.name2 = 1; return [{json:{wrote: DateTime.utc().zone.name2 === 1}}];",
    node24: true,
  },
  {
    id: "lux-sys-equals",
    code: "let Z; DateTime.local().setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.k = 1; return [{json:{wrote: DateTime.local().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-zone-equals-arrow",
    code: "let Z; DateTime.utc().setZone({ isValid: true, offset: () => 0, equals: (z) => { Z = z; return true; } }); Z.k = 1; return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-clone-equals",
    code: "let Z; DateTime.fromMillis(0, { zone: { isValid: true, type: 'x', name: 'x', offset() { return 0; }, equals(z) { Z = z; return false; }, offsetName() { return 'x'; }, formatOffset() { return '+00:00'; } } }).setZone('utc'); Z.k = 1; return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-mapendpoints-zone",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.zone.k = 1; return d; }); return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-torelative-equals",
    code: "let Z; const f = { isLuxonDateTime: true, isValid: true, zone: { isValid: true, type: 'x', name: 'x', offset() { return 0; }, equals(z) { Z = z; return false; }, offsetName() { return 'x'; }, formatOffset() { return '+00:00'; } }, valueOf() { return 0; }, startOf() { return this; }, hasSame() { return false; } }; try { DateTime.utc().toRelative({ base: f, calendary: true, unit: 'days' }); } catch {} Z.k = 1; return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-hasSame-equals",
    code: "let Z; const f = { isLuxonDateTime: true, isValid: true, zone: { isValid: true, type: 'x', name: 'x', offset() { return 0; }, equals(z) { Z = z; return false; }, offsetName() { return 'x'; }, formatOffset() { return '+00:00'; } }, valueOf() { return 0; } }; try { DateTime.utc().hasSame(f, 'day'); } catch {} Z.k = 1; return [{json:{wrote: DateTime.utc().zone.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-me-weeksettings",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.loc.getWeekSettings().firstDay = 7; return d; }); return [{json:{wrote: DateTime.utc().loc.getWeekSettings().firstDay === 7}}];",
    node24: true,
  },
  {
    id: "lux-merge-reduce-init",
    code: "const a = [1]; a.sort = () => ({ reduce(fn, init) { init.values().next.k = 1; return [[], null]; } }); try { Interval.merge(a); } catch {} return [{json:{wrote: Buffer.from('x').values().next.k === 1 && [].values().next.k === undefined}}];",
    node24: true,
  },
  {
    id: "lux-iana-zone-offset",
    code: "let Z; DateTime.now().setZone('Asia/Tokyo').setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.offset = () => 0; return [{json:{wrote: DateTime.fromMillis(0, { zone: 'Asia/Tokyo' }).hour === 0}}];",
    node24: true,
  },
  {
    id: "lux-xor-map-fn",
    code: "let F; const a = { map(f) { F = f; return []; } }; try { Interval.xor(a); } catch {} F({ s: 1, e: 2 }).values().next.k = 1; return [{json:{wrote: Buffer.from('x').values().next.k === 1 && [].values().next.k === undefined}}];",
    node24: true,
  },
  {
    id: "lux-utc-offset-hijack-each",
    code: "let Z; DateTime.utc().setZone({ isValid: true, offset() { return 0; }, equals(z) { Z = z; return true; } }); Z.offset = () => 600; return {json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).hour === 10}};",
    node24: true,
    mode: "runOnceForEachItem",
  },
  {
    id: "lux-me-zone-offset2",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.zone.offset = () => 600; return d; }); return [{json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).hour === 10}}];",
    node24: true,
  },
  {
    id: "lux-me-zone-formatoffset2",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.zone.formatOffset = () => '+99:99'; return d; }); return [{json:{wrote: DateTime.fromMillis(0, { zone: 'utc' }).toFormat('ZZ') === '+99:99'}}];",
    node24: true,
  },
  {
    id: "lux-me-zone-proto-fn",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.zone.offset.k = 1; return d; }); return [{json:{wrote: DateTime.utc().zone.offset.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-me-dt-method-fn",
    code: "Interval.fromDateTimes(DateTime.utc(2020), DateTime.utc(2021)).mapEndpoints((d) => { d.toISO.k = 1; return d; }); return [{json:{wrote: DateTime.utc().toISO.k === 1}}];",
    node24: true,
  },
  {
    id: "lux-zone-equals-sd",
    code: "DateTime.utc().setZone({ isValid: true, offset() { return 0; }, equals(z) { z.name2 = 'x'; return true; } }); return [{json:{wrote: DateTime.utc().zone.name2 === 'x'}}];",
    node24: true,
  },
];

/** The shipped value flow's misses among them. */
export const ROUND30_MISSED_BY_VALUE_FLOW = ["lux-zone-equals-direct","lux-zone-equals-method","lux-iana-equals-direct","lux-zone-offset-hijack","lux-zone-equals-hasSame","lux-sys-equals","lux-zone-equals-arrow","lux-clone-equals","lux-mapendpoints-zone","lux-hasSame-equals","lux-me-weeksettings","lux-merge-reduce-init","lux-iana-zone-offset","lux-xor-map-fn","lux-utc-offset-hijack-each","lux-me-zone-offset2","lux-me-zone-formatoffset2","lux-me-zone-proto-fn","lux-me-dt-method-fn","lux-zone-equals-sd"];

/** Everyday bodies of the round: its pure ones and the 4 it found reported. */
export const ROUND30_EVERYDAY: RoundEntry[] = [
  {
    id: "ev-sleep-helper",
    code: "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)); for (const item of items) { await sleep(5); item.json.processed = true; } return items;",
    node24: true,
  },
  {
    id: "ev-debounce",
    code: "function debounce(fn, ms) { let t; return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); }; } const seen = []; const push = debounce((x) => seen.push(x), 5); push(1); push(2); push(3); await new Promise((r) => setTimeout(r, 30)); return [{ json: { seen } }];",
    node24: true,
  },
  {
    id: "ev-race-clear",
    code: "let timer; const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('Timed out')), 1000); }); try { const value = await Promise.race([Promise.resolve(items.length), timeout]); return [{ json: { value } }]; } finally { clearTimeout(timer); }",
    node24: true,
  },
  {
    id: "ev-retry-backoff",
    code: "async function withRetry(fn, attempts = 4) { for (let i = 0; i < attempts; i++) { try { return await fn(); } catch (err) { if (i === attempts - 1) throw err; await new Promise((r) => setTimeout(r, 2 ** i)); } } } let calls = 0; const v = await withRetry(async () => { calls++; if (calls < 3) throw new Error('flaky'); return calls; }); return [{ json: { v } }];",
    node24: true,
  },
  {
    id: "ev-interval-poll",
    code: "let n = 0; await new Promise((resolve) => { const h = setInterval(() => { n++; if (n >= 3) { clearInterval(h); resolve(); } }, 1); }); return [{ json: { n } }];",
    node24: true,
  },
  {
    id: "ev-timeout-with-args",
    code: "const out = await new Promise((resolve) => setTimeout((a, b) => resolve(a + b), 1, 2, 3)); return [{ json: { out } }];",
    node24: true,
  },
  {
    id: "ev-throttle-batch",
    code: "const results = []; for (let i = 0; i < items.length; i += 1) { results.push({ json: { id: items[i].json.id } }); if (i < items.length - 1) await new Promise((r) => setTimeout(r, 2)); } return results;",
    node24: true,
  },
  {
    id: "ev-buffer-b64-decode",
    code: "const encoded = Buffer.from($json.email).toString('base64'); const decoded = Buffer.from(encoded, 'base64').toString('utf8'); return [{ json: { encoded, decoded } }];",
    node24: true,
  },
  {
    id: "ev-buffer-concat-hex",
    code: "const b = Buffer.concat([Buffer.from($json.name), Buffer.from([0, 1, 2])]); return [{ json: { hex: b.toString('hex'), len: b.length } }];",
    node24: true,
  },
  {
    id: "ev-buffer-uint32",
    code: "const b = Buffer.alloc(8); b.writeUInt32BE($json.score, 0); b.writeInt32LE(-5, 4); return [{ json: { a: b.readUInt32BE(0), c: b.readInt32LE(4) } }];",
    node24: true,
  },
  {
    id: "ev-buffer-compare",
    code: "const a = Buffer.from('abc'); const b = Buffer.from('abd'); return [{ json: { cmp: Buffer.compare(a, b), eq: a.equals(Buffer.from('abc')), idx: a.indexOf('c'), inc: a.includes('b') } }];",
    node24: true,
  },
  {
    id: "ev-buffer-json",
    code: "const b = Buffer.from($json.name); const j = b.toJSON(); return [{ json: { type: j.type, n: j.data.length, s: JSON.stringify(b) } }];",
    node24: true,
  },
  {
    id: "ev-buffer-spread",
    code: "const bytes = [...Buffer.from($json.name)]; const sum = bytes.reduce((a, b) => a + b, 0); return [{ json: { sum, first: bytes[0] } }];",
    node24: true,
  },
  {
    id: "ev-buffer-slice-str",
    code: "const b = Buffer.from($json.email); const user = b.subarray(0, b.indexOf('@')).toString(); return [{ json: { user, len: Buffer.byteLength($json.email) } }];",
    node24: true,
  },
  {
    id: "ev-buffer-hex-parse",
    code: "const b = Buffer.from('deadbeef', 'hex'); return [{ json: { bytes: Array.from(b), b64url: b.toString('base64url') } }];",
    node24: true,
  },
  {
    id: "ev-textdecoder-fatal",
    code: "let ok = true; try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { ok = false; } return [{ json: { ok, s: new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([104, 105])) } }];",
    node24: true,
  },
  {
    id: "ev-textencoder-encodeinto",
    code: "const buf = new Uint8Array(64); const { read, written } = new TextEncoder().encodeInto($json.name, buf); return [{ json: { read, written } }];",
    node24: true,
  },
  {
    id: "ev-textdecoder-latin1",
    code: "const s = new TextDecoder('latin1').decode(new Uint8Array([0xe9, 0x74, 0xe9])); return [{ json: { s, enc: new TextDecoder('latin1').encoding } }];",
    node24: true,
  },
  {
    id: "ev-textdecoder-stream",
    code: "const d = new TextDecoder(); const bytes = new TextEncoder().encode('héllo'); let s = ''; for (let i = 0; i < bytes.length; i++) s += d.decode(bytes.subarray(i, i + 1), { stream: true }); s += d.decode(); return [{ json: { s } }];",
    node24: true,
  },
  {
    id: "ev-formdata-forof",
    code: "const fd = new FormData(); fd.append('name', $json.name); fd.append('tag', 'a'); fd.append('tag', 'b'); const out = []; for (const [k, v] of fd) out.push(k + '=' + v); return [{ json: { out, tags: fd.getAll('tag'), has: fd.has('name') } }];",
    node24: true,
  },
  {
    id: "ev-formdata-set-delete",
    code: "const fd = new FormData(); fd.set('a', '1'); fd.set('a', '2'); fd.append('b', '3'); fd.delete('b'); return [{ json: { a: fd.get('a'), keys: [...fd.keys()], vals: [...fd.values()] } }];",
    node24: true,
  },
  {
    id: "ev-intl-dtf-tz",
    code: "const f = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' }); return [{ json: { s: f.format(new Date(0)), tz: f.resolvedOptions().timeZone } }];",
    node24: true,
  },
  {
    id: "ev-intl-compact",
    code: "const f = new Intl.NumberFormat('en', { notation: 'compact' }); return items.map((i) => ({ json: { s: f.format(i.json.score * 1000) } }));",
    node24: true,
  },
  {
    id: "ev-intl-listformat",
    code: "const lf = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }); return [{ json: { s: lf.format(items.map((i) => i.json.name)) } }];",
    node24: true,
  },
  {
    id: "ev-intl-displaynames",
    code: "const dn = new Intl.DisplayNames(['en'], { type: 'region' }); return [{ json: { s: dn.of('DE') } }];",
    node24: true,
  },
  {
    id: "ev-luxon-fromformat",
    code: "const d = DateTime.fromFormat('05/06/2025 14:30', 'dd/MM/yyyy HH:mm', { zone: 'utc' }); return [{ json: { iso: d.toISO(), start: d.startOf('day').toISO(), wd: d.weekdayLong } }];",
    node24: true,
  },
  {
    id: "ev-luxon-setzone",
    code: "const d = DateTime.fromISO('2025-03-01T12:00:00Z').setZone('America/New_York'); return [{ json: { local: d.toFormat('yyyy-MM-dd HH:mm ZZZZ'), offset: d.offset } }];",
    node24: true,
  },
  {
    id: "ev-luxon-duration-iso",
    code: "const d = Duration.fromISO('PT1H30M'); return [{ json: { mins: d.as('minutes'), human: d.shiftTo('hours', 'minutes').toHuman() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-relative",
    code: "const d = DateTime.fromISO('2025-01-01T00:00:00Z'); return [{ json: { rel: d.toRelative({ base: DateTime.fromISO('2025-01-03T00:00:00Z') }), cal: d.toRelativeCalendar({ base: DateTime.fromISO('2025-01-03T00:00:00Z') }) } }];",
    node24: true,
  },
  {
    id: "ev-luxon-now-minus",
    code: "const cutoff = DateTime.now().minus({ days: 7 }); const recent = items.filter((i) => DateTime.fromISO('2025-06-01').diff(cutoff).as('days') > -100); return recent;",
    node24: true,
  },
  {
    id: "ev-luxon-interval-count",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-02-01')); return [{ json: { days: i.count('days'), len: i.length('weeks'), has: i.contains(DateTime.fromISO('2025-01-15')) } }];",
    node24: true,
  },
  {
    id: "ev-luxon-mapendpoints",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-02-01')).mapEndpoints((d) => d.startOf('week')); return [{ json: { s: i.start.toISODate(), e: i.end.toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-jsdate",
    code: "const d = DateTime.fromJSDate(new Date(0), { zone: 'utc' }); return [{ json: { iso: d.toISO(), ms: d.toMillis(), js: d.toJSDate().getTime() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-tolocale",
    code: "const d = DateTime.fromISO('2025-01-02T03:04:05Z').setLocale('de'); return [{ json: { s: d.toLocaleString(DateTime.DATETIME_MED), parts: d.toLocaleParts().length } }];",
    node24: true,
  },
  {
    id: "ev-btoa-atob",
    code: "const token = btoa($json.email); return [{ json: { token, back: atob(token) } }];",
    node24: true,
  },
  {
    id: "ev-basic-auth",
    code: "const header = 'Basic ' + Buffer.from('user:' + $json.id).toString('base64'); return [{ json: { header } }];",
    node24: true,
  },
  {
    id: "ev-timeout-unref",
    code: "const t = setTimeout(() => {}, 10000); t.unref(); clearTimeout(t); return items;",
    node24: true,
  },
  {
    id: "ev-timeout-numeric-id",
    code: "const id = +setTimeout(() => {}, 10000); clearTimeout(id); return [{ json: { isNum: typeof id === 'number' } }];",
    node24: true,
  },
  {
    id: "ev-timers-map",
    code: "const timers = new Map(); for (const i of items) timers.set(i.json.id, setTimeout(() => {}, 10000)); for (const t of timers.values()) clearTimeout(t); return [{ json: { n: timers.size } }];",
    node24: true,
  },
  {
    id: "ev-timeout-close",
    code: "const t = setTimeout(() => {}, 10000); t.close(); return items;",
    node24: true,
  },
  {
    id: "ev-timeout-refresh-simple",
    code: "const t = setTimeout(() => {}, 10000); t.refresh(); clearTimeout(t); return items;",
    node24: true,
  },
  {
    id: "ev-watchdog-refresh",
    code: "let done = false; const watchdog = setTimeout(() => { done = true; }, 50); for (const i of items) { watchdog.refresh(); i.json.ok = true; } clearTimeout(watchdog); return items;",
    node24: true,
  },
  {
    id: "ev-immediate-unref",
    code: "const i = setImmediate(() => {}); i.unref(); clearImmediate(i); return items;",
    node24: true,
  },
  {
    id: "ev-buffer-isbuffer",
    code: "const b = Buffer.from($json.name); return [{ json: { is: Buffer.isBuffer(b), enc: Buffer.isEncoding('utf8'), latin: b.toString('latin1') } }];",
    node24: true,
  },
  {
    id: "ev-te-arraybuffer",
    code: "const ab = new TextEncoder().encode($json.name).buffer; return [{ json: { n: ab.byteLength } }];",
    node24: true,
  },
  {
    id: "ev-u8-from-buffer-ab",
    code: "const u8 = new TextEncoder().encode($json.name); const b = Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength); return [{ json: { s: b.toString() } }];",
    node24: true,
  },
  {
    id: "ev-buffer-bigint",
    code: "const b = Buffer.alloc(8); b.writeBigUInt64BE(12345678901234n); return [{ json: { v: b.readBigUInt64BE().toString() } }];",
    node24: true,
  },
  {
    id: "ev-buffer-fill-swap",
    code: "const b = Buffer.alloc(4); b.fill(1); b.writeUInt16LE(0x0102, 0); b.swap16(); return [{ json: { bytes: [...b] } }];",
    node24: true,
  },
  {
    id: "ev-intl-resolved-tz",
    code: "const tz = Intl.DateTimeFormat().resolvedOptions().timeZone; return [{ json: { tz: typeof tz } }];",
    node24: true,
  },
  {
    id: "ev-intl-supported",
    code: "return [{ json: { n: Intl.supportedValuesOf('currency').length, c: Intl.getCanonicalLocales('EN-us')[0] } }];",
    node24: true,
  },
  {
    id: "ev-intl-locale",
    code: "const l = new Intl.Locale('en', { region: 'US' }); return [{ json: { s: l.toString(), max: l.maximize().toString() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-fromsql",
    code: "const d = DateTime.fromSQL('2025-05-15 09:24:15', { zone: 'utc' }); return [{ json: { rfc: d.toRFC2822(), http: d.toHTTP(), wk: d.weekNumber, dim: d.daysInMonth } }];",
    node24: true,
  },
  {
    id: "ev-luxon-duration-format",
    code: "const d = Duration.fromMillis(3723000); return [{ json: { s: d.toFormat('hh:mm:ss'), o: d.shiftTo('hours', 'minutes', 'seconds').toObject() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-splitby",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-10')); const chunks = i.splitBy({ days: 3 }).map((x) => x.toISODate()); return [{ json: { chunks } }];",
    node24: true,
  },
  {
    id: "ev-luxon-max-min",
    code: "const ds = items.map((i, k) => DateTime.fromISO('2025-01-0' + (k + 1))); return [{ json: { max: DateTime.max(...ds).toISODate(), min: DateTime.min(...ds).toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-set-hasSame",
    code: "const a = DateTime.fromISO('2025-01-01T10:00:00'); const b = a.set({ hour: 0 }); return [{ json: { same: a.hasSame(b, 'day'), eq: a.equals(b), until: a.until(a.plus({ days: 2 })).length('days') } }];",
    node24: true,
  },
  {
    id: "ev-luxon-diff-multi",
    code: "const a = DateTime.fromISO('2025-01-01'); const b = DateTime.fromISO('2025-03-15'); return [{ json: { d: b.diff(a, ['months', 'days']).toObject() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-keeplocal",
    code: "const d = DateTime.fromISO('2025-01-01T10:00:00', { zone: 'Europe/Paris' }).setZone('utc', { keepLocalTime: true }); return [{ json: { iso: d.toISO() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-fromobject",
    code: "const d = DateTime.fromObject({ year: 2025, month: 2, day: 3 }, { zone: 'utc' }); return [{ json: { iso: d.toISODate(), q: d.quarter, ord: d.ordinal } }];",
    node24: true,
  },
  {
    id: "ev-luxon-local-endof",
    code: "const d = DateTime.local(2025, 1, 15).endOf('month'); return [{ json: { s: d.toISODate(), leap: d.isInLeapYear } }];",
    node24: true,
  },
  {
    id: "ev-luxon-tomillis-sort",
    code: "const sorted = items.map((i, k) => ({ ...i.json, at: DateTime.fromISO('2025-01-0' + (3 - k)) })).sort((a, b) => a.at.toMillis() - b.at.toMillis()).map((x) => ({ json: { id: x.id, at: x.at.toISODate() } })); return sorted;",
    node24: true,
  },
  {
    id: "ev-luxon-invalid-check",
    code: "const d = DateTime.fromISO('not a date'); return [{ json: { valid: d.isValid, reason: d.invalidReason } }];",
    node24: true,
  },
  {
    id: "ev-timeout-hasref",
    code: "const t = setTimeout(() => {}, 10000); const refd = t.hasRef(); t.unref(); clearTimeout(t); return [{ json: { refd } }];",
    node24: true,
  },
  {
    id: "ev-timeout-refresh",
    code: "let fired = 0; const t = setTimeout(() => { fired++; }, 5); t.refresh(); await new Promise((r) => setTimeout(r, 30)); return [{ json: { fired } }];",
    node24: true,
  },
  {
    id: "ev-hasref-only",
    code: "const t = setTimeout(() => {}, 10000); const h = t.hasRef(); clearTimeout(t); return [{ json: { h } }];",
    node24: true,
  },
  {
    id: "ev-luxon-merge",
    code: "const a = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-05')); const b = Interval.fromDateTimes(DateTime.fromISO('2025-01-04'), DateTime.fromISO('2025-01-09')); return [{ json: { merged: Interval.merge([a, b]).map((x) => x.toISO()) } }];",
    node24: true,
  },
];

/**
 * The everyday bodies the analysis reports: none. A timer's hasRef() result is a boolean since a timer holds Node's
 * fields each under its own key (summaries.ts timer: until then every key of it could be Node's state, a function,
 * and `t.hasRef` called it); a refreshed timer awaited and a debounce are proven pure since Node's timer functions are
 * trusted with untouched timers (Engine.trustedNodeCall), and `Interval.merge([...]).map(...)` since luxon's methods
 * that make a new array are told apart (n8n-model.ts LUXON_FRESH).
 */
export const ROUND30_REPORTED: string[] = [];
