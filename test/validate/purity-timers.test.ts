// Node's timers and FormData's forEach as the points-to analysis models them (summaries.ts timer, FormData.prototype.forEach;
// Engine.trustedNodeCall): each case is run in the oracle under n8n's Node 24, and the analysis says what it does.
import { describe, expect, it } from 'vitest';
import { describeChanges, expectObtains, expectObtainsNothing, findings, TIMEOUT, type RoundEntry } from './support/red-team-round.js';

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

// Node's timer lists, reached through a timer's _idleNext, are the runner's: a write into one, or a fake at keys known
// only at run time that clearTimeout relinks into one, lands in the list every later setTimeout of that duration joins
// (a later timer joins the list whose tail, the next timer Node runs, is the planted object).
const WRITES_INTO_THE_LISTS = [
  entry('list-written-through-a-timer', "const t = setTimeout(() => {}, 1000); const list = t._idleNext; list._idlePrev = { planted: true }; const u = setTimeout(() => {}, 1000); const wrote = u._idlePrev === list && list._idlePrev.planted === true; list._idlePrev = t; clearTimeout(t); clearTimeout(u); return [{ json: { wrote } }];"),
  entry('fake-at-run-time-keys', "const t = setTimeout(() => {}, 1000); const list = t._idleNext; const fake = { _onTimeout: 1 }; fake[['_idle', 'Next'].join('')] = list; fake[['_idle', 'Prev'].join('')] = { planted: true }; clearTimeout(fake); const wrote = !!(list._idlePrev && list._idlePrev.planted); list._idlePrev = t; clearTimeout(t); return [{ json: { wrote } }];"),
];

// Another task's timer of the same duration is linked beside this task's (the runner runs every task in one process):
// its callback runs with what that task holds, and its arguments are that task's values (summaries.ts nodeTimerLists).
const HELPER_LATER = 'setTimeout(() => helpers.httpRequest({ url: "http://localhost/" }), 60000);';
const ANOTHER_TASKS_TIMER: RoundEntry[] = [
  { ...entry('its-callback-called', 'const t = setTimeout(() => {}, 60000); t._idleNext._onTimeout(); clearTimeout(t); return items;'), earlierTask: HELPER_LATER },
  { ...entry('its-callback-called-later', 'const t = setTimeout(() => {}, 60000); const n = t._idleNext; clearTimeout(t); n._onTimeout(); return items;'), earlierTask: HELPER_LATER },
  { ...entry('the-list-walked', 'const t = setTimeout(() => {}, 60000); const o = t._idleNext; clearTimeout(t); for (let x = o; x && x !== t; x = x._idleNext) if (typeof x._onTimeout === "function") { x._onTimeout(); break; } return items;'), earlierTask: 'setInterval(() => helpers.httpRequest({ url: "http://localhost/" }), 60000);' },
  { ...entry('its-callback-returns-env', 'const t = setTimeout(() => {}, 60000); const e = t._idleNext._onTimeout(); clearTimeout(t); return [{ json: { s: e.N8N_ORACLE_SECRET } }];'), earlierTask: 'setTimeout(() => $env, 60000);' },
  { ...entry('its-arguments-read', 'const t = setTimeout(() => {}, 60000); const a = t._idleNext._timerArgs; clearTimeout(t); return [{ json: { s: a[0].N8N_ORACLE_SECRET } }];'), earlierTask: 'setTimeout(() => {}, 60000, $env);' },
  { ...entry('its-arguments-returned', 'const t = setTimeout(() => {}, 60000); const a = t._idleNext._timerArgs; clearTimeout(t); return [{ json: { a } }];'), earlierTask: 'setTimeout(() => {}, 60000, $env);' },
];
/** The same earlier task beside a body that leaves the lists alone: what the oracle sees comes from the body. */
const BESIDE_ANOTHER_TASK: RoundEntry[] = [{ ...entry('timer-beside-another-task', 'const t = setTimeout(() => {}, 60000); clearTimeout(t); return items;'), earlierTask: HELPER_LATER }];

const EVERYDAY = [
  entry('sleep', 'await new Promise((r) => setTimeout(r, 20)); return items;'),
  entry('sleep-with-value', "const v = await new Promise((r) => setTimeout(r, 20, 'done')); return [{ json: { v } }];"),
  entry('has-ref', 'const t = setTimeout(() => {}, 10000); const refd = t.hasRef(); t.unref(); clearTimeout(t); return [{ json: { refd } }];'),
  entry('debounce', 'function debounce(fn, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; } const seen = []; const push = debounce((x) => seen.push(x), 5); push(1); push(2); await new Promise((r) => setTimeout(r, 30)); return [{ json: { seen } }];'),
  entry('immediate-yield', 'let n = 0; for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); n++; } return [{ json: { n } }];'),
  // What a timer holds is not Node's state that its other functions reach: a sleep does not make Buffer untrusted.
  entry('sleep-then-buffer', "await new Promise((r) => setTimeout(r, 20)); const b = Buffer.from('abc').toString('base64'); return [{ json: { b } }];"),
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

describeChanges("a write into Node's timer lists lands where every later task's timers join", WRITES_INTO_THE_LISTS);
describe("Node's timer lists", () => {
  it.each(WRITES_INTO_THE_LISTS.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
  it("handing them, or another task's timer linked there, to a timer function is reported", () => {
    expect(findings('const t = setTimeout(() => {}, 1000); clearTimeout(t._idleNext._idleNext); return items;').length).toBeGreaterThan(0);
  });
});

describe("another task's timer, linked beside this task's", () => {
  it.concurrent.each(ANOTHER_TASKS_TIMER.map((e) => [e.id, e] as const))('%s obtains a capability in the oracle', async (_id, e) => {
    await expectObtains(e);
  }, TIMEOUT);
  it.concurrent.each(BESIDE_ANOTHER_TASK.map((e) => [e.id, e] as const))('%s obtains nothing in the oracle', async (_id, e) => {
    await expectObtainsNothing(e);
  }, TIMEOUT);
  it.each(ANOTHER_TASKS_TIMER.map((e) => [e.id, e.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).some((f) => f.verdict === 'reaches' && f.what.includes("another task's timer"))).toBe(true);
  });
  it.each(BESIDE_ANOTHER_TASK.map((e) => [e.id, e.code] as const))('%s is proven pure', (_id, code) => {
    expect(findings(code)).toEqual([]);
  });
});
