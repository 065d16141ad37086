// A pass of the points-to analysis whose every read saw what the set holds when the pass ends is the fixed
// point, and the pass that would only confirm it is not run (src/validate/purity/heap.ts, passClock; analysis.ts).
// These tests hold the cells to that: a read stamps, a growth after a read in the same pass makes the pass
// stale, and a lookup that finds no key counts as a read of the keys. Then, on every body of the corpus and of
// the red-team rounds, the analysis that settles early finds exactly what the one that always confirms finds.
import { describe, expect, it } from 'vitest';
import { builtinGraph } from '../../src/validate/purity/builtin-graph.js';
import { Cell, CellMap, Heap, OBJECT_BASE, passClock, STRING_BASE } from '../../src/validate/purity/heap.js';
import { analyzeSource, type PurityResult } from '../../src/validate/purity/index.js';
import { codeSources } from '../../src/validate/node-kinds.js';
import { corpusFiles } from '../support/corpus.js';
import { BYPASSES, CLEAN, DEFEATED } from './support/bypasses.js';
import { LATER_BYPASSES, LATER_FALSE_POSITIVES } from './support/red-team-rounds.js';
import { BUFFER_POOL, ISSUE32, SELF_REVIEW } from './support/bypasses-issue32.js';
import { ROUND15_BYPASSES, ROUND15_CAUGHT, ROUND15_PURE } from './support/bypasses-round15.js';
import { ROUND16_BYPASSES, ROUND16_CAUGHT, ROUND16_PURE } from './support/bypasses-round16.js';
import { ROUND17_BYPASSES, ROUND17_CAUGHT, ROUND17_PURE } from './support/bypasses-round17.js';
import { ROUND18_BYPASSES, ROUND18_CAUGHT, ROUND18_PURE } from './support/bypasses-round18.js';
import { ROUND19_BYPASSES, ROUND19_CAUGHT, ROUND19_PURE } from './support/bypasses-round19.js';
import { ROUND20_BYPASSES, ROUND20_CAUGHT, ROUND20_PURE } from './support/bypasses-round20.js';

/** Starts a new pass, as the analysis does. */
function newPass(): void {
  passClock.newPass();
}

/** Runs `run` as one run of a region (analysis.ts, settleLocally) and says whether that run went stale. */
function inRegion(run: () => void): boolean {
  passClock.current++;
  const region = { start: passClock.current, stale: false };
  passClock.region = region;
  try {
    run();
  } finally {
    passClock.region = undefined;
  }
  return region.stale;
}

describe('cells: a growth after a read in the same pass makes the pass stale', () => {
  it('a value added after the cell was read', () => {
    newPass();
    const c = new Cell([1]);
    expect([...c]).toEqual([1]);
    c.add(2);
    expect(passClock.staleRead).toBe(true);
  });

  it.each([
    ['has', (c: Cell) => c.has(1)],
    ['size', (c: Cell) => c.size],
    ['for-of', (c: Cell) => {
      for (const v of c) return v;
      return undefined;
    }],
    ['spread', (c: Cell) => [...c]],
    ['Array.from', (c: Cell) => Array.from(c)],
    ['new Set', (c: Cell) => new Set(c)],
    ['destructuring', (c: Cell) => {
      const [first] = c;
      return first;
    }],
    ['forEach', (c: Cell) => c.forEach(() => undefined)],
    ['values', (c: Cell) => c.values()],
    ['entries', (c: Cell) => c.entries()],
    ['keys', (c: Cell) => c.keys()],
  ])('every way of reading stamps the cell: %s', (_name, read) => {
    // Many times: an optimized read must stamp too.
    for (let i = 0; i < 2000; i++) {
      newPass();
      const c = new Cell([1, 2]);
      read(c);
      c.add(3 + i);
      expect(passClock.staleRead).toBe(true);
    }
  });

  it('a value added before any read, or read in an earlier pass, is not stale', () => {
    newPass();
    const c = new Cell();
    c.add(1);
    expect([...c]).toEqual([1]);
    expect(passClock.staleRead).toBe(false);
    newPass();
    c.add(2);
    expect(passClock.staleRead).toBe(false);
  });

  it("a join's own check of its target is not a read of it", () => {
    newPass();
    const heap = new Heap([]);
    const target = new Cell([1]);
    heap.join(target, [1, 2]);
    heap.join(target, new Set([3]));
    heap.add(target, 4);
    expect(passClock.staleRead).toBe(false);
    expect(heap.changed).toBe(true);
    expect([...target]).toEqual([1, 2, 3, 4]);
    heap.join(target, [5]);
    expect(passClock.staleRead).toBe(true);
  });

  it('a value taken away after a read is stale, as a growth is', () => {
    newPass();
    const c = new Cell([1, 2]);
    void c.size;
    c.delete(1);
    expect(passClock.staleRead).toBe(true);
  });
});

describe('regions: a growth after a read in the same run of a loop or function body makes that run stale, not the pass', () => {
  it('read and grown in one run: the run is stale, the pass is not', () => {
    newPass();
    const c = new Cell([1]);
    expect(inRegion(() => {
      void [...c];
      c.add(2);
    })).toBe(true);
    expect(passClock.staleRead).toBe(false);
  });

  it('read before the region, grown in it: the pass is stale', () => {
    newPass();
    const c = new Cell([1]);
    void c.size;
    expect(inRegion(() => c.add(2))).toBe(false);
    expect(passClock.staleRead).toBe(true);
  });

  it('read in a run, grown after it (in a later run or after the region): the pass is stale', () => {
    newPass();
    const c = new Cell([1]);
    const d = new Cell([1]);
    inRegion(() => void c.has(1));
    expect(inRegion(() => c.add(2))).toBe(false);
    expect(passClock.staleRead).toBe(true);
    newPass();
    inRegion(() => void d.size);
    d.add(2);
    expect(passClock.staleRead).toBe(true);
  });

  it('a lookup that found no key in a run, then a cell made there and grown: that run is stale', () => {
    newPass();
    const m = new CellMap<string>();
    expect(inRegion(() => {
      expect(m.get('x')).toBeUndefined();
      m.cell('x').add(1);
    })).toBe(true);
    expect(passClock.staleRead).toBe(false);
  });

  it('an object made after the objects were walked in the run: that run is stale', () => {
    newPass();
    const heap = new Heap([]);
    expect(inRegion(() => {
      heap.allObjects();
      heap.create('site', 'x');
    })).toBe(true);
    expect(passClock.staleRead).toBe(false);
  });
});

describe('cell maps: which keys a map has is read too', () => {
  it('a lookup that finds no key, then a cell made at it and grown', () => {
    newPass();
    const m = new CellMap<string>();
    expect(m.get('x')).toBeUndefined();
    m.cell('x').add(1);
    expect(passClock.staleRead).toBe(true);
  });

  it.each([
    ['has (absent, the key made next)', (m: CellMap<string>) => m.has('b')],
    ['size', (m: CellMap<string>) => m.size],
    ['for-of', (m: CellMap<string>) => [...m]],
    ['values', (m: CellMap<string>) => [...m.values()]],
    ['keys', (m: CellMap<string>) => [...m.keys()]],
    ['entries', (m: CellMap<string>) => [...m.entries()]],
    ['forEach', (m: CellMap<string>) => m.forEach(() => undefined)],
  ])('every read of the keys stamps the map: %s', (_name, read) => {
    newPass();
    const m = new CellMap<string>();
    m.cell('a').add(1);
    read(m);
    m.cell('b').add(2);
    expect(passClock.staleRead).toBe(true);
  });

  it('a lookup that misses reads that key only: another key made afterwards is no growth of what it saw', () => {
    newPass();
    const m = new CellMap<string>();
    expect(m.get('json')).toBeUndefined();
    expect(m.has('x')).toBe(false);
    m.cell('a').add(1);
    expect(passClock.staleRead).toBe(false);
    m.cell('x').add(1);
    expect(passClock.staleRead).toBe(true);
  });

  it("a read of every numeric key ('#') reads those keys only: a key made afterwards is a growth of it only if it is numeric", () => {
    const isNumeric = (k: string) => /^\d+$/.test(k);
    newPass();
    const m = new CellMap<string>();
    m.cell('0').add(1);
    const seen: number[] = [];
    m.eachNumeric(isNumeric, (c) => seen.push(...c));
    expect(seen).toEqual([1]);
    m.cell('total').add(2);
    expect(passClock.staleRead).toBe(false);
    m.cell('1').add(3);
    expect(passClock.staleRead).toBe(true);
  });

  it('a cell that comes with values, set after the keys were read, is stale; a key given another cell always is', () => {
    newPass();
    const m = new CellMap<string>();
    void m.size;
    m.set('a', new Cell([1]));
    expect(passClock.staleRead).toBe(true);
    newPass();
    m.set('a', new Cell([2]));
    expect(passClock.staleRead).toBe(true);
  });

  it('a lookup that finds its key is a read of that cell only', () => {
    newPass();
    const m = new CellMap<string>();
    m.cell('a').add(1);
    expect(m.get('a')).toBeDefined();
    m.cell('b').add(2);
    expect(passClock.staleRead).toBe(false);
  });
});

const key = (r: PurityResult) => JSON.stringify(r.findings.map((f) => [f.node.start, f.node.end, f.verdict, f.what, f.use]).sort());

const corpusBodies = corpusFiles().flatMap((f) => (f.json && Array.isArray(f.json.nodes) ? codeSources(f.json) : [])).filter((c) => c.language === 'javascript').map((c) => c.source);
const rounds = [
  ...[ROUND15_BYPASSES, ROUND15_CAUGHT, ROUND15_PURE, ROUND16_BYPASSES, ROUND16_CAUGHT, ROUND16_PURE, ROUND17_BYPASSES, ROUND17_CAUGHT, ROUND17_PURE],
  ...[ROUND18_BYPASSES, ROUND18_CAUGHT, ROUND18_PURE, ROUND19_BYPASSES, ROUND19_CAUGHT, ROUND19_PURE, ROUND20_BYPASSES, ROUND20_CAUGHT, ROUND20_PURE],
].flat() as Array<{ code: string }>;
const testBodies = [...BYPASSES, ...CLEAN, ...DEFEATED, ...LATER_BYPASSES, ...LATER_FALSE_POSITIVES, ...ISSUE32, ...SELF_REVIEW, ...rounds].map((b: any) => b.code as string).concat(BUFFER_POOL);

describe('settling early finds what confirming finds', () => {
  it.each([
    ['the corpus', corpusBodies],
    ['the red-team rounds and the purity tests', testBodies],
  ])('on every JavaScript body of %s: the same findings, never more passes (no body here reaches a bound in its confirming pass)', (_name, sources) => {
    const bodies = [...new Set(sources)];
    expect(bodies.length).toBeGreaterThan(150);
    const differing: string[] = [];
    let earlier = 0;
    for (const source of bodies) {
      const early = analyzeSource(source);
      const confirmed = analyzeSource(source, { confirmingPass: true });
      if (key(early) !== key(confirmed) || early.settled !== confirmed.settled) differing.push(source.slice(0, 80));
      expect(early.rounds).toBeLessThanOrEqual(confirmed.rounds);
      if (early.rounds < confirmed.rounds) earlier++;
    }
    expect(differing).toEqual([]);
    // Not vacuous: a good share of bodies settle a pass earlier.
    expect(earlier).toBeGreaterThan(bodies.length / 10);
    // Every body twice, a few hundred of them: 10 s on an idle 2-core machine, three times that beside other test files.
  }, 120_000);

  it('a read that a later statement grows takes another pass, and what that pass finds is reported', () => {
    // h is read (and called) before the assignment that adds a function returning the global object.
    const source = 'let h = function () { return 1; };\nconst out = h();\nh = function () { return this; };\nreturn [{ json: { out } }];';
    const result = analyzeSource(source);
    expect(result.rounds).toBeGreaterThanOrEqual(2);
    expect(result.findings.some((f) => f.verdict === 'reaches' && /global object/.test(f.what))).toBe(true);
  });

  // From the red team of 2026-12-01 (63,000 generated bodies, no other difference): a chain of variables each
  // read before the next is assigned takes one pass per link. Settling early saves exactly the confirming
  // pass; at 60 links that pass is the 61st, past the bound, so only the early settling finishes.
  it('a chain read backwards takes one pass per link, and one pass fewer than confirming; at the bound of 60 passes only settling early finishes', () => {
    const chain = (n: number) => `${Array.from({ length: n - 1 }, (_, i) => `var a${i + 1} = a${i + 2};`).join('\n')}\nvar a${n} = $env;\nreturn [{ json: { x: a1.FOO } }];`;
    for (const n of [1, 2, 5, 17, 59]) {
      const early = analyzeSource(chain(n));
      const confirmed = analyzeSource(chain(n), { confirmingPass: true });
      expect([early.rounds, confirmed.rounds]).toEqual([n, n + 1]);
      expect(key(early)).toBe(key(confirmed));
      expect(early.findings.map((f) => f.verdict)).toEqual(['reaches']);
    }
    const early = analyzeSource(chain(60));
    expect(early.settled).toBe(true);
    expect(early.findings.map((f) => [f.verdict, f.what])).toEqual([['reaches', '`a1.FOO` may be $env (environment access)']]);
    const confirmed = analyzeSource(chain(60), { confirmingPass: true });
    expect(confirmed.settled).toBe(false);
    expect(confirmed.findings[0].what).toMatch(/did not settle within the bound of 60 passes/);
  });

  it('a body whose reads all come after the writes settles in one pass', () => {
    const result = analyzeSource('const rows = $input.all();\nconst out = rows.map((r) => ({ json: { n: r.json.n } }));\nreturn out;');
    expect(result.findings).toEqual([]);
    expect(result.rounds).toBe(1);
    expect(analyzeSource('const rows = $input.all();\nconst out = rows.map((r) => ({ json: { n: r.json.n } }));\nreturn out;', { confirmingPass: true }).rounds).toBe(2);
  });
});

describe('the shared built-in graph is frozen', () => {
  it('a change to a built-in set or map throws, and a key it lacks gives an empty cell that stays empty', () => {
    const graph = builtinGraph();
    const objectPrototype = graph.objects[graph.byName.get('Object.prototype')! - OBJECT_BASE];
    expect(() => objectPrototype.props.get('toString')!.add(STRING_BASE + 12345)).toThrow(/shared built-in graph/);
    expect(() => objectPrototype.dyn.add(1)).toThrow(/shared built-in graph/);
    expect(() => objectPrototype.props.set('x', new Cell())).toThrow(/shared built-in graph/);
    const missing = objectPrototype.props.cell('noSuchKey');
    expect(missing.count()).toBe(0);
    expect(() => new Heap(graph.objects).join(missing, [1])).toThrow(/shared built-in graph/);
    expect(objectPrototype.props.has('noSuchKey')).toBe(false);
  });

  it('what the code writes onto the global object goes to its overlay, never into the graph', () => {
    const result = analyzeSource('globalThis.leak = 1;\nObject.prototype.polluted = 2;\nreturn [{ json: {} }];');
    expect(result.findings.some((f) => f.verdict === 'builtinWrite')).toBe(true);
    const graph = builtinGraph();
    expect(graph.objects[graph.global - OBJECT_BASE].props.has('leak')).toBe(false);
    expect(graph.objects[graph.byName.get('Object.prototype')! - OBJECT_BASE].props.has('polluted')).toBe(false);
  });
});
