// Round 29 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 28's fixes,
// aimed at what no round had tried (primitive writes, objects the runner's own functions make, typed arrays, Intl,
// n8n's accessors); 273 bodies tried, 186 obtained a capability or changed what a later task sees, these 27 did
// while the points-to analysis reported none (the shipped value flow missed 4: te-var-slice, te-subarray-fill,
// te-iter-next, te-buffer-slice, and 3 of the last 4). Causes: fd-foreach-default-thisarg-runner-global (11): undici's
// FormData.prototype.forEach(callbackfn, thisArg = globalThis) calls its callback with the runner process's global
// object as `this`, so a strict callback (a class method, 'use strict', an async function) reads the runner's
// process and its env; host-iterator-result-runner-object (5): the {value, done} of an iterator a runner function
// made (TextEncoder's Uint8Array's values(), FormData's entries()) was a task-realm object, so its constructor read
// as the sandbox's Object (whose reflection n8n's prelude stubs) when it is the runner's, whose reflection works (the
// Buffer pool through the %TypedArray% buffer getter, writes onto the runner's intrinsics); host-made-value-taken-
// for-task-realm (11): TextEncoder's encode, FormData's getAll and entries gave plain objects, so a write onto their
// methods (%TypedArray%.prototype.map of the runner realm, Array.prototype.push of it) passed. Fixed by the runner's
// global object in the graph (what Node's own JavaScript may hand a function it calls, as its receiver or an
// argument), summaries for TextEncoder, TextDecoder and FormData, and every ECMAScript global of the runner realm in
// the snapshot. The last 4 (timer-methods-taken-for-the-timer) were found while fixing: a timer's methods (ref,
// unref, refresh, hasRef) were the timer itself, an opaque function, so a write onto them passed (or the body took
// the whole work bound); a timer now inherits from Node's Timeout (Immediate) prototype, which the snapshot holds.
import type { ChangeEntry, RoundEntry } from "./red-team-round.js";

/** The 11 that obtain a capability the oracle names (the runner's global object, its process, its env). */
export const ROUND29_OBTAINING: RoundEntry[] = [
  {
    id: "fd-strict-fn",
    code: "let g; const fd = new FormData(); fd.append('a', 'b'); fd.forEach(function () { 'use strict'; g = this; }); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-class-static",
    code: "let g; class A { static m() { g = this; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(A.m); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-class-proto",
    code: "let g; class A { m() { g = this; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(new A().m); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-class-body-fn",
    code: "let g; class A { static run(fd) { fd.forEach(function () { g = this; }); } } const fd = new FormData(); fd.append('a', 'b'); A.run(fd); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-async-strict",
    code: "let g; const fd = new FormData(); fd.append('a', 'b'); fd.forEach(async function () { 'use strict'; g = this; }); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-explicit-undefined",
    code: "let g; const fd = new FormData(); fd.append('a', 'b'); fd.forEach(function () { 'use strict'; g = this; }, undefined); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-process",
    code: "let g; class A { static m() { g = this.process; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(A.m); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-process-env",
    code: "let g; class A { static m() { g = this.process.env; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(A.m); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-globalThis-key",
    code: "let g; class A { static m() { g = this.globalThis; } } const fd = new FormData(); fd.set('a', 'b'); fd.forEach(A.m); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "fd-static-data",
    code: "class A { static m() { $getWorkflowStaticData('global').p = this.process; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(A.m); return [];",
    node24: true,
  },
  {
    id: "fd-each-item",
    code: "let g; class A { static m() { g = this.process; } } const fd = new FormData(); fd.append('a', 'b'); fd.forEach(A.m); return {json:{g}};",
    node24: true,
    mode: 'runOnceForEachItem',
  },
];

/**
 * Found while making the analysis faster (its second passes' causes, 2026-12-03): the error the engine throws
 * (`null.x` in a then callback: a TypeError, whose constructor's constructor is the Function constructor)
 * reached a rejection handler only once some catch clause had asked for it; now every pass begins with it
 * thrown. The shipped value flow reports all three.
 */
export const ROUND29_ENGINE_ERRORS: RoundEntry[] = [
  {
    id: "engine-error-catch",
    code: "const g = await Promise.resolve().then(() => null.x).catch(e => e.constructor.constructor('return this')()); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "engine-error-then-rejected",
    code: "const g = await Promise.resolve().then(() => null.x).then(null, (e) => e.constructor.constructor('return this')()); return [{json:{g}}];",
    node24: true,
  },
  {
    id: "engine-error-allsettled-reason",
    code: "let g; await Promise.allSettled([Promise.resolve().then(() => null.x)]).then(r => { g = r[0].reason.constructor.constructor('return this')(); }); return [{json:{g}}];",
    node24: true,
  },
];

/** The others: a write onto a function of the runner realm that a fresh runner-made value sees ('wrote'), or a read of Node's Buffer pool ('pool'). */
export const ROUND29_WRITES: ChangeEntry[] = [
  {
    id: "fd-iter-next",
    code: "new FormData().entries().next.k = 1; return [{json:{wrote: new FormData().keys().next.k === 1}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "fd-getall-push",
    code: "const f = new FormData(); f.append('a', 'b'); f.getAll('a').push.k = 1; return [{json:{wrote: $json.tags.push.k === 1 && [].push.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "fd-next-result",
    code: "new FormData().entries().next().hasOwnProperty.k = 1; return [{json:{wrote: $json.hasOwnProperty.k === 1 && ({}).hasOwnProperty.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "ho-te-pool-gopd",
    code: "const u = new TextEncoder().encode('a'); const O = u.values().next().constructor; const get = O.getOwnPropertyDescriptor(O.getPrototypeOf(O.getPrototypeOf(u)), 'buffer').get; const pool = get.call(Buffer.from('a')); return [{json:{poolBytes: pool.byteLength, own: Buffer.from('a').length}}];",
    node24: true,
    evidence: "pool",
  },
  {
    id: "ho-te-proto-fn",
    code: "const u = new TextEncoder().encode('a'); const O = u.values().next().constructor; O.getPrototypeOf(O.getPrototypeOf(u)).join = function () { return 'planted'; }; return [{json:{wrote: Buffer.from('x').join() === 'planted' && new Uint8Array(1).join() === '0'}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "ho-fd-proto-write",
    code: "const f = new FormData(); f.append('a', 'b'); const O = f.entries().next().constructor; O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)).k = 1; return [{json:{wrote: Buffer.from('x').k === 1 && new Uint8Array(1).k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "ho-te-defineProperty",
    code: "const u = new TextEncoder().encode('a'); const O = u.values().next().constructor; O.defineProperty(O.getPrototypeOf(O.getPrototypeOf(u)), 'k', { value: 2 }); return [{json:{wrote: Buffer.from('x').k === 2 && new Uint8Array(1).k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "ho-te-iterator-hijack",
    code: "const it = new TextEncoder().encode('a').values(); const O = it.next().constructor; const P = O.getPrototypeOf(it); const next = P.next; P.next = function () { return { done: true }; }; const wrote = [...Buffer.from('ab')].length === 0; P.next = next; return [{json:{wrote}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-map-obj",
    code: "new TextEncoder().encode('a').map.k = {}; return [{json:{wrote: typeof new TextEncoder().encode('b').map.k === 'object' && new Uint8Array(1).map.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-map-num",
    code: "new TextEncoder().encode('a').map.k = 1; return [{json:{wrote: Buffer.from('b').map.k === 1 && new Uint8Array(1).map.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-var-slice",
    code: "const u = new TextEncoder().encode('a'); u.slice.k = 1; return [{json:{wrote: new TextEncoder().encode('b').slice.k === 1 && new Uint8Array(1).slice.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-subarray-fill",
    code: "const u = new TextEncoder().encode('ab').subarray(1); u.fill.k = 1; return [{json:{wrote: new TextEncoder().encode('b').fill.k === 1 && new Uint8Array(1).fill.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-iter-next",
    code: "new TextEncoder().encode('a').values().next.k = 1; return [{json:{wrote: Buffer.from('x').values().next.k === 1 && [].values().next.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-buffer-slice",
    code: "new TextEncoder().encode('a').buffer.slice.k = 1; return [{json:{wrote: new TextEncoder().encode('b').buffer.slice.k === 1 && new ArrayBuffer(1).slice.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-ctor-new",
    code: "new (new TextEncoder().encode('').constructor)(1).join.k = 1; return [{json:{wrote: Buffer.from('x').join.k === 1 && new Uint8Array(1).join.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "te-super-static",
    code: "class X extends new TextEncoder().encode('').constructor { static f() { return super.of; } } X.f().k = 1; return [{json:{wrote: new TextEncoder().encode('').constructor.of.k === 1 && Uint8Array.of.k === undefined}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "timer-unref-write",
    code: "setTimeout(() => 1, 0).unref.k = 1; return [{json:{wrote: setTimeout(() => 1, 0).unref.k === 1}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "interval-ref-write",
    code: "const t = setInterval(() => 1, 1000); clearInterval(t); t.ref.k = 1; const u = setInterval(() => 1, 1000); clearInterval(u); return [{json:{wrote: u.ref.k === 1}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "immediate-hasref-write",
    code: "const i = setImmediate(() => 1); clearImmediate(i); i.hasRef.k = 1; const j = setImmediate(() => 1); clearImmediate(j); return [{json:{wrote: j.hasRef.k === 1}}];",
    node24: true,
    evidence: "wrote",
  },
  {
    id: "timer-proto-object-write",
    code: "const t = setTimeout(() => 1, 0); clearTimeout(t); t.constructor.prototype.refresh.k = {}; const u = setTimeout(() => 1, 0); clearTimeout(u); return [{json:{wrote: typeof u.refresh.k === 'object'}}];",
    node24: true,
    evidence: "wrote",
  },
];

/** The shipped value flow's misses among them (it is the rule until the switch). */
export const ROUND29_MISSED_BY_VALUE_FLOW = ['te-var-slice', 'te-subarray-fill', 'te-iter-next', 'te-buffer-slice', 'timer-unref-write', 'interval-ref-write', 'immediate-hasref-write'];

/** Everyday bodies of the round (its pure ones, and the 4 it found reported), all proven pure now but the one reported on purpose. */
export const ROUND29_EVERYDAY: RoundEntry[] = [
  {
    id: "ev-intl-number",
    code: "const nf = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }); return items.map(i => ({ json: { ...i.json, price: nf.format(i.json.score) } }));",
    node24: true,
  },
  {
    id: "ev-intl-date-parts",
    code: "const parts = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit' }).formatToParts(new Date(0)); return [{ json: { parts: parts.map(p => p.value).join('') } }];",
    node24: true,
  },
  {
    id: "ev-segmenter",
    code: "const seg = new Intl.Segmenter('en', { granularity: 'word' }); const words = [...seg.segment($json.name)].filter(s => s.isWordLike).map(s => s.segment); return [{ json: { words } }];",
    node24: true,
  },
  {
    id: "ev-plural",
    code: "const pr = new Intl.PluralRules('en'); return items.map(i => ({ json: { label: `${i.json.score} point${pr.select(i.json.score) === 'one' ? '' : 's'}` } }));",
    node24: true,
  },
  {
    id: "ev-textencoder-len",
    code: "const enc = new TextEncoder(); return items.map(i => ({ json: { bytes: enc.encode(i.json.name).length } }));",
    node24: true,
  },
  {
    id: "ev-textencoder-hex",
    code: "const bytes = new TextEncoder().encode($json.email); const hex = Array.from(bytes, b => b.toString(16).padStart(2, '0')).join(''); return [{ json: { hex } }];",
    node24: true,
  },
  {
    id: "ev-textdecoder",
    code: "const bytes = Buffer.from($json.name, 'utf8'); const text = new TextDecoder('utf-8').decode(bytes); return [{ json: { text } }];",
    node24: true,
  },
  {
    id: "ev-formdata",
    code: "const fd = new FormData(); fd.append('name', $json.name); fd.append('email', $json.email); const out = {}; for (const [k, v] of fd.entries()) out[k] = v; return [{ json: out }];",
    node24: true,
  },
  {
    id: "ev-buffer-b64",
    code: "return items.map(i => ({ json: { b64: Buffer.from(JSON.stringify(i.json)).toString('base64') } }));",
    node24: true,
  },
  {
    id: "ev-typed-sum",
    code: "const a = new Float64Array(items.map(i => i.json.score)); let s = 0; for (const x of a) s += x; return [{ json: { sum: s, max: Math.max(...a) } }];",
    node24: true,
  },
  {
    id: "ev-dataview",
    code: "const dv = new DataView(new ArrayBuffer(4)); dv.setUint32(0, $json.score); return [{ json: { bytes: [...new Uint8Array(dv.buffer)] } }];",
    node24: true,
  },
  {
    id: "ev-luxon-format",
    code: "const d = DateTime.fromISO('2025-01-02T03:04:05Z').setZone('UTC'); return [{ json: { day: d.toFormat('yyyy-LL-dd'), week: d.weekNumber, plus: d.plus({ days: 3 }).toISODate() } }];",
    node24: true,
  },
  {
    id: "ev-luxon-diff",
    code: "const a = DateTime.fromISO('2025-01-01'); const b = DateTime.fromISO('2025-03-01'); return [{ json: { days: b.diff(a, 'days').days, human: Duration.fromObject({ hours: 3 }).toHuman() } }];",
    node24: true,
  },
  {
    id: "ev-static-counter",
    code: "const sd = $getWorkflowStaticData('global'); sd.count = (sd.count || 0) + items.length; sd.last = new Date(0).toISOString(); return [{ json: { count: sd.count } }];",
    node24: true,
  },
  {
    id: "ev-node-ref",
    code: "const first = $('Webhook').first().json; const all = $input.all().map(i => i.json.id); return [{ json: { first: first.name, ids: all } }];",
    node24: true,
  },
  {
    id: "ev-generator",
    code: "function* chunk(arr, n) { for (let i = 0; i < arr.length; i += n) yield arr.slice(i, i + n); } return [...chunk(items, 1)].map(c => ({ json: { size: c.length } }));",
    node24: true,
  },
  {
    id: "ev-async-iter",
    code: "async function* gen() { for (const i of items) yield i.json.id; } const ids = []; for await (const id of gen()) ids.push(id); return [{ json: { ids } }];",
    node24: true,
  },
  {
    id: "ev-map-set",
    code: "const byTag = new Map(); for (const { json } of items) for (const t of json.tags) { if (!byTag.has(t)) byTag.set(t, new Set()); byTag.get(t).add(json.id); } return [...byTag].map(([tag, ids]) => ({ json: { tag, ids: [...ids] } }));",
    node24: true,
  },
  {
    id: "ev-class-getter",
    code: "class User { constructor(j) { this.j = j } get display() { return `${this.j.name} <${this.j.email}>` } } return items.map(i => ({ json: { display: new User(i.json).display } }));",
    node24: true,
  },
  {
    id: "ev-label-loop",
    code: "const out = []; outer: for (const a of items) { for (const t of a.json.tags) { if (t === 'logic') continue outer; } out.push(a.json.id); } return [{ json: { out } }];",
    node24: true,
  },
  {
    id: "ev-btoa",
    code: "return [{ json: { token: btoa(`${$json.email}:${$json.id}`) } }];",
    node24: true,
  },
  {
    id: "ev-sort-collator",
    code: "const c = new Intl.Collator('de'); return items.slice().sort((a, b) => c.compare(a.json.name, b.json.name)).map(i => ({ json: i.json }));",
    node24: true,
  },
  {
    id: "ev-bigint",
    code: "const big = BigInt($json.id) * 10n ** 18n; return [{ json: { big: big.toString(), arr: Array.from(new BigInt64Array([big])).map(String) } }];",
    node24: true,
  },
  {
    id: "ev-settimeout-wait",
    code: "await new Promise(r => setTimeout(r, 10)); return items;",
    node24: true,
  },
  {
    id: "ev-json-clone",
    code: "const copy = JSON.parse(JSON.stringify(items)); copy.forEach(i => { i.json.seen = true }); return copy;",
    node24: true,
  },
  {
    id: "ev-relative-time",
    code: "const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' }); return [{ json: { when: rtf.format(-1, 'day') } }];",
    node24: true,
  },
  {
    id: "ev-luxon-interval",
    code: "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-05')); return [{ json: { days: i.splitBy({ days: 1 }).map(x => x.start.toISODate()) } }];",
    node24: true,
  },
  {
    id: "ev-te-decode-roundtrip",
    code: "const bytes = new TextEncoder().encode($json.name); const back = new TextDecoder().decode(bytes.slice(0, 3)); return [{ json: { back, first: bytes[0] } }];",
    node24: true,
  },
  {
    id: "ev-each-item",
    code: "const nf = new Intl.NumberFormat('en'); $json.scoreText = nf.format($json.score); return { json: $json };",
    node24: true,
  },
  {
    id: "ev-immediate",
    code: "await new Promise(r => setImmediate(r)); return items;",
    node24: true,
  },
  {
    id: "ev-formdata-foreach2",
    code: "const fd = new FormData(); for (const i of items) fd.append('id', String(i.json.id)); const ids = []; fd.forEach((v) => ids.push(v)); return [{ json: { ids } }];",
    node24: true,
  },
  {
    id: "ev-te-iterate",
    code: "const bytes = new TextEncoder().encode($json.name); let sum = 0; for (const b of bytes) sum = (sum + b) % 256; return [{ json: { checksum: sum } }];",
    node24: true,
  },
  {
    id: "ev-formdata-foreach",
    code: "const fd = new FormData(); fd.append('name', $json.name); const out = {}; fd.forEach((v, k) => { out[k] = v; }); return [{ json: out }];",
    node24: true,
  },
  {
    id: "ev-timeout-clear",
    code: "const t = setTimeout(() => {}, 1000); clearTimeout(t); return items;",
    node24: true,
  },
  {
    id: "ev-interval-clear",
    code: "let n = 0; const t = setInterval(() => { n++ }, 1000); clearInterval(t); return [{ json: { n } }];",
    node24: true,
  },
  {
    id: "ev-timeout-race",
    code: "const timeout = new Promise((_, rej) => { const t = setTimeout(() => rej(new Error('timeout')), 5000); t.unref?.(); }); const work = Promise.resolve(items.length); return [{ json: { n: await Promise.race([work, timeout]) } }];",
    node24: true,
  },
];

/**
 * The everyday bodies the analysis reports: none. FormData's forEach hands its callback the runner's global object as
 * `this` by default, which an arrow callback does not see: since its summary says what undici does
 * (`callbackfn.call(thisArg, value, key, this)`), the two FormData bodies are proven pure.
 */
export const ROUND29_REPORTED_ON_PURPOSE: string[] = [];
