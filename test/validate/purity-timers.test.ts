// Node's timers and FormData's forEach as the points-to analysis models them (summaries.ts timer, FormData.prototype.forEach;
// Engine.timerCallTrusted): each case is run in the oracle under n8n's Node 24, and the analysis says what it does.
import { describe, expect, it } from 'vitest';
import { expectObtains, expectObtainsNothing, findings, TIMEOUT, type RoundEntry } from './support/red-team-round.js';

const entry = (id: string, code: string): RoundEntry => ({ id, code, node24: true });

// When a timer fires Node calls what it holds then (ReflectApply(timer._onTimeout, timer, timer._timerArgs)).
const FIRES_WITH_WHAT_IT_HOLDS = [
  entry('args-list-written', "let got; const t = setTimeout((x) => { got = x.N8N_ORACLE_SECRET; }, 1, 1); t._timerArgs[0] = $env; await new Promise((r) => setTimeout(r, 20)); return [{ json: { got } }];"),
  entry('args-list-replaced', "let got; const t = setTimeout((x) => { got = x.N8N_ORACLE_SECRET; }, 1, 1); t._timerArgs = [$env]; await new Promise((r) => setTimeout(r, 20)); return [{ json: { got } }];"),
  entry('callback-replaced', "let got; const t = setTimeout(() => {}, 1, $env); t._onTimeout = (e) => { got = e.N8N_ORACLE_SECRET; }; await new Promise((r) => setTimeout(r, 20)); return [{ json: { got } }];"),
  entry('immediate-argv-replaced', "let got; const i = setImmediate((x) => { got = x.N8N_ORACLE_SECRET; }, 1); i._argv = [$env]; await new Promise((r) => setTimeout(r, 20)); return [{ json: { got } }];"),
  entry('formdata-sloppy-this', "const fd = new FormData(); fd.append('a', '1'); const out = []; fd.forEach(function () { out.push(this.process); }); return [{ json: { p: out[0] } }];"),
  entry('formdata-own-call', "const fd = new FormData(); fd.append('a', '1'); let p; const f = () => 0; f.call = (g) => { p = g.process; }; fd.forEach(f); return [{ json: { p } }];"),
];

const EVERYDAY = [
  entry('sleep', 'await new Promise((r) => setTimeout(r, 20)); return items;'),
  entry('sleep-with-value', "const v = await new Promise((r) => setTimeout(r, 20, 'done')); return [{ json: { v } }];"),
  entry('has-ref', 'const t = setTimeout(() => {}, 10000); const refd = t.hasRef(); t.unref(); clearTimeout(t); return [{ json: { refd } }];'),
  entry('debounce', 'function debounce(fn, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; } const seen = []; const push = debounce((x) => seen.push(x), 5); push(1); push(2); await new Promise((r) => setTimeout(r, 30)); return [{ json: { seen } }];'),
  entry('immediate-yield', 'let n = 0; for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); n++; } return [{ json: { n } }];'),
  entry('formdata-arrow', "const fd = new FormData(); for (const i of items) fd.append('id', String(i.json.id ?? 1)); const ids = []; fd.forEach((v) => ids.push(v)); return [{ json: { ids } }];"),
];

describe('a timer fires with what it holds, and FormData hands its callback what undici hands it', () => {
  it.concurrent.each(FIRES_WITH_WHAT_IT_HOLDS.map((e) => [e.id, e] as const))('%s obtains a capability in the oracle', async (_id, e) => {
    await expectObtains(e);
  }, TIMEOUT);
  it.each(FIRES_WITH_WHAT_IT_HOLDS.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe('everyday timers and FormData', () => {
  it.concurrent.each(EVERYDAY.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, e) => {
    await expectObtainsNothing(e);
  }, TIMEOUT);
  it.each(EVERYDAY.map((e) => [e.id, e.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code)).toEqual([]);
  });
});
