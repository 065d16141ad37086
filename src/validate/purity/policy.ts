// The policy of code-purity as a question about the points-to result: can a capability object flow
// to an operation that invokes it, writes to it, reads it (the environment) or returns it? A built-in
// is shared by everything in the sandbox, so any write to one is reported too. Findings name the
// expression and the capability in one line; one reached only through an over-approximation (weak)
// is "cannot be proven pure", otherwise it "reaches".
import type { CallSite, Key } from './engine.js';
import { type AbstractObject, Heap, isObjectValue, isWeak, objectOf, type VSet, tailOf } from './heap.js';
import { ENGINE_FUNCTIONS } from './n8n-model.js';

export interface PurityFinding {
  node: any;
  verdict: 'reaches' | 'unprovable' | 'builtinWrite';
  /** "`byTag[tag].push` may be Object.prototype.__defineGetter__". */
  what: string;
  /** "and is called". */
  use: string;
  /** A finding about a capability: the expression, what it may be (several, once findings are grouped), and whether only an over-approximation gives it. */
  about?: CapabilityFlow;
}

export interface CapabilityFlow {
  expression: string;
  capabilities: string[];
  weak: boolean;
}

const WEAK_NOTE = ' (a key known only at run time, or a built-in without a summary, may give it)';

/** "`x` may be A", "`x` may be A, B or C", up to four named, "`x` may be A, B, C or 9 more", with the weak note. */
export function flowText(flow: CapabilityFlow): string {
  const all = flow.capabilities;
  const named = all.length <= 4 ? all : all.slice(0, 3);
  const last = all.length <= 4 ? all[all.length - 1] : `${all.length - 3} more`;
  const list = all.length === 1 ? all[0] : `${(all.length <= 4 ? named.slice(0, -1) : named).join(', ')} or ${last}`;
  return `\`${flow.expression}\` may be ${list}${flow.weak ? WEAK_NOTE : ''}`;
}

/**
 * One finding per expression, use and verdict, naming every capability it may be in one line: a read
 * at a run-time key may give a dozen capabilities (Object.prototype's reflection methods in both realms),
 * each of which was a finding of its own. In order of the first finding of each.
 */
export function onePerExpression(findings: PurityFinding[]): PurityFinding[] {
  const out: PurityFinding[] = [];
  const groups = new Map<string, PurityFinding & { about: CapabilityFlow }>();
  for (const f of findings) {
    if (!f.about) {
      out.push(f);
      continue;
    }
    const key = `${f.node.start}:${f.node.end}:${f.verdict}:${f.use}:${f.about.weak}:${f.about.expression}`;
    const group = groups.get(key);
    if (!group) {
      const first = { ...f, about: { ...f.about, capabilities: [...f.about.capabilities] } };
      groups.set(key, first);
      out.push(first);
      continue;
    }
    for (const c of f.about.capabilities) if (!group.about.capabilities.includes(c)) group.about.capabilities.push(c);
    group.what = flowText(group.about);
  }
  return out;
}

const hasObject = (values: VSet): boolean => {
  for (const v of values) if (isObjectValue(v)) return true;
  return false;
};

/** Capabilities whose mere reading leaks what n8n must keep: its environment and secrets, and another task's values (which may be them). */
const READ_DENIED = new Set(['env', 'process', 'task']);
/**
 * Capabilities that leak when handed to n8n (returned, logged, stored in the static data): n8n serializes
 * what it is handed (JSON.stringify drops a function, not an object) and reads it. A function n8n is handed
 * it drops and never calls (the runner sends a task's result as JSON): a compiler is reported only when the
 * code hands one over for certain, and the helper functions and $evaluateExpression not at all.
 */
const RETURN_DENIED = new Set(['global', 'env', 'process', 'helpers', 'require', 'module', 'task']);

export class Policy {
  reporting = false;
  /** Called at a body's first finding (of any pass): from then on it cannot be proven pure, whatever the rest finds. */
  onFirstFinding: (() => void) | undefined;
  private found = false;
  /** Every report asked for, kept or not (an operation that asks none reported nothing). */
  reportCalls = 0;
  readonly findings: PurityFinding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly heap: Heap,
    /** Whether a write of `key` to the global object only adds a variable (the key is absent from it). */
    private readonly absentFromGlobal: (key: string) => boolean,
    private readonly globalId: number,
    /** n8n's data names on the global object (items, item, $json, ...): a write there changes data, which the analysis follows. */
    private readonly dataKeys: ReadonlySet<string> = new Set(),
    /** The built-ins a write of primitives only may change (BuiltinGraph.primitiveWritable). */
    private readonly primitiveWritable: ReadonlySet<number> = new Set(),
  ) {}

  /** Forgets what was found so far (a new pass of the fixed point asks again). */
  clearFindings(): void {
    this.findings.length = 0;
    this.seen.clear();
  }

  report(node: any, verdict: PurityFinding['verdict'], what: string | CapabilityFlow, use: string): void {
    this.reportCalls++;
    if (!this.reporting) return;
    const text = typeof what === 'string' ? what : flowText(what);
    const key = `${node.start}:${verdict}:${text}:${use}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(typeof what === 'string' ? { node, verdict, what, use } : { node, verdict, what: text, use, about: what });
    if (!this.found) {
      this.found = true;
      this.onFirstFinding?.();
    }
  }

  private describe(v: number, site: CallSite, o: AbstractObject): CapabilityFlow {
    return { expression: site.text, capabilities: [o.cap?.label ?? o.outlivesTask ?? o.label], weak: isWeak(v) };
  }

  /** A call or construction of `f`: false when f is a capability (reported, and not followed). */
  invoke(f: number, site: CallSite, implicit: boolean): boolean {
    const o = this.heap.object(f);
    if (!o.cap) return true;
    const use = implicit ? 'and the engine calls it implicitly' : 'and is called';
    this.report(site.node, isWeak(f) ? 'unprovable' : 'reaches', this.describe(f, site, o), use);
    return false;
  }

  read(v: number, _key: Key, site: CallSite): void {
    if (!isObjectValue(v)) return;
    const o = this.heap.object(v);
    if (o.cap && READ_DENIED.has(o.cap.kind)) this.report(site.node, isWeak(v) ? 'unprovable' : 'reaches', this.describe(v, site, o), 'and a property of it is read');
  }

  /**
   * A built-in (or a function of n8n's) called with a capability whose mere reading leaks ($env, $secrets,
   * process) as its receiver or an argument: it may read it (Object.keys, Object.entries, Object.assign,
   * hasOwn, ...), so it is reported. The code's own functions are not: their reads are the analysis's. Nor
   * are the engine's resolving functions: they only keep what they are given as a promise's value (the
   * resolution's own read of `then` is the engine's, asked of the policy there), and what reads it later
   * is analysed.
   */
  handedTo(fn: AbstractObject, self: VSet, args: VSet[], site: CallSite): void {
    if (ENGINE_FUNCTIONS.has(fn.model ?? '')) return;
    // The receiver, each argument and what a spread hands on, each looked at in place (a built-in call's every call comes here: no array of them).
    this.handedReadDenied(fn, self, site);
    for (let i = 0; i < args.length; i++) this.handedReadDenied(fn, args[i], site);
    const tail: VSet | undefined = tailOf(args);
    if (tail) this.handedReadDenied(fn, tail, site);
  }

  private handedReadDenied(fn: AbstractObject, values: VSet, site: CallSite): void {
    for (const v of values) {
      if (!isObjectValue(v)) continue;
      const o = this.heap.object(v);
      if (o.cap && READ_DENIED.has(o.cap.kind)) this.report(site.node, isWeak(v) ? 'unprovable' : 'reaches', this.describe(v, site, o), `and is handed to ${fn.cap?.label ?? fn.label}, which may read it`);
    }
  }

  /**
   * A write of `key` to `v`: the object to store into (an overlay for a new global variable, or for what
   * the code stores on a built-in it may change), or undefined when it is reported.
   */
  write(v: number, key: Key, values: VSet, site: CallSite): AbstractObject | undefined {
    const o = this.heap.object(v);
    if (o.id === this.globalId && key !== undefined && (this.absentFromGlobal(key) || this.dataKeys.has(key))) return this.heap.overlay(o);
    // `groups[k].total = 0` with k from data may write a property of Object.prototype.hasOwnProperty
    // (k = 'hasOwnProperty'): a primitive on a function of the task's own realm that no object inherits
    // from. Nothing but the code reads it (the realm dies with the task), and the code's reads see it in the
    // overlay; a built-in that reads it gets a primitive, which it cannot call or be handed a capability
    // by. Every pass asks again, so a value that later grows an object is reported then.
    if (this.primitiveWritable.has(o.id) && !hasObject(values)) return this.heap.overlay(o);
    // A built-in, or one of n8n's values the runner keeps from task to task: `DateTime.now = () => x` changes
    // what every later task of the runner, of any workflow, calls.
    if (o.kind === 'builtin' || o.outlivesTask !== undefined) {
      this.report(site.node, isWeak(v) ? 'unprovable' : 'builtinWrite', this.describe(v, site, o), `and ${writtenAt(key)} is written`);
      return undefined;
    }
    if (o.cap) {
      this.report(site.node, isWeak(v) ? 'unprovable' : 'reaches', this.describe(v, site, o), 'and is written');
      return undefined;
    }
    // Node's own state (its timer lists, reached through a timer's _idleNext: `t._idleNext._idlePrev = x` is the list
    // every later setTimeout of that duration joins) is the runner's, as a built-in is.
    if (o.js && o.kind === 'site') {
      this.report(site.node, isWeak(v) ? 'unprovable' : 'builtinWrite', this.describe(v, site, o), `and ${writtenAt(key)} is written (Node's own state, which every later task of the runner shares)`);
      return undefined;
    }
    // A timer's list fields are Node's timer lists, which every later task's timers of that duration join: Node
    // relinks what they hold into its lists when the timer is cleared, refreshed, unref'd, disposed or fires
    // (lib/internal/linkedlist.js remove, listOnTimeout), and finds the list by _idleTimeout and its expiry by
    // _idleStart (round 33: 41 bodies planted a value in the list a later task's setTimeout joined, or stopped every
    // later setImmediate). Writing one is changing what every later task sees.
    if (o.timer && (key === undefined || TIMER_LIST_FIELDS.has(key))) {
      this.report(site.node, isWeak(v) ? 'unprovable' : 'builtinWrite', this.describe(v, site, o), `and ${writtenAt(key)} is written (Node links its timer lists, which every later task's timers join, through it)`);
      return undefined;
    }
    return o;
  }

  /** What the code hands back to n8n (its return value, what it logs, its static data), prototypes included; or to whoever holds `own` already (Node's own JavaScript its global object). */
  returned(values: VSet, site: CallSite, use = 'and is returned to n8n', own?: number): void {
    for (const v of this.heap.reach(values, true, undefined, true)) {
      if (!isObjectValue(v) || objectOf(v) === own) continue;
      const o = this.heap.object(v);
      if (!o.cap) continue;
      if (RETURN_DENIED.has(o.cap.kind) || (o.cap.kind === 'compiler' && !isWeak(v))) this.report(site.node, isWeak(v) ? 'unprovable' : 'reaches', this.describe(v, site, o), use);
    }
  }

  /** Syntax or an operation the analysis has no rule for: never a pass. */
  unknown(node: any, what: string): void {
    this.report(node, 'unprovable', what, 'has no rule in the analysis');
  }
}

/** Where a write of `key` lands, for messages. */
const writtenAt = (key: Key): string => (key === undefined ? 'a property known only at run time' : `its ${key}`);

/** The fields of a Timeout or an Immediate through which Node keeps its timer lists (Policy.write). */
const TIMER_LIST_FIELDS: ReadonlySet<string> = new Set(['_idlePrev', '_idleNext', '_idleTimeout', '_idleStart']);
