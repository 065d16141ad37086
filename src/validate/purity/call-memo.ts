// The memo of built-in calls within one pass of the fixed point (engine.ts): the same built-in called
// with the same inputs gives what it gave. Inputs are told apart as the text key `f|new|self|args|tail`
// of fingerprints did (callInputs): a set of up to 24 values by its values in order, a larger one by its
// size, sum and a mixed hash. Here the key is numbers in a buffer and a numeric hash, so that a lookup,
// which every built-in call makes, builds no string.
import type { VSet } from './heap.js';

export interface MemoKey {
  key: Float64Array;
  hash: number;
}

interface Entry {
  key: Float64Array;
  result: VSet;
  next: Entry | undefined;
}

/** Marks a set's fingerprint as size, sum and mixed hash (a value is never negative). */
const LARGE = -1;

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
    // The text key joined the arguments' fingerprints: one empty argument read as none.
    const count = args.length === 1 && args[0].size === 0 ? 0 : args.length;
    this.push(count);
    for (let i = 0; i < count; i++) this.pushSet(args[i]);
    const tail = (args as VSet[] & { tail?: VSet }).tail;
    // No tail and an empty one had the same text.
    this.pushSet(tail ?? EMPTY);
  }

  private pushSet(s: VSet): void {
    if (s.size <= 24) {
      this.push(s.size);
      for (const v of s) this.push(v);
      return;
    }
    let sum = 0;
    let mix = 0;
    for (const v of s) {
      sum += v;
      mix = (mix ^ Math.imul(v, 2654435761)) >>> 0;
    }
    this.push(LARGE);
    this.push(s.size);
    this.push(sum);
    this.push(mix);
  }

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

function sameKey(a: Float64Array, b: Float64Array, length: number): boolean {
  if (a.length !== length) return false;
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}
