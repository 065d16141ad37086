// Round 24 of the code-purity red team, 2026-12-02: black box against the points-to analysis's
// analyzeSource() after round 23's fixes, about 150 bodies tried; these 13 (of the 19 it confirmed, the
// rest the same bodies with other capabilities) obtain a capability in the oracle while the points-to
// analysis reported none. The value-flow rule reports every one. Two causes:
// - `yield*` did not hand what the generator is resumed with (next(v), throw(v), return(v)) on to an inner
//   iterator of the code's own, so one that echoes it gave the code's `this` back;
// - n8n's accessors ($input.first(), $('X').last()) gave n8n's data but not what the code stored into
//   `items`, which they read (the oracle shares one array, as the runner does).
import type { RoundEntry } from './red-team-round.js';

export const ROUND24_BYPASSES: RoundEntry[] = [
  { id: "r24-00", code: "const inner = { [Symbol.asyncIterator](){ return this }, next(v){ return {done:false, value:v} } }; async function* G(){ yield* inner } const it = G(); await it.next(); (await it.next(this)).value.require('os'); return [];" },
  { id: "r24-01", code: "const inner = { [Symbol.iterator](){ return this }, next(v){ return {done:false, value:v} } }; async function* G(){ yield* inner } const it = G(); await it.next(); (await it.next(this)).value.require('os'); return [];" },
  { id: "r24-02", code: "const inner = { [Symbol.asyncIterator](){ return this }, next(v){ return {done:false, value:v} } }; async function* G(){ yield* inner } const it = G(); await it.next(); const r = await it.next(this); return [{json:{}, g: r.value}];" },
  { id: "r24-03", code: "const inner = { [Symbol.asyncIterator](){ return this }, next(){ return {done:false, value:1} }, throw(v){ return {done:false, value:v} } }; async function* G(){ yield* inner } const it = G(); await it.next(); (await it.throw(this)).value.require('os'); return [];" },
  { id: "r24-04", code: "const inner = { [Symbol.iterator](){ return this }, next(v){ return {done:false, value:v} } }; function* G(){ yield* inner } const it = G(); it.next(); it.next(helpers).value.httpRequest({}); return [];" },
  { id: "r24-05", code: "let g; const inner = { [Symbol.iterator](){ return this }, next(){ return {done:false, value:1} }, return(v){ g = v; return {done:true} } }; function* G(){ yield* inner } const it = G(); it.next(); it.return(this); g.require('os'); return [];" },
  { id: "r24-06", code: "const inner = { [Symbol.iterator](){ return this }, next(){ return {done:false, value:1} }, throw(v){ return {done:false, value:v} } }; function* G(){ yield* inner } const it = G(); it.next(); it.throw(this).value.require('os'); return [];" },
  { id: "r24-07", code: "items.push({ g: this }); $input.last().g.require('os'); return [];" },
  { id: "r24-08", code: "items.unshift({ g: this }); $input.first().g.require('os'); return [];" },
  { id: "r24-09", code: "items[0] = { g: this }; $input.first().g.require('os'); return [];" },
  { id: "r24-10", code: "items.push({ g: this }); $('Webhook').last().g.require('os'); return [];" },
  { id: "r24-11", code: "items.splice(0, 0, { g: require }); $input.first().g('os'); return [];" },
  { id: "r24-12", code: "$input.all().push({ h: helpers }); $input.last().h.httpRequest({}); return [];" },
];
