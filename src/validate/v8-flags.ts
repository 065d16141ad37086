import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags validate sets for itself (src/cli/validate.ts), before it loads the rules: each is read when V8
 * optimises a function or decides where to allocate, so it holds for everything after, worker threads
 * included. The benches set them too (scripts/bench/purity.mjs), so that they time what validate runs.
 *
 * - `--no-turbo-inlining`: a cold run is short and its hot code is large (acorn, eslint-scope, the
 *   analyses): TurboFan compiles it in the background while the run goes on, on the same 2 cores
 *   (compiling on the main thread instead makes the run 1.7x as long: that much compiling there is), and
 *   inlining puts each callee's code into every caller it compiles. Without inlining, medians of 5
 *   alternating runs on Node 20: 2,352 templates 2.28 -> 1.93 s, 348 files 0.63 -> 0.53 s (Node 24, whose
 *   Maglev tier warms up sooner: 1.78 -> 1.62 s), the findings byte for byte the same.
 * - `--no-allocation-site-pretenuring`: the points-to analysis (src/validate/purity) makes the objects
 *   of a body's heap (object literals holding Maps and Sets) afresh for every body, and they die with it.
 *   V8 marks an allocation site tenured once nearly all it made outlived a scavenge
 *   (`--trace-pretenuring-statistics` shows sites at ratios of 1.0 early in a run) and from then on
 *   allocates what it makes in the old generation, where it stays as garbage until a full GC and keeps the
 *   young Maps and Sets it points at alive through every scavenge. Measured with `--trace-gc-nvp`: 12,000
 *   analyses of `return items;` 594-1,080 MB promoted by scavenges and 0.8-1.4 s of scavenge pauses, against
 *   157 MB and 0.27 s without it (2.9 -> 1.6 s in all); the 1,935 distinct template bodies 492 -> 166 MB and
 *   877 -> 478 ms, and their analysis, medians of 5 alternating fresh processes, 4,826 -> 4,256 ms.
 */
const VALIDATE_V8_FLAGS: readonly string[] = ['--no-turbo-inlining', '--no-allocation-site-pretenuring'];

export function useValidateV8Flags(): void {
  for (const flag of VALIDATE_V8_FLAGS) setFlagsFromString(flag);
}
