// Validation on several threads for large repositories: the files are split into contiguous
// batches, one per thread (this one included).
// 1. prepare: each thread parses its batch, collects the facts cross-workflow rules need and the
//    distinct JavaScript Code bodies it holds;
// 2. analyze: each distinct body (repositories repeat bodies: shipped primitives, copied nodes) is
//    analysed once, by one thread that holds it, unless `--cache` holds its analysis already (this
//    thread looks each body up, and stores what the others analysed); every thread gets the
//    analyses of the bodies it holds but did not analyse;
// 3. check: the rules run on each batch against the merged facts.
// Results come back in input order, with exactly the findings of a serial run.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EnvFile } from '../envs/env-file.js';
import { checkPrepared, javascriptBodies, mergeFacts, prepareFiles, validateFiles, type FileResult, type Input, type PreparedFiles, type ValidateOptions } from './engine.js';
import { analyzeJavaScript, persistentAnalysesInUse, rememberAnalysis, type CodeProblem } from './js-analysis.js';
import type { RepoFacts } from './types.js';
import type { FunctionDefinition } from './function-nodes.js';

/** What crosses to a worker: plain data only (an env's YAML document stays here). */
export interface WireOptions extends Omit<ValidateOptions, 'envs' | 'workflowKeys'> {
  envs: Array<Pick<EnvFile, 'name' | 'file' | 'data'>>;
  workflowKeys: string[];
}

export type WireFacts = { ttlByScope: Array<[string, Array<{ file: string; ttl: unknown }>]>; functions: Array<[string, FunctionDefinition[]]> };

export type ToWorker =
  | { type: 'prepare'; inputs: Input[] }
  /** Analyse these of your bodies (indexes into your `javascript`); then remember the given analyses of others. */
  | { type: 'analyze'; indexes: number[] }
  | { type: 'check'; facts: WireFacts; options: WireOptions; analyses: Array<[number, CodeProblem[]]> };
export type FromWorker =
  | { type: 'prepared'; facts: WireFacts; javascript: string[] }
  | { type: 'analyzed'; analyses: CodeProblem[][] }
  | { type: 'results'; results: FileResult[] }
  | { type: 'error'; message: string };

/** One thread's side of the protocol, used by the worker and, for its own batch, by this thread. */
export class BatchSession {
  private prepared?: PreparedFiles;
  private bodies: string[] = [];

  handle(message: ToWorker): FromWorker {
    if (message.type === 'prepare') {
      this.prepared = prepareFiles(message.inputs);
      this.bodies = javascriptBodies(this.prepared);
      return { type: 'prepared', facts: toWireFacts(this.prepared.facts), javascript: this.bodies };
    }
    if (!this.prepared) throw new Error(`${message.type} before prepare`);
    const bodies = this.bodies;
    if (message.type === 'analyze') return { type: 'analyzed', analyses: message.indexes.map((i) => analyzeJavaScript(bodies[i])) };
    for (const [i, problems] of message.analyses) rememberAnalysis(bodies[i], problems);
    return { type: 'results', results: checkPrepared(this.prepared, fromWireFacts(message.facts), fromWireOptions(message.options)) };
  }
}

export const toWireFacts = (facts: RepoFacts): WireFacts => ({ ttlByScope: [...facts.ttlByScope], functions: [...facts.functions] });
export const fromWireFacts = (facts: WireFacts): RepoFacts => ({ workflowKeys: new Set(), ttlByScope: new Map(facts.ttlByScope), functions: new Map(facts.functions) });
export const fromWireOptions = (options: WireOptions): ValidateOptions => ({ ...options, envs: options.envs as EnvFile[], workflowKeys: new Set(options.workflowKeys) });

/** Below this many files a thread's start-up (~250 ms: it loads the whole engine) costs more than it saves. */
export const PARALLEL_THRESHOLD = 200;

/**
 * Below this many cores `--concurrency auto` stays on one thread. Measured on a 2-core machine
 * (corpus x4, 1,392 files, `npm run bench`): two threads median 1.38-1.63 s against 1.21-1.28 s
 * for one, because the analysis (acorn + eslint-scope, allocation-heavy) ran at half speed on each
 * thread while both ran (1.15-1.4 s each for a half that takes 0.57-0.6 s alone), and the second
 * thread's start-up comes on top. `--concurrency <n>` forces threads on any machine.
 */
export const PARALLEL_MIN_CORES = 4;

/** How many threads `auto` uses: one per core (at most 8, at least 100 files each) on machines with enough cores. */
export function threadsFor(files: number, cores = availableParallelism()): number {
  if (files < PARALLEL_THRESHOLD || cores < PARALLEL_MIN_CORES) return 1;
  return Math.max(1, Math.min(cores, 8, Math.floor(files / (PARALLEL_THRESHOLD / 2))));
}

/** Contiguous batches of about equal text size, in input order. */
export function batches(inputs: Input[], count: number): Input[][] {
  const total = inputs.reduce((sum, input) => sum + input.text.length, 0);
  const out: Input[][] = [[]];
  let size = 0;
  for (const input of inputs) {
    if (size >= (total / count) * out.length && out.length < count) out.push([]);
    out[out.length - 1].push(input);
    size += input.text.length;
  }
  return out.filter((batch) => batch.length > 0);
}

class BatchWorker {
  private readonly worker = new Worker(new URL('./worker.js', import.meta.url));
  private pending?: { resolve: (message: FromWorker) => void; reject: (error: Error) => void };

  constructor() {
    this.worker.on('message', (message: FromWorker) => {
      const pending = this.pending;
      this.pending = undefined;
      if (message.type === 'error') pending?.reject(new Error(message.message));
      else pending?.resolve(message);
    });
    this.worker.on('error', (error) => this.pending?.reject(error));
    this.worker.on('exit', (code) => this.pending?.reject(new Error(`validation worker exited (${code})`)));
  }

  ask(message: ToWorker): Promise<FromWorker> {
    // An error reply rejects (see the constructor); anything else is the step's answer.
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Validates on `threads` threads (default: threadsFor the file count); the same results as validateFiles. */
export async function validateFilesInParallel(inputs: Input[], options: ValidateOptions, threads = threadsFor(inputs.length)): Promise<FileResult[]> {
  if (threads <= 1) return validateFiles(inputs, options);
  // Plain copies: a worker receives an object's own fields only (the CLI's inputs decode their text on demand).
  const parts = batches(
    inputs.map(({ file, text }) => ({ file, text })),
    threads,
  );
  const workers = parts.slice(1).map(() => new BatchWorker());
  const local = new BatchSession();
  // Thread 0 is this one: its steps run between sending the others theirs and awaiting them.
  const all = async <T extends FromWorker>(messages: ToWorker[]): Promise<T[]> => {
    const remote = workers.map((w, i) => w.ask(messages[i + 1]));
    const own = local.handle(messages[0]);
    return [own, ...(await Promise.all(remote))] as T[];
  };
  try {
    const prepared = await all<Extract<FromWorker, { type: 'prepared' }>>(parts.map((batch) => ({ type: 'prepare', inputs: batch })));
    const facts = toWireFacts(mergeFacts(prepared.map((p) => fromWireFacts(p.facts))));
    // Each distinct body is analysed once, by one of the threads that hold it: the one with the
    // least work so far (bodies by size, largest first), so the analyses spread evenly.
    const holders = new Map<string, number[]>();
    prepared.forEach((p, thread) => p.javascript.forEach((body) => (holders.get(body) ?? holders.set(body, []).get(body)!).push(thread)));
    // The `--cache` store lives on this thread: what it holds is analysed by no thread.
    const store = persistentAnalysesInUse();
    const analysis = new Map<string, CodeProblem[]>();
    for (const body of holders.keys()) {
      const stored = store?.lookup(body);
      if (stored) analysis.set(body, stored);
    }
    const owner = new Map<string, number>();
    const load = prepared.map(() => 0);
    for (const body of [...holders.keys()].filter((b) => !analysis.has(b)).sort((a, b) => b.length - a.length)) {
      const thread = holders.get(body)!.reduce((best, t) => (load[t] < load[best] ? t : best));
      owner.set(body, thread);
      load[thread] += body.length;
    }
    const assigned = prepared.map((p, thread) => p.javascript.flatMap((body, index) => (owner.get(body) === thread ? [index] : [])));
    const analyzed = await all<Extract<FromWorker, { type: 'analyzed' }>>(assigned.map((indexes) => ({ type: 'analyze', indexes })));
    analyzed.forEach((m, thread) =>
      m.analyses.forEach((problems, k) => {
        const body = prepared[thread].javascript[assigned[thread][k]];
        analysis.set(body, problems);
        // This thread's own went through analyzeJavaScript, which told the store already.
        if (thread > 0) store?.computed(body, problems);
      }),
    );
    const wire: WireOptions = {
      ...options,
      envs: options.envs.map(({ name, file, data }) => ({ name, file, data })),
      workflowKeys: [...(options.workflowKeys ?? [])],
    };
    const checked = await all<Extract<FromWorker, { type: 'results' }>>(
      prepared.map((p, thread) => ({
        type: 'check',
        facts,
        options: wire,
        analyses: p.javascript.flatMap((body, index): Array<[number, CodeProblem[]]> => (owner.get(body) === thread ? [] : [[index, analysis.get(body)!]])),
      })),
    );
    return checked.flatMap((m) => m.results);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
