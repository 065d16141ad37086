// code-purity's points-to analysis (src/validate/purity, issue #32): its closed world of syntax, its
// built-in snapshot, its bounds, and what it says on every red-team bypass (reported), issue #32's new
// round (reported, each checked by the oracle) and everyday code (proven pure).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeSource, parseBody, analyzeParsed } from '../../src/validate/purity/index.js';
import { SYNTAX } from '../../src/validate/purity/syntax.js';
import { SNAPSHOT } from '../../src/validate/purity/builtin-snapshot.js';
import { builtinGraph } from '../../src/validate/purity/builtin-graph.js';
import { CallMemo } from '../../src/validate/purity/call-memo.js';
import { LUXON_MADE } from '../../src/validate/purity/n8n-model.js';
import { BYPASSES, CLEAN, DEFEATED } from './support/bypasses.js';
import { LATER_BYPASSES, LATER_FALSE_POSITIVES } from './support/red-team-rounds.js';
import { BUFFER_POOL, ISSUE32, SELF_REVIEW } from './support/bypasses-issue32.js';
import { runLikeN8n, type OracleVerdict, type RunLikeN8nOptions } from './support/n8n-sandbox.js';
import { NODE24 } from './support/red-team-round.js';
import { analyzeJavaScript } from '../../src/validate/js-analysis.js';

const root = join(__dirname, '..', '..');
const findings = (code: string) => analyzeSource(code).findings.map((f) => `${f.verdict}: ${f.what} ${f.use}`);

describe('the closed world of syntax', () => {
  // n8n splices the body into `async function VmCodeWrapper() {<code>\n}()` as text, so a body that closes the
  // function early runs its tail outside it (round 27). Parsed as a function body, it is not one: the analysis
  // throws a SyntaxError (the callers count it as a syntax finding), and the shipped rule reports syntax.
  const closesEarly = "return [] }(); require('fs'); void async function () {";
  it.each([
    ['a tail after the wrapper', closesEarly],
    ['a stray closing brace', 'return [];\n}\n}\n'],
  ])('a body that closes n8n\'s wrapper early (%s) is refused, not analysed', (_name, code) => {
    expect(() => analyzeSource(code)).toThrow(SyntaxError);
    expect(analyzeJavaScript(code).map((p) => p.kind)).toEqual(['syntax']);
  });
  it("such a body's tail runs in n8n, outside the wrapper", async () => {
    const verdict = await runLikeN8n(closesEarly, { timeoutMs: 8000 });
    expect(verdict.obtained, JSON.stringify(verdict)).toContain('require called');
  }, 60_000);

  it('has a transfer function for every node type acorn produces', () => {
    const acornSource = readFileSync(join(dirname(createRequire(join(root, 'package.json')).resolve('acorn')), 'acorn.js'), 'utf8');
    // Every quoted CamelCase name in acorn's parser is a node type, but for three scope and comment kinds.
    const types = new Set([...acornSource.matchAll(/"([A-Z][A-Za-z]+)"/g)].map((m) => m[1]).filter((t) => !['Binding', 'Block', 'Line'].includes(t)));
    expect(types.size).toBeGreaterThan(60);
    expect([...types].filter((t) => !Object.hasOwn(SYNTAX, t))).toEqual([]);
  });

  it('a node type without an entry cannot be proven pure, never passes', () => {
    const { ast, scopeManager } = parseBody('const x = 1; return x;');
    ast.body[0].declarations[0].init = { type: 'FutureExpression', start: 10, end: 11 };
    expect(analyzeParsed(ast, scopeManager, 'const x = 1; return x;').findings.map((f) => f.verdict)).toEqual(['unprovable']);
  });

  it('an operator without a rule cannot be proven pure', () => {
    const { ast, scopeManager } = parseBody('return 1 + 2;');
    ast.body[0].argument.operator = '<=>';
    expect(analyzeParsed(ast, scopeManager, 'return 1 + 2;').findings.map((f) => f.what)).toEqual(['the operator <=>']);
  });
});

describe('the built-in graph', () => {
  it.skipIf(!existsSync(NODE24))('the committed snapshot is what a vm built like n8n 2.41\'s holds on its Node 24, under its runner flags', () => {
    const module = pathToFileURL(join(root, 'dist', 'validate', 'purity', 'snapshot.js')).href;
    const r = spawnSync(NODE24, ['--disallow-code-generation-from-strings', '--disable-proto=delete', '--input-type=module', '-e', `const { takeSnapshot } = await import(${JSON.stringify(module)}); process.stdout.write(JSON.stringify(takeSnapshot()));`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(SNAPSHOT);
  });

  it('marks the capabilities of both realms where the real graph holds them', () => {
    const caps = builtinGraph().objects.filter((o) => o.cap).map((o) => o.path);
    for (const name of ['globalThis', 'Function', 'eval', 'host:Function', '%AsyncFunctionPrototype%.constructor', 'Object.prototype.__defineGetter__', 'host:Object.prototype.__lookupGetter__', 'Reflect.get', 'host:Object.getOwnPropertyDescriptor', 'host:Error.captureStackTrace']) {
      expect(caps, name).toContain(name);
    }
  });
});

describe('a getter installed under several keys', () => {
  it("is only Function.prototype's caller/arguments getter, whose summary answers for both keys (round 20)", () => {
    const graph = builtinGraph();
    const keysOf = new Map<number, Set<string>>();
    for (const o of graph.objects) for (const [k, s] of [...o.getters, ...o.setters]) for (const f of s) keysOf.set(f, (keysOf.get(f) ?? new Set()).add(k));
    const shared = [...keysOf].filter(([, keys]) => keys.size > 1).map(([f, keys]) => `${graph.objects[f - 32].path}: ${[...keys].sort().join(', ')}`);
    expect(shared.sort()).toEqual(['Function.prototype.arguments[get]: arguments, caller', 'host:Function.prototype.arguments[get]: arguments, caller']);
  });
});

describe('bounds', () => {
  it('a body whose fixed point does not settle within the bound cannot be proven pure, with the bound named', () => {
    const chain = Array.from({ length: 30 }, (_, i) => `var v${i} = v${i + 1};`).join('\n');
    const r = analyzeSource(`let v30 = [];\n${chain}\nreturn v0;`, { maxRounds: 3 });
    expect(r.settled).toBe(false);
    expect(r.findings.map((f) => f.what)).toContain('the analysis did not settle within the bound of 3 passes of the fixed point');
  });

  const pathological = Array.from({ length: 400 }, (_, i) => `const o${i} = { a: o${(i * 7) % 400}, [items[${i}].json.k]: o${(i * 13) % 400} }; o${i}[items[0].json.q] = JSON.parse(o${i}, (k, v) => o${(i * 3) % 400}[k]);`).join('\n') + '\nreturn o0;';

  it('a pathological body stops at the work bound, the same on every machine, and cannot be proven pure', () => {
    const start = Date.now();
    const r = analyzeSource(pathological, { workBound: 200_000, findingsWorkBound: 200_000, timeBoundMs: 60_000 });
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(r.settled).toBe(false);
    expect(r.findings.map((f) => f.what)).toContain('the analysis did not settle within the work bound per body (200000 values handled by reads and calls)');
  });

  it("calls nested deeper than the depth bound stop there, named, not at the stack's end", () => {
    const chain = Array.from({ length: 300 }, (_, i) => `const b${i + 1} = b${i}.bind(null);`).join('\n');
    const r = analyzeSource(`const b0 = () => 1;\n${chain}\nreturn [{ json: { n: b300() } }];`);
    expect(r.settled).toBe(false);
    expect(r.findings.map((f) => f.what)).toEqual(['the analysis did not settle within the bound of 200 calls nested in one another']);
  });

  it('a body whose promise resolution calls back into itself is bounded: it overflowed the stack before', () => {
    // The shape of an n.io template body (the code's own words here): a then read on n8n's data that was
    // written the rows themselves, resolved into the body's own promise again and again.
    const body = [
      "const limit = $('Settings').first()?.json?.limit ?? 3;",
      "const rows = items;",
      "const lookup = $('Lookup').first().json.map;",
      'const status = {};',
      'for (const row of rows) {',
      '  const who = row.json.user.toLowerCase();',
      "  if (!status[who] || status[who] === 'idle') status[who] = row.json.n <= limit ? 'busy' : 'idle';",
      '}',
      'for (const k in rows) {',
      '  const row = rows[k];',
      '  const who = row.json.user.toLowerCase();',
      '  row.json.page = lookup[who];',
      '  row.json.status = status[who];',
      '  rows[k] = row;',
      '}',
      'return rows;',
    ].join('\n');
    const r = analyzeSource(body);
    expect(r.findings.every((f) => f.verdict === 'unprovable')).toBe(true);
  });

  it('no body can hang validate: the time bound stops it too, whatever the work bound', () => {
    const start = Date.now();
    const r = analyzeSource(pathological, { workBound: Number.MAX_SAFE_INTEGER, findingsWorkBound: Number.MAX_SAFE_INTEGER, timeBoundMs: 300 });
    expect(Date.now() - start).toBeLessThan(3000);
    expect(r.settled).toBe(false);
    expect(r.findings.map((f) => f.what)).toContain('the analysis did not settle within the time bound per body (300 ms)');
  });
});

describe('a store under an own key of an object is a store at a key known only at run time', () => {
  // Found while making reads over many own keys cheaper (engine.getKeys): keysOf gives "an own key of o"
  // for k of Object.keys(o), which a read may take exactly, but an object literal and a class stored under
  // it as if it were a name of its own, so that `x.name` missed what `{ [k]: v }` put there.
  const stores = [
    ['an object literal', "for (const k of Object.keys($json)) { const x = { [k]: (() => 0).constructor }; if (x.name) return [{ json: { g: x.name('return this')() } }]; }\nreturn [];"],
    ['a getter of an object literal', "for (const k of Object.keys($json)) { const x = { get [k]() { return (() => 0).constructor; } }; if (x.name) return [{ json: { g: x.name('return this')() } }]; }\nreturn [];"],
    ['a static method of a class', "const F = (() => 0).constructor;\nfor (const k of Object.keys($json)) { class C { static [k]() { return F; } } if (C.name !== 'C') return [{ json: { g: C.name()('return this')() } }]; }\nreturn [];"],
  ] as const;
  it.each(stores)('%s obtains the global object with n8n\'s items', async (_what, code) => {
    expect((await runLikeN8n(code, { timeoutMs: 8000 })).obtained.length).toBeGreaterThan(0);
  }, 60_000);
  it.each(stores)('%s is reported', (_what, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe("the memo of built-in calls tells inputs apart by their values, not by a hash", () => {
  it('two receivers of 26 values with the same size, sum and mixed hash are two calls', () => {
    // The memo keyed a set of more than 24 values by its size, its sum and a xor of its values times a
    // constant: linear, so equal for {30, 970} and {270, 730} beside the same 24 others (found by search in
    // a second). A call made with the second set was answered with what the first gave.
    const mix = (values: number[]) => values.reduce((m, v) => (m ^ Math.imul(v, 2654435761)) >>> 0, 0);
    const shared = Array.from({ length: 24 }, (_, i) => 2000 + i);
    const a = [...shared, 30, 970];
    const b = [...shared, 270, 730];
    expect([a.length, a.reduce((x, y) => x + y), mix(a)]).toEqual([b.length, b.reduce((x, y) => x + y), mix(b)]);
    const memo = new CallMemo();
    expect(memo.get(100, false, new Set(a), [])).toBeUndefined();
    memo.set(memo.missed(), new Set([1]));
    expect(memo.get(100, false, new Set(a), [])).toEqual(new Set([1]));
    expect(memo.get(100, false, new Set(b), [])).toBeUndefined();
  });
});

describe("console.log hands what it logs to n8n (n8n 2.41's logNodeOutput)", () => {
  // Found while checking what else n8n is handed after round 18: n8n 2.41's console.log serializes each
  // argument (jsonStringify with circular references replaced: toJSON, every enumerable key, inherited ones
  // too) into the execution log shown in the editor. The analysis took it for a no-op, and so did the oracle.
  const leaks = [
    ['$env itself', 'console.log($env);\nreturn [];'],
    ['the global object inside an object', 'console.log({ g: this });\nreturn [];'],
    ['an inherited getter run with the logged object as receiver', "const proto = { get x() { return this.f('return $env')(); } };\nconst o = Object.create(proto);\no.f = (() => 0).constructor;\nconsole.log(o);\nreturn [];"],
    ['a toJSON', 'console.log({ toJSON() { return $env; } });\nreturn [];'],
    ['console.log taken off console and called', 'const { log } = console;\nlog.call(console, { e: $env });\nreturn [];'],
  ] as const;
  it.each(leaks)('%s: the oracle sees $env logged, and the analysis reports it', async (_what, code) => {
    expect((await runLikeN8n(code, { timeoutMs: 8000 })).obtained).toContain('$env secret logged');
    expect(findings(code).some((f) => f.startsWith('reaches:'))).toBe(true);
  }, 60_000);
  const everyday = [
    ['data and strings', "console.log('items', items, $json, { n: $json.name });\nreturn items;"],
    ['the execution context, which n8n logs by name', 'console.log(this);\nreturn [];'],
  ] as const;
  it.each(everyday)('%s: nothing is logged of $env, and it is proven pure', async (_what, code) => {
    const verdict = await runLikeN8n(code, { timeoutMs: 8000 });
    expect(verdict.obtained).toEqual([]);
    expect(verdict.error).toBeUndefined();
    expect(findings(code)).toEqual([]);
  }, 60_000);
});

describe("the workflow's static data: one object, holding earlier executions' JSON, handed to n8n", () => {
  // Found beside console.log: each $getWorkflowStaticData(...) call with other inputs gave an object of its
  // own, where n8n gives the same one; it held nothing an earlier execution stored; and what the code put
  // there was not checked, though n8n takes it back with the result and saves it.
  const leaks = [
    ['a value stored through one call and read through another', "$getWorkflowStaticData('global').f = (() => 0).constructor;\nconst t = ['glo', 'bal'].join('');\nreturn [{ json: { g: $getWorkflowStaticData(t).f('return this')() } }];", undefined],
    ['a number an earlier execution stored', "const g = $getWorkflowStaticData('global');\nreturn [{ json: { v: g.count.constructor.constructor('return this')() } }];", { global: { count: 1 } }],
    ['$env stored', "const s = $getWorkflowStaticData('global');\ns.e = $env;\nreturn [];", undefined],
    ['the global object stored', "const s = $getWorkflowStaticData('global');\ns.g = this;\nreturn [];", undefined],
  ] as const;
  it.each(leaks)('%s: obtains a capability, and is reported', async (_what, code, staticData) => {
    expect((await runLikeN8n(code, { timeoutMs: 8000, ...(staticData ? { staticData } : {}) })).obtained.length).toBeGreaterThan(0);
    expect(findings(code).some((f) => f.startsWith('reaches:'))).toBe(true);
  }, 60_000);
  it('a counter kept there is proven pure', async () => {
    const code = "const g = $getWorkflowStaticData('global');\ng.count = (g.count || 0) + 1;\nreturn [{ json: { count: g.count } }];";
    const verdict = await runLikeN8n(code, { timeoutMs: 8000, staticData: { global: { count: 1 } } });
    expect(verdict.obtained).toEqual([]);
    expect(verdict.error).toBeUndefined();
    expect(findings(code)).toEqual([]);
  }, 60_000);
});

describe('a built-in handed $env may read it (round 19)', () => {
  it('is reported whatever the built-in, through a bound function too; a function of the code handed it is not', () => {
    expect(findings('const f = Object.keys.bind(Object);\nreturn [{ json: { k: f($env) } }];')).toContain('reaches: `f($env)` may be $env (environment access) and is handed to Object.keys, which may read it');
    expect(findings('function g(e) { return 1; }\nconst f = g.bind(null);\nf($env);\nreturn [];')).toEqual([]);
  });
});

describe('a read over the own keys of several objects (engine.getKeys)', () => {
  // One read for all the keys: an owner's own properties exactly, every value at a run-time key where a key is another object's.
  const reads = [
    ['the owner itself', "const F = (() => 0).constructor;\nconst a = { x: F };\nconst b = { y: 1 };\nfor (const k of [...Object.keys(b), ...Object.keys(a)]) { const f = a[k]; if (typeof f === 'function') return [{ json: { g: f('return this')() } }]; }\nreturn [];"],
    ['either object', "const F = (() => 0).constructor;\nconst a = { x: F };\nconst b = { y: 1 };\nfor (const k of [...Object.keys(b), ...Object.keys(a)]) { const f = (k === 'x' ? a : b)[k]; if (typeof f === 'function') return [{ json: { g: f('return this')() } }]; }\nreturn [];"],
  ] as const;
  it.each(reads)('%s: obtains the global object', async (_what, code) => {
    expect((await runLikeN8n(code, { timeoutMs: 8000 })).obtained.length).toBeGreaterThan(0);
  }, 60_000);
  it.each(reads)('%s: reaches the Function constructor', (_what, code) => {
    expect(findings(code)).toContain('reaches: `f(\'return this\')` may be the Function constructor and is called');
  });
});

describe('a body with findings stops at a lower bound', () => {
  // Every pass's findings are flows of the fixed point (values only grow): once a body has one it cannot be
  // proven pure, and what more work would find only adds to what is reported.
  const heavy = Array.from({ length: 200 }, (_, i) => `const o${i} = { a: o${(i * 7) % 200}, [items[${i}].json.k]: o${(i * 13) % 200} }; o${i}[items[0].json.q] = JSON.parse(o${i}, (k, v) => o${(i * 3) % 200}[k]);`).join('\n') + "\nrequire('fs');\nreturn o0;";
  it('reports what every pass found, each with its verdict, and the bound, named', () => {
    const r = analyzeSource(heavy, { findingsWorkBound: 20_000 });
    const unbounded = analyzeSource(heavy, { findingsWorkBound: Number.MAX_SAFE_INTEGER, workBound: Number.MAX_SAFE_INTEGER, timeBoundMs: 60_000 });
    expect(r.settled).toBe(false);
    // The first finding comes at the end of the first pass; the bound stops the second one soon after.
    expect(r.steps).toBeLessThan(unbounded.steps / 2);
    const what = r.findings.map((f) => `${f.verdict}: ${f.what}`);
    // A capability that reached an operation in some pass reaches it at the fixed point too (values only grow).
    expect(what).toContain("reaches: `require('fs')` may be require (module loading)");
    expect(what).toContain('unprovable: the analysis stopped at the bound for a body with findings (20000 values handled by reads and calls)');
  });
  it('a body without findings is not stopped by it', () => {
    const r = analyzeSource('const out = {};\nfor (const item of items) out[item.json.id] = item.json.name;\nreturn [{ json: out }];', { findingsWorkBound: 1 });
    expect(r.settled).toBe(true);
    expect(r.findings).toEqual([]);
  });
});

describe('every red-team bypass is reported', () => {
  const bypasses = [...BYPASSES.map((b) => [b.id, b.code] as const), ...DEFEATED.filter((d) => d.obtainsWith).map((d) => [d.id, d.code] as const), ...LATER_BYPASSES.filter((b) => b.id !== 'ret-F-dynkey').map((b) => [`round ${b.round}: ${b.id}`, b.code] as const)];
  it.each(bypasses)('%s', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
});

describe("issue #32's round: 12 bypasses in 4 classes and the Buffer pool", () => {
  it('has 12 in 4 classes', () => {
    expect(ISSUE32).toHaveLength(12);
    expect(new Set(ISSUE32.map((b) => b.cls)).size).toBe(4);
  });
  it.each(ISSUE32.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
  it.concurrent.each(ISSUE32.map((b) => [b.id, b.code] as const))('%s obtains a capability in the oracle', async (_id, code) => {
    const verdict = await runLikeN8n(code);
    expect(verdict.obtained.length, JSON.stringify(verdict)).toBeGreaterThan(0);
  });
  it("Buffer.from('a').buffer is the shared 8 KiB pool (the oracle shows it), and it is reported", async () => {
    const verdict = await runLikeN8n("const b = Buffer.from('a'); return [{ json: { size: b.buffer.byteLength, offset: b.byteOffset } }];");
    expect(verdict.result).toEqual([{ json: { size: 8192, offset: expect.any(Number) } }]);
    expect(findings(BUFFER_POOL).join('\n')).toMatch(/shared Buffer allocation pool/);
  });
});

describe('a using declaration calls its value\'s dispose method implicitly at the end of the block', () => {
  // On n8n's Node 24 %IteratorPrototype%[Symbol.dispose] calls this.return(): grab gets the Function constructor there only.
  const code = "let G;\nfunction grab(F) { G = F('return this')(); }\nconst it = Object.create(Iterator.prototype);\nit.return = grab.bind(null, (() => 0).constructor);\n{\n  using x = it;\n}\nreturn [{ json: { g: G } }];";
  it.skipIf(!existsSync(NODE24))('it obtains a capability in the oracle on n8n\'s Node 24', async () => {
    const verdict = await runLikeN8n(code, { node: NODE24 });
    expect(verdict.obtained, JSON.stringify(verdict)).toContain('global object returned');
  });
  it('no rule models that call: cannot be proven pure, in a block and in for-of', () => {
    // And the bound function under `return` is called as the engine may call it (implicitProtocols): the Function constructor is reached.
    expect(findings(code)).toEqual([expect.stringMatching(/^unprovable: a using declaration/), expect.stringMatching(/^reaches: `F\('return this'\)` may be the Function constructor/)]);
    expect(findings('for (using x of []) {}\nreturn [];')).toEqual([expect.stringMatching(/^unprovable: a using declaration/)]);
  });
});

describe("the analysis author's own review: each obtains and is reported", () => {
  it.each(SELF_REVIEW.map((b) => [b.id, b.code] as const))('%s is reported', (_id, code) => {
    expect(findings(code).length).toBeGreaterThan(0);
  });
  it.concurrent.each(SELF_REVIEW.map((b) => [b.id, b.code] as const))('%s obtains a capability in the oracle', async (_id, code) => {
    expect((await runLikeN8n(code)).obtained.length).toBeGreaterThan(0);
  });
});

/** The everyday patterns issue #32 lists, which the value-flow rule could not prove. */
export const EVERYDAY: Array<[string, string]> = [
  ['full name, Run Once for Each Item', "item.json.fullName = [item.json.first, item.json.last].filter(Boolean).join(' ');\nreturn item;"],
  ['an accumulator with a method using this', 'const acc = { total: 0, add(x) { this.total += x; return this; } };\nfor (const i of items) acc.add(i.json.n);\nreturn [{ json: { total: acc.total } }];'],
  ['a ValidationError class thrown, caught, instanceof', "class ValidationError extends Error {\n  constructor(field, message) { super(message); this.name = 'ValidationError'; this.field = field; }\n}\nconst out = [];\nfor (const i of items) {\n  try {\n    if (!i.json.email) throw new ValidationError('email', 'missing email');\n    out.push({ json: { ok: true } });\n  } catch (e) {\n    if (e instanceof ValidationError) out.push({ json: { ok: false, field: e.field, error: e.message } });\n    else throw e;\n  }\n}\nreturn out;"],
  ['group by tag', 'const byTag = {};\nfor (const i of items) {\n  const tag = i.json.tag; const id = i.json.id;\n  if (!byTag[tag]) byTag[tag] = [];\n  byTag[tag].push(id);\n}\nreturn [{ json: byTag }];'],
  ['merge by id', 'const byId = {};\nfor (const { json } of items) byId[json.id] = { ...byId[json.id], ...json };\nreturn Object.values(byId).map((json) => ({ json }));'],
  ['a lodash-style get by path', "const get = (o, path) => path.split('.').reduce((a, k) => (a == null ? undefined : a[k]), o);\nreturn items.map((i) => ({ json: { v: get(i.json, 'a.b.c'), w: get(i.json, $parameter.field) } }));"],
  ['a JSON.parse reviver', 'const data = JSON.parse(items[0].json.body, (k, v) => (typeof v === \'string\' && /^\\d{4}-\\d{2}-\\d{2}/.test(v) ? new Date(v) : v));\nreturn [{ json: data }];'],
  ['toString of a field read with a run-time key', 'return items.map((row) => ({ json: { s: row.json[$parameter.field].toString() } }));'],
];

describe('everyday code is proven pure', () => {
  it.each(EVERYDAY)('%s', (_id, code) => {
    expect(findings(code)).toEqual([]);
  });
  it.each(CLEAN.map((c) => [c.id, c.code] as const))('the clean snippet %s', (_id, code) => {
    expect(findings(code)).toEqual([]);
  });
  const PROVABLE = new Set(['fp/date-setHours-dynamic-field', 'fp/trimLeft-getUTCMilliseconds', 'fp/math-log-dynamic-field', 'fp/new-set-dynamic-field', 'fp/sleep-helper-rate-limit', 'fp/legacy-arguments-slice', 'fp/object-toString-type-check', 'fp/regexp-from-field', 'fp/map-lookup-of-configured-field']);
  it.each(LATER_FALSE_POSITIVES.filter((f) => PROVABLE.has(f.id)).map((f) => [f.id, f.code] as const))('the red-team look-alike %s', (_id, code) => {
    expect(findings(code)).toEqual([]);
  });
});

describe("every getter and setter of the code's runs with each object on whose chain it sits (round 26)", () => {
  // Built-ins read named keys of what they are handed (length, name, message, flags, done, Intl options)
  // and write some (lastIndex, length, indices), running the code's accessors there; no summary names them.
  const leaks = [
    ['a setter run by a built-in writing lastIndex', "let g;\nRegExp.prototype[Symbol.search].call({ k: this, lastIndex: 0, set lastIndex(v) { g = this.k; }, exec() { return null; } }, 'a');\nreturn [{ json: { g } }];"],
    ['a getter on a prototype, run with the instance', "let g;\nconst proto = { get length() { g = this.k; return 0; } };\nconst o = Object.create(proto);\no.k = this;\nArray.prototype.join.call(o);\nreturn [{ json: { g } }];"],
    ['a function kept by a built-in without a summary in its own slot', "const t = new WebAssembly.Table({ element: 'externref', initial: 1 });\nt.set(0, { f: () => 0 });\nreturn t.get(0).f.constructor('return this')();"],
  ] as const;
  it.each(leaks)('%s: obtains a capability in the oracle, and is reported', async (_what, code) => {
    expect((await runLikeN8n(code, { timeoutMs: 8000 })).obtained.length).toBeGreaterThan(0);
    expect(findings(code).length).toBeGreaterThan(0);
  }, 60_000);
  const everyday = [
    ['an array-like with a length getter', "const o = { 0: 'a', 1: 'b', get length() { return 2; } };\nreturn [{ json: { a: Array.from(o).join(',') } }];"],
    ['an Error subclass with a name getter', "class HttpError extends Error { get name() { return 'HttpError'; } }\nconst e = new HttpError('bad');\nreturn [{ json: { s: String(e), stack: e.stack.split('\\n')[0] } }];"],
    ['a class with a setter and a getter', "class Temp { set celsius(v) { this.c = v; } get fahrenheit() { return this.c * 9 / 5 + 32; } }\nconst t = new Temp();\nt.celsius = items[0].json.c;\nreturn [{ json: { f: t.fahrenheit } }];"],
    ['Intl parts found by type', "const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: 'numeric' }).formatToParts(new Date(0));\nreturn [{ json: { hour: parts.find((p) => p.type === 'hour').value } }];"],
    ['data kept in a WebAssembly.Table', "const t = new WebAssembly.Table({ element: 'externref', initial: 1 });\nt.set(0, { n: 1 });\nreturn [{ json: { n: t.get(0).n } }];"],
  ] as const;
  it.each(everyday)('%s: obtains nothing in the oracle, and is proven pure', async (_what, code) => {
    const verdict = await runLikeN8n(code, { timeoutMs: 8000 });
    expect(verdict.obtained).toEqual([]);
    expect(verdict.error).toBeUndefined();
    expect(findings(code)).toEqual([]);
  }, 60_000);
});

/** Runs `code` in the oracle and checks that its write landed: no error, and `wrote: true` in what it returns. */
async function expectWriteLands(code: string, options: RunLikeN8nOptions = {}): Promise<OracleVerdict> {
  const verdict = await runLikeN8n(code, { timeoutMs: 8000, ...options });
  expect(verdict.error, JSON.stringify(verdict)).toBeUndefined();
  expect(verdict.result).toMatchObject([{ json: { wrote: true } }]);
  return verdict;
}

describe("a primitive stored on a function of the task's own realm is no change anyone else sees (Policy.write)", () => {
  // `groups[k].n += 1` with k from data may land on Object.prototype.hasOwnProperty (k = 'hasOwnProperty').
  // n8n's runner makes a vm context for every task, so that function dies with the task; no object inherits
  // from it; a number cannot carry a capability. Each case runs in the oracle with the input that makes the
  // write happen, and `wrote` shows it landed where the comment says.
  const byKey = (k: string) => [{ json: { k, month: 'jan', amount: 2 } }];
  const everyday = [
    ['a count per key', "const t = {};\nfor (const { json } of items) { t[json.k] ??= { n: 0 }; t[json.k].n += 1; }\nreturn [{ json: { wrote: Object.prototype.hasOwnProperty.n !== undefined, keys: Object.keys(t) } }];", 'hasOwnProperty'],
    ['a pivot whose row is the key', "const t = {};\nfor (const { json } of items) { const row = (t[json.k] ??= {}); row[json.month] = (row[json.month] || 0) + json.amount; }\nreturn [{ json: { wrote: Object.prototype.toString.jan === 2 } }];", 'toString'],
    ['a flag written on a built-in function and read back', "Array.prototype.map.seen = true;\nreturn [{ json: { wrote: Array.prototype.map.seen } }];", 'x'],
    ['a count whose key is the frozen constructor', "const t = {};\nfor (const { json } of items) { if (!t[json.k]) t[json.k] = { n: 0 }; t[json.k].n += 1; }\nreturn [{ json: { wrote: Object.n === undefined } }];", 'constructor'],
  ] as const;
  it.each(everyday)('%s: the write happens in the oracle, which obtains nothing, and it is proven pure', async (_what, code, k) => {
    expect((await expectWriteLands(code, { items: byKey(k) })).obtained).toEqual([]);
    expect(findings(code)).toEqual([]);
  }, 60_000);
  // What still changes something shared, or stores what can carry a capability: reported.
  const reported = [
    // What earlier executions left in the static data is the runner realm's: its hasOwnProperty outlives the
    // task, in every task of the process.
    ['a count per key in the static data (the runner realm)', "const sd = $getWorkflowStaticData('global');\nconst t = sd.t;\nfor (const { json } of items) { t[json.k] ??= { n: 0 }; t[json.k].n += 1; }\nreturn [{ json: { wrote: t.hasOwnProperty.n !== undefined && t.hasOwnProperty !== ({}).hasOwnProperty } }];", 'hasOwnProperty'],
    ['an array stored on the function', "const t = {};\nfor (const { json } of items) { const row = (t[json.k] ??= {}); row[json.month] = [json.amount]; }\nreturn [{ json: { wrote: Array.isArray(Object.prototype.hasOwnProperty.jan) } }];", 'hasOwnProperty'],
    ['a number stored on a prototype', "const p = ({}).constructor.prototype;\np[items[0].json.k] = 1;\nreturn [{ json: { wrote: ({}).polluted === 1 } }];", 'polluted'],
    ['a number stored on Function.prototype', "(() => 0).constructor.prototype.total = 1;\nreturn [{ json: { wrote: Math.max.total === 1 } }];", 'x'],
    ["a number stored on one of the runner realm's functions", "Buffer.from.total = 1;\nreturn [{ json: { wrote: Buffer.from.total === 1 } }];", 'x'],
    // n8n's items are the runner realm's arrays, and so is what their methods make of them: those arrays'
    // methods outlive the task (round 27).
    ["a number stored on a method of an array n8n's items made", "items.map((x) => x).forEach.k = 1;\nreturn [{ json: { wrote: items.map((x) => x).forEach.k === 1 && items.map((x) => x).forEach !== [].forEach } }];", 'x'],
    ["the same through slice", "items.slice().push.k = 1;\nreturn [{ json: { wrote: items.slice().push.k === 1 && [].push.k === undefined } }];", 'x'],
  ] as const;
  it.each(reported)('%s: the write happens in the oracle, and it is reported', async (_what, code, k) => {
    await expectWriteLands(code, { items: byKey(k), staticData: { global: { t: {} } } });
    expect(findings(code).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('what luxon makes when it is handed the code\'s objects (Engine.realmPrototypesOf, LUXON_MADE)', () => {
  // The luxon n8n 2.41.1 ships (the devDependency is the same version: purity-oracle.test.ts checks).
  // Its code without comments (they say "a new DT instance").
  const luxonSource = readFileSync(createRequire(join(root, 'package.json')).resolve('luxon'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  it("makes objects of no prototype but its own classes' and those LUXON_MADE names", () => {
    const declared = new Set([...luxonSource.matchAll(/\b(?:class|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]));
    const constructed = new Set([...luxonSource.matchAll(/\bnew\s+([A-Za-z_$][\w$.]*)/g)].map((m) => m[1]));
    const foreign = [...constructed].filter((name) => !declared.has(name) && !LUXON_MADE.includes(name));
    expect(foreign).toEqual([]);
    expect(luxonSource).not.toMatch(/\b(?:Uint8Array|Int8Array|ArrayBuffer|SharedArrayBuffer|DataView|Buffer|Proxy|WeakMap|WeakSet|WeakRef|Promise|Reflect)\b|Symbol\.(?:async)?[iI]terator|function\s*\*|\byield\b|\basync\b/);
  });

  it('a luxon function handed an object gives arrays and objects that read as data, not every prototype of the runner realm', () => {
    const code = "const i = Interval.fromDateTimes(DateTime.fromISO('2025-01-01'), DateTime.fromISO('2025-01-05'));\nreturn [{ json: { days: i.splitBy({ days: 1 }).map((x) => x.start.toISODate()) } }];";
    expect(analyzeSource(code).findings).toEqual([]);
  });
});

describe("a write onto luxon's objects is a change every later task of the runner sees (Policy.write, outlivesTask)", () => {
  // n8n's data proxy hands every task the same DateTime, Duration and Interval (luxon is a module of the
  // runner process) and freezes only their prototypes: `DateTime.now = () => x` changes what every later
  // task, of any workflow, calls. Each case lands in the oracle (with n8n's luxon and its freeze), and is reported.
  const landed = [
    ['a function of DateTime replaced', "DateTime.now = () => 'then';\nreturn [{ json: { wrote: DateTime.now() === 'then' } }];"],
    ['a number stored on DateTime', "DateTime.k = 1;\nreturn [{ json: { wrote: DateTime.k === 1 } }];"],
    ["a number stored on one of Duration's functions", "Duration.fromObject.k = 1;\nreturn [{ json: { wrote: Duration.fromObject.k === 1 } }];"],
    ["an object stored on a method of DateTime's prototype", "const f = DateTime.now().toISO; f.k = {};\nreturn [{ json: { wrote: typeof DateTime.now().toISO.k === 'object' } }];"],
  ] as const;
  it.each(landed)('%s: the write lands in the oracle, and it is reported', async (_what, code) => {
    await expectWriteLands(code);
    expect(findings(code).some((f) => f.startsWith('builtinWrite:') && f.includes('luxon'))).toBe(true);
  }, 60_000);
  it("a call of luxon's resetCache, however it is reached, is a change of luxon's caches (round 39, whose writes the oracle checks)", () => {
    // DateTime.resetCache's own caches are private to luxon (no read-back shows them); Locale's and IANAZone's show in round 39.
    for (const code of [
      'DateTime.resetCache();\nreturn [];',
      "DateTime['reset' + 'Cache']();\nreturn [];",
      'DateTime.resetCache.call();\nreturn [];',
      'const f = DateTime.resetCache.bind(null); f();\nreturn [];',
      'await Promise.resolve().then(DateTime.resetCache);\nreturn [];',
      'const k = Object.getOwnPropertyNames(DateTime).filter((n) => n.startsWith(\'reset\')); for (const n of k) DateTime[n]();\nreturn [];',
    ]) expect(findings(code).some((f) => f.startsWith('builtinWrite:') && f.includes("luxon's resetCache")), code).toBe(true);
    expect(findings("const d = DateTime.now().setZone('Europe/Paris');\nreturn [{ json: { day: d.toISODate(), zone: d.zoneName, rel: d.toRelative() } }];")).toEqual([]);
  });
  it("a frozen prototype is not written (n8n's freeze holds), and reading luxon is pure", async () => {
    const frozen = "DateTime.prototype.toISO = () => 'x';\nreturn [{ json: { wrote: DateTime.now().toISO() === 'x' } }];";
    expect((await runLikeN8n(frozen, { timeoutMs: 8000 })).result).toMatchObject([{ json: { wrote: false } }]);
    const reads = "const d = DateTime.fromISO('2025-06-01T12:00:00Z').plus({ days: 1 });\nreturn [{ json: { day: d.toISODate(), span: Duration.fromObject({ hours: 2 }).as('minutes') } }];";
    const verdict = await runLikeN8n(reads, { timeoutMs: 8000 });
    expect(verdict).toMatchObject({ obtained: [], result: [{ json: { day: '2025-06-02', span: 120 } }] });
    expect(findings(reads)).toEqual([]);
  }, 60_000);
});
