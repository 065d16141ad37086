import { acornWalk } from '../workflow/parsers.js';
import { analyzeParsed, parseBody, type PurityFinding } from './purity/index.js';

/**
 * A problem found in Code-node source, at a range of character indexes; `messageId` and `data`
 * name the message of the rule that reports it (code-purity or code-nondeterminism).
 */
export interface CodeProblem {
  index: number;
  end: number;
  line: number;
  kind: 'impure' | 'nondeterministic' | 'syntax';
  messageId: string;
  data: Record<string, string>;
}

/**
 * Finds impure and non-deterministic constructs in a Code node's JavaScript: parsed as n8n runs it
 * (purity/index.ts parseBody), purity by the points-to analysis over n8n's real built-ins
 * (src/validate/purity, docs/rules/code-purity.md), the clock and randomness by the global names
 * that read them.
 */
export function analyzeJavaScript(source: string): CodeProblem[] {
  // Two rules (purity, non-determinism) ask about the same body: analyze each body once.
  const cached = analysisCache.get(source);
  if (cached) return cached;
  const stored = persistentAnalyses?.lookup(source);
  const problems = stored ?? analyzeUncached(source);
  if (!stored) persistentAnalyses?.computed(source, problems);
  rememberAnalysis(source, problems);
  return problems;
}

/**
 * Analyses kept across runs (`validate --cache`): looked up before analysing a body, told of every
 * body analysed. An analysis depends on the body's text and this code only, never on the config or
 * on other files, so a store keyed by both is never stale (src/validate/analysis-cache.ts).
 */
export interface PersistentAnalyses {
  lookup(source: string): CodeProblem[] | undefined;
  computed(source: string, problems: CodeProblem[]): void;
}

let persistentAnalyses: PersistentAnalyses | undefined;

export function usePersistentAnalyses(store: PersistentAnalyses | undefined): void {
  persistentAnalyses = store;
}

/** The store in use on this thread, if any (the threads' coordinator consults it for all of them). */
export const persistentAnalysesInUse = (): PersistentAnalyses | undefined => persistentAnalyses;

const analysisCache = new Map<string, CodeProblem[]>();

/** 1-based line of an offset (only reported problems ask). */
function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i >= 0 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Puts an analysis done elsewhere (another validation thread: parallel.ts analyses each distinct
 * body once) into this thread's cache. Bounded, so a huge repository cannot grow it without end.
 */
export function rememberAnalysis(source: string, problems: CodeProblem[]): void {
  if (analysisCache.size >= 10_000) analysisCache.clear();
  analysisCache.set(source, problems);
}

/** code-purity's message for each verdict of the points-to analysis. */
const MESSAGE_OF_VERDICT: Record<PurityFinding['verdict'], string> = { reaches: 'capabilityEscape', unprovable: 'unprovable', builtinWrite: 'builtinWrite' };

/** Reads of the clock and of randomness, by the global name and key that do it. */
const CLOCK_OR_RANDOM = new Set(['Date.now', 'Math.random', 'crypto.randomUUID', 'crypto.getRandomValues']);

function analyzeUncached(source: string): CodeProblem[] {
  let parsed: { ast: any; scopeManager: any };
  try {
    parsed = parseBody(source);
  } catch (error) {
    // acorn's message and position (oxc decides no syntax error: purity/index.ts).
    const e = error as Error & { pos?: number; loc?: { line: number } };
    return [{ index: e.pos ?? 0, end: (e.pos ?? 0) + 1, line: e.loc?.line ?? lineOf(source, e.pos ?? 0), kind: 'syntax', messageId: 'syntaxError', data: { error: e.message } }];
  }
  const { ast, scopeManager } = parsed;
  const problems: CodeProblem[] = [];
  const report = (node: { start: number; end: number }, messageId: string, data: Record<string, string>, kind: CodeProblem['kind']) =>
    problems.push({ index: node.start, end: node.end, line: lineOf(source, node.start), kind, messageId, data });

  let findings: PurityFinding[];
  try {
    findings = analyzeParsed(ast, scopeManager, source).findings;
  } catch (error) {
    // An analysis that fails proves nothing: the body is unproven, and the run goes on (fail closed).
    findings = [{ node: ast, verdict: 'unprovable', what: `the analysis failed (${(error as Error).message})`, use: '(please report this body to n8n-lock)' }];
  }
  for (const f of findings) report(f.node, MESSAGE_OF_VERDICT[f.verdict], { what: f.what, use: f.use }, 'impure');

  // Non-determinism: warnings only, on the global names (a local Date or Math is the code's own).
  const globalRefs = new Set<any>();
  for (const ref of scopeManager.globalScope.through) if (!ref.resolved) globalRefs.add(ref.identifier);
  acornWalk().simple(ast, {
    MemberExpression(node: any) {
      if (node.object.type !== 'Identifier' || !globalRefs.has(node.object)) return;
      const name = node.computed ? (node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : undefined) : node.property.name;
      const key = `${node.object.name}.${name}`;
      if (CLOCK_OR_RANDOM.has(key)) report(node, 'clockOrRandom', { what: key }, 'nondeterministic');
    },
    NewExpression(node: any) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && globalRefs.has(node.callee) && node.arguments.length === 0) {
        report(node, 'clockOrRandom', { what: 'new Date() without arguments' }, 'nondeterministic');
      }
    },
  });
  return problems.sort((a, b) => a.index - b.index);
}

const PYTHON_IO_MODULES = new Set(['os', 'subprocess', 'socket', 'requests', 'urllib', 'urllib3', 'http', 'httpx', 'aiohttp', 'shutil', 'pathlib', 'ftplib', 'smtplib', 'telnetlib', 'ctypes', 'importlib', 'pty']);

/** Python Code nodes, by tokens (not substrings): imports of I/O modules, open(), eval/exec/__import__. */
export function analyzePython(source: string): CodeProblem[] {
  const problems: CodeProblem[] = [];
  const tokens: Array<{ text: string; index: number; line: number }> = [];
  let line = 1;
  for (let i = 0; i < source.length; ) {
    const ch = source[i];
    if (ch === '\n') {
      line++;
      tokens.push({ text: '\n', index: i, line: line - 1 });
      i++;
    } else if (ch === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (ch === '"' || ch === "'") {
      const triple = source.startsWith(ch.repeat(3), i);
      const end = triple ? source.indexOf(ch.repeat(3), i + 3) : -1;
      let j = triple ? (end === -1 ? source.length : end + 3) : i + 1;
      if (!triple) {
        while (j < source.length && source[j] !== ch && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
        j++;
      }
      line += (source.slice(i, j).match(/\n/g) ?? []).length;
      tokens.push({ text: '<string>', index: i, line });
      i = j;
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i;
      while (j < source.length && /[A-Za-z0-9_]/.test(source[j])) j++;
      tokens.push({ text: source.slice(i, j), index: i, line });
      i = j;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      tokens.push({ text: ch, index: i, line });
      i++;
    }
  }
  const atLineStart = (k: number) => k === 0 || tokens[k - 1].text === '\n';
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.text === 'import' && atLineStart(k)) {
      for (let m = k + 1; m < tokens.length && tokens[m].text !== '\n'; m++) {
        const name = tokens[m].text;
        if (PYTHON_IO_MODULES.has(name) && (tokens[m - 1].text === 'import' || tokens[m - 1].text === ',')) {
          problems.push({ index: tokens[m].index, end: tokens[m].index + name.length, line: tokens[m].line, kind: 'impure', messageId: 'pythonImport', data: { module: name } });
        }
      }
    } else if (t.text === 'from' && atLineStart(k) && tokens[k + 1] && PYTHON_IO_MODULES.has(tokens[k + 1].text)) {
      problems.push({ index: tokens[k + 1].index, end: tokens[k + 1].index + tokens[k + 1].text.length, line: t.line, kind: 'impure', messageId: 'pythonImport', data: { module: tokens[k + 1].text } });
    } else if (['open', 'eval', 'exec', '__import__', 'compile'].includes(t.text) && tokens[k + 1]?.text === '(' && tokens[k - 1]?.text !== '.' && tokens[k - 1]?.text !== 'def') {
      problems.push({ index: t.index, end: t.index + t.text.length, line: t.line, kind: 'impure', messageId: 'pythonCall', data: { fn: t.text } });
    }
  }
  return problems;
}
