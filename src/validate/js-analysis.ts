import { parse, type Node as AcornNode } from 'acorn';
import { ancestor as walkAncestor } from 'acorn-walk';
import { analyze } from 'eslint-scope';

/** A problem found in Code-node JavaScript, at a character index of the source. */
export interface CodeProblem {
  index: number;
  line: number;
  message: string;
  kind: 'impure' | 'nondeterministic' | 'syntax';
}

// Globals whose mere use breaks purity, whatever is done with them (aliasing included).
const FORBIDDEN_GLOBALS: Record<string, string> = {
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
};

const THIS_MEMBERS: Record<string, string> = {
  helpers: 'I/O helpers (this.helpers)',
  getCredentials: 'credential access (this.getCredentials)',
};

const ESCAPE_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);
const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate']);

function propertyName(node: any): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  if (node.computed && node.property.type === 'TemplateLiteral' && node.property.expressions.length === 0) return node.property.quasis[0].value.cooked;
  return undefined;
}

function parseCode(source: string): { ast: any; sourceType: 'script' | 'module' } {
  const options = { ecmaVersion: 'latest' as const, locations: true, ranges: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true };
  try {
    return { ast: parse(source, { ...options, sourceType: 'script' }), sourceType: 'script' };
  } catch (scriptError) {
    try {
      // `import` declarations only parse as a module: parse again to report them, not a syntax error.
      return { ast: parse(source, { ...options, sourceType: 'module', allowReturnOutsideFunction: true }), sourceType: 'module' };
    } catch {
      throw scriptError;
    }
  }
}

/**
 * Finds impure and non-deterministic constructs in a Code node's JavaScript, on the AST with
 * scope analysis: a local variable named `fetch` or a string that mentions `require` is fine;
 * aliases, destructuring of `this`, computed access on the global object and constructor chains
 * are not.
 */
export function analyzeJavaScript(source: string): CodeProblem[] {
  // Two rules (purity, non-determinism) ask about the same body: analyze each body once.
  const cached = analysisCache.get(source);
  if (cached) return cached;
  const problems = analyzeUncached(source);
  if (analysisCache.size > 500) analysisCache.clear();
  analysisCache.set(source, problems);
  return problems;
}

const analysisCache = new Map<string, CodeProblem[]>();

function analyzeUncached(source: string): CodeProblem[] {
  let parsed: { ast: any; sourceType: 'script' | 'module' };
  try {
    parsed = parseCode(source);
  } catch (error) {
    const e = error as Error & { pos?: number; loc?: { line: number } };
    return [{ index: e.pos ?? 0, line: e.loc?.line ?? 1, message: `cannot be parsed: ${e.message}`, kind: 'syntax' }];
  }
  const { ast } = parsed;
  const problems: CodeProblem[] = [];
  const report = (node: AcornNode & { loc?: any }, message: string, kind: CodeProblem['kind'] = 'impure') =>
    problems.push({ index: node.start, line: node.loc?.start.line ?? 1, message, kind });

  const scopeManager: any = analyze(ast, { ecmaVersion: 2022, sourceType: parsed.sourceType, nodejsScope: false, ignoreEval: true } as any);
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
    if (what) report(identifier, `${what} is not allowed in a pure Code node`);
  }

  walkAncestor(ast, {
    ImportDeclaration(node: any) {
      report(node, `module loading (import from "${node.source.value}") is not allowed in a pure Code node`);
    },
    ImportExpression(node: any) {
      report(node, 'module loading (dynamic import()) is not allowed in a pure Code node');
    },
    MemberExpression(node: any) {
      const name = propertyName(node);
      if (node.object.type === 'ThisExpression') {
        if (name && THIS_MEMBERS[name]) report(node, `${THIS_MEMBERS[name]} is not allowed in a pure Code node`);
        else if (!name) report(node, 'computed access on `this` with a non-literal key can reach this.helpers: not allowed');
      }
      if (node.object.type === 'Identifier' && ESCAPE_OBJECTS.has(node.object.name) && isGlobal(node.object)) {
        if (!name) report(node, `computed access on ${node.object.name} with a non-literal key escapes the purity checks`);
        else if (FORBIDDEN_GLOBALS[name] || THIS_MEMBERS[name]) report(node, `${node.object.name}.${name}: ${FORBIDDEN_GLOBALS[name] ?? THIS_MEMBERS[name]} is not allowed in a pure Code node`);
      }
      if (name === 'constructor' && node.object.type === 'MemberExpression' && propertyName(node.object) === 'constructor') {
        report(node, 'constructor.constructor reaches Function (dynamic code): not allowed');
      }
      // Non-determinism: warnings only.
      if (node.object.type === 'Identifier' && isGlobal(node.object)) {
        const key = `${node.object.name}.${name}`;
        if (key === 'Date.now' || key === 'Math.random' || key === 'crypto.randomUUID' || key === 'crypto.getRandomValues') {
          report(node, `${key} makes the result depend on when/where it runs (non-deterministic)`, 'nondeterministic');
        }
      }
    },
    VariableDeclarator(node: any) {
      // const { helpers, getCredentials } = this
      if (node.init?.type === 'ThisExpression' && node.id.type === 'ObjectPattern') {
        for (const property of node.id.properties) {
          const key = property.type === 'Property' ? (property.computed ? undefined : property.key.name ?? property.key.value) : undefined;
          if (key === undefined && property.type === 'Property') report(property, 'computed destructuring of `this` can reach this.helpers: not allowed');
          else if (key && THIS_MEMBERS[key]) report(property, `${THIS_MEMBERS[key]} (destructured from this) is not allowed in a pure Code node`);
          else if (property.type === 'RestElement') report(property, 'rest destructuring of `this` exposes this.helpers: not allowed');
        }
      }
      // const { fetch } = globalThis
      if (node.init?.type === 'Identifier' && ESCAPE_OBJECTS.has(node.init.name) && isGlobal(node.init) && node.id.type === 'ObjectPattern') {
        for (const property of node.id.properties) {
          const key = property.type === 'Property' && !property.computed ? property.key.name ?? property.key.value : undefined;
          if (key && (FORBIDDEN_GLOBALS[key] || THIS_MEMBERS[key])) report(property, `${key} destructured from ${node.init.name}: ${FORBIDDEN_GLOBALS[key] ?? THIS_MEMBERS[key]} is not allowed`);
        }
      }
    },
    CallExpression(node: any) {
      const callee = node.callee;
      if (callee.type === 'Identifier' && TIMERS.has(callee.name) && isGlobal(callee)) {
        const first = node.arguments[0];
        if (first && (first.type === 'Literal' || first.type === 'TemplateLiteral' || first.type === 'BinaryExpression')) {
          report(node, `${callee.name} with a string argument evaluates code (dynamic code): pass a function`);
        }
      }
    },
    NewExpression(node: any) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && isGlobal(node.callee) && node.arguments.length === 0) {
        report(node, 'new Date() without arguments makes the result depend on when it runs (non-deterministic)', 'nondeterministic');
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
          problems.push({ index: tokens[m].index, line: tokens[m].line, message: `import of I/O module "${name}" is not allowed in a pure Code node`, kind: 'impure' });
        }
      }
    } else if (t.text === 'from' && atLineStart(k) && tokens[k + 1] && PYTHON_IO_MODULES.has(tokens[k + 1].text)) {
      problems.push({ index: tokens[k + 1].index, line: t.line, message: `import from I/O module "${tokens[k + 1].text}" is not allowed in a pure Code node`, kind: 'impure' });
    } else if (['open', 'eval', 'exec', '__import__', 'compile'].includes(t.text) && tokens[k + 1]?.text === '(' && tokens[k - 1]?.text !== '.' && tokens[k - 1]?.text !== 'def') {
      problems.push({ index: t.index, line: t.line, message: `${t.text}() is not allowed in a pure Code node`, kind: 'impure' });
    }
  }
  return problems;
}
