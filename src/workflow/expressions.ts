import type { Node as AcornNode } from 'acorn';
import { acorn } from './parsers.js';
import { InputError } from '../errors.js';

/** A piece of an n8n parameter value: literal text or a `{{ js }}` expression. */
export type TemplatePart = { kind: 'text'; value: string } | { kind: 'expression'; source: string };

/**
 * Splits an n8n expression value (`=` prefix) into text and `{{ }}` parts. The end of each
 * expression is found by parsing it as JavaScript, so `}}` inside a string literal is no problem.
 */
export function parseTemplate(value: string): TemplatePart[] {
  const body = value.startsWith('=') ? value.slice(1) : value;
  const parts: TemplatePart[] = [];
  let cursor = 0;
  while (cursor < body.length) {
    const open = body.indexOf('{{', cursor);
    if (open === -1) break;
    if (open > cursor) parts.push({ kind: 'text', value: body.slice(cursor, open) });
    const start = open + 2;
    let end: number;
    try {
      const node = acorn().parseExpressionAt(body, start, { ecmaVersion: 'latest' }) as AcornNode;
      end = node.end;
    } catch (error) {
      throw new InputError(`expression does not parse: ${(error as Error).message.replace(/ \(\d+:\d+\)$/, '')} in ${JSON.stringify(value)}`);
    }
    const close = body.indexOf('}}', end);
    if (close === -1 || body.slice(end, close).trim() !== '') {
      throw new InputError(`expression is not closed with }} in ${JSON.stringify(value)}`);
    }
    parts.push({ kind: 'expression', source: body.slice(start, close).trim() });
    cursor = close + 2;
  }
  if (cursor < body.length) parts.push({ kind: 'text', value: body.slice(cursor) });
  return parts;
}

/** The value of a JS expression that is a string/number literal or a template without `${}`. */
function literalValue(source: string): string | undefined {
  let node: any;
  try {
    node = acorn().parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
  } catch {
    return undefined;
  }
  if (node.end !== source.length) return undefined;
  if (node.type === 'Literal' && (typeof node.value === 'string' || typeof node.value === 'number')) return String(node.value);
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/**
 * The constant an n8n value always evaluates to, when it is static: plain text, or a template
 * whose every `{{ }}` is a literal. Undefined for anything that depends on data.
 */
export function staticValueOf(value: string): string | undefined {
  if (!value.startsWith('=')) return value;
  let out = '';
  for (const part of parseTemplate(value)) {
    if (part.kind === 'text') out += part.value;
    else {
      const literal = literalValue(part.source);
      if (literal === undefined) return undefined;
      out += literal;
    }
  }
  return out;
}

export interface ScopeExpression {
  /** The n8n parameter value to write (always an expression, starting with `=`). */
  expression: string;
  /** The scope when it is the same for every execution; undefined when it depends on data. */
  staticScope: string | undefined;
}

/**
 * Normalises a `--scope-expression` (cli.md): a literal (`global`) becomes `={{ "global" }}`,
 * `=expr` becomes `={{ expr }}`, `={{ ... }}` and mixed templates (`=api-{{ $json.userId }}`) are
 * kept. Static vs dynamic is decided by parsing, never by looking for quotes.
 */
export function normalizeScopeExpression(input: string): ScopeExpression {
  const raw = input.trim();
  if (raw === '' || raw === '=') throw new InputError('--scope-expression is empty: name the resource to lock, e.g. --scope-expression global');
  let expression: string;
  if (!raw.startsWith('=')) {
    // Text with {{ }} but no leading = is meant as a template (n8n would never evaluate it).
    expression = raw.includes('{{') ? `=${raw}` : `={{ ${JSON.stringify(raw)} }}`;
  } else if (raw.includes('{{')) {
    expression = raw;
  } else {
    expression = `={{ ${raw.slice(1).trim()} }}`;
  }
  const parts = parseTemplate(expression); // throws InputError when a part does not parse
  for (const part of parts) {
    if (part.kind === 'expression' && part.source === '') throw new InputError(`--scope-expression has an empty {{ }} in ${JSON.stringify(input)}`);
  }
  const staticScope = staticValueOf(expression);
  if (staticScope !== undefined && staticScope.trim() === '') throw new InputError('--scope-expression evaluates to an empty scope');
  return { expression, staticScope };
}
