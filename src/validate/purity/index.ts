// code-purity's points-to analysis (docs/rules/code-purity.md), from source text: parse, scope, run.
import { acorn, eslintScope, oxcParser } from '../../workflow/parsers.js';
import { absentFromGlobal } from '../sandbox-globals.js';
import { analyzePurity, type PurityOptions, type PurityResult } from './analysis.js';

export type { PurityFinding } from './policy.js';
export type { PurityResult } from './analysis.js';
export { MAX_ROUNDS, TIME_BOUND_MS, WORK_BOUND } from './analysis.js';

const OPTIONS = { ecmaVersion: 'latest' as const, locations: false, ranges: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true };

/** Parses as n8n runs it (the body of an async function; `import` only parses as a module), then analyses. */
export function parseBody(source: string): { ast: any; scopeManager: any } {
  let ast: any = parseWithOxc(source);
  let sourceType: 'script' | 'module' = 'script';
  if (!ast) {
    try {
      ast = acorn().parse(source, { ...OPTIONS, sourceType: 'script' });
    } catch (scriptError) {
      try {
        ast = acorn().parse(source, { ...OPTIONS, sourceType: 'module' });
        sourceType = 'module';
      } catch {
        throw scriptError;
      }
    }
  }
  const scopeManager = eslintScope().analyze(ast, { ecmaVersion: 2022, sourceType, nodejsScope: sourceType === 'script', ignoreEval: true } as any);
  return { ast, scopeManager };
}

/**
 * oxc's ESTree of a body, when it is the one acorn gives (test/validate/purity-parser.test.ts compares
 * them on the corpus and every test body): a body oxc parses as a function body (`return` allowed) with
 * no error, early errors included. Undefined otherwise, and acorn decides: a top-level await (an error in
 * oxc, or a call of a function named await: `await (x)`), `import` (a module), every syntax error (acorn's
 * message), a hashbang line (acorn skips it), and what oxc accepts in a function body but acorn only in a
 * module or a function (`new.target`, `using`).
 */
export function parseWithOxc(source: string): any | undefined {
  const oxc = oxcParser();
  if (!oxc || source.startsWith('#!')) return undefined;
  const result = oxcParse(oxc, source);
  if (result.errors.length > 0) return undefined;
  const ast: any = result.program;
  // Only a source that names one of them (or escapes a name) can hold one: most bodies are not searched.
  if (['await', 'target', 'using', '\\u'].some((word) => source.includes(word)) && holdsDisagreeingSyntax(ast)) return undefined;
  ast.sourceType = 'script';
  return ast;
}

const OXC_OPTIONS = { sourceType: 'commonjs', range: true, preserveParens: false, showSemanticErrors: true } as const;
// oxc-parser's types leave its experimental options out; its parseSync reads this one (src-js/index.js).
const RAW_OXC_OPTIONS = { ...OXC_OPTIONS, experimentalRawTransfer: true } as typeof OXC_OPTIONS;
/** Whether oxc hands its tree over as raw memory (Node 22 and later, 64-bit): decided once per process. */
let rawTransfer: boolean | undefined;

/**
 * oxc's parse, its tree handed over as raw memory where oxc supports that (Node 22 and later on a 64-bit
 * machine): on the 1,935 template bodies 0.17-0.30 s against 0.44-0.51 s as JSON, the same tree for every
 * body (test/validate/purity-parser.test.ts compares them under n8n's Node 24). JSON elsewhere, and from the
 * first raw parse that fails on (a machine that will not reserve the buffer it maps).
 */
function oxcParse(oxc: NonNullable<ReturnType<typeof oxcParser>>, source: string) {
  rawTransfer ??= oxc.rawTransferSupported();
  if (rawTransfer) {
    try {
      return oxc.parseSync('body.js', source, RAW_OXC_OPTIONS);
    } catch {
      rawTransfer = false;
    }
  }
  return oxc.parseSync('body.js', source, OXC_OPTIONS);
}

/** Whether the tree holds what acorn parses otherwise or not at all: an identifier named await, a meta property, a `using` declaration. */
function holdsDisagreeingSyntax(node: any): boolean {
  if (node.type === 'MetaProperty' || (node.type === 'Identifier' && node.name === 'await') || (node.type === 'VariableDeclaration' && node.kind !== 'var' && node.kind !== 'let' && node.kind !== 'const')) return true;
  for (const key in node) {
    const child = node[key];
    if (Array.isArray(child)) {
      for (const c of child) if (c && typeof c.type === 'string' && holdsDisagreeingSyntax(c)) return true;
    } else if (child && typeof child.type === 'string' && holdsDisagreeingSyntax(child)) return true;
  }
  return false;
}

/** The analysis of a parsed body, with n8n's global key set. */
export function analyzeParsed(ast: any, scopeManager: any, source: string, options: Partial<PurityOptions> = {}): PurityResult {
  return analyzePurity(ast, scopeManager, source, { absentFromGlobal, ...options });
}

export function analyzeSource(source: string, options: Partial<PurityOptions> = {}): PurityResult {
  const { ast, scopeManager } = parseBody(source);
  return analyzeParsed(ast, scopeManager, source, options);
}
