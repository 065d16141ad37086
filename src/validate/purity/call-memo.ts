// The memo of built-in calls within one pass of the fixed point (engine.ts): the same built-in called
// with the same inputs gives what it gave. A call's inputs are its callee, whether it constructs, and the
// values of its receiver, arguments and argument tail, in order: numbers in a buffer with a numeric hash,
// so that a lookup, which every built-in call makes, builds no string. Keys are compared value for value
// (two calls with other inputs are never taken for one, however their hashes fall).
import { tailOf, type VSet } from './heap.js';

export interface MemoKey {
  key: Float64Array;
  hash: number;
}

interface Entry {
  key: Float64Array;
  result: VSet;
  next: Entry | undefined;
}

export class CallMemo {
  private readonly entries = new Map<number, Entry>();
  /** The key being looked up, in a buffer reused (its first probeLength numbers): a lookup allocates nothing. */
  private probe = new Float64Array(64);
  private probeLength = 0;
  private probeHash = 0;
  /** Entries replaced (a call inside a call with the same inputs, at another site, finished first). */
  overwrites = 0;
  /** Lookups that found nothing (the call then ran). */
  misses = 0;

  clear(): void {
    this.entries.clear();
  }

  /** What the call gave earlier in the pass, or undefined (then `missed` holds its inputs, to store its result under). */
  get(f: number, isNew: boolean, self: VSet, args: VSet[]): VSet | undefined {
    this.encode(f, isNew, self, args);
    const found = this.find();
    if (!found) this.misses++;
    return found?.result;
  }

  /** The inputs of the lookup just made, kept before the call runs (it may grow the very sets it was given). */
  missed(): MemoKey {
    return { key: this.probe.slice(0, this.probeLength), hash: this.probeHash };
  }

  set(inputs: MemoKey, result: VSet): void {
    for (let e = this.entries.get(inputs.hash); e; e = e.next) {
      if (sameKey(e.key, inputs.key, inputs.key.length)) {
        this.overwrites++;
        e.result = result;
        return;
      }
    }
    this.entries.set(inputs.hash, { key: inputs.key, result, next: this.entries.get(inputs.hash) });
  }

  private find(): Entry | undefined {
    for (let e = this.entries.get(this.probeHash); e; e = e.next) if (sameKey(e.key, this.probe, this.probeLength)) return e;
    return undefined;
  }

  private encode(f: number, isNew: boolean, self: VSet, args: VSet[]): void {
    this.probeLength = 0;
    this.probeHash = 0x811c9dc5;
    this.push(f);
    this.push(isNew ? 1 : 0);
    this.pushSet(self);
    // One argument without a value is keyed as none (as the text key this replaced did).
    const count = args.length === 1 && args[0].size === 0 ? 0 : args.length;
    this.push(count);
    for (let i = 0; i < count; i++) this.pushSet(args[i]);
    const tail = tailOf(args);
    // No tail and an empty one are keyed alike.
    this.pushSet(tail ?? EMPTY);
  }

  private pushSet(s: VSet): void {
    this.push(s.size);
    // forEach, not a loop: a loop makes an iterator per set, and every built-in call keys several (a cell's forEach is a read of it, as its loop is).
    s.forEach(this.pushValue);
  }

  private readonly pushValue = (x: number): void => this.push(x);

  private push(x: number): void {
    if (this.probeLength === this.probe.length) {
      const larger = new Float64Array(this.probe.length * 2);
      larger.set(this.probe);
      this.probe = larger;
    }
    this.probe[this.probeLength++] = x;
    // FNV-1a over the number's low and high 32 bits (a sum may pass 2^32).
    this.probeHash = Math.imul(this.probeHash ^ (x | 0), 16777619);
    this.probeHash = Math.imul(this.probeHash ^ ((x / 4294967296) | 0), 16777619);
  }
}

const EMPTY: VSet = new Set();

export function sameInputs(a: MemoKey, b: MemoKey): boolean {
  return a.hash === b.hash && sameKey(a.key, b.key, b.key.length);
}

/** What a built-in call gave, by its site and its inputs, kept over the passes (engine.ts: a call inside the same call is given it). */
export class ResultsBySite {
  private readonly bySite = new Map<string, Map<number, { inputs: MemoKey; result: VSet }[]>>();

  get(inputs: MemoKey, tag: string): VSet | undefined {
    const chain = this.bySite.get(tag)?.get(inputs.hash);
    if (chain) for (const e of chain) if (sameInputs(e.inputs, inputs)) return e.result;
    return undefined;
  }

  set(inputs: MemoKey, tag: string, result: VSet): void {
    let byHash = this.bySite.get(tag);
    if (!byHash) this.bySite.set(tag, (byHash = new Map()));
    let chain = byHash.get(inputs.hash);
    if (!chain) byHash.set(inputs.hash, (chain = []));
    for (const e of chain) {
      if (sameInputs(e.inputs, inputs)) {
        e.result = result;
        return;
      }
    }
    chain.push({ inputs, result });
  }
}

function sameKey(a: Float64Array, b: Float64Array, length: number): boolean {
  if (a.length !== length) return false;
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}
