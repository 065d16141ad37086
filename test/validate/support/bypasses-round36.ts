// Round 36 of the code-purity red team, 2026-12-04: black box against the points-to analysis after round 35's fixes,
// aimed at where Node's library calls what the code supplies (error formatting, streams, encoders, FormData), what
// util.inspect hands out once obtained, built-ins stored where Node calls them, and everyday bodies with sleeps,
// Buffers, encoders and luxon; 45 bodies, 40 kept (the others the oracle did not confirm, or
// ran code n8n's hardening refuses: TextEncoderStream and TextDecoderStream throw there), each checked by the oracle under n8n's Node 24 (a control for every write).
// 4 bypasses, all writes into luxon's formatter caches, which every later task shares: luxon keys a
// formatter by the JSON of its options and makes it from the options themselves, and JSON writes `false` for
// `new Boolean(false)` (or `Object(false)`), which Intl reads as true (hour12) or as a string (useGrouping): a 12-hour
// or grouping formatter is left under the key of `false`. Fixed: luxon handed an object that is not plain data, at any
// depth, cannot be proven pure (n8n-model.ts keyedUnlikeRead); luxon's told-apart methods are no own enumerable keys of its
// values (a spread of `DateTime.TIME_SIMPLE` copied them). Reported everyday bodies: one reading a Buffer.concat
// result's `.buffer` (Node's shared pool: right) and a control of an inspect route (ROUND36_REPORTED).
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability (another task's $env through util.inspect). */
export const ROUND36_OBTAINING: RoundEntry[] = [];

/** Bypasses that write onto state every later task shares (`wrote: true`; its control shows false). */
export const ROUND36_WRITES: ChangeEntry[] = [
  {
    "id": "luxon-inf-boolobj",
    "code": "const probe = () => Duration.fromObject({ hours: 1234 }).toHuman();\nDateTime.now();\nDuration.fromObject({ hours: 5678 }).toHuman({ useGrouping: new Boolean(false) });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== '1234 hours' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-dtf-boolobj",
    "code": "const fmt = { hour: '2-digit', minute: '2-digit', hour12: false };\nconst probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString(fmt);\nDateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ ...fmt, hour12: new Boolean(false) });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== '15:30' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-dtf-objectfalse",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: false });\nconst prefs = { hour12: Object(false) };\nconst label = DateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.TIME_SIMPLE, ...prefs });\nconst after = probe();\nreturn [{ json: { label, after, wrote: after !== '15:30' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-interval-boolobj",
    "code": "const probe = () => Interval.fromDateTimes(DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }), DateTime.fromISO('2025-01-15T17:00:00Z', { zone: 'utc' })).toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: false });\nconst settings = JSON.parse('{\"hour12\": false}');\nconst h12 = new Boolean(settings.hour12);\nDateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: h12 });\nconst after = probe();\nreturn [{ json: { after, wrote: !after.startsWith('15:30') } }];\n",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND36_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "caught-formdata-foreach-this",
    "code": "const fd = new FormData();\nfd.append('a', 'b');\nlet g;\nfd.forEach(function () { g = this; });\nreturn [{ json: { g } }];\n",
    "node24": true
  },
  {
    "id": "caught-formdata-foreach-process",
    "code": "const fd = new FormData();\nfd.append('a', 'b');\nconst seen = [];\nfd.forEach(function (value, key) { seen.push(this); });\nreturn [{ json: { p: seen[0].process } }];\n",
    "node24": true
  },
  {
    "id": "caught-luxon-mapunits-this",
    "code": "let g;\nDuration.fromObject({ hours: 1 }).mapUnits(function (x) { g = this; return x; });\nreturn [{ json: { v: g['$e' + 'nv'].DB_PASSWORD } }];\n",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each writing onto shared state in the oracle. */
export const ROUND36_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "caught-luxon-dtf-tojson",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T12:00:00Z', { zone: 'utc' }).toLocaleString(DateTime.DATE_FULL);\nconst before = probe === null ? '' : '';\nconst opts = { ...DateTime.DATE_FULL, month: 'narrow', toJSON() { return { year: 'numeric', month: 'long', day: 'numeric', timeZone: this.timeZone }; } };\nDateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'utc' }).toLocaleString(opts);\nconst after = probe();\nreturn [{ json: { after, wrote: after !== 'January 15, 2025' } }];\n",
    "node24": true
  },
  {
    "id": "caught-luxon-dtf-bound-join",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T12:00:00Z', { zone: 'utc' }).toLocaleString(DateTime.DATE_FULL);\nconst wd = ['long'];\nconst weekday = wd.join.bind(wd);\nweekday.toString = weekday;\nDateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.DATE_FULL, weekday });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== 'January 15, 2025' } }];\n",
    "node24": true
  },
  {
    "id": "caught-luxon-dtf-fn-join",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T12:00:00Z', { zone: 'utc' }).toLocaleString(DateTime.DATE_FULL);\nconst weekday = function (unit) {};\nweekday[0] = 'long';\nweekday.toString = [].join;\nDateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.DATE_FULL, weekday });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== 'January 15, 2025' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-toStringEnc",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.alloc(4).toString(bait); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-fdAppend3",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { new FormData().append(\"a\", bait, \"x\"); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-readIntLE",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.alloc(4).readIntLE(0, bait); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-encodeInto",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { new TextEncoder().encodeInto(\"a\", bait); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-copyBytesFrom2",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.copyBytesFrom(new Uint8Array(2), bait); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-luxsym",
    "code": "let got;\nconst sym = Object.getOwnPropertySymbols(DateTime.prototype).find((s) => String(s).includes('inspect'));\nconst bait = { constructor: null, [sym](d, o, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.concat([bait]); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-symjoin",
    "code": "let got;\nconst sym = Symbol.for(['nodejs', 'util', 'inspect', 'custom'].join('.'));\nconst bait = Object.assign(Object.create(null), { [sym]: (d, o, inspect) => { got = inspect; return 'x'; } });\ntry { Buffer.concat([bait]); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-fromEntries",
    "code": "let got;\nconst sym = Symbol.for('nodejs.util.inspect.custom');\nconst bait = Object.fromEntries([[sym, (d, o, inspect) => { got = inspect; return 'x'; }], ['constructor', null]]);\ntry { Buffer.concat([bait]); } catch {}\ngot.styles.rt36 = 'red';\nreturn [{ json: { wrote: got.styles.rt36 === 'red' } }];\n",
    "node24": true
  }
];

/** The round's everyday bodies and the writes' controls: each obtains nothing. */
export const ROUND36_EVERYDAY: RoundEntry[] = [
  {
    "id": "luxon-inf-boolobj-control",
    "code": "const probe = () => Duration.fromObject({ hours: 1234 }).toHuman();\nDuration.fromObject({ hours: 5678 }).toHuman({ useGrouping: false });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== '1234 hours' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-dtf-boolobj-control",
    "code": "const fmt = { hour: '2-digit', minute: '2-digit', hour12: false };\nconst probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString(fmt);\nDateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ ...fmt, hour12: false });\nconst after = probe();\nreturn [{ json: { after, wrote: after !== '15:30' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-dtf-objectfalse-control",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.TIME_SIMPLE, hour12: false });\nconst prefs = { hour12: false };\nconst label = DateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ ...DateTime.TIME_SIMPLE, ...prefs });\nconst after = probe();\nreturn [{ json: { label, after, wrote: after !== '15:30' } }];\n",
    "node24": true
  },
  {
    "id": "luxon-interval-boolobj-control",
    "code": "const probe = () => Interval.fromDateTimes(DateTime.fromISO('2025-01-15T15:30:00Z', { zone: 'utc' }), DateTime.fromISO('2025-01-15T17:00:00Z', { zone: 'utc' })).toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: false });\nconst settings = JSON.parse('{\"hour12\": false}');\nconst h12 = settings.hour12;\nDateTime.fromISO('2025-02-01T08:00:00Z', { zone: 'utc' }).toLocaleString({ hour: 'numeric', minute: '2-digit', hour12: h12 });\nconst after = probe();\nreturn [{ json: { after, wrote: !after.startsWith('15:30') } }];\n",
    "node24": true
  },
  {
    "id": "ev-retry-buffer-luxon",
    "code": "const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\nconst withTimeout = (p, ms) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms))]);\nclass HttpError extends Error { constructor(msg, status) { super(msg); this.name = 'HttpError'; this.status = status; } }\nconst out = [];\nfor (const item of $input.all()) {\n  let attempt = 0, value;\n  while (attempt < 3) {\n    try {\n      value = await withTimeout(sleep(5).then(() => { if (attempt < 1) throw new HttpError('flaky', 503); return item.json.name; }), 100);\n      break;\n    } catch (e) {\n      if (e instanceof HttpError && e.status === 503) { attempt++; await sleep(2); continue; }\n      throw e;\n    }\n  }\n  const buf = Buffer.from(String(value), 'utf8');\n  const enc = new TextEncoder().encode(value);\n  const dec = new TextDecoder().decode(enc);\n  console.log({ id: item.json.id, b64: buf.toString('base64'), hex: buf.toString('hex'), dec });\n  out.push({ json: { id: item.json.id, b64: buf.toString('base64'), hex: buf.toString('hex'), len: enc.length, dec, attempts: attempt, at: DateTime.fromISO('2025-01-02T03:04:05Z').toUTC().toFormat('yyyy-LL-dd HH:mm') } });\n}\nreturn out;\n",
    "node24": true
  },
  {
    "id": "ev-builtin-fns-formdata",
    "code": "const fns = { up: String.prototype.toUpperCase, low: String.prototype.toLowerCase, trim: String.prototype.trim };\nconst fd = new FormData();\nconst results = items.map((item, i) => {\n  const name = fns.up.call(item.json.name);\n  fd.append('name' + i, name);\n  fd.append('email' + i, fns.trim.call(item.json.email));\n  return { json: { name, email: fns.low.call(item.json.email), encoded: Buffer.from(JSON.stringify(item.json)).toString('base64') } };\n});\nconst entries = [];\nfor (const [k, v] of fd.entries()) entries.push(k + '=' + v);\nconsole.log('form', entries, fd);\nreturn results.concat([{ json: { form: entries.join('&') } }]);\n",
    "node24": true
  },
  {
    "id": "ev-groupby-tojson-luxon",
    "code": "const grouped = items.reduce((acc, { json }) => {\n  const key = json.tags[0] ?? 'none';\n  (acc[key] ??= []).push(json);\n  return acc;\n}, {});\nclass Report { constructor(g) { this.g = g; } toJSON() { return { groups: Object.keys(this.g).length }; } }\nconst r = new Report(grouped);\nconsole.log(r, JSON.stringify(r));\nconst dur = Duration.fromObject({ minutes: 90 }).shiftTo('hours', 'minutes').toHuman();\nconst d = DateTime.fromJSDate(new Date(0)).setZone('Europe/Berlin').toLocaleString(DateTime.DATETIME_MED);\nconst bytes = new TextEncoder().encode('héllo');\nconst hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');\nconst back = Buffer.from(hex, 'hex').toString('utf8');\nconst b64 = btoa('hello'); const plain = atob(b64);\nreturn [{ json: { grouped, report: JSON.parse(JSON.stringify(r)), dur, d, hex, back, b64, plain } }];\n",
    "node24": true
  },
  {
    "id": "ev-encodeinto-concat-buffer",
    "code": "const enc = new TextEncoder();\nconst dest = new Uint8Array(64);\nconst { read, written } = enc.encodeInto($json.name, dest);\nconst buf = Buffer.alloc(16);\nbuf.write('hello', 0, 'utf8');\nbuf.writeUInt32BE(0xdeadbeef, 8);\nconst copy = Buffer.concat([buf, Buffer.from([1, 2, 3])]);\nconst view = new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength);\nconst sum = view.reduce((a, b) => a + b, 0);\nconst err = new Error('bad', { cause: new TypeError('inner') });\nconsole.log(err, { nested: { deep: { arr: [1, 2, { x: new Map([[1, 2]]) }] } } }, new Set([1]));\nreturn [{ json: { read, written, hex: copy.toString('hex'), sum, msg: err.message, cause: err.cause.message, eq: buf.equals(Buffer.from(buf)), cmp: Buffer.compare(buf, copy) } }];\n",
    "node24": true
  },
  {
    "id": "ev-formdata-foreach",
    "code": "const fd = new FormData();\nfd.append('a', 'b');\nconst form = {};\nfd.forEach(function (value, key) { form[key] = value; });\nreturn [{ json: form }];\n",
    "node24": true
  },
  {
    "id": "ev-validation-error-class",
    "code": "const fns = { up: String.prototype.toUpperCase, join: Array.prototype.join };\nclass ValidationError extends Error {\n  constructor(field, value) { super(`invalid ${field}`); this.name = 'ValidationError'; this.field = field; this.value = value; }\n  toJSON() { return { name: this.name, field: this.field }; }\n}\nconst results = [];\nfor (const { json } of items) {\n  try {\n    if (!String(json.email).includes('@example.com')) throw new ValidationError('email', json.email);\n    const bytes = new TextEncoder().encode(fns.up.call(json.name));\n    const hex = Buffer.from(bytes).toString('hex');\n    const when = DateTime.fromISO('2025-03-04T05:06:07Z').setZone('America/New_York');\n    results.push({ json: { hex, tags: fns.join.call(json.tags, '|'), when: when.toFormat('ccc, dd LLL yyyy HH:mm ZZZZ'), rel: when.toRelative({ base: when.plus({ days: 2 }) }), iso: when.toISO(), json: JSON.stringify({ fns: Object.keys(fns) }) } });\n  } catch (e) {\n    console.log(e, JSON.stringify(e));\n    results.push({ json: { error: e instanceof ValidationError ? e.toJSON() : String(e) } });\n  }\n}\nconst deadline = new Promise((_, reject) => setTimeout(() => reject(new Error('deadline')), 1000));\nconst work = new Promise((resolve) => setTimeout(() => resolve(results.length), 10));\nconst count = await Promise.race([work, deadline]);\nreturn [...results, { json: { count } }];\n",
    "node24": true
  },
  {
    "id": "ev-base64-formdata-map",
    "code": "const toBase64 = (s) => Buffer.from(s, 'utf8').toString('base64');\nconst fromBase64 = (s) => Buffer.from(s, 'base64').toString('utf8');\nconst auth = toBase64(`${$json.email}:${$json.id}`);\nconst bytes = new Uint8Array([0xde, 0xad, 0xbe, 0xef]);\nconst hex = Buffer.from(bytes.buffer).toString('hex');\nconst fd = new FormData();\nfd.append('file', String(123));\nconst parts = [];\nfd.forEach((v, k) => parts.push(`${k}=${v}`));\nconst map = new Map(items.map((i) => [i.json.id, i.json.name]));\nconsole.log(map, [...map.entries()], { auth });\nreturn [{ json: { auth, back: fromBase64(auth), hex, parts, names: Object.fromEntries(map) } }];\n",
    "node24": true
  },
  {
    "id": "caught-luxon-dtf-tojson-control",
    "code": "const probe = () => DateTime.fromISO('2025-01-15T12:00:00Z', { zone: 'utc' }).toLocaleString(DateTime.DATE_FULL);\nconst opts = { ...DateTime.DATE_FULL, month: 'narrow' };\nDateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'utc' }).toLocaleString(opts);\nconst after = probe();\nreturn [{ json: { after, wrote: after !== 'January 15, 2025' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-toStringEnc-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.alloc(4).toString(bait); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-fdAppend3-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { new FormData().append(\"a\", bait, \"x\"); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-rsFrom-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { new TextDecoderStream().readable.constructor.from(bait); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-readIntLE-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.alloc(4).readIntLE(0, bait); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-encodeInto-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { new TextEncoder().encodeInto(\"a\", bait); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-copyBytesFrom2-control",
    "code": "let got;\nconst bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.copyBytesFrom(new Uint8Array(2), bait); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-cls-control",
    "code": "let got;\nclass Bait { static name = ''; [Symbol.for('nodejs.util.inspect.custom')](d, o, inspect) { got = inspect; return 'x'; } }\nconst bait = new Bait();\ntry { Buffer.concat([bait]); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-luxsym-control",
    "code": "let got;\nconst sym = Object.getOwnPropertySymbols(DateTime.prototype).find((s) => String(s).includes('inspect'));\nconst bait = { constructor: null, [sym](d, o, inspect) { got = inspect; return 'x'; } };\ntry { Buffer.concat([bait]); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-symjoin-control",
    "code": "let got;\nconst sym = Symbol.for(['nodejs', 'util', 'inspect', 'custom'].join('.'));\nconst bait = Object.assign(Object.create(null), { [sym]: (d, o, inspect) => { got = inspect; return 'x'; } });\ntry { Buffer.concat([bait]); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  },
  {
    "id": "caught-inspect-bait-fromEntries-control",
    "code": "let got;\nconst sym = Symbol.for('nodejs.util.inspect.custom');\nconst bait = Object.fromEntries([[sym, (d, o, inspect) => { got = inspect; return 'x'; }], ['constructor', null]]);\ntry { Buffer.concat([bait]); } catch {}\nreturn [{ json: { wrote: (got && got.styles && got.styles.rt36) === 'red' } }];\n",
    "node24": true
  }
];

export const ROUND36_REPORTED: string[] = ["ev-encodeinto-concat-buffer","caught-inspect-rsFrom-control"];
