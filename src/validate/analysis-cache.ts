// `validate --cache`, as ESLint's --cache keeps results between runs, in two layers of one file,
// both stamped with a fingerprint of n8n-lock's own validating code (a changed n8n-lock, a new
// rule or a fixed bypass, discards the whole file):
// 1. The Code-body analyses (acorn, scope analysis, value flow: most of a cold run's time), keyed
//    by the SHA-256 of the body. An analysis depends on nothing else (not the config, which only
//    maps findings to severities afterwards, not other files, not the environments).
// 2. The last run's results, under one key over EVERYTHING a result depends on: every checked
//    file's path and content, the rule settings, the environments, the workflow keys, the options.
//    A repository, CI run or pre-commit run whose inputs are unchanged gets the results back without
//    parsing a workflow; any change misses the whole layer (cross-workflow rules make one file's
//    findings depend on the others), and layer 1 still spares the analyses of unchanged bodies.
// So a hit can never be stale. Pure apart from hashing.
import { createHash } from 'node:crypto';
import type { FileResult, Input } from './engine.js';
import type { CodeProblem, PersistentAnalyses } from './js-analysis.js';

const MARKER = 'n8n-lock-cache';
const VERSION = 2;
/** Entries kept at most (the oldest go first): about 100 bytes each, bodies repeat across runs. */
export const MAX_ENTRIES = 50_000;
export const CACHE_FILE = '.n8n-lock-cache.json';

const sha256 = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

/**
 * The key of a run's results: every input (path and content) and everything else they depend on.
 * An input read from disk is hashed as its bytes, without decoding it (the text is UTF-8 of them).
 */
export function runKey(inputs: Input[], context: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(context));
  for (const input of inputs) hash.update(`\u0000${input.file}\u0000${sha256(input.bytes ?? input.text)}`);
  return hash.digest('hex');
}

/** The fingerprint of the analysing code: the texts of the modules that decide an analysis. */
export function analysisFingerprint(moduleTexts: string[]): string {
  return sha256(moduleTexts.join('\u0000'));
}

export class AnalysisCache implements PersistentAnalyses {
  private readonly entries: Map<string, CodeProblem[]>;
  private lastRun?: { key: string; results: FileResult[] };
  hits = 0;
  misses = 0;
  /**
   * Bodies looked up in vain and not yet computed, with their hash: the analysis is stored under
   * the hash already computed, and a second lookup of the same body (the threads' coordinator
   * looks every body up, then this thread's analyzeJavaScript its own) hashes and counts nothing.
   */
  private readonly missed = new Map<string, string>();

  private constructor(private readonly fingerprint: string, entries: Map<string, CodeProblem[]>, lastRun?: { key: string; results: FileResult[] }) {
    this.entries = entries;
    this.lastRun = lastRun;
  }

  /** From a cache file's text; one that is unreadable, foreign or of another n8n-lock starts empty (a cache is never an input error). */
  static load(text: string | undefined, fingerprint: string): AnalysisCache {
    let entries = new Map<string, CodeProblem[]>();
    let lastRun: { key: string; results: FileResult[] } | undefined;
    try {
      const data = text === undefined ? undefined : (JSON.parse(text) as { [MARKER]?: number; fingerprint?: string; analyses?: Record<string, CodeProblem[]>; lastRun?: { key?: unknown; results?: unknown } });
      if (data?.[MARKER] === VERSION && data.fingerprint === fingerprint && data.analyses && typeof data.analyses === 'object') {
        entries = new Map(Object.entries(data.analyses));
        if (typeof data.lastRun?.key === 'string' && Array.isArray(data.lastRun.results)) lastRun = { key: data.lastRun.key, results: data.lastRun.results as FileResult[] };
      }
    } catch {
      /* a broken cache is an empty one */
    }
    return new AnalysisCache(fingerprint, entries, lastRun);
  }

  lookup(source: string): CodeProblem[] | undefined {
    if (this.missed.has(source)) return undefined;
    const key = sha256(source);
    const problems = this.entries.get(key);
    if (problems) {
      this.hits++;
      // Most recently used last, so the oldest are the first dropped.
      this.entries.delete(key);
      this.entries.set(key, problems);
    } else {
      this.misses++;
      this.missed.set(source, key);
    }
    return problems;
  }

  computed(source: string, problems: CodeProblem[]): void {
    this.entries.set(this.missed.get(source) ?? sha256(source), problems);
    this.missed.delete(source);
  }

  /** The results of the last run when its key is `key` (the same inputs and context), else undefined. */
  resultsFor(key: string): FileResult[] | undefined {
    return this.lastRun?.key === key ? this.lastRun.results : undefined;
  }

  /** Remembers this run's results (only the last run's are kept). */
  storeResults(key: string, results: FileResult[]): void {
    this.lastRun = { key, results };
  }

  serialize(): string {
    const kept = [...this.entries].slice(-MAX_ENTRIES);
    return `${JSON.stringify({ [MARKER]: VERSION, fingerprint: this.fingerprint, analyses: Object.fromEntries(kept), ...(this.lastRun ? { lastRun: this.lastRun } : {}) })}\n`;
  }
}
