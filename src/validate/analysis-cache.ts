// `validate --cache`: the Code-body analyses (acorn, scope analysis, value flow: most of validate's
// time) kept in a file between runs, as ESLint's --cache keeps results. Keyed by the SHA-256 of the
// body and stamped with a fingerprint of the analysing code itself: an analysis depends on nothing
// else (not the config, which only maps findings to severities afterwards, not other files, not
// the environments), so a hit can never be stale, and a changed n8n-lock (a new rule, a fixed
// bypass) discards the whole file. Everything else (parsing the workflows, the rules over the
// graph, cross-workflow facts) runs every time. Pure apart from hashing.
import { createHash } from 'node:crypto';
import type { CodeProblem, PersistentAnalyses } from './js-analysis.js';

const MARKER = 'n8n-lock-cache';
const VERSION = 1;
/** Entries kept at most (the oldest go first): about 100 bytes each, bodies repeat across runs. */
export const MAX_ENTRIES = 50_000;
export const CACHE_FILE = '.n8n-lock-cache.json';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The fingerprint of the analysing code: the texts of the modules that decide an analysis. */
export function analysisFingerprint(moduleTexts: string[]): string {
  return sha256(moduleTexts.join('\u0000'));
}

export class AnalysisCache implements PersistentAnalyses {
  private readonly entries: Map<string, CodeProblem[]>;
  hits = 0;
  misses = 0;
  /** The last body looked up in vain: analysed next, then stored under the hash already computed. */
  private missed?: { source: string; key: string };

  private constructor(private readonly fingerprint: string, entries: Map<string, CodeProblem[]>) {
    this.entries = entries;
  }

  /** From a cache file's text; one that is unreadable, foreign or of another n8n-lock starts empty (a cache is never an input error). */
  static load(text: string | undefined, fingerprint: string): AnalysisCache {
    let entries = new Map<string, CodeProblem[]>();
    try {
      const data = text === undefined ? undefined : (JSON.parse(text) as { [MARKER]?: number; fingerprint?: string; analyses?: Record<string, CodeProblem[]> });
      if (data?.[MARKER] === VERSION && data.fingerprint === fingerprint && data.analyses && typeof data.analyses === 'object') entries = new Map(Object.entries(data.analyses));
    } catch {
      /* a broken cache is an empty one */
    }
    return new AnalysisCache(fingerprint, entries);
  }

  lookup(source: string): CodeProblem[] | undefined {
    const key = sha256(source);
    const problems = this.entries.get(key);
    if (problems) {
      this.hits++;
      // Most recently used last, so the oldest are the first dropped.
      this.entries.delete(key);
      this.entries.set(key, problems);
    } else {
      this.misses++;
      this.missed = { source, key };
    }
    return problems;
  }

  computed(source: string, problems: CodeProblem[]): void {
    this.entries.set(this.missed?.source === source ? this.missed.key : sha256(source), problems);
    this.missed = undefined;
  }

  serialize(): string {
    const kept = [...this.entries].slice(-MAX_ENTRIES);
    return `${JSON.stringify({ [MARKER]: VERSION, fingerprint: this.fingerprint, analyses: Object.fromEntries(kept) })}\n`;
  }
}
