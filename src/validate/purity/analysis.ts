// The fixed point of code-purity's points-to analysis: the body is run through the syntax table
// (syntax.ts) as n8n runs it (an async sloppy function called without a receiver, VmCodeWrapper),
// every function of it too, over and over, each pass joining into the variables and the heap, until
// a pass adds nothing, or until a pass read nothing that grew after the read (heap.ts, passClock: such a
// pass is the fixed point too). Every pass asks the policy (policy.ts) about every operation. A body
// that does not settle within MAX_ROUNDS passes or TIME_BOUND_MS cannot be proven pure, with the
// bound named.
import { builtinGraph } from './builtin-graph.js';
import { BoundExceeded, Engine, OWN_KEY_OF_RECEIVER, type CallSite } from './engine.js';
import { type AbstractObject, Cell, CellMap, type FunctionSite, Heap, passClock, isObjectValue, BOOL, NUM, OWN_KEY_BASE, STR, UNDEF, type VSet, tailOf } from './heap.js';
import { createN8nValues, N8N_DATA_KEYS, N8N_MODELS, type N8nValues } from './n8n-model.js';
import { onePerExpression, Policy, type PurityFinding } from './policy.js';
import { buildSummaries } from './summaries.js';
import { type Interp, keysOf, storeKeys, SYNTAX } from './syntax.js';

/** Passes before a body that has not settled is "cannot be proven pure". */
export const MAX_ROUNDS = 60;
/** Work one body's fixed point may do (each value a read or a call handles or gives counts one) before it is "cannot be proven pure": the bound that decides, the same on every machine. */
export const WORK_BOUND = 1_500_000;
/**
 * Work a body that has a finding may do: it cannot be proven pure from its first finding on, so more work
 * only adds findings. Past this, what every pass found so far is reported (as cannot be proven pure: a flow
 * of an unfinished pass is a flow of the fixed point too, as values only grow, but not yet an exact one),
 * with the bound named. It stops 3 bodies of the vendored corpus and 19 of the n8n.io templates, each of
 * them "cannot be proven pure" without it too, the verdict of every body the same as at 200,000 (6 of
 * them report fewer findings); every other body with findings settles below 45,000
 * (src/validate/purity/README.md).
 */
export const FINDINGS_WORK_BOUND = 50_000;
/** Milliseconds one body may take, a last resort on a machine slow enough to need it (no body can hang validate). */
export const TIME_BOUND_MS = 5000;

export interface PurityResult {
  findings: PurityFinding[];
  rounds: number;
  settled: boolean;
  /** Reads and calls the analysis made. */
  steps: number;
}

export interface PurityOptions {
  absentFromGlobal: (key: string) => boolean;
  maxRounds?: number;
  workBound?: number;
  findingsWorkBound?: number;
  timeBoundMs?: number;
  /** Run passes until one adds nothing, also after a pass whose every read was final (which settles without it): tests compare the two. */
  confirmingPass?: boolean;
}

let summaries: ReturnType<typeof buildSummaries> | undefined;
/** The bound a body's analysis stopped at, named for the finding. */
function boundText(exceeded: 'work' | 'time' | 'depth' | 'stack' | undefined, bounds: { workBound: number; timeBound: number; maxRounds: number }): string {
  if (exceeded === 'work') return `the work bound per body (${bounds.workBound} values handled by reads and calls)`;
  if (exceeded === 'time') return `the time bound per body (${bounds.timeBound} ms)`;
  if (exceeded === 'depth') return `the bound of ${Engine.MAX_DEPTH} calls nested in one another`;
  if (exceeded === 'stack') return "the analysis's stack";
  return `the bound of ${bounds.maxRounds} passes of the fixed point`;
}

/** The protocols the engine runs on an object it converts, iterates or awaits, and the keys it calls each under. */
const CONVERT = 1;
const ITERATE = 2;
const AWAIT = 4;
const IMPLICIT_CALL_KEYS: ReadonlyArray<[string, number]> = [
  ['@@toPrimitive', CONVERT], ['valueOf', CONVERT], ['toString', CONVERT],
  ['@@asyncIterator', ITERATE], ['@@iterator', ITERATE], ['next', ITERATE], ['return', ITERATE], ['throw', ITERATE],
  ['then', AWAIT],
];

/** Array methods whose result holds only elements of their receiver. */
const SELECTING_METHODS = new Set(['slice', 'filter', 'sort', 'toSorted', 'reverse', 'toReversed']);

/** How a call of the code's function went: arrow, construction, a class called without new, a generator made, a call. */
type CallKind = 'arrow' | 'construct' | 'class' | { generator: number } | 'call';
/** Runs of a loop's or a function's body within a pass before its stale reads are left to the next pass (settleLocally). */
const LOCAL_RUNS = 3;
/** How deep function bodies run inside calls (each level is some 40 JavaScript frames of the analysis). */
const ON_CALL_DEPTH = 40;
const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Runs the analysis on a parsed body (acorn AST, eslint-scope scope manager). */
export function analyzePurity(ast: any, scopeManager: any, source: string, options: PurityOptions): PurityResult {
  return new Analyzer(ast, scopeManager, source, options).run();
}

class Analyzer implements Interp {
  readonly engine: Engine;
  private readonly heap: Heap;
  private readonly policy: Policy;
  private readonly graph = builtinGraph();
  private readonly n8n: N8nValues;
  private readonly parents = new Map<any, any>();
  private readonly functions: any[] = [];
  private readonly strict = new Set<any>();
  private readonly idVariables = new Map<any, any>();
  private readonly vars = new CellMap<any>();
  private readonly alsoBinds = new Map<any, any[]>();
  /** Variables that hold own keys of a path (for-in, Object.keys / entries over it), and the path. */
  private readonly keyPaths = new Map<any, any>();
  /** Property names some code writes statically (a path through them may change). */
  private readonly writtenNames = new Set<string>();
  private readonly sites = new Map<any, CallSite>();
  /** Variables of each function scope (and the body's own), by block and name: where Annex B puts a block's function. */
  private readonly functionScopeVars = new Map<any, Map<string, any>>();
  private readonly annexBGlobals = new CellMap<string>();
  private readonly top: FunctionSite;
  private readonly topObject: AbstractObject;

  constructor(
    private readonly ast: any,
    scopeManager: any,
    private readonly source: string,
    private readonly options: PurityOptions,
  ) {
    this.heap = new Heap(this.graph.objects);
    this.policy = new Policy(this.heap, options.absentFromGlobal, this.graph.global, N8N_DATA_KEYS, this.graph.primitiveWritable);
    summaries ??= buildSummaries(this.graph.byName.keys());
    this.engine = new Engine(this.heap, this.graph, this.policy, summaries, N8N_MODELS);
    this.engine.callFunction = (fn, self, args, site, isNew) => this.callFunction(fn, self, args, site, isNew);
    this.n8n = createN8nValues(this.heap, this.graph.byName);
    const globalOverlay = this.heap.overlay(this.heap.object(this.graph.global));
    for (const [key, v] of this.n8n.globals) this.heap.prop(globalOverlay, key).add(v);
    this.prepare(ast, undefined, hasUseStrict(ast.body));
    for (const scope of scopeManager.scopes) {
      if (scope.type === 'function' || scope.type === 'module') this.functionScopeVars.set(scope.block, scope.set);
      for (const variable of scope.variables) {
        for (const id of variable.identifiers) {
          if (!this.idVariables.has(id)) this.idVariables.set(id, variable);
          // A class's name is a variable of the enclosing scope and of the class's own: bound into both.
          else (this.alsoBinds.get(id) ?? this.alsoBinds.set(id, []).get(id)!).push(variable);
        }
      }
      for (const ref of scope.references) if (ref.resolved) this.idVariables.set(ref.identifier, ref.resolved);
    }
    this.findKeyPaths();
    this.topObject = this.functionObject(ast);
    this.top = this.topObject.fn!;
    this.top.thisSet.add(this.graph.global);
  }

  /** Parents, the functions, and which code is strict, in one walk. */
  private prepare(node: any, parent: any, strict: boolean): void {
    if (parent) this.parents.set(node, parent);
    let inner = strict;
    if (FUNCTION_TYPES.has(node.type)) {
      this.functions.push(node);
      inner = strict || (node.body?.type === 'BlockStatement' && hasUseStrict(node.body.body));
    }
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') inner = true;
    if (inner) this.strict.add(node);
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end' || key === 'range' || key === 'loc') continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const c of child) if (c && typeof c.type === 'string') this.prepare(c, node, inner);
      } else if (child && typeof child.type === 'string') this.prepare(child, node, inner);
    }
  }

  /** The syntax that gives a variable own keys of a path, and the names written anywhere. */
  private findKeyPaths(): void {
    // Object.keys(E), also through array methods that only select or reorder its elements
    // (Object.keys(E).sort().slice(0, 3)): the keys are still E's own (ownKeyOfSamePath checks the values too).
    const selecting = (e: any) => e?.type === 'CallExpression' && e.callee.type === 'MemberExpression' && !e.callee.computed && SELECTING_METHODS.has(e.callee.property.name);
    const ownKeysCall = (e: any) => {
      while (selecting(e)) e = e.callee.object;
      return e?.type === 'CallExpression' && e.callee.type === 'MemberExpression' && !e.callee.computed && e.callee.object.type === 'Identifier' && e.callee.object.name === 'Object' && ['keys', 'getOwnPropertyNames', 'entries'].includes(e.callee.property.name) && e.arguments.length === 1 ? e.arguments[0] : undefined;
    };
    const keyTarget = (pattern: any) => (pattern?.type === 'Identifier' ? pattern : pattern?.type === 'ArrayPattern' && pattern.elements[0]?.type === 'Identifier' ? pattern.elements[0] : undefined);
    for (const [node] of this.parents) {
      if ((node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') && (node.left ?? node.argument).type === 'MemberExpression') {
        const m = node.left ?? node.argument;
        if (!m.computed) this.writtenNames.add(m.property.name);
      }
      if (node.type === 'UnaryExpression' && node.operator === 'delete' && node.argument.type === 'MemberExpression' && !node.argument.computed) this.writtenNames.add(node.argument.property.name);
      if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && node.left.type === 'VariableDeclaration') {
        const source = node.type === 'ForInStatement' ? node.right : ownKeysCall(node.right);
        const id = keyTarget(node.left.declarations[0].id);
        if (source && id) this.keyPaths.set(id, source);
      }
      if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && ['forEach', 'map', 'filter', 'some', 'every', 'find', 'flatMap', 'reduce'].includes(node.callee.property.name)) {
        const source = ownKeysCall(node.callee.object);
        const fn = node.arguments[0];
        const id = source && FUNCTION_TYPES.has(fn?.type) ? keyTarget(fn.params[node.callee.property.name === 'reduce' ? 1 : 0]) : undefined;
        if (id) this.keyPaths.set(id, source);
      }
    }
  }

  ownKeyOfSamePath(member: any): boolean {
    if (!member.computed || member.property.type !== 'Identifier') return false;
    const keyVariable = this.idVariables.get(member.property);
    const declaration = keyVariable?.identifiers.find((id: any) => this.keyPaths.has(id));
    if (!declaration) return false;
    const writes = keyVariable.references.filter((r: any) => r.isWrite()).length;
    if (writes > (keyVariable.defs[0]?.type === 'Parameter' ? 0 : 1)) return false;
    // What the key holds must be own keys only (nothing stored a string of the code's into the keys array).
    if ([...(this.variable(member.property) ?? [])].some((v) => v !== UNDEF && v < OWN_KEY_BASE)) return false;
    const path = this.keyPaths.get(declaration);
    return this.samePath(path, member.object) && this.stablePath(member.object);
  }

  private samePath(a: any, b: any): boolean {
    if (a.type === 'Identifier' && b.type === 'Identifier') return a.name === b.name && this.idVariables.get(a) === this.idVariables.get(b);
    return a.type === 'MemberExpression' && b.type === 'MemberExpression' && !a.computed && !b.computed && a.property.name === b.property.name && this.samePath(a.object, b.object);
  }

  /** A path whose value cannot change: a variable written at most once, then names nothing writes, through objects nothing writes at a run-time key. */
  private stablePath(e: any): boolean {
    if (e.type === 'Identifier') {
      const v = this.idVariables.get(e);
      return !!v && v.references.filter((r: any) => r.isWrite()).length <= 1;
    }
    if (e.type !== 'MemberExpression' || e.computed || this.writtenNames.has(e.property.name) || !this.stablePath(e.object)) return false;
    const writtenAtName = this.engine.writtenAtKey.get(e.property.name);
    for (const o of this.eval(e.object)) if (this.engine.writtenAtRunTimeKey.has(o) || writtenAtName?.has(o)) return false;
    return true;
  }

  run(): PurityResult {
    const maxRounds = this.options.maxRounds ?? MAX_ROUNDS;
    const workBound = this.options.workBound ?? WORK_BOUND;
    const timeBound = this.options.timeBoundMs ?? TIME_BOUND_MS;
    const findingsBound = Math.min(workBound, this.options.findingsWorkBound ?? FINDINGS_WORK_BOUND);
    this.engine.budget = workBound;
    this.engine.deadline = Date.now() + timeBound;
    this.policy.onFirstFinding = () => {
      this.engine.budget = Math.min(this.engine.budget, findingsBound);
    };
    let rounds = 0;
    let settled = false;
    let exceeded: 'work' | 'time' | 'depth' | 'stack' | undefined;
    /** What every pass so far found, by place and words (the verdict aside). */
    const found = new Map<string, PurityFinding>();
    // Every pass asks the policy, and each starts its findings afresh: the pass that settles saw the fixed
    // point from its first operation to its last, so what it found is what a further pass would find.
    this.policy.reporting = true;
    try {
      while (rounds < maxRounds && !settled) {
        rounds++;
        this.heap.changed = false;
        passClock.newPass();
        this.policy.clearFindings();
        try {
          this.pass();
        } finally {
          for (const f of this.policy.findings) found.set(`${f.node.start}:${f.node.end}:${f.what}:${f.use}`, f);
        }
        // A pass that added nothing is the fixed point, and so is one whose every read saw what the set holds
        // at the pass's end (heap.ts, passClock): a further pass would read, do and find the same.
        settled = !this.heap.changed || (!passClock.staleRead && !this.options.confirmingPass);
      }
    } catch (error) {
      // The stack's end is a bound too: no body, however it nests, crashes validate (a last resort; the depth bound comes first).
      if (error instanceof RangeError && /call stack/i.test(error.message)) exceeded = 'stack';
      else if (error instanceof BoundExceeded) exceeded = error.bound;
      else throw error;
      settled = false;
    }
    if (!settled && exceeded === 'work' && this.engine.budget < workBound && found.size > 0) {
      // Stopped for having findings: each is a flow of the fixed point (values only grow, so a capability that
      // reached an operation in some pass reaches it there too), with its verdict; more may follow.
      this.policy.clearFindings();
      for (const f of found.values()) this.policy.report(f.node, f.verdict, f.about ?? f.what, f.use);
      this.policy.report(this.ast, 'unprovable', `the analysis stopped at the bound for a body with findings (${findingsBound} values handled by reads and calls)`, '(what it found is reported; more may follow)');
    } else if (!settled) {
      // What an unfinished pass found is not the fixed point's: only the bound is reported.
      this.policy.clearFindings();
      const bound = boundText(exceeded, { workBound, timeBound, maxRounds });
      this.policy.report(this.ast, 'unprovable', `the analysis did not settle within ${bound}`, '(what it learned so far is not a proof)');
    }
    return { findings: onePerExpression(this.policy.findings), rounds, settled, steps: this.engine.steps };
  }

  private pass(): void {
    this.engine.newPass();
    this.evaluated.clear();
    this.engineError();
    this.exec(this.ast);
    for (const fn of this.functions) this.evaluateFunction(fn);
    this.implicitProtocols();
  }

  /**
   * What a built-in or the engine may do to any object the code made or wrote into, whichever way the
   * object got there (a field of an Intl option, an index argument, a locale list, a typed-array element
   * or a length written, an iterable, a thenable, an error whose stack is formatted, a function bound):
   *
   * - convert it (Symbol.toPrimitive, valueOf, toString), iterate it (Symbol.asyncIterator or
   *   Symbol.iterator, next, return) and await it (then), with itself as the receiver: every object whose
   *   prototype chain holds a member the code put under one of those keys (or a function stored at a key
   *   known only at run time, which may be one) is put through the protocols it holds a member of, and a
   *   function there runs as the engine would run it (a bound sloppy function with the global object as
   *   `this`), a capability there is called (round 22: 73 bodies through conversions no summary named);
   * - read or write any key of it: every getter and setter the code defined runs with every object on
   *   whose chain it sits as the receiver, a setter given a primitive or any of the object's own values
   *   (what a built-in moves within it). Built-ins read named keys of what they are handed (`length`,
   *   Error's `name` and `message` when `stack` or `toString` formats it, `flags`, `lastIndex`, `bind`'s
   *   `name` and `length`, an iterator result's `done`, every Intl option), and none of their summaries has
   *   to name them (round 26: 51 bodies through getters under such keys). What a getter gives the built-in
   *   is data to it: converted, which the protocols above cover, or called where a summary reads it (exec,
   *   a species constructor), which runs the getter again there.
   *
   * Objects without such a member answer with built-ins, which the summaries cover.
   */
  private implicitProtocols(): void {
    const objects = this.heap.allObjects();
    const base = this.site(this.ast, 'implicit-protocols');
    // What each object holds, once a sweep: a prototype is on the chain of many objects.
    const held = new Map<number, number>();
    const heldBy = (p: AbstractObject) => held.get(p.id) ?? held.set(p.id, this.protocolsHeld(p)).get(p.id)!;
    // Each accessor set (a getter or setter cell) with every receiver it sits on the chain of: one call each.
    const accessors = new Map<VSet, { key: string; setter: boolean; receivers: Set<number>; values: Set<number> }>();
    for (let i = 0, n = objects.length; i < n; i++) {
      const o = objects[i];
      // Built-ins never change (a write to one is a finding of its own); n8n's values are its models, but its data, which the code writes into.
      // Node's own state neither: what it holds Node's library calls itself (Engine.nodeLibrary).
      if (o.kind === 'builtin' || (o.kind === 'n8n' && o.model !== 'data') || o.js) continue;
      let wants = 0;
      const chain = this.heap.chain(o.id, this.graph.prototypes);
      for (const p of chain) {
        wants |= heldBy(p);
        if (p.kind !== 'builtin' && (p.getters.size > 0 || p.setters.size > 0)) this.accessorsOn(p, o, accessors);
      }
      if (wants === 0) continue;
      const site = { ...base, text: `${o.label}, which the engine may convert, iterate or await` };
      if (wants & CONVERT) this.engine.coerce([o.id], site);
      if (wants & ITERATE) this.engine.iterate([o.id], site, true);
      if (wants & AWAIT) this.engine.awaitValue(new Set([o.id]), site);
    }
    for (const [functions, { key, setter, receivers, values }] of accessors) {
      const site = { ...base, text: `the ${setter ? 'setter' : 'getter'} of ${key}, which a built-in may run` };
      this.engine.call(functions, receivers, setter ? [values] : [], site, false, true);
    }
  }

  /** Batches the getters and setters of `holder` (on `receiver`'s chain) with `receiver`, a setter with what it may be given. */
  private accessorsOn(holder: AbstractObject, receiver: AbstractObject, into: Map<VSet, { key: string; setter: boolean; receivers: Set<number>; values: Set<number> }>): void {
    for (const setter of [false, true]) {
      for (const [key, functions] of setter ? holder.setters : holder.getters) {
        let batch = into.get(functions);
        if (!batch) into.set(functions, (batch = { key, setter, receivers: new Set(), values: new Set(setter ? [STR, NUM, BOOL, UNDEF] : []) }));
        batch.receivers.add(receiver.id);
        if (!setter) continue;
        for (const cell of receiver.props.values()) for (const v of cell) batch.values.add(v);
        for (const v of receiver.dyn) batch.values.add(v);
      }
    }
  }

  /** Function.prototype.call and apply of both realms: called with a function as receiver, they call it. */
  private readonly holderCallers = new Set(['Function.prototype.call', 'Function.prototype.apply', 'host:Function.prototype.call', 'host:Function.prototype.apply'].map((name) => this.graph.byName.get(name)!));

  /**
   * Which protocols the code gave `o` a member of: a getter under one of their keys, or a value there (or
   * at a key known only at run time, which may be any of them) that the engine's call would run code
   * through (implicitlyCallable). An object a built-in made answers with itself, as its summary says.
   */
  private protocolsHeld(o: AbstractObject): number {
    if (o.kind === 'builtin') return 0;
    let held = this.implicitlyCallable(o.dyn, false) ? CONVERT | ITERATE | AWAIT : 0;
    for (const [key, protocol] of IMPLICIT_CALL_KEYS) {
      if (held & protocol) continue;
      const values = o.props.get(key);
      if (o.getters.has(key) || (values && this.implicitlyCallable(values, true))) held |= protocol;
    }
    return held;
  }

  /**
   * Whether one of `values` runs code when the engine calls it: the code's own function, a bound function, a
   * function of n8n's but its data accessors (a capability; luxon's, which call what they are called on; the
   * accessors give data whatever they are called on), or, under a protocol's own key (`underKey`),
   * Function.prototype.call or apply, which call their holder (a sloppy function then with the global
   * object as `this`, round 23). Other built-ins run their summaries with the holder as receiver.
   */
  private implicitlyCallable(values: Iterable<number>, underKey: boolean): boolean {
    for (const v of values) {
      if (!isObjectValue(v)) continue;
      const f = this.heap.object(v);
      if (f.fn || f.slots.has('%target') || (f.kind === 'n8n' && f.callable && f.model !== 'accessor') || (underKey && this.holderCallers.has(v))) return true;
    }
    return false;
  }

  /** Function bodies run in this pass (or running): each runs once a pass, at its first call or after the body. */
  private readonly evaluated = new Set<any>();
  private callDepth = 0;

  private evaluateFunction(fn: any): void {
    if (this.evaluated.has(fn)) return;
    this.evaluated.add(fn);
    const site = this.functionObject(fn).fn!;
    this.settleLocally(() => {
      this.bindParams(fn, site);
      if (fn.body.type === 'BlockStatement') this.exec(fn.body);
      else this.heap.join(site.returns, this.eval(fn.body));
    });
  }

  /**
   * Runs a part of the body (a loop's body, a function's) to its own fixed point: when a set it read grew
   * after the read, it runs again at once, so an accumulation (`total += x`, `out.push(...)` in a loop or a
   * callback) settles without another pass of the whole body. A run again forgets what this pass memoized
   * (a built-in call's result, a function body already run), so that it reads everything again; a part
   * that does not settle within LOCAL_RUNS leaves the pass stale. Only the outermost such part is a region
   * (parts inside it run again with it): re-runs never multiply.
   */
  settleLocally(run: () => void): void {
    if (passClock.region) {
      run();
      return;
    }
    for (let attempt = 1; ; attempt++) {
      passClock.current++;
      const region = { start: passClock.current, stale: false };
      passClock.region = region;
      const evaluatedBefore = this.evaluated.size;
      try {
        run();
      } finally {
        passClock.region = undefined;
      }
      if (!region.stale) return;
      if (attempt >= LOCAL_RUNS) {
        passClock.staleRead = true;
        return;
      }
      this.engine.forgetMemos();
      let i = 0;
      for (const f of [...this.evaluated]) if (i++ >= evaluatedBefore) this.evaluated.delete(f);
    }
  }

  /**
   * A function's body runs at its first call in a pass, with what that call joined into its parameters,
   * so that the call gives what the body returns in the same pass (a callback's result, a helper's),
   * not one pass later. Bounded in depth; the pass runs what is left after the body.
   */
  private evaluateOnCall(fn: any): void {
    if (!FUNCTION_TYPES.has(fn.type) || this.evaluated.has(fn)) return;
    // A call of a body not run yet in this pass does more than read, whether the body runs now or after (too deep).
    this.engine.bodiesRun++;
    if (this.callDepth >= ON_CALL_DEPTH) return;
    this.callDepth++;
    try {
      this.evaluateFunction(fn);
    } finally {
      this.callDepth--;
    }
  }

  private bindParams(fn: any, site: FunctionSite): void {
    const args = this.heap.object(site.argumentsObject);
    // A sloppy function (not an arrow: it has no arguments object) with simple parameters maps them onto
    // its arguments object: arguments[i] and parameter i are one location, written through either name.
    const mapped = fn.type !== 'ArrowFunctionExpression' && !this.strict.has(fn) && !fn.params.some((p: any) => p.type !== 'Identifier');
    fn.params.forEach((p: any, i: number) => {
      if (p.type === 'RestElement') {
        const rest = this.engine.freshArray(this.site(p), 'rest', site.rest);
        this.bind(p.argument, new Set([rest]), this.site(p));
      } else if (mapped) {
        const slot = this.heap.prop(args, String(i));
        this.bind(p, new Set([...site.params[i], ...slot, ...(args.props.get('#') ?? [])]), this.site(p));
        this.heap.join(slot, this.variable(p) ?? []);
      } else this.bind(p, site.params[i], this.site(p));
    });
  }

  // --- Interp ------------------------------------------------------------------------------

  eval(node: any): VSet {
    const transfer = SYNTAX[node.type];
    if (!transfer) {
      this.policy.unknown(node, `the syntax ${node.type}`);
      return new Set();
    }
    return (transfer(node, this) as VSet | undefined) ?? new Set();
  }

  exec(node: any): void {
    // A statement's transfer function gives nothing: no empty set is made for it.
    const transfer = SYNTAX[node.type];
    if (transfer) transfer(node, this);
    else this.policy.unknown(node, `the syntax ${node.type}`);
  }

  site(node: any, tag = ''): CallSite {
    let s = this.sites.get(node);
    if (!s) {
      const text = sourceText(this.source, node.start, node.end);
      s = { node, tag: `${node.start}-${node.end}-${node.type}`, text: text.length > 60 ? `${text.slice(0, 57)}...` : text };
      this.sites.set(node, s);
    }
    return tag ? { ...s, tag: `${s.tag}:${tag}` } : s;
  }

  variable(id: any): VSet | undefined {
    const v = this.idVariables.get(id);
    if (!v) return undefined;
    if (v.name === 'arguments' && v.defs.length === 0) {
      const block = v.scope.block;
      const fn = FUNCTION_TYPES.has(block.type) ? this.functionObject(block).fn! : this.top;
      return new Set([fn.argumentsObject]);
    }
    return this.vars.cell(v);
  }

  bind(pattern: any, values: VSet, site: CallSite): void {
    switch (pattern.type) {
      case 'Identifier': {
        const s = this.variable(pattern);
        for (const other of this.alsoBinds.get(pattern) ?? []) {
          this.heap.join(this.vars.cell(other), values);
        }
        if (s) this.heap.join(s, values);
        else this.writeGlobal(pattern.name, values, pattern);
        return;
      }
      case 'MemberExpression': {
        const objects = pattern.object.type === 'Super' ? this.thisOf(pattern) : this.eval(pattern.object);
        for (const key of storeKeys(keysOf(pattern.property, pattern.computed, this))) this.engine.put(objects, key, values, this.site(pattern));
        return;
      }
      case 'ObjectPattern':
        for (const p of pattern.properties) {
          if (p.type === 'RestElement') {
            // CopyDataProperties: the source's own properties (its getters run with it as the receiver), never what it inherits.
            const rest = this.engine.fresh(this.site(p), 'rest', 'Object.prototype', 'a rest object');
            for (const v of values) if (isObjectValue(v)) this.heap.join(rest.dyn, this.engine.getKeys(new Set([v]), [OWN_KEY_OF_RECEIVER], this.site(p)));
            this.bind(p.argument, new Set([rest.id]), site);
            continue;
          }
          this.bind(p.value, this.engine.getKeys(values, keysOf(p.key, p.computed, this), this.site(p)), site);
        }
        return;
      case 'ArrayPattern': {
        // An array whose iterator is the built-in one is read by index; anything else is iterated.
        const arrayValues = this.engine.builtin('Array.prototype.values');
        const byIndex = new Set<number>();
        const others = new Set<number>();
        for (const v of values) {
          const iterators = isObjectValue(v) ? this.engine.get([v], '@@iterator', this.site(pattern)) : undefined;
          if (iterators && iterators.size === 1 && iterators.has(arrayValues)) byIndex.add(v);
          else others.add(v);
        }
        const iterated = others.size ? this.engine.iterate(others, this.site(pattern)) : new Set<number>();
        pattern.elements.forEach((e: any, i: number) => {
          if (!e) return;
          if (e.type === 'RestElement') {
            const all = new Set([...iterated, ...this.engine.get(byIndex, '#', this.site(e))]);
            this.bind(e.argument, new Set([this.engine.freshArray(this.site(e), 'rest', all)]), site);
          } else this.bind(e, new Set([...iterated, ...this.engine.get(byIndex, String(i), this.site(e)), UNDEF]), site);
        });
        return;
      }
      case 'AssignmentPattern':
        this.bind(pattern.left, new Set([...values, ...this.eval(pattern.right)]), site);
        return;
      case 'RestElement':
        this.bind(pattern.argument, values, site);
        return;
      case 'ParenthesizedExpression':
        this.bind(pattern.expression, values, site);
        return;
      case 'ChainExpression':
      default:
        this.policy.unknown(pattern, `a ${pattern.type} as an assignment target`);
    }
  }

  readGlobal(name: string, node: any): VSet {
    const annexB = this.annexBGlobals.get(name);
    const read = this.engine.get([this.graph.global], name, this.site(node));
    return annexB ? new Set([...read, ...annexB]) : read;
  }

  annexB(node: any): void {
    const parent = this.parents.get(node);
    if (this.strict.has(node) || !parent || parent.type === 'Program' || (parent.type === 'BlockStatement' && FUNCTION_TYPES.has(this.parents.get(parent)?.type))) return;
    let fn = this.parents.get(node);
    while (fn && !FUNCTION_TYPES.has(fn.type) && fn.type !== 'Program') fn = this.parents.get(fn);
    const variable = this.functionScopeVars.get(fn ?? this.ast)?.get(node.id.name);
    const value = new Set([this.functionObject(node).id]);
    if (variable) {
      this.heap.join(this.vars.cell(variable), value);
    }
    this.heap.join(this.annexBGlobals.cell(node.id.name), value);
  }

  writeGlobal(name: string, values: VSet, node: any): void {
    this.engine.put([this.graph.global], name, values, this.site(node));
  }

  /** The nearest function-like node `this` belongs to, skipping arrows. */
  private thisOwner(node: any): any {
    let p = this.parents.get(node);
    let child = node;
    while (p) {
      if ((p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression') && child !== p.id) return p;
      if (p.type === 'PropertyDefinition' && child === p.value) return p;
      if (p.type === 'StaticBlock') return p;
      child = p;
      p = this.parents.get(p);
    }
    return this.ast;
  }

  private classOf(node: any): any {
    let p = this.parents.get(node);
    while (p && p.type !== 'ClassDeclaration' && p.type !== 'ClassExpression') p = this.parents.get(p);
    return p;
  }

  thisOf(node: any): VSet {
    const owner = this.thisOwner(node);
    if (owner.type === 'Program') return this.top.thisSet;
    if (owner.type === 'StaticBlock' || (owner.type === 'PropertyDefinition' && owner.static)) return new Set([this.classShell(this.classOf(owner)).id]);
    if (owner.type === 'PropertyDefinition') return this.classShell(this.classOf(owner)).fn!.thisSet;
    return this.functionObject(owner).fn!.thisSet;
  }

  homeOf(node: any): VSet {
    const owner = this.thisOwner(node);
    if (owner.type === 'Program') return new Set();
    if (owner.type === 'StaticBlock' || owner.type === 'PropertyDefinition') {
      const c = this.classShell(this.classOf(owner));
      return new Set([owner.static || owner.type === 'StaticBlock' ? c.id : [...c.props.get('prototype')!][0]]);
    }
    const parent = this.parents.get(owner);
    if (parent?.type === 'MethodDefinition' && parent.kind === 'constructor') {
      // super(...) calls the parent constructor (the class's prototype); super.x reads the parent prototype.
      const c = this.classShell(this.classOf(parent));
      const call = this.parents.get(node);
      return new Set([node.type === 'Super' && call?.type === 'CallExpression' && call.callee === node ? c.id : [...c.props.get('prototype')!][0]]);
    }
    return this.functionObject(owner).fn!.home;
  }

  functionObject(node: any): AbstractObject {
    if (node.type === 'Program') return this.heap.site('program', () => this.makeFunction(node));
    const parent = this.parents.get(node);
    if (parent?.type === 'MethodDefinition' && parent.kind === 'constructor') return this.classShell(this.classOf(parent));
    return this.heap.site(`fn:${node.start}:${node.end}`, () => this.makeFunction(node));
  }

  private makeFunction(node: any): AbstractObject {
    const heap = this.heap;
    const b = (n: string) => this.engine.builtin(n);
    const proto = node.async && node.generator ? '%AsyncGeneratorFunctionPrototype%' : node.async ? '%AsyncFunctionPrototype%' : node.generator ? '%GeneratorFunctionPrototype%' : 'Function.prototype';
    const f = heap.create('site', `the function at ${node.start}`, [b(node.type === 'Program' ? '%AsyncFunctionPrototype%' : proto)], true);
    const args = heap.create('site', 'an arguments object', [b('Object.prototype')]);
    heap.prop(args, 'length').add(NUM);
    // An arguments object iterates as an array does (its own @@iterator is Array.prototype.values).
    heap.prop(args, '@@iterator').add(b('Array.prototype.values'));
    if (!this.strict.has(node)) heap.prop(args, 'callee').add(f.id);
    f.fn = {
      node,
      strict: this.strict.has(node),
      arrow: node.type === 'ArrowFunctionExpression',
      generator: !!node.generator,
      async: node.type === 'Program' || !!node.async,
      params: (node.params ?? []).map(() => new Cell()),
      restAt: (node.params ?? []).findIndex((p: any) => p.type === 'RestElement'),
      rest: new Cell(),
      thisSet: new Cell(),
      returns: new Cell(),
      home: new Cell(),
      newTargets: new Cell(),
      argumentsObject: args.id,
      called: false,
    };
    heap.prop(f, 'name').add(STR);
    heap.prop(f, 'length').add(NUM);
    const parent = this.parents.get(node);
    const isMethod = parent?.type === 'MethodDefinition' || (parent?.type === 'Property' && (parent.method || parent.kind !== 'init'));
    if (node.generator) {
      const p = heap.create('site', 'a generator prototype', [b(node.async ? '%AsyncGeneratorPrototype%' : '%GeneratorPrototype%')]);
      heap.prop(f, 'prototype').add(p.id);
    } else if (!isMethod && !node.async && node.type !== 'ArrowFunctionExpression' && node.type !== 'Program') {
      const p = heap.create('site', `the prototype of the function at ${node.start}`, [b('Object.prototype')]);
      heap.prop(p, 'constructor').add(f.id);
      heap.prop(f, 'prototype').add(p.id);
    }
    return f;
  }

  /** The class's constructor object and prototype, made once. */
  private classShell(node: any): AbstractObject {
    return this.heap.site(`class:${node.start}:${node.end}`, () => {
      const ctor = node.body.body.find((m: any) => m.type === 'MethodDefinition' && m.kind === 'constructor');
      const c = this.makeFunction(ctor ? ctor.value : { ...node, params: [], type: 'FunctionExpression', async: false, generator: false });
      c.fn!.node = ctor ? ctor.value : node;
      c.fn!.strict = true;
      c.props.delete('prototype');
      c.label = `the class ${node.id?.name ?? `at ${node.start}`}`;
      const p = this.heap.create('site', `the prototype of ${c.label}`, []);
      this.heap.prop(p, 'constructor').add(c.id);
      this.heap.prop(c, 'prototype').add(p.id);
      c.protos.clear();
      return c;
    });
  }

  classObject(node: any): AbstractObject {
    const c = this.classShell(node);
    const p = this.heap.object([...c.props.get('prototype')!][0]);
    if (node.superClass) {
      const parents = this.eval(node.superClass);
      for (const s of parents) if (isObjectValue(s)) this.heap.add(c.protos, s);
      for (const sp of this.engine.get(parents, 'prototype', this.site(node.superClass))) if (isObjectValue(sp)) this.heap.add(p.protos, sp);
    } else {
      this.heap.add(c.protos, this.engine.builtin('Function.prototype'));
      this.heap.add(p.protos, this.engine.builtin('Object.prototype'));
    }
    for (const m of node.body.body) {
      if (m.type === 'StaticBlock') {
        this.exec(m);
        continue;
      }
      const target = m.static ? c : p;
      const keys = storeKeys(keysOf(m.key, m.computed, this));
      if (m.type === 'MethodDefinition') {
        if (m.kind === 'constructor') continue;
        const f = this.functionObject(m.value);
        this.heap.add(f.fn!.home, target.id);
        for (const key of keys) {
          if (key === undefined) this.heap.add(target.dyn, f.id);
          else if (m.kind === 'get' || m.kind === 'set') {
            const table = m.kind === 'get' ? target.getters : target.setters;
            this.heap.add(table.cell(key), f.id);
          } else this.heap.add(this.heap.prop(target, key), f.id);
        }
      } else if (m.type === 'PropertyDefinition') {
        const value = m.value ? this.eval(m.value) : new Set([UNDEF]);
        const holders = m.static ? new Set([c.id]) : c.fn!.thisSet;
        for (const key of keys) this.engine.put(holders, key, value, this.site(m));
      } else this.policy.unknown(m, `the class member ${m.type}`);
    }
    return c;
  }

  enclosingFunction(node: any): FunctionSite {
    let p = this.parents.get(node);
    while (p && !FUNCTION_TYPES.has(p.type)) p = this.parents.get(p);
    return p ? this.functionObject(p).fn! : this.top;
  }

  /**
   * The error the engine or a host function throws (a TypeError of `null.x`, ...): one object of every Error
   * prototype of both realms. It is thrown as the code's values are: every catch and rejection handler may
   * receive it (round 25), so each pass begins with it thrown (pass): until 2026-12-03 a rejection handler
   * got it only once some catch clause had asked for it, and `null.x` in a then callback rejected with a
   * TypeError whose constructor's constructor, the Function constructor, went unreported. It may hold what
   * the code threw (a SuppressedError's error and suppressed, when several disposers of a DisposableStack
   * throw; an AggregateError's errors; a cause): those properties are `thrown` itself, one cell, so a throw
   * anywhere is in them without a join that would read `thrown` and make every later throw a growth.
   */
  private engineError(): AbstractObject {
    const thrown = this.engine.thrown;
    const e = this.heap.site('engine-errors', () => {
      const err = this.heap.create('site', 'an error the engine or a host function throws', []);
      for (const id of this.graph.errorPrototypes) err.protos.add(id);
      this.heap.prop(err, 'message').add(STR);
      this.heap.prop(err, 'stack').add(STR);
      for (const key of ['error', 'suppressed', 'cause']) err.props.set(key, thrown);
      const errors = this.heap.create('site', 'the errors of an AggregateError the engine throws', [this.graph.byName.get('Array.prototype')!]);
      errors.props.set('#', thrown);
      this.heap.add(this.heap.prop(err, 'errors'), errors.id);
      return err;
    });
    this.heap.add(thrown, e.id);
    return e;
  }

  enginePrototypeErrors(): VSet {
    return new Set([this.engineError().id]);
  }

  report(node: any, what: string): void {
    this.policy.unknown(node, what);
  }

  returned(values: VSet, node: any): void {
    const site = this.site(node);
    const settled = this.engine.awaitValue(values, site);
    this.engine.handToN8n(settled, new Set([...values, ...settled]), site);
  }

  importFound(node: any, what: string): void {
    this.policy.report(node, 'reaches', `module loading (${what})`, 'is used');
  }

  // --- calls of the code's own functions -----------------------------------------------------

  private callFunction(fnObj: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew: boolean): VSet {
    const f = fnObj.fn!;
    f.called = true;
    this.joinArguments(f, args);
    const how = this.joinReceiver(fnObj, self, args, site, isNew);
    this.evaluateOnCall(f.node);
    return this.callResult(fnObj, how);
  }

  /** Each parameter before a rest parameter gets its argument; the rest parameter's array every argument from its index on; the arguments object all of them. */
  private joinArguments(f: FunctionSite, args: VSet[]): void {
    const heap = this.heap;
    const tail: VSet | undefined = tailOf(args);
    const restAt = f.restAt < 0 ? f.params.length : f.restAt;
    for (let i = 0; i < restAt; i++) heap.join(f.params[i], args[i] ?? tail ?? [UNDEF]);
    if (f.restAt >= 0) {
      for (let i = restAt; i < args.length; i++) heap.join(f.rest, args[i]);
      if (tail) heap.join(f.rest, tail);
    }
    // Argument i at arguments[i]; what a spread or apply gives, at every index ('#').
    const argsObject = heap.object(f.argumentsObject);
    args.forEach((a, i) => heap.join(heap.prop(argsObject, String(i)), a));
    if (tail) heap.join(heap.prop(argsObject, '#'), tail);
  }

  /** `this` (and new.target) of the call; what kind of call it is, for its result. */
  private joinReceiver(fnObj: AbstractObject, self: VSet, args: VSet[], site: CallSite, isNew: boolean): CallKind {
    const f = fnObj.fn!;
    const heap = this.heap;
    if (f.arrow) return 'arrow';
    const isClass = f.node.type === 'ClassDeclaration' || f.node.type === 'ClassExpression' || this.parents.get(f.node)?.kind === 'constructor';
    if (isNew) {
      if (site.tag.endsWith(':super')) {
        heap.join(f.thisSet, self);
      } else {
        const instance = heap.site(`instance:${fnObj.id}`, () => heap.create('site', `an instance of ${fnObj.label}`, []));
        for (const p of this.engine.get([fnObj.id], 'prototype', site)) if (isObjectValue(p)) heap.add(instance.protos, p);
        heap.add(f.thisSet, instance.id);
        heap.add(heap.slot(fnObj, '%newTarget'), fnObj.id);
      }
      const classNode = f.node.type.startsWith('Class') ? f.node : undefined;
      if (classNode?.superClass) this.engine.constructParent(fnObj.protos, f.thisSet, args, site);
      return 'construct';
    }
    if (isClass) return 'class';
    for (const v of self) heap.add(f.thisSet, v === UNDEF && !f.strict ? this.graph.global : v);
    if (f.generator) {
      const gen = heap.site(`generator:${fnObj.id}`, () => heap.create('site', `a generator of ${fnObj.label}`, []));
      for (const p of this.engine.get([fnObj.id], 'prototype', site)) if (isObjectValue(p)) heap.add(gen.protos, p);
      heap.add(heap.slot(gen, '%generator'), fnObj.id);
      return { generator: gen.id };
    }
    return 'call';
  }

  /** What the call gives, once the body has run: the instance, the generator, the promise of or what it returns. */
  private callResult(fnObj: AbstractObject, how: CallKind): VSet {
    const f = fnObj.fn!;
    if (typeof how === 'object') return new Set([how.generator]);
    if (how === 'construct') return new Set([...f.thisSet, ...[...f.returns].filter(isObjectValue)]);
    if (how === 'class') return new Set();
    if (f.async) return new Set([this.engine.promiseOf(f.returns, { node: f.node, tag: `async:${fnObj.id}`, text: fnObj.label }, 'async')]);
    return new Set(f.returns);
  }
}

/**
 * The node's source with whitespace runs collapsed, enough of it to say whether it is longer than 60
 * characters and what its first 57 are: a prefix collapses to a prefix of the whole, so a window of
 * 240 characters usually does (a large function's site no longer collapses all of its text).
 */
function sourceText(source: string, start: number, end: number): string {
  if (end - start > 240) {
    const prefix = source.slice(start, start + 240).replace(/\s+/g, ' ');
    if (prefix.length > 60) return prefix;
  }
  return source.slice(start, end).replace(/\s+/g, ' ');
}

function hasUseStrict(body: any[]): boolean {
  for (const s of body) {
    if (s.type !== 'ExpressionStatement' || typeof s.directive !== 'string') return false;
    if (s.directive === 'use strict') return true;
  }
  return false;
}

export { STR };
