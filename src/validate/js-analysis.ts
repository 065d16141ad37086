import type { Node as AcornNode } from 'acorn';
import { acorn, acornWalk, eslintScope } from '../workflow/parsers.js';
import { capabilityUses, FUNCTION_TYPES, GLOBAL_OBJECT_NAMES, hasUseStrict, TIMER_NAMES } from './js-value-flow.js';
import { SAFE_GLOBAL_NAMES, WRITABLE_GLOBALS } from './sandbox-globals.js';

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

// Globals whose mere use breaks purity, whatever is done with them (aliasing included). A table
// without a prototype: `constructor` or `__proto__` never match an inherited key.
const FORBIDDEN_GLOBALS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  require: 'module loading (require)',
  process: 'process access',
  fetch: 'network I/O (fetch)',
  XMLHttpRequest: 'network I/O (XMLHttpRequest)',
  WebSocket: 'network I/O (WebSocket)',
  $http: 'network I/O ($http)',
  $env: 'environment access ($env)',
  eval: 'dynamic code (eval)',
  Function: 'dynamic code (Function)',
  helpers: 'I/O helpers (helpers.*)',
  $evaluateExpression: 'expression evaluation ($evaluateExpression, which reads $env)',
  $secrets: 'external secrets ($secrets)',
  // A bare `constructor` resolves through `with` or the global object's prototype chain to Function.
  constructor: 'the Function constructor (a bare constructor)',
});

/** Keys that reach or redefine accessors and prototypes of any object. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);


function propertyName(node: any): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  if (node.computed && node.property.type === 'TemplateLiteral' && node.property.expressions.length === 0) return node.property.quasis[0].value.cooked;
  return undefined;
}

function parseCode(source: string): { ast: any; sourceType: 'script' | 'module' } {
  // No `locations`: a line/column object per AST node is most of the parse's garbage; the few
  // reported nodes get their line from the offset.
  const options = { ecmaVersion: 'latest' as const, locations: false, ranges: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true };
  try {
    return { ast: acorn().parse(source, { ...options, sourceType: 'script' }), sourceType: 'script' };
  } catch (scriptError) {
    try {
      // `import` declarations only parse as a module: parse again to report them, not a syntax error.
      return { ast: acorn().parse(source, { ...options, sourceType: 'module', allowReturnOutsideFunction: true }), sourceType: 'module' };
    } catch {
      throw scriptError;
    }
  }
}

/**
 * Finds impure and non-deterministic constructs in a Code node's JavaScript, on the AST with
 * scope analysis: a local variable named `fetch` or a string that mentions `require` is fine;
 * forbidden globals are reported wherever they are used, and the values that carry capabilities
 * (the global object, the Function constructor) are followed wherever they flow
 * (js-value-flow.ts).
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

function analyzeUncached(source: string): CodeProblem[] {
  let parsed: { ast: any; sourceType: 'script' | 'module' };
  try {
    parsed = parseCode(source);
  } catch (error) {
    const e = error as Error & { pos?: number; loc?: { line: number } };
    return [{ index: e.pos ?? 0, end: (e.pos ?? 0) + 1, line: e.loc?.line ?? 1, kind: 'syntax', messageId: 'syntaxError', data: { error: e.message } }];
  }
  const { ast } = parsed;
  const problems: CodeProblem[] = [];
  const report = (node: AcornNode, messageId: string, data: Record<string, string> = {}, kind: CodeProblem['kind'] = 'impure') =>
    problems.push({ index: node.start, end: node.end, line: lineOf(source, node.start), kind, messageId, data });

  // nodejsScope: the body is analysed inside a function scope, as n8n runs it (VmCodeWrapper), so
  // top-level `var` and function declarations are variables whose every reference resolves (in a
  // plain script eslint-scope leaves them unresolved, and a reassigned one would look constant).
  const scopeManager: any = eslintScope().analyze(ast, { ecmaVersion: 2022, sourceType: parsed.sourceType, nodejsScope: parsed.sourceType === 'script', ignoreEval: true } as any);
  const globalScope = scopeManager.globalScope as any;
  // References that resolve to no declaration are globals. eslint-scope leaves references to
  // top-level declarations of a script unresolved too; n8n runs the body inside a function, so
  // those are locals: exclude names the body itself declares at its top level.
  const declaredAtTop = new Set<string>(globalScope.variables.filter((v: any) => v.defs.length > 0).map((v: any) => v.name));
  const globalRefs = new Set<any>();
  for (const ref of globalScope.through) if (!ref.resolved && !declaredAtTop.has(ref.identifier.name)) globalRefs.add(ref.identifier);
  const isGlobal = (identifier: any) => globalRefs.has(identifier);

  for (const identifier of globalRefs) {
    const what = FORBIDDEN_GLOBALS[identifier.name];
    if (what) report(identifier, 'forbiddenGlobal', { what });
  }
  // Deny by default on names: a global that n8n does not provide as a built-in or data accessor is
  // a property of the global object nobody vetted, and assigning one writes the global object.
  for (const ref of globalScope.through) {
    const name: string = ref.identifier.name;
    if (ref.resolved || declaredAtTop.has(name)) continue;
    if (ref.isWrite() && !WRITABLE_GLOBALS.has(name)) {
      report(ref.identifier, 'unprovable', { what: `the undeclared name ${name}`, use: 'is assigned: that writes a property of the global object' });
    } else if (ref.isRead() && !FORBIDDEN_GLOBALS[name] && !SAFE_GLOBAL_NAMES.has(name) && !GLOBAL_OBJECT_NAMES.has(name) && name !== 'Reflect') {
      report(ref.identifier, 'unprovable', { what: `the undeclared name ${name}`, use: 'is read: it is not a built-in or data accessor that n8n provides' });
    }
  }
  for (const use of capabilityUses(ast, { scopeManager, isGlobalReference: isGlobal })) {
    if (use.verdict === 'reaches') report(use.node, 'capabilityEscape', { capability: use.capability, use: use.use });
    else if (use.verdict === 'builtinWrite') report(use.node, 'builtinWrite', { what: use.capability, use: use.use });
    else report(use.node, 'unprovable', { what: use.capability, use: use.use });
  }
  const strict = hasUseStrict(ast.body);
  let allIdentifiers: any[] | undefined; // only a block-level function in sloppy code asks
  const identifiers = () => (allIdentifiers ??= scopeManager.scopes.flatMap((s: any) => s.references.map((r: any) => r.identifier)));
  const inStrictFunction = (ancestors: any[]) =>
    ancestors.some((a) => a.type === 'ClassBody' || (FUNCTION_TYPES.has(a.type) && a.body?.type === 'BlockStatement' && hasUseStrict(a.body.body)));

  acornWalk().ancestor(ast, {
    ImportDeclaration(node: any) {
      report(node, 'moduleImport', { source: String(node.source.value) });
    },
    ImportExpression(node: any) {
      report(node, 'dynamicImport');
    },
    WithStatement(node: any) {
      report(node, 'withStatement');
    },
    ForInStatement(node: any) {
      // `for (var k = 'x' in o)` (Annex B): k keeps its initial value when o has no keys.
      if (node.left.type === 'VariableDeclaration' && node.left.declarations.some((d: any) => d.init)) {
        report(node.left, 'unprovable', { what: 'a for-in head with an initializer', use: 'gives its variable a value no analysis of the loop sees' });
      }
    },
    FunctionDeclaration(node: any, _state: unknown, ancestors: any[]) {
      // Annex B: in sloppy code a function declared in a block is also copied to a var of the
      // enclosing function when the declaration runs, so the name outside the block is not the one
      // scope analysis sees.
      const parent = ancestors[ancestors.length - 2];
      const grandparent = ancestors[ancestors.length - 3];
      const atTop = parent?.type === 'Program' || (parent?.type === 'BlockStatement' && grandparent && FUNCTION_TYPES.has(grandparent.type));
      if (atTop || strict || !node.id || inStrictFunction(ancestors)) return;
      const name = node.id.name;
      const block = parent;
      const usedOutside = identifiers().some((id: any) => id.name === name && (id.start < block.start || id.end > block.end));
      if (usedOutside) report(node, 'unprovable', { what: `the block-level function ${name}`, use: 'is also copied to a var of the enclosing function in sloppy code (Annex B), which the name outside the block then reads' });
    },
    MemberExpression(node: any) {
      const key = propertyName(node);
      if (key !== undefined && PROTOTYPE_KEYS.has(key)) report(node, 'prototypeAccess', { key });
      // Non-determinism: warnings only.
      if (node.object.type === 'Identifier' && isGlobal(node.object)) {
        const key = `${node.object.name}.${propertyName(node)}`;
        if (key === 'Date.now' || key === 'Math.random' || key === 'crypto.randomUUID' || key === 'crypto.getRandomValues') {
          report(node, 'clockOrRandom', { what: key }, 'nondeterministic');
        }
      }
    },
    CallExpression(node: any) {
      const callee = node.callee;
      if (callee.type === 'Identifier' && TIMER_NAMES.has(callee.name) && isGlobal(callee)) {
        const first = node.arguments[0];
        if (first && (first.type === 'Literal' || first.type === 'TemplateLiteral' || first.type === 'BinaryExpression')) {
          report(node, 'stringTimer', { timer: callee.name });
        }
      }
    },
    NewExpression(node: any) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && isGlobal(node.callee) && node.arguments.length === 0) {
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
