// Round 38 of the code-purity red team, 2026-12-04: black box against the points-to analysis after round 37's fixes,
// aimed at the day's rules (the allowances of luxon's options check, built-ins stored where Node's error formatting
// calls them, everyday luxon options and timers); 70 bodies, 55 kept (the others the oracle did not
// confirm), each checked by the oracle under n8n's Node 24. No bypass: every attempt the oracle confirmed (util.inspect
// got through a stored [].unshift or push by some twenty triggers and indirect calls, then another task's $env read off
// the lists; luxon's cache poisoned through an object whose own toJSON and toString are [].pop) was reported already,
// and no everyday body or control is.
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability (another task's $env through util.inspect). */
export const ROUND38_OBTAINING: RoundEntry[] = [];

/** Bypasses that write onto state every later task shares (`wrote: true`; its control shows false). */
export const ROUND38_WRITES: ChangeEntry[] = [];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND38_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "unshift-custom",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { setTimeout(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = inspect(t, { customInspect: false, depth: 6 });\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "sym-from-buffer-proto",
    "code": "const sym = Object.getOwnPropertySymbols(Buffer.prototype).find((s) => String(s).includes('inspect'));\nconst bait = [];\nbait.constructor = null;\nbait[sym] = bait.push;\ntry { setTimeout(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = inspect(t, { customInspect: false, depth: 6 });\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "literal-map-set",
    "code": "const m = new Map();\nconst bait = Object.assign(Object.create(null), { [Symbol.for('nodejs.util.inspect.custom')]: (...a) => { m.set('i', a[2]); return 'x'; } });\ntry { setTimeout(bait); } catch (e) {}\nconst inspect = m.get('i');\nconst t = setTimeout(() => {}, 60000);\nconst text = inspect(t, { customInspect: false, depth: 6 });\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-encodeInto",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { new TextEncoder().encodeInto('x', bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-bytelen",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer.byteLength(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-bufcompare",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer.compare(bait, bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-setImm",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { setImmediate(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-setInt",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { setInterval(bait, 10); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-bufcopy",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer.alloc(4).copy(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-bufeq",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer.alloc(4).equals(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "trig-bufreadint",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer.alloc(4).readUInt8(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-foreachST",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { [bait].forEach(setTimeout); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-mapBL",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { [bait].map(Buffer.byteLength); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-arrfrom",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Array.from([bait], setInterval); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-reflect",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Reflect.apply(setImmediate, undefined, [bait]); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-callcall",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Function.prototype.call.call(Buffer.byteLength, Buffer, bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-bound",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { setTimeout.bind(null)(bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-computed",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { Buffer[['byte', 'Length'].join('')](bait); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-promise",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { await Promise.resolve(bait).then(setTimeout); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-sortcmp",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { [bait, bait].sort(Buffer.compare); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "ind-mapctor",
    "code": "const bait = [];\nbait.constructor = null;\nbait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift;\ntry { new Map([[1, bait]]).forEach(setImmediate); } catch (e) {}\nconst inspect = bait.find((f) => typeof f === 'function');\nconst t = setTimeout(() => {}, 60000);\nconst text = typeof inspect === 'function' ? inspect(t, { customInspect: false, depth: 6 }) : 'none';\nclearTimeout(t);\nreturn [{ json: { text } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  }
];

/** Attempts the analysis reported when they were made, each writing onto shared state in the oracle. */
export const ROUND38_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "date-pop",
    "code": "const d = new Date(0);\nd[0] = 'narrow'; d[1] = 'long'; d.length = 2;\nd.toISOString = [].pop; d.toString = [].pop;\ntry { DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: d }); } catch (e) {}\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "array-pop",
    "code": "const a = ['narrow', 'long'];\na.toJSON = a.pop; a.toString = a.pop;\ntry { DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: a }); } catch (e) {}\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "intl-pop",
    "code": "const f = new Intl.DateTimeFormat();\nObject.assign(f, { 0: 'narrow', 1: 'long', length: 2, toJSON: [].pop, toString: [].pop });\ntry { DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: f }); } catch (e) {}\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  }
];

/** The round's everyday bodies and the writes' controls: each obtains nothing. */
export const ROUND38_EVERYDAY: RoundEntry[] = [
  {
    "id": "date-pop-control",
    "code": "DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'narrow' });\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "array-pop-control",
    "code": "DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: ['narrow'] }[0] ?? 'narrow');\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "intl-pop-control",
    "code": "DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'short' });\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "toobject-pop-control",
    "code": "const o = DateTime.now().toObject();\nDateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: o.month > 0 ? 'short' : 'long' });\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "json-pop-control",
    "code": "DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: $json.fmt ?? 'short' });\nconst out = DateTime.fromISO('2025-06-15T12:00:00').setLocale('en-US').toLocaleString({ month: 'long' });\nreturn [{ json: { wrote: out !== 'June', out } }];",
    "node24": true
  },
  {
    "id": "ev-preset-spread",
    "code": "return items.map((item) => ({ json: { ...item.json, date: DateTime.fromISO('2025-06-01').toLocaleString({ ...DateTime.DATE_MED, weekday: 'long' }) } }));",
    "node24": true
  },
  {
    "id": "ev-opts-from-items",
    "code": "const fmt = { month: $json.monthStyle || 'long', year: 'numeric' };\nreturn [{ json: { d: DateTime.now().toLocaleString(fmt, { locale: $json.locale || 'en-US' }) } }];",
    "node24": true
  },
  {
    "id": "ev-relative-base",
    "code": "const base = DateTime.fromISO('2025-06-01');\nreturn items.map((i) => ({ json: { rel: DateTime.fromISO('2025-05-20').toRelative({ base, unit: 'days' }) } }));",
    "node24": true
  },
  {
    "id": "ev-datemed-locale",
    "code": "return [{ json: { d: DateTime.fromJSDate($now).toLocaleString(DateTime.DATE_MED, { locale: 'de-DE' }) } }];",
    "node24": true
  },
  {
    "id": "ev-buffer-b64",
    "code": "const out = items.map((i) => ({ json: { b64: Buffer.from(JSON.stringify(i.json)).toString('base64'), len: new TextEncoder().encode(String(i.json.name ?? '')).length } }));\nreturn out;",
    "node24": true
  },
  {
    "id": "ev-timer-sleep",
    "code": "await new Promise((r) => setTimeout(r, 10));\nreturn items;",
    "node24": true
  },
  {
    "id": "ev-timer-clear",
    "code": "const t = setTimeout(() => {}, 1000);\nclearTimeout(t);\nreturn [{ json: { ok: true } }];",
    "node24": true
  },
  {
    "id": "ev-todate-opts",
    "code": "const js = DateTime.now().toJSDate();\nreturn [{ json: { s: js.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }), p: DateTime.now().toLocaleParts(DateTime.DATETIME_SHORT).map((p) => p.value).join('') } }];",
    "node24": true
  },
  {
    "id": "ev-resolved",
    "code": "const r = DateTime.now().resolvedLocaleOptions();\nreturn [{ json: { d: DateTime.now().setLocale(r.locale).toFormat('yyyy-MM-dd'), ...r } }];",
    "node24": true
  },
  {
    "id": "ev-intl-nf",
    "code": "const nf = new Intl.NumberFormat('en-US', { style: 'currency', currency: $json.currency || 'USD' });\nreturn items.map((i) => ({ json: { price: nf.format(Number(i.json.price ?? 0)) } }));",
    "node24": true
  },
  {
    "id": "ev-duration",
    "code": "const d = Duration.fromObject({ minutes: Number($json.mins ?? 90) }).shiftTo('hours', 'minutes');\nreturn [{ json: { h: d.toHuman({ listStyle: 'long' }), o: d.toObject() } }];",
    "node24": true
  },
  {
    "id": "ev-fromjsdate-zone",
    "code": "const dt = DateTime.fromJSDate(new Date($json.createdAt ?? Date.now()), { zone: 'Europe/Berlin' });\nreturn [{ json: { local: dt.toLocaleString({ ...DateTime.DATETIME_MED, timeZoneName: 'short' }) } }];",
    "node24": true
  },
  {
    "id": "ev-bufconcat",
    "code": "const b = Buffer.concat([Buffer.from('a'), Buffer.from(String($json.name ?? 'b'))]);\nreturn [{ json: { s: b.toString('hex'), d: new TextDecoder().decode(new Uint8Array([104, 105])) } }];",
    "node24": true
  },
  {
    "id": "ev-fmt-spread-json",
    "code": "const opts = { ...DateTime.DATE_FULL, ...($json.fmtOptions || {}) };\nreturn [{ json: { d: DateTime.fromJSDate(new Date($json.date || '2025-01-01')).toLocaleString(opts) } }];",
    "node24": true
  },
  {
    "id": "ev-fmt-parse",
    "code": "const fmt = JSON.parse($json.fmt || '{\"month\":\"short\"}');\nreturn [{ json: { d: DateTime.now().toLocaleString(fmt) } }];",
    "node24": true
  },
  {
    "id": "ev-toformat-locale",
    "code": "return items.map((i) => ({ json: { d: DateTime.fromISO('2025-06-01').toFormat('DDD', { locale: i.json.locale || 'fr' }) } }));",
    "node24": true
  },
  {
    "id": "ev-rel-short",
    "code": "return [{ json: { r: DateTime.fromISO('2025-05-01').toRelative({ base: DateTime.fromJSDate($now), style: 'short', locale: 'en' }) } }];",
    "node24": true
  },
  {
    "id": "ev-duration-json",
    "code": "const d = Duration.fromObject($json.duration || { hours: 2 });\nreturn [{ json: { iso: d.toISO(), human: d.toHuman() } }];",
    "node24": true
  },
  {
    "id": "ev-intl-parts",
    "code": "const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });\nreturn [{ json: { parts: f.formatToParts(DateTime.now().toJSDate()), s: f.format($now) } }];",
    "node24": true
  },
  {
    "id": "ev-date-out",
    "code": "return items.map((i) => ({ json: { ...i.json, processedAt: new Date(), at: DateTime.now().toISO() } }));",
    "node24": true
  },
  {
    "id": "ev-hour12",
    "code": "return [{ json: { d: DateTime.now().toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: Boolean($json.h12) }) } }];",
    "node24": true
  },
  {
    "id": "ev-debounce",
    "code": "let timer;\nconst results = [];\nfor (const item of items) { clearTimeout(timer); timer = setTimeout(() => results.push(item.json), 5); }\nawait new Promise((r) => setTimeout(r, 20));\nreturn results.map((json) => ({ json }));",
    "node24": true
  },
  {
    "id": "ev-setlocale-zone",
    "code": "const dt = DateTime.fromISO($json.ts || '2025-06-01T10:00:00Z', { zone: $json.tz || 'UTC' }).setLocale($json.locale || 'en-US');\nreturn [{ json: { d: dt.toLocaleString(DateTime.DATETIME_FULL), off: dt.offsetNameShort, o: dt.toObject() } }];",
    "node24": true
  },
  {
    "id": "ev-buffer-binary",
    "code": "const data = Buffer.from($json.b64 || 'aGk=', 'base64');\nreturn [{ json: { text: data.toString('utf8'), size: Buffer.byteLength(data), eq: data.equals(Buffer.from('hi')) } }];",
    "node24": true
  },
  {
    "id": "ev-interval",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-03-01'));\nreturn [{ json: { days: i.length('days'), d: i.toDuration(['months', 'days']).toObject(), s: i.toLocaleString(DateTime.DATE_MED) } }];",
    "node24": true
  },
  {
    "id": "ev-date-locale-opts",
    "code": "const d = new Date($json.date || Date.now());\nreturn [{ json: { s: d.toLocaleDateString($json.locale || 'en-US', { weekday: 'long', ...DateTime.DATE_MED }) } }];",
    "node24": true
  }
];

export const ROUND38_REPORTED: string[] = [];
