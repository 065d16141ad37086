// Unit tests of the points-to analysis's modules (src/validate/purity): the heap and its abstract
// values, the engine's reads (a run-time key is the union along the chain), the policy's verdicts.
import { describe, expect, it } from 'vitest';
import { builtinGraph } from '../../src/validate/purity/builtin-graph.js';
import { Engine, OWN_KEY_OF_RECEIVER } from '../../src/validate/purity/engine.js';
import { Heap, isWeak, objectOf, ownKey, STR, UNDEF, WEAK, NUM } from '../../src/validate/purity/heap.js';
import { flowText, Policy } from '../../src/validate/purity/policy.js';
import { buildSummaries } from '../../src/validate/purity/summaries.js';
import { N8N_MODELS } from '../../src/validate/purity/n8n-model.js';
import { analyzeSource } from '../../src/validate/purity/index.js';

const graph = builtinGraph();
function engine(): { e: Engine; heap: Heap; policy: Policy } {
  const heap = new Heap(graph.objects);
  const policy = new Policy(heap, (k) => k === 'fresh', graph.global);
  const e = new Engine(heap, graph, policy, buildSummaries(graph.byName.keys()), N8N_MODELS);
  return { e, heap, policy };
}
const site = { node: { start: 0, end: 1 }, tag: 't', text: 'x' };
const label = (heap: Heap, values: Iterable<number>) => [...values].filter((v) => v >= 32 && v < 1 << 22).map((v) => heap.object(v).label + (isWeak(v) ? ' (weak)' : '')).sort();

describe('heap', () => {
  it('weakens capabilities and built-ins only, and leaves a set without them as it is', () => {
    const { heap } = engine();
    const o = heap.create('site', 'mine');
    const F = graph.byName.get('Function')!;
    const values = new Set([o.id, F, STR]);
    const weak = heap.weaken(values);
    expect([...weak].sort()).toEqual([o.id, F + WEAK, STR].sort());
    expect(objectOf(F + WEAK)).toBe(F);
    const plain = new Set([o.id, STR]);
    expect(heap.weaken(plain)).toBe(plain);
  });

  it("a string constant is interned; an own key is a string of no known name", () => {
    const { heap } = engine();
    expect(heap.stringConstant('a')).toBe(heap.stringConstant('a'));
    expect(heap.stringOf(heap.stringConstant('constructor'))).toBe('constructor');
    expect(heap.stringOf(ownKey(40))).toBeUndefined();
  });

  it("a built-in's chain is its real prototype chain", () => {
    const { heap } = engine();
    expect(heap.chain(graph.byName.get('Array.prototype')!, graph.prototypes).map((o) => o.label)).toEqual(['Array.prototype', 'Object.prototype']);
    expect(heap.chain(STR, graph.prototypes).map((o) => o.label)).toEqual(['String.prototype', 'Object.prototype']);
  });
});

describe('engine reads', () => {
  it('a static key reads that key along the chain', () => {
    const { e, heap } = engine();
    const o = heap.create('site', 'row', [graph.byName.get('Object.prototype')!]);
    heap.prop(o, 'a').add(NUM);
    expect([...e.get([o.id], 'a', site)]).toEqual([NUM]);
    expect(label(heap, e.get([o.id], 'constructor', site))).toEqual(['Object']);
    expect([...e.get([o.id], 'nope', site)]).toEqual([UNDEF]);
  });

  it('a run-time key reads the union of every property along the chain, weakly', () => {
    const { e, heap } = engine();
    const o = heap.create('site', 'row', [graph.byName.get('Object.prototype')!]);
    heap.prop(o, 'a').add(NUM);
    const all = label(heap, e.get([o.id], undefined, site));
    expect(all).toContain('Object (weak)');
    expect(all).toContain('Object.prototype.__defineGetter__ (weak)');
    expect(all.every((l) => l.endsWith('(weak)'))).toBe(true);
  });

  it("an own key of the receiver reads its own properties only", () => {
    const { e, heap } = engine();
    const o = heap.create('site', 'row', [graph.byName.get('Object.prototype')!]);
    heap.prop(o, 'a').add(NUM);
    expect([...e.get([o.id], OWN_KEY_OF_RECEIVER, site)].sort()).toEqual([UNDEF, NUM].sort());
  });
});

describe('policy', () => {
  it('calling a capability reaches it; calling it weakly cannot be proven; a built-in written is reported; a new global is a variable', () => {
    const { e, heap, policy } = engine();
    policy.reporting = true;
    const F = graph.byName.get('Function')!;
    e.call([F], new Set([UNDEF]), [], site, false);
    e.call([F + WEAK], new Set([UNDEF]), [], { ...site, node: { start: 2, end: 3 } }, false);
    e.put([graph.byName.get('Object.prototype')!], 'x', new Set([NUM]), site);
    e.put([graph.global], 'fresh', new Set([NUM]), site);
    expect(policy.findings.map((f) => f.verdict)).toEqual(['reaches', 'unprovable', 'builtinWrite']);
    expect([...e.get([graph.global], 'fresh', site)]).toContain(NUM);
    expect(heap.overlays.size).toBe(1);
  });

  it('one finding per expression and use, naming every capability it may be in one line', () => {
    // A read at a run-time key of an object of the code may give each of Object.prototype's reflection
    // methods, in both realms: each was a finding of its own.
    const findings = analyzeSource('const o = {};\nreturn [{ json: { v: o[$json.j]() } }];').findings;
    const called = findings.filter((f) => f.use === 'and is called');
    expect(called).toHaveLength(1);
    expect(called[0].about!.capabilities).toEqual(['Object.prototype.__defineGetter__', 'Object.prototype.__defineSetter__', 'Object.prototype.__lookupGetter__', 'Object.prototype.__lookupSetter__']);
    expect(called[0].what).toBe('`o[$json.j]()` may be Object.prototype.__defineGetter__, Object.prototype.__defineSetter__, Object.prototype.__lookupGetter__ or Object.prototype.__lookupSetter__ (a key known only at run time, or a built-in without a summary, may give it)');
  });

  it('names up to four capabilities, then how many more', () => {
    const text = (n: number) => flowText({ expression: 'x', capabilities: Array.from({ length: n }, (_, i) => `C${i}`), weak: false });
    expect([1, 2, 3, 4, 5, 9].map(text)).toEqual(['`x` may be C0', '`x` may be C0 or C1', '`x` may be C0, C1 or C2', '`x` may be C0, C1, C2 or C3', '`x` may be C0, C1, C2 or 2 more', '`x` may be C0, C1, C2 or 6 more']);
  });

  it('names the expression and the capability in one line', () => {
    const [finding] = analyzeSource("const k = $json.k;\nconst byTag = {};\nbyTag[k]('x');").findings;
    expect(`${finding.what} ${finding.use}`).toMatch(/^`byTag\[k\]\('x'\)` may be [^\n]+ and is called$/);
  });
});

describe('built-in getters', () => {
  it('every getter of the snapshot gives a primitive, has a summary, or is followed as an opaque object of the runner realm (this list)', async () => {
    const { PRIMITIVE_GETTERS, getterName } = await import('../../src/validate/purity/summaries.js');
    const summarized = new Set(['@@species', 'caller', 'arguments', 'buffer', 'parent']);
    const opaque = [...builtinGraph().byName.keys()]
      .filter((n) => n.endsWith('[get]'))
      .map(getterName)
      .filter((k) => !PRIMITIVE_GETTERS.has(k) && !summarized.has(k.slice(k.lastIndexOf('.') + 1)));
    expect([...new Set(opaque)].sort()).toEqual([
      '%IteratorPrototype%.constructor', 'Intl.Collator.prototype.compare', 'Intl.DateTimeFormat.prototype.format', 'Intl.Locale.prototype.calendars', 'Intl.Locale.prototype.collations',
      'Intl.Locale.prototype.hourCycles', 'Intl.Locale.prototype.numberingSystems', 'Intl.Locale.prototype.textInfo', 'Intl.Locale.prototype.timeZones', 'Intl.Locale.prototype.weekInfo',
      'Intl.NumberFormat.prototype.format', 'TextDecoderStream.prototype.readable', 'TextDecoderStream.prototype.writable', 'TextEncoderStream.prototype.readable',
      'TextEncoderStream.prototype.writable', 'WebAssembly.Exception.prototype.stack', 'WebAssembly.Global.prototype.value', 'WebAssembly.Instance.prototype.exports',
      'WebAssembly.Module.prototype.__proto__.@@toStringTag', 'setImmediate.@nodejs.util.promisify.custom', 'setTimeout.@nodejs.util.promisify.custom',
    ].sort());
  });

  it("what an opaque getter gives leads to the runner realm's Function: calling its constructor's constructor reaches it", () => {
    const found = analyzeSource("const w = new TextEncoderStream().writable;\nreturn [{ json: { x: w.constructor.constructor('return process')() } }];").findings;
    expect(found.some((f) => f.verdict === 'reaches' && f.what.includes('Function constructor of the runner realm'))).toBe(true);
  });
});
